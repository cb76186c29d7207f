// The page's one "High contrast" switch. Every view shows the same widget; only the
// first copy still on the page is drawn. The choice lives in localStorage (it carries
// over to the next lesson) and as the class fc-hc on <html>, which the theme styles.
const KEY = "fivecrowns-lab:high-contrast";

function stored() {
  try {
    return window.localStorage.getItem(KEY);
  } catch (e) {
    return null; // storage blocked (private mode, file:// pages): the switch still works
  }
}

function store(on) {
  try {
    window.localStorage.setItem(KEY, on ? "on" : "off");
  } catch (e) {
    /* nothing to keep it in */
  }
}

function apply(on) {
  document.documentElement.classList.toggle("fc-hc", on);
  for (const b of document.querySelectorAll("button.fc-contrast-switch")) {
    b.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

// Show the first switch still in the document, hide the others.
function showFirst() {
  let shown = false;
  for (const b of document.querySelectorAll("button.fc-contrast-switch")) {
    b.hidden = shown;
    shown = true;
  }
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "fc-contrast-switch";
  button.textContent = model.get("label");
  button.title = "Thicker outlines and stronger colours, on every lesson";
  el.appendChild(button);

  const saved = stored();
  if (saved !== null && (saved === "on") !== model.get("value")) {
    model.set("value", saved === "on");
    model.save_changes();
  }
  apply(model.get("value"));
  showFirst();

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
