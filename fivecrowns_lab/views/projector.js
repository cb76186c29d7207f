// The page's one "Projector" switch: large type and full contrast, for a lesson shown to
// the whole room. All in the browser: the class fc-projector on <html> (page.css styles
// it). Kept like the dark theme: the choice lives in localStorage, so it holds on every
// link of the visit (gallery, previous/next); ?projector=1 or ?projector=0 in the address
// wins and is stored, so a teacher can bookmark the projector's address.
// remembered, remember, addressed and pageSwitch come from page_memory.js (put in front by
// base.py).
const KEY = "fivecrowns-lab:projector";

function store(on) {
  remember(KEY, on ? "on" : "off");
}

function fromAddress() {
  const value = addressed("projector");
  if (value === "1" || value === "on") return true;
  if (value === "0" || value === "off") return false;
  return null;
}

function isOn() {
  return document.documentElement.classList.contains("fc-projector");
}

function apply(on) {
  document.documentElement.classList.toggle("fc-projector", on);
  showFirstSwitches();
  window.dispatchEvent(new CustomEvent("fivecrowns-lab:projector", { detail: { on } }));
}

// Once a page: the address, then the stored choice.
function start() {
  const asked = fromAddress();
  if (asked !== null) store(asked);
  apply(asked !== null ? asked : remembered(KEY) === "on");
  window.addEventListener("storage", (e) => { if (e.key === KEY) apply(e.newValue === "on"); });
}

const render = pageSwitch({
  className: "fc-projector-switch",
  isOn,
  start,
  toggle: () => {
    const on = !isOn();
    store(on);
    apply(on);
  },
});

export default { render };
