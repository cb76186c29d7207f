"""The chart library ships inside the package, built from frontend/, with no CDN at run time."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "fivecrowns_lab" / "views" / "static" / "vega.js"
FRONTEND = ROOT / "frontend"
CDNS = re.compile(r"cdn\.jsdelivr|unpkg\.com|esm\.sh|cdnjs|skypack|esm\.run", re.IGNORECASE)


def test_chart_bundle_is_in_the_package_and_fetches_nothing_from_a_cdn():
    text = BUNDLE.read_text(encoding="utf-8")
    assert len(text) > 100_000, "the bundle holds vega, vega-lite and vega-embed"
    assert not CDNS.search(text), "the charts must not load anything from a CDN"
    assert "import(" not in text.replace("import()", ""), "no dynamic import of a URL"
    small = (ROOT / "fivecrowns_lab" / "views" / "chart.js").read_text(encoding="utf-8")
    assert not CDNS.search(small) and "http" not in small


def test_frontend_pins_its_build_and_the_libraries_it_bundles():
    package = json.loads((FRONTEND / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((FRONTEND / "package-lock.json").read_text(encoding="utf-8"))
    wanted = {"vega", "vega-lite", "vega-embed", "esbuild"}
    assert wanted <= set(package["devDependencies"])
    assert "static/vega.js" in package["scripts"]["build"]
    for name in wanted:
        assert (
            lock["packages"][f"node_modules/{name}"]["version"]
            == (package["devDependencies"][name])
        )


@pytest.mark.skipif(
    shutil.which("npm") is None or not (FRONTEND / "node_modules").is_dir(),
    reason="rebuilding needs npm and `npm ci` in frontend/",
)
def test_committed_chart_bundle_matches_a_rebuild(tmp_path):
    """The build script of package.json, run again into a temporary file, gives the same bytes."""
    package = json.loads((FRONTEND / "package.json").read_text(encoding="utf-8"))
    out = tmp_path / "vega.js"
    command = package["scripts"]["build"].split()
    assert command[0] == "esbuild"
    command[0] = str(FRONTEND / "node_modules" / ".bin" / "esbuild")
    command = [f"--outfile={out}" if a.startswith("--outfile=") else a for a in command]
    subprocess.run(command, cwd=FRONTEND, check=True, capture_output=True)
    assert out.read_bytes() == BUNDLE.read_bytes(), "run `npm run build` in frontend/"
