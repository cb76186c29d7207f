// A federated extension with no plugins that puts two JupyterLab modules Voici 0.10 does not
// share into the page's shared modules; written for the static site (lite/build_site.py).
//
// jupyterlite-pyodide-kernel 0.7 (the one for jupyterlite-core 0.7, and so for voici-core
// 0.10) bundles its own copy of @jupyterlite/apputils, which asks the page for the shared
// modules `@jupyterlab/pluginmanager` (to subclass `PluginListModel` for JupyterLab's plugin
// manager screen) and `@jupyterlab/statedb` (to subclass `DataConnector` for its storage and
// translation connectors). Voici's page shares neither, so the kernel's extension fails to
// load ("Shared module @jupyterlab/pluginmanager doesn't exist in shared scope default") and
// no lesson runs. Voici never uses those screens or connectors: the base classes are enough.
// Voici loads and initialises every federated extension before it asks any for its plugins,
// so these are in the shared scope before the kernel's extension looks for them.
(function () {
  "use strict";
  class DataConnector {
    async list() {
      throw new Error("DataConnector#list is not available in this site.");
    }
    async remove() {
      throw new Error("DataConnector#remove is not available in this site.");
    }
    async save() {
      throw new Error("DataConnector#save is not available in this site.");
    }
  }
  var modules = {
    "@jupyterlab/pluginmanager": {
      version: "4.5.7",
      exports: { PluginListModel: class PluginListModel {}, Plugins: class Plugins {} },
    },
    "@jupyterlab/statedb": {
      version: "4.5.7",
      exports: { DataConnector: DataConnector },
    },
  };
  var registry = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  registry["@fivecrowns-lab/pluginmanager-shim"] = {
    init: function (scope) {
      Object.keys(modules).forEach(function (name) {
        scope[name] = scope[name] || {};
        if (Object.keys(scope[name]).length > 0) return; // the page shares its own
        var module = modules[name];
        scope[name][module.version] = {
          get: function () {
            return Promise.resolve(function () {
              return module.exports;
            });
          },
          from: "fivecrowns-lab",
          eager: false,
          loaded: 1,
        };
      });
    },
    get: function () {
      return Promise.resolve(function () {
        return { __esModule: true, default: [] };
      });
    },
  };
})();
