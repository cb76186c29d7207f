// The page's one "High contrast" switch. Every view shows the same widget; only the
// first copy still on the page is drawn. The choice lives in localStorage (it carries
// over to the next lesson) and as the class fc-hc on <html>, which the theme styles; the
// widget's `value` follows it, so the kernel knows it too.
// remembered, remember and pageSwitch come from page_memory.js (put in front by base.py).
const KEY = "fivecrowns-lab:high-contrast";

function isOn() {
  return document.documentElement.classList.contains("fc-hc");
}

function store(on) {
  remember(KEY, on ? "on" : "off");
}

function apply(on) {
  document.documentElement.classList.toggle("fc-hc", on);
  showFirstSwitches();
}

// Each copy: the stored choice wins over the kernel's value, and the kernel's later
// changes (a lesson switching it) are stored and shown.
function attach(model) {
  const saved = remembered(KEY);
  if (saved !== null && (saved === "on") !== model.get("value")) {
    model.set("value", saved === "on");
    model.save_changes();
  }
  apply(model.get("value"));
  const onChange = () => {
    store(model.get("value"));
    apply(model.get("value"));
  };
  const onStorage = (e) => { if (e.key === KEY) apply(e.newValue === "on"); };
  model.on("change:value", onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    model.off("change:value", onChange);
    window.removeEventListener("storage", onStorage);
  };
}

const render = pageSwitch({
  className: "fc-contrast-switch",
  isOn,
  attach,
  toggle: (model) => {
    const on = !isOn();
    store(on);
    apply(on);
    model.set("value", on);
    model.save_changes();
  },
});

export default { render };
