// Marks refused text boxes for assistive technology. ipywidgets cannot set attributes on
// a Text's <input>, so a view puts the class fc-invalid on the box and this sets
// aria-invalid="true" on its input (and aria-describedby to the note beside it, the
// element with class fc-field-msg in the same .fc-score-row); the class gone, so are they.
// It also names every slider's handle after the slider's own label: ipywidgets draws the
// label beside the handle but does not tie them, so a screen reader heard a nameless
// slider (lesson 01's Round, 07's and 10's settings).
// One watcher per page, however many copies of the widget are drawn.
function nameSliders() {
  for (const slider of document.querySelectorAll(".widget-slider")) {
    const label = slider.querySelector(":scope > .widget-label");
    const name = label ? label.textContent.trim() : "";
    for (const handle of slider.querySelectorAll("[role='slider']")) {
      if (name && handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
    }
  }
}

function sync() {
  nameSliders();
  for (const input of document.querySelectorAll(".fc-invalid input, input[aria-invalid]")) {
    const bad = input.closest(".fc-invalid") !== null;
    if (bad) {
      input.setAttribute("aria-invalid", "true");
      const note = input.closest(".fc-score-row")?.querySelector(".fc-field-msg");
      if (note) {
        if (!note.id) note.id = "fc-note-" + Math.random().toString(36).slice(2, 10);
        input.setAttribute("aria-describedby", note.id);
      }
    } else {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  }
}

function render({ el }) {
  el.hidden = true;
  if (!window.__fivecrownsFieldMarks) {
    let queued = false;
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; sync(); });
    });
    observer.observe(document.body, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["class"],
    });
    window.__fivecrownsFieldMarks = observer;
  }
  sync();
}

export default { render };
