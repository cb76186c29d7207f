// A hand of cards: each card is a <button> (so Tab, Enter and Space work natively).
// Arrow keys move the focus, Shift+Arrow (or drag and drop) moves the card.
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "fc-handw";
  root.setAttribute("role", "group");
  el.appendChild(root);
  let focusIndex = -1;
  let dragFrom = null;

  function activate(i) {
    if (model.get("disabled")) return;
    if (model.get("mode") === "multi") {
      const chosen = new Set(model.get("selected"));
      if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
      model.set("selected", [...chosen].sort((a, b) => a - b));
      model.save_changes();
    } else {
      model.send({ type: "pick", index: i });
    }
  }

  function move(from, to) {
    const n = model.get("cards").length;
    if (to < 0 || to >= n || from === to) return;
    focusIndex = to;
    model.send({ type: "move", from: from, to: to });
  }

  function draw() {
    const hadFocus = root.contains(document.activeElement);
    const cards = model.get("cards");
    const chosen = new Set(model.get("selected"));
    const multi = model.get("mode") === "multi";
    const disabled = model.get("disabled");
    const canMove = model.get("reorder") && !disabled;
    root.replaceChildren();
    root.setAttribute("aria-label", model.get("label"));
    root.classList.toggle("fc-disabled", disabled);
    if (!cards.length) {
      const empty = document.createElement("span");
      empty.className = "fc-handw-empty";
      empty.textContent = (model.get("words") || {}).empty || "no cards";
      root.appendChild(empty);
    }
    cards.forEach((card, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "fc-cardbtn" + (chosen.has(i) ? " fc-selected" : "");
      b.innerHTML = card.svg;
      const svg = b.querySelector("svg");
      if (svg) svg.setAttribute("aria-hidden", "true");
      let label = card.label;
      const words = model.get("words") || {};
      if (!multi) label += disabled ? "" : (words.choose || ", press to choose");
      // The button's name is this hidden text, not an aria-label: a name from the content
      // is what WCAG's "label in name" asks of a control whose face shows text (its rank).
      const said = document.createElement("span");
      said.className = "fc-sr-only";
      said.textContent = label;
      b.appendChild(said);
      if (multi) b.setAttribute("aria-pressed", chosen.has(i) ? "true" : "false");
      b.title = card.label + (canMove ? (words.move || " (Shift+arrow or drag to move)") : "");
      b.dataset.index = String(i);
      b.dataset.code = card.code;
      b.disabled = disabled;
      b.draggable = canMove;
      b.addEventListener("click", () => { focusIndex = i; activate(i); });
      b.addEventListener("keydown", (e) => {
        const step = e.key === "ArrowLeft" ? -1 : e.key === "ArrowRight" ? 1 : 0;
        if (!step) return;
        e.preventDefault();
        if (e.shiftKey && canMove) move(i, i + step);
        else {
          const next = root.querySelectorAll("button.fc-cardbtn")[i + step];
          if (next) { focusIndex = i + step; next.focus(); }
        }
      });
      b.addEventListener("dragstart", (e) => {
        dragFrom = i;
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", String(i));
      });
      b.addEventListener("dragover", (e) => { if (dragFrom !== null) e.preventDefault(); });
      b.addEventListener("drop", (e) => {
        e.preventDefault();
        if (dragFrom !== null) move(dragFrom, i);
        dragFrom = null;
      });
      b.addEventListener("dragend", () => { dragFrom = null; });
      root.appendChild(b);
    });
    if (hadFocus && focusIndex >= 0) {
      const buttons = root.querySelectorAll("button.fc-cardbtn");
      const target = buttons[Math.min(focusIndex, buttons.length - 1)];
      if (target) target.focus();
    }
  }

  for (const name of ["cards", "selected", "mode", "disabled", "reorder", "label"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
