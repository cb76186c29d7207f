// What the page's three switches (dark theme, high contrast, projector) keep for the visit,
// and their one button, written once: views/base.py puts this in front of each switch's own script (page_script),
// so theme_switch.js, contrast.js and projector.js call these functions as their own.
// localStorage may be blocked (private mode, some file:// pages): reading then gives null
// and writing does nothing, and a switch still works on its own page.

// The stored value of `key`, or null when none is stored or storage is blocked.
function remembered(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

// Store `value` under `key` for the visit, if storage allows.
function remember(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch (e) {
    /* nothing to keep it in */
  }
}

// The value of `name` in the page's address (?theme=dark gives "dark"), or null.
function addressed(name) {
  return new URLSearchParams(window.location.search).get(name);
}

// -- The page switches' one button ------------------------------------------------------------
// Every view draws each switch, and only the first copy of each on the page shows. A switch
// says what it is once (pageSwitch) and gets its button, its aria-pressed, the hiding of the
// other copies (one observer for the page, whatever the switches) and its cleanup.
const SWITCHES = window.__fivecrownsSwitches || (window.__fivecrownsSwitches = new Map());

// Show the first button of each switch on the page, hide the others, mark them pressed or not.
function showFirstSwitches() {
  for (const [className, { isOn, usable }] of SWITCHES) {
    let shown = false;
    const pressed = isOn() ? "true" : "false";
    for (const b of document.querySelectorAll(`button.${className}`)) {
      b.hidden = shown || !usable();
      b.setAttribute("aria-pressed", pressed);
      shown = true;
    }
  }
}

// A view is drawn before it is attached to the page, so the switches are looked at again
// (once a frame at most) whenever the page changes.
function watchSwitches() {
  if (window.__fivecrownsSwitchWatch) return;
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; showFirstSwitches(); });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  window.__fivecrownsSwitchWatch = observer;
}

// The anywidget render of one switch: `className` its buttons' class; `isOn()` whether it is
// on; `usable()` whether this page can use it at all (default: yes); `start(model)` once a
// page, before the first button shows; `attach(model)` for each button (returns its cleanup,
// or nothing); `toggle(model)` on a click. The button's words and tooltip are the model's
// `label` and `hint`, in the page's language.
function pageSwitch({ className, isOn, usable = () => true, start, attach, toggle }) {
  SWITCHES.set(className, { isOn, usable });
  return function render({ model, el }) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = className;
    const words = () => {
      button.textContent = model.get("label");
      button.title = model.get("hint") || "";
    };
    words();
    el.appendChild(button);
    const flag = `__fivecrownsStarted:${className}`;
    if (!window[flag]) {
      window[flag] = true;
      if (start) start(model);
    }
    const detach = attach ? attach(model) : null;
    watchSwitches();
    showFirstSwitches();
    button.addEventListener("click", () => { toggle(model); showFirstSwitches(); });
    model.on("change:label", words);
    model.on("change:hint", words);
    return () => {
      model.off("change:label", words);
      model.off("change:hint", words);
      if (detach) detach();
      button.remove();
      showFirstSwitches();
    };
  };
}
