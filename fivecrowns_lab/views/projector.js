// The page's one "Projector" switch: large type and full contrast, for a lesson shown to
// the whole room. All in the browser: the class fc-projector on <html> (page.css styles
// it). Kept like the dark theme: the choice lives in localStorage, so it holds on every
// link of the visit (gallery, previous/next); ?projector=1 or ?projector=0 in the address
// wins and is stored, so a teacher can bookmark the projector's address.
// remembered, remember and addressed come from page_memory.js (put in front by base.py).
const KEY = "fivecrowns-lab:projector";

function stored() {
  return remembered(KEY) === "on";
}

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

// Show the first switch on the page, hide the others (every view draws one).
function showFirst() {
  let shown = false;
  for (const b of document.querySelectorAll("button.fc-projector-switch")) {
    b.hidden = shown;
    b.setAttribute("aria-pressed", isOn() ? "true" : "false");
    shown = true;
  }
}

function apply(on) {
  document.documentElement.classList.toggle("fc-projector", on);
  showFirst();
  window.dispatchEvent(new CustomEvent("fivecrowns-lab:projector", { detail: { on } }));
}

// Once a page: the address, then the stored choice.
function start() {
  if (window.__fivecrownsProjector) return;
  window.__fivecrownsProjector = true;
  const asked = fromAddress();
  if (asked !== null) store(asked);
  apply(asked !== null ? asked : stored());
  window.addEventListener("storage", (e) => { if (e.key === KEY) apply(e.newValue === "on"); });
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; showFirst(); });
  }).observe(document.body, { childList: true, subtree: true });
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "fc-projector-switch";
  button.textContent = model.get("label");
  button.title = "Large type and full contrast for a projector, on every lesson of this visit";
  el.appendChild(button);
  start();
  showFirst();
  button.addEventListener("click", () => {
    const on = !isOn();
    store(on);
    apply(on);
  });
  model.on("change:label", () => { button.textContent = model.get("label"); });
  return () => {
    button.remove();
    showFirst();
  };
}

export default { render };
