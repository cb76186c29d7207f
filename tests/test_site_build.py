"""The static site's build (lite/build_site.py) without a browser: what it leaves out of the
first visit, the one line of the kernel it changes, and the upstream versions its
workarounds are written for."""

from __future__ import annotations

import importlib.util
import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"

spec = importlib.util.spec_from_file_location("build_site", LITE / "build_site.py")
assert spec is not None and spec.loader is not None
build_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_site)

#: The versions lite/pluginmanager-shim and build_site.KERNEL_PATCHES paper over: Voici 0.10
#: shares neither @jupyterlab/pluginmanager nor @jupyterlab/statedb, which the kernel's
#: extension 0.7 asks for (the shim); the kernel 0.7.2 calls IPython's should_run_async the
#: way IPython 9.16 refused (the patch). When lite/requirements.txt or
#: lite/browser-requirements.txt moves one of these, check whether the shim and the patch
#: are still needed (drop them if not), then update this table.
PAPERED_OVER = {
    "requirements.txt": {
        "voici-core": "0.10.0",
        "jupyterlite-core": "0.7.6",
        "jupyterlite-pyodide-kernel": "0.7.2",
    },
    "browser-requirements.txt": {"ipython": "9.18.1"},
}


def _pins(name: str) -> dict[str, str]:
    text = (LITE / name).read_text(encoding="utf-8")
    return {
        m[1].lower().replace("_", "-"): m[2]
        for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+)", text, re.M)
    }


@pytest.mark.parametrize("name", list(PAPERED_OVER))
def test_shim_and_kernel_patch_name_the_upstream_versions_they_paper_over(name):
    pins = _pins(name)
    assert {project: pins.get(project) for project in PAPERED_OVER[name]} == PAPERED_OVER[name]


def test_kernel_patch_is_for_the_pinned_kernel():
    kernel = PAPERED_OVER["requirements.txt"]["jupyterlite-pyodide-kernel"]
    assert list(build_site.KERNEL_PATCHES) == [f"pyodide_kernel-{kernel}-py3-none-any.whl"]
    shim = (LITE / "pluginmanager-shim" / "static" / "remoteEntry.js").read_text("utf-8")
    assert "@jupyterlab/pluginmanager" in shim and "Voici 0.10" in shim


def test_placeholder_is_an_empty_wheel_for_each_package_the_kernel_asks_for(tmp_path):
    for key in build_site.PLACEHOLDERS:
        wheel = build_site._placeholder(tmp_path, key)
        with zipfile.ZipFile(wheel) as zf:
            assert all(".dist-info/" in n for n in zf.namelist())  # no module: import fails
        name, _version, depends, imports = build_site._metadata(wheel)
        assert (name, depends, imports) == (f"fivecrowns-lab-no-{key}", [], [])


segment = st.text(alphabet="abcdefghijklmnop_", min_size=1, max_size=8)


@given(package=segment, rest=st.lists(segment, min_size=1, max_size=3))
def test_needless_drops_every_jupyter_extension_copy_in_a_wheel(package, rest):
    path = "/".join(rest) + ".js"
    assert build_site._needless(f"{package}/labextension/{path}")
    assert build_site._needless(f"{package}/nbextension/{path}")
    assert build_site._needless(f"{package}-1.0.data/data/share/jupyter/{path}")


@given(package=segment, module=segment)
def test_needless_keeps_every_python_module_but_other_lexers(package, module):
    assert not build_site._needless(f"{package}/{module}.py")
    assert build_site._needless(f"pygments/lexers/{module}x.py") == (
        f"{module}x.py" not in build_site.PYGMENTS_LEXERS
    )
    assert not build_site._needless("pygments/lexers/python.py")


def test_slim_wheel_refuses_a_kernel_whose_patched_line_changed(tmp_path):
    (name,) = build_site.KERNEL_PATCHES
    wheel = tmp_path / "in" / name
    wheel.parent.mkdir()
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("pyodide_kernel/kernel.py", "await self.interpreter.run_cell(code)\n")
    with pytest.raises(RuntimeError, match="no longer has"):
        build_site.slim_wheel(wheel, tmp_path / name)


def test_slim_wheel_patches_the_kernel_and_drops_its_needless_files(tmp_path):
    (name,) = build_site.KERNEL_PATCHES
    ((path, (old, new)),) = build_site.KERNEL_PATCHES[name].items()
    wheel = tmp_path / "in" / name
    wheel.parent.mkdir()
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr(path, f"x = 1\nif {old}:\n    pass\n")
        zf.writestr("pyodide_kernel/labextension/a.js", "//")
        zf.writestr(
            "pyodide_kernel-0.7.2.dist-info/RECORD",
            f"{path},,\npyodide_kernel/labextension/a.js,,\n",
        )
    with zipfile.ZipFile(build_site.slim_wheel(wheel, tmp_path / name)) as zf:
        assert new in zf.read(path).decode() and old + ":" not in zf.read(path).decode()
        assert "pyodide_kernel/labextension/a.js" not in zf.namelist()
        assert zf.read("pyodide_kernel-0.7.2.dist-info/RECORD").decode() == f"{path},,\n"


def test_slim_stdlib_keeps_utf_8_and_leaves_out_the_unused_parts(tmp_path):
    source = tmp_path / "stdlib.zip"
    names = [
        "os.py",
        "pdb.py",
        "xml/dom/minidom.py",
        "encodings/utf_8.py",
        "encodings/cp1252.py",
        "encodings/__init__.py",
        "unittest/mock.py",
        "encodings/",
    ]
    with zipfile.ZipFile(source, "w") as zf:
        for n in names:
            zf.writestr(n, "")
    with zipfile.ZipFile(build_site.slim_stdlib(source, tmp_path / "out.zip")) as zf:
        kept = zf.namelist()
    assert kept == [
        "os.py",
        "encodings/utf_8.py",
        "encodings/__init__.py",
        "unittest/mock.py",
        "encodings/",
    ]


def test_server_only_modules_are_imported_by_no_module_the_browser_keeps():
    # The site's wheel of our package leaves its server side out (SERVER_ONLY): no module it
    # keeps may import one of those, or a lesson would fail in the browser only.
    import ast

    package = ROOT / "fivecrowns_lab"
    server = {f"fivecrowns_lab.{name}" for name in build_site.SERVER_MODULES}
    for path in package.rglob("*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if build_site._needless(relative):
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        here = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                up = node.level - (parts[-1] == "__init__")
                base = here.rsplit(".", up)[0] if node.level else ""
                module = ".".join(x for x in (base, node.module or "") if x)
                names = [module, *(f"{module}.{alias.name}" for alias in node.names)]
            else:
                continue
            assert not server.intersection(names), (relative, names)
    assert build_site._needless("fivecrowns_lab/serving.py")
    assert not build_site._needless("fivecrowns_lab/i18n.py")
