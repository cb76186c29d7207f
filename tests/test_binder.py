"""Binder works the first time: the pins match pyproject.toml, and the install is reproduced.

The slow test does what repo2docker does with ``binder/``, in a fresh virtual
environment: ``pip install -r binder/requirements.txt``, then ``binder/postBuild`` from a
copy of the repository, then it starts that environment's Jupyter server the way Binder
does and opens the gallery the badge points at (``/voila/render/notebooks/00-index.ipynb``)
and one more lesson in headless Chromium, and checks that the JupyterLab link answers too.
The fast tests check that ``binder/requirements.txt`` pins the whole environment.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

from .conftest import free_port, stop_process

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
ARTIFACTS = ROOT / "artifacts"
BADGE_PATH = "voila/render/notebooks/00-index.ipynb"
ERROR_TEXTS = ("There was an error when executing cell", "Traceback (most recent call last)")


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def needed_requirements() -> dict[str, Requirement]:
    """What the lessons need on Binder: the runtime dependencies and the ``app`` extra."""
    project = pyproject()["project"]
    reqs = [Requirement(r) for r in project["dependencies"]]
    reqs += [Requirement(r) for r in project["optional-dependencies"]["app"]]
    return {canonicalize_name(r.name): r for r in reqs}


def binder_pins() -> dict[str, Version]:
    """``binder/requirements.txt`` as {name: pinned version}; every line must be ``name==x.y``."""
    pins = {}
    for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        req = Requirement(line)
        (spec,) = req.specifier  # exactly one specifier ...
        assert spec.operator == "==", f"binder/requirements.txt: {line!r} is not pinned with =="
        pins[canonicalize_name(req.name)] = Version(spec.version)
    return pins


# -- fast checks ----------------------------------------------------------------------


def test_binder_pins_every_dependency_of_the_lessons():
    missing = sorted(needed_requirements().keys() - binder_pins().keys())
    assert not missing, f"binder/requirements.txt does not pin {missing} (see pyproject.toml)"


def dependency_closure(requirements: list[Requirement]) -> dict[str, set[str]]:
    """Every distribution the requirements pull in here, with the extras asked of each.

    Read from the installed metadata of this environment (which has the app extra), on
    this platform: the closure pip resolves for Binder, which runs Linux too.
    """
    from importlib import metadata

    wanted: dict[str, set[str]] = {}
    todo = list(requirements)
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        extras = set(req.extras)
        if name in wanted and extras <= wanted[name]:
            continue
        wanted.setdefault(name, set()).update(extras)
        for text in metadata.distribution(req.name).requires or []:
            dep = Requirement(text)
            if dep.marker is None or any(
                dep.marker.evaluate({"extra": extra}) for extra in wanted[name] | {""}
            ):
                todo.append(dep)
    return wanted


#: Packages of repo2docker's base environment that binder/requirements.txt pins although
#: nothing of ours needs them, so that they agree with our pins (notebook 7.4.7 there
#: requires jupyterlab<4.5; the pinned notebook is the release made for our jupyterlab).
BASE_IMAGE = {"notebook"}


def test_binder_pins_exactly_the_dependency_closure_of_the_lessons():
    closure = dependency_closure(list(needed_requirements().values()))
    pins = binder_pins()
    missing = sorted(closure.keys() - pins.keys())
    extra = sorted(pins.keys() - closure.keys() - BASE_IMAGE)
    assert not missing, f"binder/requirements.txt does not pin {missing}: pin the whole env"
    assert not extra, f"binder/requirements.txt pins {extra}, which nothing needs"


def test_binder_pins_the_base_images_notebook_to_the_release_for_our_jupyterlab():
    # notebook 7.x follows jupyterlab: notebook 7.N requires jupyterlab 4.N (7.4.7 ->
    # <4.5, 7.6.5 -> >=4.6.6,<4.7), so the pinned notebook's minor must be jupyterlab's.
    pins = binder_pins()
    assert BASE_IMAGE <= pins.keys()
    notebook, lab = pins["notebook"], pins["jupyterlab"]
    assert (notebook.major, notebook.minor) == (7, lab.minor), (notebook, lab)


def test_binder_pins_satisfy_pyproject_ranges():
    needed = needed_requirements()
    outside = {
        name: f"{version} not in {needed[name].specifier}"
        for name, version in binder_pins().items()
        if name in needed and not needed[name].specifier.contains(version, prereleases=True)
    }
    assert not outside, f"binder pins outside pyproject.toml's ranges: {outside}"


def test_binder_runtime_python_satisfies_requires_python():
    text = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", text)
    assert match, f"binder/runtime.txt should read like 'python-3.11', not {text!r}"
    requires = SpecifierSet(pyproject()["project"]["requires-python"])
    assert Version(match[1]) in requires


def test_binder_postbuild_is_executable_and_stops_on_errors():
    post = BINDER / "postBuild"
    lines = post.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("#!") and "bash" in lines[0]
    assert any(re.match(r"set -[a-z]*e", line) for line in lines), "postBuild needs set -e"
    assert os.access(post, os.X_OK)
    tracked = subprocess.run(
        ["git", "ls-files", "-s", "binder/postBuild"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    if tracked:  # committed files must carry the executable bit for repo2docker
        assert tracked.startswith("100755"), "commit binder/postBuild as executable (100755)"


# Settings only Voila's own server reads (Binder runs Voila inside Jupyter Server).
STANDALONE_ONLY = {"preheat_kernel", "default_pool_size", "multi_kernel_manager_class"}


def test_jupyter_config_carries_the_voila_settings_of_make_app():
    binder = json.loads((ROOT / "jupyter_config.json").read_text(encoding="utf-8"))
    local = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    for key, value in local["VoilaConfiguration"].items():
        if key not in STANDALONE_ONLY:
            assert binder["VoilaConfiguration"].get(key) == value, f"{key} differs from voila.json"
    assert binder["VoilaConfiguration"]["strip_sources"] is True
    assert binder["MappingKernelManager"] == local["MappingKernelManager"]


def test_no_tracebacks_and_idle_kernels_culled_wherever_the_lessons_are_served():
    for name in ("voila.json", "jupyter_config.json"):
        config = json.loads((ROOT / name).read_text(encoding="utf-8"))
        assert config["VoilaConfiguration"]["show_tracebacks"] is False, name
        cull = config["MappingKernelManager"]
        # A class can live with these: a closed tab's kernel goes within minutes, an
        # open tab keeps its kernel however long the learner reads.
        assert 60 <= cull["cull_idle_timeout"] <= 3600, name
        assert 0 < cull["cull_interval"] <= cull["cull_idle_timeout"], name
        assert cull["cull_connected"] is False, name


def test_jupyter_config_lists_the_notebooks_folder_not_the_repository_root():
    # On Binder the server's root is the repository; Voila's newer tree page ignores the
    # path in /voila/tree/notebooks and lists the root, the classic one lists notebooks/.
    binder = json.loads((ROOT / "jupyter_config.json").read_text(encoding="utf-8"))
    assert binder["VoilaConfiguration"]["classic_tree"] is True


# -- the reproduction -------------------------------------------------------------------


def _binder_python() -> str:
    """The Python that binder/runtime.txt names, if installed here; else this one."""
    version = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip().removeprefix("python-")
    if f"{sys.version_info[0]}.{sys.version_info[1]}" == version:
        return sys.executable
    return shutil.which(f"python{version}") or sys.executable


def _run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, (
        f"{' '.join(map(str, cmd))} failed ({result.returncode}):\n"
        f"{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    )
    return result


def _copy_repository(dest: Path) -> None:
    """The files a clone would have (tracked, plus new files not ignored), as repo2docker sees."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, (n.decode() for n in listed)):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


def _wait_for_server(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"the Jupyter server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    pytest.fail(f"the Jupyter server did not answer {url} within {timeout:.0f} s")


def _check_page(page, name: str) -> None:
    text = page.inner_text("body")
    for bad in ERROR_TEXTS:
        assert bad not in text, f"{name}: the page shows an error:\n{text[:3000]}"
    stderr = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, f"{name}: stderr output on the page: {stderr.all_inner_texts()}"
    errors = page.locator(".fc-error")
    assert errors.count() == 0, f"{name}: the view reports {errors.all_inner_texts()}"


@pytest.mark.slow
@pytest.mark.browser
def test_binder_install_serves_the_lessons_in_a_browser(tmp_path, browser):
    # ``browser`` (tests/conftest.py) is the session's one headless Chromium; it skips
    # loudly without Chromium, and fails in CI.
    # 1. The environment: a fresh venv with exactly binder/requirements.txt.
    repo = tmp_path / "repo"
    _copy_repository(repo)
    venv = tmp_path / "venv"
    _run([_binder_python(), "-m", "venv", str(venv)])
    bin_dir = venv / "bin"
    # --isolated: PyPI only, as on Binder (no local mirror, constraints or find-links here).
    pip_install = [bin_dir / "python", "-m", "pip", "install", "--isolated", "-q"]
    _run([*pip_install, "-r", repo / "binder/requirements.txt"])

    # 2. postBuild, run as repo2docker does: from the repository, with that env first on PATH.
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)
    _run(["bash", "binder/postBuild"], cwd=repo, env=env)
    _run([bin_dir / "python", "-m", "pip", "check"], env=env)
    frozen = _run(
        [bin_dir / "python", "-m", "pip", "list", "--format=json", "--exclude-editable"], env=env
    ).stdout
    got = {
        canonicalize_name(d["name"]): Version(d["version"])
        for d in json.loads(frozen)
        if canonicalize_name(d["name"]) not in {"pip", "setuptools", "wheel", "fivecrowns-lab"}
    }
    assert got == binder_pins(), "the Binder environment is not exactly binder/requirements.txt"
    installed = _run(
        [bin_dir / "python", "-c", "import fivecrowns_lab; print(fivecrowns_lab.__file__)"],
        cwd=tmp_path,
        env=env,
    ).stdout
    assert str(venv) in installed, f"fivecrowns_lab was not installed into the venv: {installed}"
    listing = _run(
        [
            bin_dir / "python",
            "-c",
            "import pathlib, fivecrowns_lab as f; root = pathlib.Path(f.__file__).parent\n"
            "for p in root.rglob('*'):\n"
            "    if p.is_file() and '__pycache__' not in p.parts: print(p.relative_to(root))",
        ],
        cwd=tmp_path,
        env=env,
    ).stdout.split()
    shipped = {
        str(p.relative_to(repo / "fivecrowns_lab"))
        for p in (repo / "fivecrowns_lab").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert shipped <= set(listing), f"not installed: {sorted(shipped - set(listing))}"

    # 3. The server, as on Binder: the repository is the working directory, no user config.
    home = tmp_path / "home"
    home.mkdir()
    server_env = {
        **env,
        "HOME": str(home),
        "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
        "JUPYTER_DATA_DIR": str(home / ".local/share/jupyter"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    shown = json.loads(
        _run(
            [bin_dir / "jupyter", "server", "--show-config-json"], cwd=repo, env=server_env
        ).stdout
    )
    expected = json.loads((repo / "jupyter_config.json").read_text())["VoilaConfiguration"]
    assert shown.get("VoilaConfiguration") == expected, "postBuild did not install the config"

    port, token = free_port(), "binder-test-token"
    base = f"http://127.0.0.1:{port}"
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [
            bin_dir / "jupyter",
            "server",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            f"--IdentityProvider.token={token}",
            "--allow-root",  # Binder runs as a user; CI and this machine run as root
        ],
        cwd=repo,
        env=server_env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        _wait_for_server(f"{base}/api/status?token={token}", server)
        # The "Open in JupyterLab" badge: urlpath=lab/tree/notebooks.
        with urllib.request.urlopen(f"{base}/lab/tree/notebooks?token={token}") as r:
            assert r.status == 200 and b"JupyterLab" in r.read()

        ARTIFACTS.mkdir(exist_ok=True)
        pages = sorted(p.name for p in (repo / "notebooks").glob("[0-9][0-9]-*.ipynb"))
        assert "00-index.ipynb" in pages, "the gallery notebook 00-index.ipynb is missing"
        # 00-index is the gallery; 00-rules and 00-teachers are pages it links apart.
        lessons = [name for name in pages if not name.startswith("00-")]
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        try:
            page = context.new_page()
            # The "Launch the lessons" badge: urlpath=voila/render/notebooks/00-index.ipynb,
            # straight to the gallery.
            page.goto(f"{base}/{BADGE_PATH}?token={token}")
            page.locator(".fc-view").first.wait_for(timeout=90_000)
            links = page.locator("a.fc-lesson")
            assert links.count() == len(lessons), "the index does not link every lesson"
            _check_page(page, "00-index.ipynb")
            page.screenshot(path=ARTIFACTS / "binder-index.png")

            # One lesson, through the index's first link.
            links.first.click()
            page.wait_for_url(re.compile(re.escape(lessons[0])), timeout=30_000)
            page.locator(".fc-view").first.wait_for(timeout=90_000)
            page.locator(".jupyter-widgets").first.wait_for(timeout=30_000)
            _check_page(page, lessons[0])
            page.screenshot(path=ARTIFACTS / "binder-lesson.png")
        finally:
            context.close()
    finally:
        stop_process(server)
        log.close()
