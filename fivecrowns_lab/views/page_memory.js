// What the page's three switches (dark theme, high contrast, projector) keep for the visit,
// written once: views/base.py puts this in front of each switch's own script (page_script),
// so theme_switch.js, contrast.js and projector.js call these functions as their own.
// localStorage may be blocked (private mode, some file:// pages): reading then gives null
// and writing does nothing, and a switch still works on its own page.

// The stored value of `key`, or null when none is stored or storage is blocked.
function remembered(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

// Store `value` under `key` for the visit, if storage allows.
function remember(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch (e) {
    /* nothing to keep it in */
  }
}

// The value of `name` in the page's address (?theme=dark gives "dark"), or null.
function addressed(name) {
  return new URLSearchParams(window.location.search).get(name);
}
