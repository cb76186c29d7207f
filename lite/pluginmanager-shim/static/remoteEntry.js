// A federated extension with no plugins that puts `@jupyterlab/pluginmanager` into the
// page's shared modules, written for the static site by lite/build_site.py.
//
// jupyterlite-pyodide-kernel 0.7 (the one for jupyterlite-core 0.7 and so for voici-core
// 0.10) asks the page for the shared module `@jupyterlab/pluginmanager`, only to subclass its
// `PluginListModel` for JupyterLab's plugin manager screen. Voici 0.10's page does not share
// that module, so the kernel's extension fails to load ("Shared module
// @jupyterlab/pluginmanager doesn't exist in shared scope default") and no lesson runs.
// Voici has no plugin manager screen: an empty base class is all the kernel needs.
// Voici loads and initialises every federated extension before it asks any for its plugins,
// so this is in the shared scope before the kernel's extension looks for it.
(function () {
  "use strict";
  var NAME = "@jupyterlab/pluginmanager";
  var stub = {
    PluginListModel: class PluginListModel {},
    Plugins: class Plugins {},
  };
  var registry = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  registry["@fivecrowns-lab/pluginmanager-shim"] = {
    init: function (scope) {
      scope[NAME] = scope[NAME] || {};
      if (Object.keys(scope[NAME]).length === 0) {
        scope[NAME]["4.5.7"] = {
          get: function () {
            return Promise.resolve(function () {
              return stub;
            });
          },
          from: "fivecrowns-lab",
          eager: false,
          loaded: 1,
        };
      }
    },
    get: function () {
      return Promise.resolve(function () {
        return { default: [] };
      });
    },
  };
})();
