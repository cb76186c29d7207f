// The page's one "High contrast" switch. Every view shows the same widget; only the
// first copy still on the page is drawn. The choice lives in localStorage (it carries
// over to the next lesson) and as the class fc-hc on <html>, which the theme styles.
// remembered and remember come from page_memory.js (put in front by base.py).
const KEY = "fivecrowns-lab:high-contrast";

function stored() {
  return remembered(KEY);
}

function store(on) {
  remember(KEY, on ? "on" : "off");
}

function apply(on) {
  document.documentElement.classList.toggle("fc-hc", on);
  for (const b of document.querySelectorAll("button.fc-contrast-switch")) {
    b.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

// Show the first switch in the document, hide the others. A view is drawn before it is
// attached to the page, so this runs again (once a frame at most) whenever the page changes.
function showFirst() {
  let shown = false;
  const on = document.documentElement.classList.contains("fc-hc");
  for (const b of document.querySelectorAll("button.fc-contrast-switch")) {
    b.hidden = shown;
    b.setAttribute("aria-pressed", on ? "true" : "false");
    shown = true;
  }
}

function watchPage() {
  if (window.__fivecrownsContrastWatch) return;
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; showFirst(); });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  window.__fivecrownsContrastWatch = observer;
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "fc-contrast-switch";
  button.textContent = model.get("label");
  button.title = "Thicker outlines and stronger colours, on every lesson";
  button.setAttribute("aria-pressed", "false");
  el.appendChild(button);

  const saved = stored();
  if (saved !== null && (saved === "on") !== model.get("value")) {
    model.set("value", saved === "on");
    model.save_changes();
  }
  apply(model.get("value"));
  button.setAttribute("aria-pressed", model.get("value") ? "true" : "false");
  showFirst();
  watchPage();

  button.addEventListener("click", () => {
    const on = !document.documentElement.classList.contains("fc-hc");
    store(on);
    apply(on);
    model.set("value", on);
    model.save_changes();
  });
  const onChange = () => {
    store(model.get("value"));
    apply(model.get("value"));
  };
  model.on("change:value", onChange);
  model.on("change:label", () => { button.textContent = model.get("label"); });
  const onStorage = (e) => { if (e.key === KEY) apply(e.newValue === "on"); };
  window.addEventListener("storage", onStorage);
  return () => {
    model.off("change:value", onChange);
    window.removeEventListener("storage", onStorage);
    button.remove();
    showFirst();
  };
}

export default { render };
