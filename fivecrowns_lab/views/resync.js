// Drawn means the browser has made every widget of the page's snapshot: ask the kernel to
// send the view's widgets again, so changes it made while the page was loading (and the
// browser dropped) reach the screen. See resync.py.
function render({ model, el }) {
  el.hidden = true;
  model.send({ event: "drawn" });
}

export default { render };
