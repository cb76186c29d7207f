// Compile to bytecode, in place, the modules of the site's wheels that a lesson imports as it
// opens, with the Python of the site's own Pyodide (its CPython, its magic number).
//
//   node compile_wheels.mjs FOLDER MICROPIP_WHEEL WHEEL_NAME... -- COMPILED_WHEEL_NAME...
//
// The wheels are installed in a Pyodide under Node; the kernel is started as the page starts
// it (micropip, piplite, pyodide_kernel) and every lesson notebook the package carries is
// run. In each wheel named after `--`, each module that was imported then, `x.py`, becomes
// `x.pyc` (sourceless,
// an unchecked hash, no docstrings and no column ranges: a traceback still names each line),
// so a page imports it without compiling it; the other modules stay source, which is
// smaller (the first visit has a budget: tests/test_site_weight.py). The RECORD names the
// new files with their hashes. Run by lite/build_site.py; nothing is fetched.
import { loadPyodide } from "pyodide";

const [folder, micropipWheel, ...rest] = process.argv.slice(2);
const names = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : [];
const compiledNames = rest.slice(rest.indexOf("--") + 1);
if (!folder || !micropipWheel || names.length === 0 || !rest.includes("--")) {
  console.error("usage: node compile_wheels.mjs FOLDER MICROPIP_WHEEL WHEEL... -- COMPILED...");
  process.exit(2);
}
const pyodide = await loadPyodide({
  stdout: (s) => console.log(s),
  stderr: (s) => console.error(s),
  env: { PYTHONNODEBUGRANGES: "1" },
});
await pyodide.loadPackage(`${folder}/${micropipWheel}`, { messageCallback: () => {} });
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/wheels");
pyodide.globals.set("names", pyodide.toPy(names));
pyodide.globals.set("compiled_names", pyodide.toPy(compiledNames));
try {
  await pyodide.runPythonAsync(`
import micropip
await micropip.install(
    ["emfs:/wheels/" + name for name in names if not name.startswith("micropip-")], deps=False
)
`);
  await pyodide.runPythonAsync(`
import ast, base64, hashlib, importlib.util, json, pathlib, sys, types, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

out = sys.__stdout__
# What a page's kernel imports as it starts, then every lesson (the browser has fcntl
# without flock; Node's Pyodide has none, and the lessons never lock a file there).
sys.modules.setdefault("fcntl", types.ModuleType("fcntl"))
import micropip, piplite.piplite, pyodide_kernel
pyodide_kernel.kernel_instance.interpreter.send_comm = lambda *args, **kwargs: None
import fivecrowns_lab
lessons = sorted((pathlib.Path(fivecrowns_lab.__file__).parent / "notebooks").rglob("*.ipynb"))
for notebook in lessons:
    space = {"__name__": "__main__"}
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), space)
hot = {
    m.__file__.split("/site-packages/", 1)[1]
    for m in list(sys.modules.values())
    if "/site-packages/" in (getattr(m, "__file__", None) or "")
}
print(f"{len(lessons)} lessons run; {len(hot)} modules imported", file=out)

def digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

class NoDocstrings(ast.NodeTransformer):
    def _strip(self, node):
        self.generic_visit(node)
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        return node
    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _strip

def bytecode(name, source):
    tree = NoDocstrings().visit(ast.parse(source, name))
    code = compile(tree, name, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def compiled(path):
    with zipfile.ZipFile(path) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    renamed, kept = {}, []
    for info, data in entries:
        if info.filename in hot and info.filename.endswith(".py"):
            pyc = bytecode(info.filename, data)
            renamed[info.filename] = (info.filename + "c", pyc)
            info, data = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time), pyc
        kept.append((info, data))
    if not renamed:
        return 0
    for i, (info, data) in enumerate(kept):
        if info.filename.endswith(".dist-info/RECORD"):
            lines = []
            for line in data.decode("utf-8").splitlines():
                new = renamed.get(line.split(",")[0])
                lines.append(f"{new[0]},sha256={digest(new[1])},{len(new[1])}" if new else line)
            kept[i] = (info, ("\\n".join(lines) + "\\n").encode("utf-8"))
    with zipfile.ZipFile(path, "w") as target:
        for info, data in kept:
            info.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(info, data, compresslevel=9)
    return len(renamed)

for name in compiled_names:
    print(f"{name}: {compiled('/wheels/' + name)} modules compiled", file=out)
`);
} catch (err) {
  console.error(err.type, err.message);
  process.exit(1);
}
