// One chart of a lesson: a Vega-Lite spec drawn in the browser (see chart.py).
//
// The kernel sends a Vega-Lite spec whose data are *named* datasets (`spec`) and the
// rows of each dataset (`data`). When only the rows change, they go into the running
// view as a changeset: no new spec, no re-parse, a few milliseconds; rows appended to a
// dataset go in alone (benchmarks/charts.py measures both). A dataset named in
// `animate` that grows by appending rows is revealed a few rows a frame (the running
// estimate draws itself), unless the reader asked for reduced motion.
//
// Colours come from the page: JupyterLab's --jp-* variables (light, dark through
// ?theme=dark or JupyterLab's theme) and the high-contrast class fc-hc on <html>.
// The chart fills its container's width and follows it (ResizeObserver).
const KEY = "__fivecrownsVega";
const ANIMATE_MS = 700;

function library() {
  if (globalThis[KEY]) return Promise.resolve(globalThis[KEY]);
  return new Promise((wake) => {
    (globalThis[KEY + "Waiting"] = globalThis[KEY + "Waiting"] || []).push(wake);
  });
}

function cssVar(el, name, fallback) {
  const v = getComputedStyle(el).getPropertyValue(name).trim();
  return v || fallback;
}

function highContrast(el) {
  return document.documentElement.classList.contains("fc-hc") || Boolean(el.closest(".fc-hc"));
}

// Projector mode (the class fc-projector on <html>) enlarges the page's type about 1.5
// times; a chart of a projector's width grows its text and lines with it, or its labels
// are the smallest on the screen. A narrow one (a phone) keeps its size: its axis titles
// and legends would not fit.
function typeScale(width) {
  const projector = document.documentElement.classList.contains("fc-projector");
  return projector && width >= 600 ? 1.5 : 1;
}

function themeConfig(el, width) {
  const hc = highContrast(el);
  const s = typeScale(width);
  const px = (size) => Math.round(size * s);
  const text = hc
    ? cssVar(el, "--jp-ui-font-color0", "#000")
    : cssVar(el, "--jp-ui-font-color1", "#1b1f23");
  const grid = cssVar(el, "--jp-border-color2", "#dde3e9");
  const border = cssVar(el, "--jp-border-color1", "#bcc5ce");
  return {
    background: null,
    font: "system-ui, -apple-system, 'Segoe UI', sans-serif",
    view: { stroke: null },
    title: { color: text, fontSize: px(15), anchor: "start", fontWeight: 600, limit: 0 },
    axis: {
      labelColor: text,
      titleColor: text,
      labelFontSize: px(13),
      titleFontSize: px(13),
      gridColor: grid,
      domainColor: hc ? text : border,
      tickColor: hc ? text : border,
      domainWidth: hc ? 2 : 1,
    },
    legend: {
      labelColor: text,
      titleColor: text,
      labelFontSize: px(13),
      titleFontSize: px(13),
      symbolSize: 100 * s * s,
      orient: "bottom",
      direction: "vertical",
      labelLimit: 0,
    },
    text: { color: text, fontSize: px(13) },
    rule: { color: text },
    bar: { stroke: hc ? text : null, strokeWidth: hc ? 1.5 : 0 },
    line: { strokeWidth: (hc ? 3.5 : 2.5) * s },
    point: { size: (hc ? 90 : 60) * s * s, filled: true },
  };
}

// A long title is cut into lines that fit the chart (a phone is 390 px wide).
function wrap(text, width) {
  const most = Math.max(18, Math.floor(width / (9 * typeScale(width))));
  if (typeof text !== "string" || text.length <= most) return text;
  const lines = [""];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last && (last + " " + word).length > most) lines.push(word);
    else lines[lines.length - 1] = last ? last + " " + word : word;
  }
  return lines;
}

function themed(spec, el, width) {
  const copy = JSON.parse(JSON.stringify(spec));
  if (copy.title) copy.title = wrap(copy.title, width);
  copy.config = Object.assign({}, themeConfig(el, width), copy.config || {});
  copy.width = width;
  copy.autosize = { type: "fit-x", contains: "padding" };
  return copy;
}

// Rows are flat records of numbers and strings: a shallow comparison is enough, and
// comparing 1,000 rows this way costs far less than serialising them.
function same(a, b) {
  if (a === b) return true;
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => a[k] === b[k]);
}

function render({ model, el }) {
  el.classList.add("fc-chart");
  const box = document.createElement("div");
  box.className = "fc-chart-box";
  box.tabIndex = 0;
  box.setAttribute("role", "img");
  const plot = document.createElement("div");
  plot.className = "fc-chart-plot";
  plot.setAttribute("aria-hidden", "true");
  const summary = document.createElement("p");
  summary.className = "fc-chart-summary fc-visually-hidden";
  box.append(plot);
  el.append(box, summary);

  let result = null;
  let drawnWidth = 0; // the width the chart was last drawn at (its title's lines)
  let generation = 0;
  let shown = {}; // dataset name -> the rows now in the view
  let frames = [];

  const label = () => {
    box.setAttribute("aria-label", model.get("label") || "Chart");
    summary.textContent = model.get("summary") || "";
    el.hidden = !model.get("visible");
  };
  const width = () => Math.max(220, Math.floor(box.clientWidth || el.clientWidth || 600));
  const reducedMotion = () =>
    Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  const stop = () => {
    for (const f of frames) cancelAnimationFrame(f);
    frames = [];
  };
  const put = (lib, name, rows) =>
    result.view.change(name, lib.changeset().remove(() => true).insert(rows));
  // Rows from..upto of `rows` go in after those the view holds (which are rows[0..from)).
  const add = (lib, name, rows, from, upto) => {
    if (upto > from) result.view.change(name, lib.changeset().insert(rows.slice(from, upto)));
    shown[name] = rows.slice(0, upto);
  };

  async function update() {
    if (!result) return;
    const started = performance.now();
    const lib = await library();
    // A clear or a new spec may have come while the library loaded: it drew afresh (or
    // nothing), with these data already in it.
    if (!result) return;
    stop();
    const data = model.get("data") || {};
    const animate = new Set(model.get("animate") || []);
    for (const [name, rows] of Object.entries(data)) {
      const before = shown[name] || []; // what the view holds now
      const prefix = rows.length >= before.length && before.every((row, i) => same(row, rows[i]));
      if (prefix && rows.length === before.length) continue; // nothing new
      if (!prefix) {
        put(lib, name, rows);
        shown[name] = rows;
        continue;
      }
      // Rows added at the end go in alone (the view keeps the others): an update costs
      // the new rows, not all of them. A growing estimate is revealed a few rows a frame.
      if (!animate.has(name) || reducedMotion()) {
        add(lib, name, rows, before.length, rows.length);
        continue;
      }
      const start = performance.now();
      const from = before.length;
      const step = (now) => {
        if (!result) return;
        const t = Math.min(1, (now - start) / ANIMATE_MS);
        add(lib, name, rows, shown[name].length, from + Math.ceil((rows.length - from) * t));
        result.view.runAsync();
        if (t < 1) frames.push(requestAnimationFrame(step));
      };
      frames.push(requestAnimationFrame(step));
    }
    // resize(): new rows can bring wider tick labels; the layout makes room for them, so
    // the axis titles and the chart's title stay inside the plot's box.
    await result.view.resize().runAsync();
    // How long the browser took to apply the new rows (benchmarks read it; tests never time).
    el.dataset.updateMs = (performance.now() - started).toFixed(1);
    el.dataset.updated = String(Number(el.dataset.updated || 0) + 1);
  }

  async function draw() {
    const mine = ++generation;
    const lib = await library();
    if (mine !== generation) return;
    stop();
    if (result) {
      result.finalize();
      result = null;
    }
    plot.textContent = "";
    const spec = model.get("spec");
    if (!spec || !Object.keys(spec).length) return;
    drawnWidth = width();
    const made = await lib.embed(plot, themed(spec, el, drawnWidth), {
      actions: false,
      renderer: "svg",
      tooltip: true,
      logLevel: 1, // errors only: an empty dataset before the first rows is expected
    });
    if (mine !== generation) {
      made.finalize();
      return;
    }
    result = made;
    shown = {};
    for (const [name, rows] of Object.entries(model.get("data") || {})) {
      put(lib, name, rows);
      shown[name] = rows;
    }
    await result.view.resize().runAsync(); // lay out again with the data's own ticks
    el.dataset.drawn = String(mine);
  }

  let lastWidth = 0;
  const resize = () => {
    const w = width();
    if (result && box.clientWidth > 0 && w !== lastWidth) {
      lastWidth = w;
      // A title is cut into lines (and the type sized) for the width it was drawn at: a
      // window made narrower (a tablet turned upright) would cut a long title off, so
      // that chart is drawn again.
      const title = (model.get("spec") || {}).title;
      const lines = (width) => JSON.stringify([wrap(title, width), typeScale(width)]);
      if (lines(w) !== lines(drawnWidth)) {
        draw();
        return;
      }
      // resize(): autosize runs again, so the axes and title stay inside the new width
      result.view.width(w).resize().runAsync();
    }
  };
  const ro = new ResizeObserver(() => requestAnimationFrame(resize));
  ro.observe(box);
  // The high-contrast switch or JupyterLab's theme changed: redraw in the new colours.
  const mo = new MutationObserver(() => draw());
  mo.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  mo.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-name"] });

  label();
  draw();
  model.on("change:spec", draw);
  model.on("change:data", update);
  model.on("change:label", label);
  model.on("change:summary", label);
  model.on("change:visible", () => {
    label();
    requestAnimationFrame(resize);
  });

  return () => {
    generation++;
    stop();
    ro.disconnect();
    mo.disconnect();
    if (result) result.finalize();
  };
}

export default { render };
