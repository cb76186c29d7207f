// The theme a lesson page opens in, decided here only: the address (?theme=dark or
// ?theme=light), else the choice the dark-theme switch stored, else the system's setting.
// Three scripts read it at different moments: this template's head (index.html.j2, before
// the first paint), the static site's pages (lite/build_site.py, before Voici draws) and
// the switch itself once the widgets load (views/theme_switch.js, put in front of it by
// views/base.py). Plain ES5 functions, as a page's head runs them before any module.

function fcAskedTheme() {
  var value = new URLSearchParams(window.location.search).get("theme");
  return value === "dark" || value === "light" ? value : null;
}

// null when nothing is stored, or storage is blocked (private mode, some file:// pages).
function fcStoredTheme() {
  var value = null;
  try {
    value = window.localStorage.getItem("fivecrowns-lab:theme");
  } catch (e) {
    /* blocked: the system decides */
  }
  return value === "dark" || value === "light" ? value : null;
}

function fcSystemTheme() {
  return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}

function fcChosenTheme() {
  return fcAskedTheme() || fcStoredTheme() || fcSystemTheme();
}
