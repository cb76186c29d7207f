"""Every lesson notebook runs headless without an error, and is committed without outputs."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
IDS = [p.name for p in PATHS]


@pytest.fixture(scope="session")
def python3_kernel():
    """The ``python3`` kernel, registered in this environment if it is missing."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:  # pragma: no cover - only on a bare machine
        import subprocess

        subprocess.run(
            [sys.executable, "-m", "ipykernel", "install", "--sys-prefix", "--name", "python3"],
            check=True,
        )
    return "python3"


def test_there_are_lesson_notebooks():
    assert {"00-index.ipynb", "01-cards-and-wilds.ipynb"} <= set(IDS)


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_notebook_is_committed_without_outputs(path):
    book = nbformat.read(path, as_version=4)
    for cell in book.cells:
        if cell.cell_type == "code":
            assert not cell.outputs, (
                f"{path.name}: a cell has outputs; clear them before committing"
            )
            assert cell.execution_count is None, f"{path.name}: clear the execution counts"


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_notebook_runs_without_errors(path, python3_kernel, tmp_path):
    from nbclient import NotebookClient

    for other in NOTEBOOKS.iterdir():  # run in a copy: autosave files stay out of the repo
        if other.is_file():
            shutil.copy(other, tmp_path / other.name)
    book = nbformat.read(path, as_version=4)
    client = NotebookClient(
        book,
        kernel_name=python3_kernel,
        timeout=240,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    errors = [
        f"cell {i}: {out.get('ename')}: {out.get('evalue')}"
        for i, cell in enumerate(book.cells)
        if cell.cell_type == "code"
        for out in cell.outputs
        if out.output_type == "error"
        or (out.output_type == "stream" and out.get("name") == "stderr" and "Error" in out.text)
    ]
    assert not errors, f"{path.name}: " + "; ".join(errors)
    last_code = [cell for cell in book.cells if cell.cell_type == "code"][-1:]
    assert last_code and last_code[0].outputs, f"{path.name} should end with the lesson's widget"
