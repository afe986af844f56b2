/*
 * frontier-toolkit: a Voila page waits for its widgets while it restores them.
 *
 * Written by hand (no build step): a JupyterLab/Voila federated extension is a
 * script that puts a container {init, get} into window._JUPYTERLAB; Voila loads
 * every one it finds in the labextensions paths before it starts its plugins.
 *
 * Why (issue 18; jupyter-widgets/ipywidgets#4026, fixes proposed in #4040 and
 * #4042): Voila renders every widget output at once while its widget manager is
 * still creating the kernel's models (hundreds on a page of apps). ipywidgets
 * 8.1.9's get_model then looks for a missing model every 100 ms for 2 s and
 * checks its deadline before its last look: on a busy machine a long task of
 * the restore wakes it after the 2 s although the model has arrived, and as the
 * restore has finished by then the output stays "Error displaying widget: model
 * not found".
 *
 * The fix, on the page's one widget manager, before any output asks for a model
 * (as jupyter-widgets/ipywidgets#4040 proposes): get_model answers as soon as
 * the model registers (no polling), and when its 2 s are up it looks once
 * more before it gives up. So a model that arrived is always found; one that
 * has not arrived while the restore still runs is refused as before, and the
 * output then waits for the end of the restore (ipywidgets' renderer draws it
 * again then); one that never comes still fails after 2 s. In JupyterLab (no
 * Voila widget manager) the plugin does nothing.
 */
var _JUPYTERLAB;
(function () {
  'use strict';
  var NAME = '@frontier-toolkit/widget-restore';
  var WAIT_MS = 2000; // ipywidgets' own wait for a model

  function patchManager(manager) {
    if (!manager || manager.__frontierWaitsForModels) {
      return;
    }
    manager.__frontierWaitsForModels = true;
    var waiting = new Map(); // model id -> Set of callbacks

    var register = manager.register_model;
    manager.register_model = function (modelId, modelPromise) {
      var out = register.call(this, modelId, modelPromise);
      var callbacks = waiting.get(modelId);
      if (callbacks) {
        waiting.delete(modelId);
        callbacks.forEach(function (callback) {
          callback();
        });
      }
      return out;
    };

    manager.get_model = function (modelId) {
      var known = manager._models[modelId];
      if (known !== undefined) {
        return Promise.resolve(known);
      }
      return new Promise(function (resolve, reject) {
        var timer = null;
        var deadline = Date.now() + WAIT_MS;
        var settle = function () {
          clearTimeout(timer);
          var callbacks = waiting.get(modelId);
          if (callbacks) {
            callbacks.delete(onRegistered);
            if (!callbacks.size) {
              waiting.delete(modelId);
            }
          }
        };
        var onRegistered = function () {
          settle();
          resolve(manager._models[modelId]);
        };
        var check = function () {
          var found = manager._models[modelId];
          if (found !== undefined) {
            // the last look comes before the deadline is checked: a long task
            // may hold this timer back past the deadline while the model came
            settle();
            resolve(found);
            return;
          }
          var left = deadline - Date.now();
          if (left > 0) {
            timer = setTimeout(check, left);
            return;
          }
          settle();
          reject(new Error('widget model not found'));
        };
        if (!waiting.has(modelId)) {
          waiting.set(modelId, new Set());
        }
        waiting.get(modelId).add(onRegistered);
        check();
      });
    };
  }

  var plugin = {
    id: NAME + ':plugin',
    description: 'Voila outputs wait for their widget models during the restore',
    autoStart: true,
    activate: function (app) {
      // Voila's app only: it resolves this promise with its widget manager
      // while its plugins start, before it renders the outputs
      var pending = app.widgetManagerPromise;
      if (pending && pending.promise) {
        pending.promise.then(patchManager);
      }
    }
  };

  var modules = {
    './extension': function () {
      return { __esModule: true, default: [plugin] };
    }
  };
  _JUPYTERLAB = typeof _JUPYTERLAB === 'undefined' ? {} : _JUPYTERLAB;
  _JUPYTERLAB[NAME] = {
    init: function () {
      return Promise.resolve();
    },
    get: function (module) {
      if (!Object.prototype.hasOwnProperty.call(modules, module)) {
        return Promise.reject(
          new Error('Module "' + module + '" does not exist in container.')
        );
      }
      return Promise.resolve(modules[module]);
    }
  };
})();
