// The front-end of toolkit.viz.FigureWidget: plotly's own FigureWidget code,
// loaded once per page instead of once per figure (see figurewidget.py).
//
// plotly ships its widget front-end (plotly.js and the FigureModel/FigureView
// classes, about 5 MB) as every FigureWidget's anywidget module. anywidget
// gives a module 2 s to load and initialize; past that, the model's "ready"
// promise fails ("[anywidget] Failed to initialize model.") and every later
// message from Python to that figure is dropped. Evaluating 5 MB of JavaScript
// takes longer than that on a busy machine, and a page with several figures
// (a Voila app, a reloaded lesson) evaluates it once per figure.
//
// This module is tiny and initializes at once. The plotly code comes from one
// shared widget (the `_code` reference, one per kernel), is evaluated once per
// page, and the messages Python sends before it is in are replayed in order.

const PY2JS = [
  "_py2js_addTraces",
  "_py2js_deleteTraces",
  "_py2js_moveTraces",
  "_py2js_restyle",
  "_py2js_relayout",
  "_py2js_update",
  "_py2js_animate",
  "_py2js_removeLayoutProps",
  "_py2js_removeTraceProps",
];

function plotlyModule(model) {
  const ref = String(model.get("_code")).replace(/^IPY_MODEL_/, "");
  const cache = (globalThis.__frontierPlotlyWidget ??= new Map());
  if (!cache.has(ref)) {
    cache.set(
      ref,
      (async () => {
        const holder = await model.widget_manager.get_model(ref);
        const blob = new Blob([holder.get("code")], { type: "text/javascript" });
        const url = URL.createObjectURL(blob);
        try {
          return await import(/* webpackIgnore: true */ url);
        } finally {
          URL.revokeObjectURL(url);
        }
      })(),
    );
  }
  return cache.get(ref);
}

export default () => {
  let inner = null;
  let loaded = null;
  return {
    initialize({ model }) {
      const queue = [];
      const keepers = PY2JS.map((name) => {
        const keep = () => {
          const value = model.get(name);
          if (value !== null) queue.push([name, value]);
        };
        model.on(`change:${name}`, keep);
        return [name, keep];
      });
      loaded = plotlyModule(model).then((mod) => {
        for (const [name, keep] of keepers) model.off(`change:${name}`, keep);
        inner = mod.default();
        inner.initialize({ model });
        for (const [name, value] of queue) {
          model.set(name, value);
          model.set(name, null);
        }
      });
      loaded.catch((err) => console.error("[toolkit] plotly widget code:", err));
    },
    async render(ctx) {
      await loaded;
      return inner.render(ctx);
    },
  };
};
