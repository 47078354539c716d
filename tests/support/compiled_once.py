"""The suite's and the app's modules compiled once, on every core, before a parallel run's
workers start (a pytest plugin, loaded by ``tests/conftest.py``).

On a fresh clone no module has its compiled code yet, and each worker of ``make test``
(pytest-xdist) collects the whole suite: each compiled every module of the app and of the
suite and rewrote the asserts of every test module (pytest's assertion rewriting), the same
work once per worker, 3 workers on 2 cores: some 11 of a worker's 15 s of collection. The
run that starts the workers does it first, split over the cores, and writes it where the
workers look for it: a test module's rewritten code as pytest caches it (checked against
the source's hash, so a changed module is rewritten again), any other module as Python
writes it. A module already compiled is left as it is; where nothing may be written
(``PYTHONDONTWRITEBYTECODE``), or pytest would not rewrite, nothing is done."""

from __future__ import annotations

import fnmatch
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "scorekeeper"


def rewritten(path: Path, patterns) -> bool:
    """Whether pytest rewrites the asserts of the module at ``path`` as it imports it: a
    test module (``python_files``) or a ``conftest.py``."""
    return path.name == "conftest.py" or any(fnmatch.fnmatch(path.name, p) for p in patterns)


def _rewritten_pyc(path: Path) -> Path:
    from _pytest.assertion.rewrite import PYC_TAIL, get_cache_dir

    return get_cache_dir(path) / (path.name[:-3] + PYC_TAIL)


def compiled(path: Path, patterns) -> bool:
    """Whether the module at ``path`` has compiled code that its import would use."""
    try:
        if rewritten(path, patterns):
            with open(_rewritten_pyc(path), "rb") as kept:
                header = kept.read(16)
            # pytest's cache: a checked-hash pyc (PEP 552), the source's hash at 8:16.
            return header[8:16] == importlib.util.source_hash(path.read_bytes())[:8]
        with open(importlib.util.cache_from_source(str(path)), "rb") as kept:
            header = kept.read(16)
        source = path.stat()
        return (
            header[:4] == importlib.util.MAGIC_NUMBER
            and int.from_bytes(header[4:8], "little") == 0  # by time and size
            and int.from_bytes(header[8:12], "little") == int(source.st_mtime) & 0xFFFFFFFF
            and int.from_bytes(header[12:16], "little") == source.st_size & 0xFFFFFFFF
        )
    except OSError:
        return False


def modules(folders) -> list[Path]:
    """Every Python module under ``folders`` but the files the suite reads as data."""
    return sorted(
        path
        for folder in folders
        for path in Path(folder).rglob("*.py")
        if "fixtures" not in path.relative_to(folder).parts
    )


def compile_modules(paths, patterns) -> None:
    """Compiles each module of ``paths`` as its import would (what a child process of
    ``pytest_sessionstart`` runs)."""
    import py_compile

    from _pytest.assertion.rewrite import _rewrite_test, _write_pyc

    class Untraced:
        @staticmethod
        def trace(*args) -> None:
            pass

    for name in paths:
        path = Path(name)
        if rewritten(path, patterns):
            source_hash, code = _rewrite_test(path, None)
            pyc = _rewritten_pyc(path)
            pyc.parent.mkdir(exist_ok=True)
            _write_pyc(Untraced, code, source_hash, pyc)
        else:
            py_compile.compile(str(path), doraise=False, quiet=2)


def _wanted(config) -> bool:
    """A parallel run's first process, where compiled code is written and rewritten."""
    return (
        bool(getattr(config.option, "numprocesses", None))
        and not os.environ.get("PYTEST_XDIST_WORKER")
        and not sys.dont_write_bytecode
        and getattr(config.option, "assertmode", "rewrite") == "rewrite"
        and not config.getini("enable_assertion_pass_hook")
    )


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session) -> None:
    """Before pytest-xdist starts the workers (its ``pytest_sessionstart`` runs last):
    every module not yet compiled, compiled, split over the cores."""
    config = session.config
    if not _wanted(config):
        return
    patterns = config.getini("python_files")
    here = config.invocation_params.dir
    tests = {(here / arg.split("::")[0]).resolve() for arg in config.args}
    folders = {APP, Path(__file__).parent} | {path for path in tests if path.is_dir()}
    found = modules(folders) + sorted(path for path in tests if path.suffix == ".py")
    todo = [path for path in dict.fromkeys(found) if not compiled(path, patterns)]
    if not todo:
        return
    cores = max(1, min(os.cpu_count() or 1, len(todo)))
    shares = [todo[core::cores] for core in range(cores)]
    code = (
        "import sys\nfrom tests.support.compiled_once import compile_modules\n"
        f"compile_modules(sys.argv[1:], {list(patterns)!r})\n"
    )
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    children = [
        subprocess.Popen(
            [sys.executable, "-c", code, *map(str, share)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for share in shares
    ]
    for child in children:
        child.wait()  # one that failed leaves its modules to the workers, as before
