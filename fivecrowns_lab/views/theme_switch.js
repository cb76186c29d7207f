// The page's one "Dark theme" switch. The theme is applied here, in the browser: the page
// Voila sent (light, from a preheated kernel) gets JupyterLab's dark stylesheet in place
// of its light one, so every --jp-* colour variable the lessons (and their charts) read
// changes, and the body's theme attributes say which theme is on. The kernel never knows,
// so one preheated kernel serves light and dark visits alike.
//
// The choice lives in localStorage, so it holds on every page of the visit (the gallery,
// previous/next, the teachers' and rules pages). A ?theme=dark or ?theme=light in the
// address wins and is stored; with no choice yet the system's dark-mode setting decides.
// Only pages that carry Voila's theme stylesheet show the switch (JupyterLab has its own
// theme menu), and the static site's pages (Voici), whose light colours are written into
// the page: there the dark theme is JupyterLab's dark stylesheet laid over them, and a
// link to another page of the site carries ?theme=, which Voici reads before it shows
// anything, so the next page opens in the theme from its first frame.
// Every change is announced as the window event "fivecrowns-lab:theme".
// remember, addressed and pageSwitch come from page_memory.js, and the choice of theme
// (fcAskedTheme, fcChosenTheme) from theme_choice.js in the Voila template's folder, where
// the page's head makes the same choice before the first paint: base.py puts both in front
// of this script.
const KEY = "fivecrowns-lab:theme";
const LINKS = "link[rel='stylesheet'][href*='theme-light.css'], link[rel='stylesheet'][href*='theme-dark.css']";

function store(theme) {
  remember(KEY, theme);
}

function served() {
  return document.body.dataset.jpThemeLight === "false" ? "dark" : "light";
}

// The theme asked for last; it is marked on the page once its stylesheet has loaded.
let wanted = null;
let generation = 0;

function current() {
  return wanted || document.documentElement.dataset.fcTheme || served();
}

// Swap Voila's theme stylesheet: the new one is added after the old, which is removed
// once the new one has loaded, so the page never shows without its colours. `done` runs
// once the wanted stylesheet is in force (at once when it already is, or when there is
// none to swap); never when it failed to load (the page keeps the old theme).
function swapStylesheet(theme, done) {
  const themes = labThemes();
  if (themes) return swapLabTheme(themes, theme, done);
  const links = [...document.querySelectorAll(LINKS)];
  if (!links.length) return done();
  const last = links[links.length - 1];
  const want = `theme-${theme}.css`;
  if (last.href.includes(want)) {
    if (last.sheet) done();
    else last.addEventListener("load", done, { once: true });
    return;
  }
  const next = last.cloneNode();
  next.href = last.href.replace(/theme-(light|dark)\.css/, want);
  next.dataset.fcTheme = theme;
  next.addEventListener("load", () => {
    const all = [...document.querySelectorAll(LINKS)];
    if (all[all.length - 1] !== next) return; // a later choice's stylesheet cleans up
    for (const old of all) if (old !== next) old.remove();
    done();
  }, { once: true });
  next.addEventListener("error", () => next.remove(), { once: true });
  last.after(next);
}

// The static site (Voici): the address of JupyterLab's themes, or null on any other page.
// Voici's pages, like Voila's, carry data-voila on the body; unlike Voila's they have no
// theme stylesheet of their own, and their page config says where the themes are.
function labThemes() {
  if (document.body.dataset.voila === undefined || document.querySelector(LINKS)) return null;
  const node = document.getElementById("jupyter-config-data");
  if (!node) return null;
  try {
    const config = JSON.parse(node.textContent);
    if (!config.themesUrl) return null;
    const path = `${config.baseUrl || ""}${config.themesUrl.replace(/^\.\//, "")}/`;
    return new URL(path, window.location.href).href;
  } catch (e) {
    return null;
  }
}

const DARK_LAB = "@jupyterlab/theme-dark-extension/index.css";

// The static site's swap: the page's own colours are light, so dark is the dark stylesheet
// added over them (Voici adds the same one for ?theme=dark) and light is its removal.
function swapLabTheme(themes, theme, done) {
  const sheets = [...document.querySelectorAll("link[rel='stylesheet']")]
    .filter((l) => l.href.includes("theme-dark-extension/"));
  if (theme === "light") {
    for (const old of sheets) old.remove();
    return done();
  }
  const last = sheets[sheets.length - 1];
  if (last) {
    if (last.sheet) done();
    else last.addEventListener("load", done, { once: true });
    return;
  }
  const next = document.createElement("link");
  next.rel = "stylesheet";
  next.href = themes + DARK_LAB;
  next.addEventListener("load", done, { once: true });
  next.addEventListener("error", () => next.remove(), { once: true });
  document.head.appendChild(next);
}

function swappable() {
  return document.querySelector(LINKS) !== null || labThemes() !== null;
}

// On the static site, a link to another of its pages carries the theme in force.
function carryTheme(event) {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || !labThemes()) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || !url.pathname.endsWith(".html")) return;
  url.searchParams.set("theme", current());
  link.href = url.href;
}

function mark(theme) {
  const body = document.body;
  body.classList.toggle("theme-dark", theme === "dark");
  body.classList.toggle("theme-light", theme === "light");
  body.dataset.jpThemeLight = theme === "dark" ? "false" : "true";
  body.dataset.jpThemeName = theme === "dark" ? "JupyterLab Dark" : "JupyterLab Light";
  document.documentElement.dataset.fcTheme = theme;
  document.documentElement.style.colorScheme = theme;
  showFirstSwitches();
}

// The body's theme attributes change only when the new stylesheet has loaded: a chart
// redraws when they change (chart.js) and reads the --jp-* colours then, so it must not
// see the attributes of the new theme beside the variables of the old one.
function apply(theme) {
  const mine = ++generation;
  const changed = theme !== current();
  wanted = theme;
  swapStylesheet(theme, () => {
    if (mine !== generation) return; // a later choice is on its way
    wanted = null;
    mark(theme);
    if (changed) {
      window.dispatchEvent(new CustomEvent("fivecrowns-lab:theme", { detail: { theme } }));
    }
  });
}

// Once a page: the address, then the stored choice, then the system's setting.
function start() {
  const asked = fcAskedTheme();
  if (asked) store(asked);
  if (swappable()) apply(fcChosenTheme());
  document.addEventListener("click", carryTheme, true); // before the browser follows it
  document.addEventListener("auxclick", carryTheme, true); // a middle click: a new tab
  window.addEventListener("storage", (e) => {
    if (e.key === KEY && (e.newValue === "dark" || e.newValue === "light")) apply(e.newValue);
  });
}

// An address that names a theme names the one chosen since, so a reload keeps it.
function keepAddress(theme) {
  if (!addressed("theme")) return;
  const url = new URL(window.location.href);
  url.searchParams.set("theme", theme);
  window.history.replaceState(window.history.state, "", url.href);
}

// No switch at all where the page has no theme to swap (JupyterLab).
const render = pageSwitch({
  className: "fc-theme-switch",
  isOn: () => current() === "dark",
  usable: swappable,
  start,
  toggle: () => {
    const theme = current() === "dark" ? "light" : "dark";
    store(theme);
    keepAddress(theme);
    apply(theme);
  },
});

export default { render };
