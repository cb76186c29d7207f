// Run a Python file in Pyodide under Node, with wheels installed by micropip from local files.
//
//   node run_pyodide.mjs MICROPIP_WHEEL SCRIPT.py [WHEEL ...]
//
// Nothing is fetched: Pyodide comes from node_modules/pyodide (installed by `npm ci`), micropip
// from a wheel on disk, and every wheel given is copied into Pyodide's file system and
// installed with `micropip.install("emfs:...", deps=False)`. What the script prints goes to
// stdout; a Python error exits with code 1.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide } from "pyodide";

const [micropipWheel, script, ...wheels] = process.argv.slice(2);
if (!micropipWheel || !script) {
  console.error("usage: node run_pyodide.mjs MICROPIP_WHEEL SCRIPT.py [WHEEL ...]");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
await pyodide.loadPackage(micropipWheel, { messageCallback: () => {} });
pyodide.FS.mkdirTree("/wheels");
for (const wheel of wheels) {
  pyodide.FS.writeFile(`/wheels/${basename(wheel)}`, readFileSync(wheel));
}
const urls = wheels.map((w) => `emfs:/wheels/${basename(w)}`);
try {
  await pyodide.runPythonAsync(
    `import micropip\nawait micropip.install(${JSON.stringify(urls)}, deps=False)`,
  );
  await pyodide.runPythonAsync(readFileSync(script, "utf8"));
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
