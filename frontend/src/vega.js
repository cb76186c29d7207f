// The charting library, bundled once per page: vega-embed (with Vega and Vega-Lite).
//
// This module is the front end of one ChartLibrary widget per kernel. Its
// initialize() runs when the model is created (before any chart is drawn) and puts
// the library where every chart's small front end (views/chart.js) finds it, so the
// 0.9 MB bundle crosses the websocket once per page, not once per chart.
import embed from "vega-embed";
import { changeset } from "vega";

const KEY = "__fivecrownsVega";

function publish() {
  const lib = { embed, changeset };
  globalThis[KEY] = lib;
  for (const wake of globalThis[KEY + "Waiting"] || []) wake(lib);
  globalThis[KEY + "Waiting"] = [];
}

export default {
  initialize() {
    publish();
  },
  render() {
    publish();
  },
};
