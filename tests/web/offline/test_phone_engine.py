"""The engine in the phone (issue 34): Pyodide fetched by the project, the engine served
as one zip, ``scorekeeper.engine.phone`` answering as the server does, and, in real
Chromium, the same answers from Pyodide as from the server's Python for every game."""

from __future__ import annotations

import ast
import gettext
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import brotli
import pytest

from scorekeeper import db, game_play
from scorekeeper.engine import phone
from scorekeeper.engine.registry import GAMES
from scorekeeper.pages import phone as worker  # the worker's calls: the engine's, pages drawn
from scorekeeper.web.offline import phone_build, phone_engine, phone_stdlib
from tests.support.app import app_config
from tests.support.phone_build_once import built
from tests.support.phone_engine import (
    BROKEN_EVERY,
    ROOT,
    engine_site,
    fetch_module,
    page_requests,
    proof_requests,
)
from tests.support.stored import viewed
from tests.support.web.offline.phone_engine import (
    every_address,
    fake_files,
    fake_tarball,
    hand_bodies,
    request_of,
    snapshot_of,
)

GAME_KEYS = sorted(GAMES)
ENGINE_SOURCES = "scorekeeper/engine/"


@pytest.fixture(scope="module")
def pyodide_fetched() -> Path:
    """The pinned release in vendor/, as ``make pyodide`` leaves it (fetched if absent)."""
    fetch = fetch_module()
    fetch.fetch()  # (not main: the Brotli copies are make pyodide's, written once)
    return fetch.TARGET


# --- fetching Pyodide ---------------------------------------------------------------------


def test_the_app_serves_the_version_the_fetch_pins():
    fetch = fetch_module()
    assert fetch.VERSION == phone_engine.PYODIDE_VERSION
    assert fetch.URL.endswith(f"/pyodide-{fetch.VERSION}.tgz")
    assert set(fetch.FILES) == set(phone_engine.PYODIDE_FILES)


class Answer(io.BytesIO):
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_tarball_of_another_integrity_is_refused_and_nothing_written(tmp_path, monkeypatch):
    fetch = fetch_module()
    data = fake_tarball({name: b"x" for name in fetch.FILES})
    monkeypatch.setattr(fetch, "TARGET", tmp_path / "pyodide")
    monkeypatch.setattr(fetch.urllib.request, "urlopen", lambda *a, **k: Answer(data))
    with pytest.raises(SystemExit, match="integrity"):
        fetch.main()
    assert list(tmp_path.iterdir()) == []


def test_no_network_is_said_plainly_and_nothing_written(tmp_path, monkeypatch):
    fetch = fetch_module()

    def unreachable(*args, **kwargs):
        raise fetch.urllib.error.URLError("Name or service not known")

    monkeypatch.setattr(fetch, "TARGET", tmp_path / "pyodide")
    monkeypatch.setattr(fetch.urllib.request, "urlopen", unreachable)
    with pytest.raises(SystemExit, match="could not fetch .*Name or service not known"):
        fetch.main()
    assert list(tmp_path.iterdir()) == []


def test_a_tarball_of_the_pinned_integrity_is_unpacked_with_compressed_copies(
    tmp_path, monkeypatch
):
    fetch = fetch_module()
    files = fake_files(fetch.FILES)
    data = fake_tarball({**files, "console.html": b"not wanted"})
    monkeypatch.setattr(fetch, "TARGET", tmp_path / "pyodide")
    monkeypatch.setattr(fetch, "INTEGRITY", fetch.integrity_of(data))
    monkeypatch.setattr(fetch.urllib.request, "urlopen", lambda *a, **k: Answer(data))
    assert fetch.main() == 0
    written = {p.name for p in (tmp_path / "pyodide").iterdir()}
    # Brotli's copies of all but the standard library (a zip: compressed already).
    packed = {f"{name}.br" for name in files if name != "python_stdlib.zip"}
    # And the library without docstrings and comments, naming the library it was made of.
    shed = {phone_engine.SHED_STDLIB}
    assert written == set(files) | {f"{name}.gz" for name in files} | packed | shed
    target = tmp_path / "pyodide"
    found = phone_engine.shed_library(target, files["python_stdlib.zip"])
    assert found is not None
    with zipfile.ZipFile(io.BytesIO(found)) as archive:
        assert archive.read("json/__init__.py") == b"import os\nX = 1\n"
        assert archive.read("json/py.typed") == b""
    for name, body in files.items():
        assert (tmp_path / "pyodide" / name).read_bytes() == body
        assert gzip.decompress((tmp_path / "pyodide" / f"{name}.gz").read_bytes()) == body
        if f"{name}.br" in packed:
            assert brotli.decompress((tmp_path / "pyodide" / f"{name}.br").read_bytes()) == body
    assert [p.name for p in tmp_path.iterdir()] == ["pyodide"]  # no partial folder left


def test_a_folder_fetched_before_gets_its_brotli_and_shed_copies_and_nothing_else(
    tmp_path, monkeypatch
):
    """``make pyodide`` on a folder fetched before Brotli's copies and the shed library:
    it adds them, without the network, and leaves no partial file; a shed library made
    of another release's library is made again."""
    fetch = fetch_module()
    target = tmp_path / "pyodide"
    target.mkdir()
    for name, body in fake_files(fetch.FILES).items():
        body = body[: 50 * len(name)] if name != "python_stdlib.zip" else body
        (target / name).write_bytes(body)
        (target / f"{name}.gz").write_bytes(gzip.compress(body))
    stale = io.BytesIO()
    with zipfile.ZipFile(stale, "w") as archive:
        archive.writestr("json/__init__.py", "OLD = 1\n")
        archive.comment = phone_engine.shed_comment(b"another release's library")
    (target / phone_engine.SHED_STDLIB).write_bytes(stale.getvalue())
    monkeypatch.setattr(fetch, "TARGET", target)
    monkeypatch.setattr(fetch.urllib.request, "urlopen", lambda *a, **k: pytest.fail("fetched"))
    assert fetch.main() == 0
    added = {p.name for p in target.iterdir() if p.suffix == ".br"}
    assert added == {f"{name}.br" for name in fetch.BROTLI}
    whole = (target / "python_stdlib.zip").read_bytes()
    shed = phone_engine.shed_library(target, whole)
    assert shed is not None and b"OLD" not in shed and b"X = 1" in shed
    assert not [p for p in target.iterdir() if p.name.endswith(".partial")]
    wasm = (target / "pyodide.asm.wasm.br").read_bytes()
    assert brotli.decompress(wasm) == b"pyodide.asm.wasm" * 50


def test_what_a_phone_fetches_of_pyodide_is_written_at_brotlis_best(tmp_path, pyodide_fetched):
    """The loader, its glue and the core, which every phone fetches, are compressed at
    Brotli's best (quality 11) by ``make pyodide``: each 5 kB is a tenth of a second of
    Slow 3G (issue 44). Measured on the first 200 kB of the release's own glue."""
    fetch = fetch_module()
    glue = (pyodide_fetched / "pyodide.asm.js").read_bytes()[:200_000]
    for name in fetch.BROTLI:
        (tmp_path / name).write_bytes(name.encode() * 10)
    (tmp_path / "pyodide.asm.js").write_bytes(glue)
    fetch.add_brotli(tmp_path)
    written = (tmp_path / "pyodide.asm.js.br").read_bytes()
    assert brotli.decompress(written) == glue
    assert len(written) <= len(brotli.compress(glue, quality=11, lgwin=24))
    for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm"):
        assert fetch.BROTLI[name][0] == 11, name


# --- the engine's zip ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def engine_zip_built() -> tuple[bytes, str]:
    """The engine's zip and its digest, built once for the tests that read it (a build
    parses and sheds the engine's sources: seconds each). That the build gives the same
    zip for the same code is test_the_zip_holds_the_engine_and_nothing_else_of_the_app's
    check, with a build of its own."""
    return phone_engine.build_engine_zip(phone_engine.ENGINE)


def test_the_zip_holds_the_engine_and_nothing_else_of_the_app(engine_zip_built):
    body, digest = engine_zip_built
    entries = zipfile.ZipFile(io.BytesIO(body)).infolist()
    names = {entry.filename for entry in entries}
    # Stored: the server compresses the zip whole for the wire (test_..._sent_compressed).
    assert {entry.compress_type for entry in entries} == {zipfile.ZIP_STORED}
    engine = phone_engine.ENGINE
    expected = {"scorekeeper/__init__.py"} | {
        p.relative_to(engine.parent.parent).as_posix()
        for p in [*engine.rglob("*.py"), *phone_engine.PAGES.glob("*.py")]
        if "__pycache__" not in p.parts
    }
    # Without what only the server asks of the engine (a club night, the ratings): the
    # phone's calls never import it (the zip alone runs them: ..._with_only_the_standard_library).
    assert any(name.startswith(SERVER_ONLY) for name in expected)
    expected = {name for name in expected if not name.startswith(SERVER_ONLY)}
    # No catalogue: each language's words are a file of their own, fetched only by a phone
    # that speaks it (test_the_words_files_hold_every_sentence_of_the_engine).
    assert not any("catalogues" in name or name.endswith(".mo") for name in names)
    # The templates the phone draws as the server does, and what draws them (pure Python).
    drawing = {
        "templates/_sheet.html",
        "templates/_sheet_bridge.html",
        "templates/_hand_form.html",
        "templates/_kept.html",
    }
    drawing |= {"markupsafe/__init__.py", "markupsafe/_native.py"}
    libraries = {name for name in names if name.startswith("jinja2/")}
    assert "jinja2/environment.py" in libraries and "jinja2/ext.py" in libraries
    # The debug module, imported when a template fails, is there; what no code the phone
    # runs imports is not (issue 44).
    assert "jinja2/debug.py" in libraries
    assert not libraries & {"jinja2/sandbox.py", "jinja2/nativetypes.py", "jinja2/meta.py"}
    assert "jinja2/constants.py" not in libraries  # lipsum()'s words
    assert names == expected | drawing | libraries
    assert "scorekeeper/engine/phone.py" in names and "scorekeeper/pages/phone.py" in names
    assert not any(name.startswith(("scorekeeper/web", "scorekeeper/db")) for name in names)
    assert not any(name.endswith((".so", ".pyd", ".c")) for name in names)
    # Its Python as the phone runs it: without its functions' annotations (nor docstrings).
    archive = zipfile.ZipFile(io.BytesIO(body))
    for name in ("scorekeeper/engine/phone.py", "jinja2/environment.py"):
        tree = ast.parse(archive.read(name))
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        assert len(functions) > 10, name
        for function in functions:
            assert function.returns is None, (name, function.name)
            assert not any(a.annotation for a in function.args.args), (name, function.name)
            assert ast.get_docstring(function) is None, (name, function.name)
    # The same code gives the same zip, so its address stays while the code does.
    assert phone_engine.build_engine_zip(engine) == (body, digest)


# --- built at install time, only served -------------------------------------------------


@pytest.fixture(scope="module")
def phone_built(tmp_path_factory, pyodide_fetched) -> Path:
    """The phone's files as ``make phone`` builds them (Brotli at its best), in a folder of
    their own, once for the module: a copy of ``make phone``'s own build when it is of
    today's code (its manifest's ``sources``, as a server checks: a build is a pure
    function of what that hash covers), which ``make test`` has just made; else built
    (seconds of Brotli)."""
    folder = tmp_path_factory.mktemp("phone") / "build"
    made, vendor = phone_build.default_folder(), pyodide_fetched.parent
    if phone_build.copy_current(made, folder, vendor=vendor) is None:
        phone_build.build(folder, vendor=vendor)
    return folder


def test_the_build_names_each_file_by_its_hash_beside_its_compressed_copies(
    phone_built, engine_zip_built
):
    manifest = json.loads((phone_built / "manifest.json").read_text())
    files = manifest["files"]
    assert sorted(files) == ["engine", "stdlib", "words-de", "words-fr", "words-he", "worker"]
    for entry in files.values():
        body = (phone_built / entry["name"]).read_bytes()
        assert hashlib.sha256(body).hexdigest()[:12] in entry["name"]
        assert entry["size"] == len(body)
        assert brotli.decompress((phone_built / (entry["name"] + ".br")).read_bytes()) == body
        assert gzip.decompress((phone_built / (entry["name"] + ".gz")).read_bytes()) == body
    assert (phone_built / files["engine"]["name"]).read_bytes() == engine_zip_built[0]
    assert files["worker"]["size"] == len((ROOT / "static" / "phone-engine-worker.js").read_bytes())


def test_a_new_build_leaves_one_build_in_its_folder(tmp_path, phone_built):
    """A build removes the files of the build before it (a new engine's are new names), and
    nothing but the files a build writes: a folder given by mistake loses nothing else."""
    folder = tmp_path / "build"
    shutil.copytree(phone_built, folder)
    (folder / "notes.txt").write_text("the host's")
    before = json.loads((folder / "manifest.json").read_text())["files"]
    after = built(folder, vendor=tmp_path / "no-pyodide", salt="2", quality=1)
    files = after["files"]
    assert files["engine"]["name"] != before["engine"]["name"]
    assert "stdlib" not in files  # no Pyodide in that vendor folder: none cut
    names = {path.name for path in folder.iterdir()}
    expected = {"manifest.json", "notes.txt"} | {
        entry["name"] + suffix for entry in files.values() for suffix in ("", ".br", ".gz")
    }
    assert names == expected


def test_a_build_of_the_same_sources_is_copied_and_any_other_is_not(
    tmp_path, phone_built, pyodide_fetched
):
    """The package's build step copies ``make phone``'s build instead of building again
    only when it is of the same sources and whole; else nothing is copied (it builds)."""
    made = tmp_path / "made"
    shutil.copytree(phone_built, made)
    vendor = pyodide_fetched.parent
    folder = tmp_path / "package" / "phone"
    folder.mkdir(parents=True)
    older = built(folder, vendor=tmp_path / "no-pyodide", salt="2", quality=1)
    manifest = phone_build.copy_current(made, folder, vendor=vendor)
    assert manifest == json.loads((made / "manifest.json").read_text())
    # The same files as the build copied, and nothing of the build before in the folder.
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == {
        path.name: path.read_bytes() for path in made.iterdir()
    }
    assert not (folder / older["files"]["engine"]["name"]).exists()
    # Built from other sources (here another engine's code): not copied.
    package = tmp_path / "changed" / "scorekeeper"
    shutil.copytree(ROOT / "scorekeeper", package, ignore=shutil.ignore_patterns("__pycache__"))
    with (package / "engine" / "__init__.py").open("a") as source:
        source.write("CHANGED = True\n")
    other = tmp_path / "other"
    assert phone_build.copy_current(made, other, vendor=vendor, engine=package / "engine") is None
    assert phone_build.copy_current(made, other, vendor=vendor, engine=phone_build.ENGINE)
    shutil.rmtree(other)
    stale = json.loads((made / "manifest.json").read_text())
    (made / "manifest.json").write_text(json.dumps({**stale, "sources": "0" * 64}))
    assert phone_build.copy_current(made, other, vendor=vendor) is None
    (made / "manifest.json").write_text(json.dumps(stale))
    # Of the same sources but at another Brotli quality (a test's quick build): not copied.
    quick = tmp_path / "quick"
    assert built(quick, vendor=vendor, quality=1)["sources"] == stale["sources"]
    assert phone_build.copy_current(quick, other, vendor=vendor) is None
    # A file missing or cut short: not whole, not copied.
    engine = made / stale["files"]["engine"]["name"]
    (engine.parent / (engine.name + ".br")).unlink()
    assert phone_build.copy_current(made, other, vendor=vendor) is None
    shutil.copyfile(phone_built / (engine.name + ".br"), made / (engine.name + ".br"))
    engine.write_bytes(engine.read_bytes()[:-1])
    assert phone_build.copy_current(made, other, vendor=vendor) is None
    assert not other.exists()
    assert phone_build.copy_current(tmp_path / "nothing", other, vendor=vendor) is None


def test_the_server_builds_nothing_and_writes_nothing_on_a_request(
    tmp_path, phone_built, monkeypatch
):
    """Started on a build, the app sends its files byte for byte as they lie, in every
    encoding, and nothing that builds, compresses or writes runs on a request: no cache
    folder is made, the build is left as it was (issue 54)."""
    from scorekeeper.web import create_app

    before = snapshot_of(phone_built)
    config = app_config(tmp_path, PHONE_BUILD=str(phone_built), TESTING=False)
    config["ENGINE_CACHE"] = str(tmp_path / "engine-cache")  # as the old code took it
    app = create_app(config)  # (the static files are read, and gzipped, at its start)
    # The old code's cache in the instance folder: a checkout that ran the old code still
    # holds one, so what counts is that no request makes or changes it.
    old_cache = Path(app.instance_path) / "engine-cache"
    old_before = snapshot_of(old_cache) if old_cache.exists() else None

    def built(*args, **kwargs):
        raise AssertionError("built on a request")

    for module, name in [
        (phone_build, "build_engine_zip"),
        (phone_build, "build_words"),
        (phone_build, "build_stdlib"),
        (phone_build, "build"),
        (phone_build, "compressed"),
        (phone_stdlib, "trim"),
        (phone_stdlib, "shed_zip"),
        (brotli, "compress"),
        (gzip, "compress"),
        (zipfile.ZipFile, "writestr"),
    ]:
        monkeypatch.setattr(module, name, built)
    client = app.test_client()
    assert client.get("/", headers={"Accept-Encoding": "identity"}).status_code == 200
    with app.test_request_context():
        urls = phone_engine.urls()
    files = json.loads((phone_built / "manifest.json").read_text())["files"]
    for logical, address in every_address(urls).items():
        name = files[logical]["name"]
        assert address.endswith("/" + name)
        for accepted, suffix in (("br", ".br"), ("gzip", ".gz"), ("identity", "")):
            sent = client.get(address, headers={"Accept-Encoding": accepted})
            assert sent.status_code == 200, address
            assert sent.data == (phone_built / (name + suffix)).read_bytes(), (address, accepted)
    assert snapshot_of(phone_built) == before
    assert not (tmp_path / "engine-cache").exists()
    if old_before is None:
        assert not old_cache.exists()
    else:
        assert snapshot_of(old_cache) == old_before
    assert not [found for found in threading.enumerate() if found.name == "engine-warm"]


def test_serve_started_fresh_sends_the_built_files_and_writes_nothing(tmp_path, phone_built):
    """The real ``scorekeeper serve``, started on a build: what it sends of the engine is
    the built files, and the build, its own folder and the cache folder the old server
    filled are left as they were: nothing built, nothing written (issue 54)."""
    from tests.support.serve_workers import free_port, wait_for

    before = snapshot_of(phone_built)
    port = free_port()
    work = tmp_path / "work"
    work.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--db", str(work / "scorekeeper.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=work,
        env={
            **os.environ,
            "SCOREKEEPER_SECRET_KEY": "test",
            "SCOREKEEPER_PHONE_BUILD": str(phone_built),
            "SCOREKEEPER_ENGINE_CACHE": str(tmp_path / "engine-cache"),
        },
    )
    try:
        wait_for(port, process)
        base = f"http://127.0.0.1:{port}"
        home = urllib.request.urlopen(base + "/", timeout=30).read().decode()
        assert home
        files = json.loads((phone_built / "manifest.json").read_text())["files"]
        for entry in files.values():
            name = entry["name"]
            for accepted, suffix in (("br", ".br"), ("gzip", ".gz"), ("identity", "")):
                asked = urllib.request.Request(
                    f"{base}/engine/{name}", headers={"Accept-Encoding": accepted}
                )
                with urllib.request.urlopen(asked, timeout=30) as answer:
                    assert answer.read() == (phone_built / (name + suffix)).read_bytes()
        time.sleep(0.5)  # a background build, as the old server's, would have begun
    finally:
        process.terminate()
        said = process.communicate(timeout=30)[0]
    assert snapshot_of(phone_built) == before
    assert not (tmp_path / "engine-cache").exists()
    # The database and its companions only.
    assert all(path.name.startswith("scorekeeper.db") for path in work.iterdir()), said


def test_without_a_build_the_log_says_so_and_the_engine_answers_404(tmp_path, caplog):
    """A server started without ``make phone`` says so once in its log; every engine
    address answers 404 and every page is as it was."""
    from scorekeeper.web import create_app

    missing = tmp_path / "never-built"
    with caplog.at_level("WARNING", logger="scorekeeper.web.offline.phone_engine"):
        app = create_app(app_config(tmp_path, PHONE_BUILD=str(missing)))
    assert "make phone" in caplog.text and str(missing) in caplog.text
    client = app.test_client()
    assert client.get("/").status_code == 200
    with app.test_request_context():
        urls = phone_engine.urls()
    for address in every_address(urls).values():
        assert client.get(address).status_code == 404, address
    assert not missing.exists()


def test_a_build_older_than_the_code_is_said_in_the_log(tmp_path, phone_built, caplog):
    from scorekeeper.web import create_app

    folder = tmp_path / "build"
    shutil.copytree(phone_built, folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["sources"] = "0" * 64
    (folder / "manifest.json").write_text(json.dumps(manifest))
    with caplog.at_level("WARNING", logger="scorekeeper.web.offline.phone_engine"):
        create_app(app_config(tmp_path, PHONE_BUILD=str(folder)))
    assert "built from other sources" in caplog.text


# What only the server asks of the engine, left out of the phone's zip (a club night, ratings).
SERVER_ONLY = tuple(f"scorekeeper/{path}" for path in phone_engine.SERVER_ONLY)


@pytest.fixture(scope="session")
def words_built() -> dict[str, tuple[bytes, str]]:
    """The engine's words files by language, built once for the tests that read them."""
    return phone_engine.build_words(phone_engine.ENGINE)


def test_there_is_a_words_file_for_each_language_but_english(words_built):
    assert sorted(words_built) == ["de", "fr", "he"]
    # The same catalogue gives the same file, so its address stays while the words do.
    assert phone_engine.build_words(phone_engine.ENGINE) == words_built


@pytest.mark.parametrize("language", ["he", "de", "fr"])
def test_the_words_files_hold_every_sentence_of_the_engine(language, words_built):
    """Every entry ``pybabel extract`` finds in the engine's sources is in the language's
    words file (the app's catalogue cut), translated as in the app's whole catalogue."""
    from babel.messages.pofile import read_po

    folder = phone_engine.PACKAGE_ROOT / "translations" / language / "LC_MESSAGES"
    with (folder / "messages.po").open("rb") as source:
        catalogue = read_po(source)
    cut, digest = words_built[language]
    assert digest == hashlib.sha256(cut).hexdigest()[:12]
    words = gettext.GNUTranslations(io.BytesIO(cut))
    words.add_fallback(Missing())
    with (folder / "messages.mo").open("rb") as compiled:
        whole = gettext.GNUTranslations(compiled)
    engine = [
        message
        for message in catalogue
        if message.id
        and any(
            path.startswith(ENGINE_SOURCES) and not path.startswith(SERVER_ONLY)
            for path, _ in message.locations
        )
    ]
    assert len(engine) > 500
    for message in engine:
        if isinstance(message.id, tuple):
            for n in (1, 2):
                assert words.ngettext(*message.id, n) == whole.ngettext(*message.id, n)
        else:
            assert words.gettext(message.id) == whole.gettext(message.id), message.id


class Missing(gettext.NullTranslations):
    """A catalogue's fallback that says so when a message is not in the catalogue."""

    def gettext(self, message):
        return "(missing)"

    def ngettext(self, singular, plural, n):
        return "(missing)"


def test_the_zip_alone_runs_the_engine_with_only_the_standard_library(
    tmp_path, engine_zip_built, words_built
):
    body, _ = engine_zip_built
    # Unpacked into a folder, as the phone's worker unpacks it into Pyodide's file system.
    archive = tmp_path / "engine"
    zipfile.ZipFile(io.BytesIO(body)).extractall(archive)
    rules = GAMES["israeli-whist"]
    settings = rules.preset(rules.default_preset)
    request = {
        "game": rules.key,
        "seats": rules.seats,
        "settings": settings.to_dict(),
        "state": rules.replay(settings, 0, []).state.to_dict(),
        "hand": {"declarer": 2, "bid": "7C", "contracts": [2, 3, 7, 0], "tricks": [0, 3, 8, 2]},
    }
    # -I -S: no site-packages, no working folder; the zip is all there is of scorekeeper.
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from scorekeeper.pages import phone; print(phone.preview(sys.argv[2])); "
        "print(phone.__file__)"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(archive), json.dumps(request)],
        capture_output=True,
        text=True,
        check=True,
    )
    answer, source = result.stdout.splitlines()
    assert json.loads(answer) == json.loads(phone.preview(json.dumps(request)))
    assert json.loads(answer)["points"] == [-20, 19, -10, -40]
    assert source.startswith(str(archive))
    # Without a words file, a page in Hebrew, German or French is drawn in English, the engine's
    # own words (a phone offline that has not kept its language's file), never refused.
    english = [call for key in GAME_KEYS for call in page_requests(GAMES[key], "en", seed=34)]
    asked = [{**call, "language": ("he", "de", "fr")[n % 3]} for n, call in enumerate(english)]
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from scorekeeper.pages import phone; print(phone.batch(sys.stdin.read()))"
    )

    def alone(calls: list[dict]) -> list[dict]:
        """``calls`` answered by the zip alone, in a Python of only the standard library."""
        command = [sys.executable, "-I", "-S", "-c", code, str(archive)]
        ran = subprocess.run(command, input=json.dumps(calls), capture_output=True, text=True)
        assert ran.returncode == 0, ran.stderr
        return json.loads(ran.stdout)

    assert alone(asked) == json.loads(worker.batch(json.dumps(english)))
    # With the words files written where the worker writes them, the engine says its
    # sentences as the app's whole catalogues do: the pages' calls of every game in
    # Hebrew, German and French.
    folder = archive / "scorekeeper" / "engine" / "catalogues"
    folder.mkdir()
    for language, (words, _digest) in words_built.items():
        (folder / f"{language}.mo").write_bytes(words)
    pages = [
        call
        for key in GAME_KEYS
        for language in ("he", "de", "fr")
        for call in page_requests(GAMES[key], language, seed=34)
    ]
    answers = alone(pages)
    assert answers == json.loads(worker.batch(json.dumps(pages)))
    assert "<h1>סבב 4 " in answers[0]["html"]  # any-game's round, in Hebrew
    first = len(page_requests(GAMES[GAME_KEYS[0]], "he", seed=34))
    assert "<h1>Tour 4 " in answers[2 * first]["html"]  # and in French
    # Drawn by the server's template, with the jinja2 of the zip.
    assert '<tr id="h4"><th>4' in answers[5]["hands_html"]


# --- what the app serves ------------------------------------------------------------------


@pytest.fixture
def served(tmp_path, pyodide_fetched, phone_built):
    """An app on the module's build (``phone_built``)."""
    from scorekeeper.web import create_app

    app = create_app(app_config(tmp_path, PHONE_BUILD=str(phone_built)))
    with app.test_request_context():
        urls = phone_engine.urls()
    return app.test_client(), urls


def test_the_engine_zip_is_served_at_its_hash_for_a_year(served, engine_zip_built):
    client, urls = served
    response = client.get(urls["engine"])
    assert response.status_code == 200
    assert response.mimetype == "application/zip"
    assert "immutable" in response.headers["Cache-Control"]
    assert response.data == engine_zip_built[0]
    assert client.get("/engine/scorekeeper-000000000000.zip").status_code == 404


def test_each_words_file_is_served_at_its_hash_for_a_year(served, words_built):
    client, urls = served
    assert sorted(urls["words"]) == ["de", "fr", "he"]  # English has none
    for language, url in urls["words"].items():
        body, digest = words_built[language]
        assert url == f"/engine/words-{language}-{digest}.mo"
        for accepted, unpack in (("br", brotli.decompress), ("gzip", gzip.decompress)):
            sent = client.get(url, headers={"Accept-Encoding": accepted})
            assert sent.status_code == 200 and sent.headers["Content-Encoding"] == accepted
            assert "immutable" in sent.headers["Cache-Control"]
            assert "Accept-Encoding" in sent.headers["Vary"]
            assert unpack(sent.data) == body
        assert client.get(url, headers={"Accept-Encoding": "identity"}).data == body


@pytest.mark.parametrize(
    "address",
    [
        "/engine/words-en-000000000000.mo",  # English has no words file
        "/engine/words-es-{he}.mo",  # a language the app does not speak, a real hash
        "/engine/words-de-{he}.mo",  # another language's hash
        "/engine/words-fr-{he}.mo",
        "/engine/words-he-000000000000.mo",  # an old or made-up hash
        "/engine/words-he-{he}0.mo",
        "/engine/words-he-{he}.zip",
        "/engine/words-HE-{he}.mo",
        "/engine/words-he-{he}.mo/..",
        "/engine/words-..-{he}.mo",
        "/engine/words-..%2F..%2Fmessages-{he}.mo",
        "/engine/words-%2e%2e-{he}.mo",
        "/engine/words-he%00-{he}.mo",
        "/engine/words-he-{he}%00.mo",
        "/engine/words-%C3%A9-{he}.mo",
        "/engine/words--{he}.mo",
        "/engine/words-he-.mo",
        "/engine/words-{he}.mo",
        "/engine/words-he-de-{he}.mo",
        "/engine/words-" + "a" * 5000 + ".mo",
    ],
)
def test_a_tampered_words_address_is_a_clean_404(served, address):
    """A language or hash changed in the address answers 404, never a 500 and never a
    file: nothing of the address names one (the files are looked up among those built)."""
    client, urls = served
    digest = urls["words"]["he"].rsplit("-", 1)[1].removesuffix(".mo")
    answer = client.get(address.replace("{he}", digest))
    assert answer.status_code == 404, address
    assert answer.mimetype == "text/html"
    assert "Content-Encoding" not in answer.headers


def test_pyodide_is_served_gzipped_with_its_types(served, pyodide_fetched):
    client, urls = served
    wasm = client.get(urls["pyodide"] + "pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})
    assert wasm.status_code == 200
    assert wasm.mimetype == "application/wasm"
    assert wasm.headers["Content-Encoding"] == "gzip"
    assert "immutable" in wasm.headers["Cache-Control"]
    raw = (pyodide_fetched / "pyodide.asm.wasm").read_bytes()
    assert raw[:4] == b"\0asm"
    assert gzip.decompress(wasm.data) == raw
    wasm.close()
    plain = client.get(urls["pyodide"] + "pyodide.js", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers
    assert plain.data == (pyodide_fetched / "pyodide.js").read_bytes()
    plain.close()
    assert client.get(urls["pyodide"] + "console.html").status_code == 404
    assert client.get("/engine/pyodide-0.1.0/pyodide.js").status_code == 404


def test_the_engine_zip_is_sent_compressed_as_the_browser_takes_it(served, engine_zip_built):
    """Over the wire in Brotli (what Chromium takes from a local or secure origin) or gzip,
    under half of the zip; as it is to a browser that takes neither or asks for a part."""
    client, urls = served
    body = engine_zip_built[0]
    chromium = client.get(urls["engine"], headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert chromium.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in chromium.headers["Vary"]
    assert chromium.mimetype == "application/zip"
    assert brotli.decompress(chromium.data) == body
    assert len(chromium.data) < len(body) / 2
    zipped = client.get(urls["engine"], headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == body
    assert len(chromium.data) < len(zipped.data)
    for plain in ("identity", "br;q=0, gzip;q=0", "", "compress"):
        answer = client.get(urls["engine"], headers={"Accept-Encoding": plain})
        assert "Content-Encoding" not in answer.headers, plain
        assert answer.data == body and "Accept-Encoding" in answer.headers["Vary"]
    ranged = client.get(urls["engine"], headers={"Accept-Encoding": "br", "Range": "bytes=0-9"})
    assert ranged.status_code == 200 and "Content-Encoding" not in ranged.headers
    assert ranged.data == body and "Content-Range" not in ranged.headers


def test_the_zips_built_are_sent_at_brotlis_best(served):
    """The engine's zip, its words files and the cut library, compressed once by the
    build, go as tight as Brotli packs them (quality 11, its largest window), not
    at its quicker 9: on Slow 3G each 50 kB is a second of Keep (issue 44)."""
    client, urls = served
    for address in (urls["engine"], urls["stdlib"], *urls["words"].values()):
        sent = client.get(address, headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
        assert sent.headers["Content-Encoding"] == "br"
        body = brotli.decompress(sent.data)
        quicker = brotli.compress(body, quality=9, lgwin=24)
        assert len(sent.data) <= len(brotli.compress(body, quality=11, lgwin=24)), address
        if address in (urls["engine"], urls["stdlib"]):  # a words file gains under 5 %
            assert len(sent.data) < len(quicker) * 0.95, address


@pytest.fixture
def fake_release(tmp_path):
    """A release folder of made-up files, as ``make pyodide`` leaves it, but for one file
    fetched before the Brotli copies (``pyodide.js``: gzip alone)."""
    from scorekeeper.web import create_app

    folder = tmp_path / "vendor" / f"pyodide-{phone_engine.PYODIDE_VERSION}"
    folder.mkdir(parents=True)
    files = {name: name.encode() * 200 for name in phone_engine.PYODIDE_FILES}
    for name, body in files.items():
        (folder / name).write_bytes(body)
        (folder / f"{name}.gz").write_bytes(gzip.compress(body))
        if name != "pyodide.js":
            (folder / f"{name}.br").write_bytes(brotli.compress(body))
    app = create_app(app_config(tmp_path, VENDOR=str(tmp_path / "vendor")))
    return app.test_client(), f"/engine/pyodide-{phone_engine.PYODIDE_VERSION}/", files


@pytest.mark.parametrize(
    ("accepted", "sent"),
    [
        ("gzip, deflate, br, zstd", "br"),  # Chromium's
        ("gzip, deflate", "gzip"),  # a browser without Brotli
        ("br;q=0.5, gzip", "gzip"),  # the quality the browser gives decides
        ("br;q=0, gzip", "gzip"),
        ("*", "br"),
        ("gzip;q=0, br;q=0", None),  # refused both: the file as it is
        ("xgzip, brotli", None),  # names that only look like them
        ("identity", None),
        ("", None),
    ],
)
def test_pyodide_is_sent_in_the_encoding_the_browser_takes_best(fake_release, accepted, sent):
    client, base, files = fake_release
    answer = client.get(base + "pyodide.asm.wasm", headers={"Accept-Encoding": accepted})
    assert answer.status_code == 200 and answer.mimetype == "application/wasm"
    assert answer.headers.get("Content-Encoding") == sent
    assert "Accept-Encoding" in answer.headers["Vary"]
    unpack = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[sent]
    assert unpack(answer.data) == files["pyodide.asm.wasm"]
    answer.close()


def test_a_precompressed_file_is_never_sent_in_part_nor_by_its_own_name(fake_release):
    client, base, files = fake_release
    # A file fetched before the Brotli copies goes in gzip to a browser that takes both.
    loader = client.get(base + "pyodide.js", headers={"Accept-Encoding": "br, gzip"})
    assert loader.headers["Content-Encoding"] == "gzip" and loader.mimetype == "text/javascript"
    assert gzip.decompress(loader.data) == files["pyodide.js"]
    loader.close()
    # A Range asks for bytes of the file: never a slice of its compressed copy.
    ranged = client.get(
        base + "pyodide.asm.wasm", headers={"Accept-Encoding": "br, gzip", "Range": "bytes=0-3"}
    )
    assert ranged.status_code == 200 and "Content-Encoding" not in ranged.headers
    assert ranged.data == files["pyodide.asm.wasm"] and "Content-Range" not in ranged.headers
    ranged.close()
    # The compressed copies, and anything but the release's files, have no address.
    for wrong in (
        "pyodide.asm.wasm.br",
        "pyodide.asm.wasm.gz",
        "pyodide.asm.wasm.br.partial",
        "..%2Fpyodide-0.28.3%2Fpyodide.js",
        "../../scorekeeper.db",
        "%2e%2e/pyodide.js",
        "pyodide.js%00.br",
    ):
        answer = client.get(base + wrong, headers={"Accept-Encoding": "br, gzip"})
        assert answer.status_code == 404, wrong
        answer.close()


def test_only_the_worker_may_compile_webassembly(served):
    client, urls = served
    worker = client.get(urls["worker"])
    assert worker.status_code == 200
    assert worker.mimetype == "text/javascript"
    assert "'wasm-unsafe-eval'" in worker.headers["Content-Security-Policy"]
    assert worker.data == (ROOT / "static" / "phone-engine-worker.js").read_bytes()
    # Sent compressed where the browser takes it, with the same policy.
    packed = client.get(urls["worker"], headers={"Accept-Encoding": "br, gzip"})
    assert packed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(packed.data) == worker.data
    assert len(packed.data) < len(worker.data) / 2
    assert packed.headers["Content-Security-Policy"] == worker.headers["Content-Security-Policy"]
    assert client.get("/engine/worker-000000000000.js").status_code == 404
    page = client.get("/")
    assert "wasm" not in page.headers["Content-Security-Policy"]


@pytest.mark.browser
def test_keep_asks_for_the_snapshot_while_the_kept_page_is_on_its_way(browser, live_server):
    """On Slow 3G each fetch that waits for another costs 2 s of latency: tapping Keep
    asks for the game's snapshot and for its kept page together, not one after the other
    (issue 44). The kept page's answer is held back until the snapshot is asked for (or
    3 s have passed); the game is then kept as before."""
    from tests.support.keep_by_itself_browser import started
    from tests.support.offline_phone import ENGINE_TIMEOUT

    game = started(live_server)
    # Without the service worker (whose fetches a page's routes do not see): Keep tapped.
    context = browser.new_context(viewport={"width": 360, "height": 800}, service_workers="block")
    try:
        page = context.new_page()
        held: list = []
        page.route("**/games/*/kept", lambda route: held.append(route))
        page.goto(game["edit_url"])
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.locator("#keep").click()
        for _ in range(200):
            if held:
                break
            page.wait_for_timeout(50)
        # The snapshot's address: /games/<id>/offline, with the count of hands the phone's
        # copy removes (?removed=, issue 69).
        snapshot = re.compile(rf"/games/{game['id']}/offline(\?removed=\d+)?$")
        for _ in range(60):  # 3 s
            if any(snapshot.search(url) for url in asked):
                break
            page.wait_for_timeout(50)
        together = any(snapshot.search(url) for url in asked)
        held[0].continue_()
        page.wait_for_function(
            f"() => localStorage.getItem('scorekeeper:kept:{game['id']}') === '1'",
            timeout=ENGINE_TIMEOUT,
        )
        assert together, "the snapshot was asked for only once the kept page had come"
    finally:
        context.close()


def test_no_page_fetches_the_engine_on_its_first_load(client, make_game):
    """No page loads the engine. The scoreboard's Keep button names the largest files
    (``data-early``) for app.js to ask for with keep.js once Keep is asked, never before:
    ``test_keep_by_itself_browser.py`` proves in Chromium that a phone saving data fetches
    nothing of ``/engine/`` until asked (issue 44). The service worker carries the kept games'
    storage (``static/kept-store.js``, which names the engine's caches and its snapshot's key
    but fetches nothing) in front of its own script: that script is checked without it."""
    store = (Path(client.application.static_folder) / "kept-store.js").read_text(encoding="utf-8")
    assert "fetch(" not in store and "importScripts" not in store
    # Two caches' keys: the engine's snapshot's, and the list of its files checked (issue 82).
    assert re.findall(r'"/engine/[^"]*"', store) == ['"/engine/snapshot?"', '"/engine/checked"']
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{game_id}/edit/{key}")
    for path in ("/", f"/games/{game_id}", f"/games/{game_id}/hands/new", "/sw.js"):
        text = client.get(path).get_data(as_text=True)
        if path == "/sw.js":
            assert store in text
            text = text.replace(store, "")
        named = re.findall(r' data-early="([^"]*)"', text)
        assert len(named) == (path == f"/games/{game_id}"), path
        assert all(url.startswith("/engine/") for url in " ".join(named).split()), path
        text = re.sub(r' data-early="[^"]*"', "", text)
        assert "phone-engine" not in text and "/engine/" not in text, path


# --- the phone's answers are the server's -------------------------------------------------


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_phone_answers_as_the_api_does(client, make_game, key):
    rules = GAMES[key]
    game_id, edit_key = make_game(
        game=key,
        players=[f"Player {n}" for n in range(1, rules.seats + 1)],
        rules=rules.default_preset,
        settings=rules.lasting(20) or {},
    )
    auth = {"Authorization": f"Bearer {edit_key}"}
    with client.application.app_context():
        stored = db.load_game(db.get_db(), game_id)
        start = game_play.state_after(db.get_db(), stored, 0)
    bodies = hand_bodies(rules, stored.settings, 7, seed=34)
    assert len(bodies) >= 3, key
    *played, following = bodies
    for body in played:
        saved = client.post(f"/api/games/{game_id}/hands", json=body, headers=auth)
        assert saved.status_code == 201
    base = request_of(stored)

    resumed = json.loads(phone.resume(json.dumps({**base, "state": start, "hands": played})))
    api = client.get(viewed(client, game_id)).get_json()
    shared = phone.standing(rules, rules.replay(stored.settings, 0, []))
    assert {k: resumed[k] for k in shared} == {k: api[k] for k in shared}
    assert resumed["next_number"] == len(played) + 1
    assert [h["points"] for h in resumed["hands"]] == [h["points"] for h in api["hands"]]
    with client.application.app_context():
        now = db.load_game(db.get_db(), game_id)
        assert resumed["state"] == game_play.state_after(db.get_db(), now, len(played))

    place = {**base, "state": resumed["state"]}
    preview = json.loads(phone.preview(json.dumps({**place, "hand": following})))
    assert preview == client.post(viewed(client, game_id, "/preview"), json=following).get_json()
    read = json.loads(phone.read(json.dumps({**place, "hand": following})))
    saved = client.post(f"/api/games/{game_id}/hands", json=following, headers=auth)
    assert saved.status_code == 201
    with client.application.app_context():
        kept = db.load_hand(db.get_db(), game_id, len(bodies))
    assert read["hand"] == kept.record.to_dict()

    refused = json.loads(phone.preview(json.dumps({**place, "hand": {}})))
    answer = client.post(viewed(client, game_id, "/preview"), json={})
    assert answer.status_code == 422
    assert {k: refused[k] for k in ("error", "field")} == answer.get_json()
    assert refused["problems"][0] == {"field": refused["field"], "error": refused["error"]}


def test_a_request_built_wrong_is_refused_naming_it():
    answers = json.loads(worker.batch(json.dumps([{"call": "shuffle"}, {"call": "read"}])))
    assert [a["field"] for a in answers] == ["call", "request"]
    assert "game" in answers[1]["error"]


# --- Pyodide in Chromium gives the server's answers (issue 34's proof) --------------------

# Hands per game. Every line of the engine the proof's calls run at 10,000 hands a game,
# they run within the first 2,000 (a line tracer over scorekeeper/engine, every game,
# issue 46): more hands repeat the same code with other numbers. 2,000 also keep 20
# resumes of RESUMED hands, and 4 hands refused for a missing field and 4 for none.
HANDS = 2_000


LOAD = "async (urls) => (await PhoneEngine.load(urls)).started"
BATCH = "async ([urls, text]) => (await PhoneEngine.load(urls)).text('batch', text)"
# A batch begun (its number answered at once), and its answer awaited and let go.
BEGIN = """([urls, text]) => {
  const number = (window.batchesBegun = (window.batchesBegun || 0) + 1);
  const answer = PhoneEngine.load(urls).then((engine) => engine.text("batch", text));
  (window.batches ||= new Map()).set(number, answer);
  return number;
}"""
ANSWER = """async (number) => {
  const text = await window.batches.get(number);
  window.batches.delete(number);
  return text;
}"""


class EnginePage:
    """A page with the engine loaded in Pyodide, once for the test process: each test
    that reads its answers sends it a batch (``call``); JavaScript errors are kept for
    every test to check."""

    def __init__(self, page, urls: dict[str, str], loaded: float) -> None:
        self.page = page
        self.urls = urls
        self.loaded = loaded
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def batch(self, calls: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], float]:
        """The phone's answers to ``calls`` (as ``worker.batch`` gives them), and the
        seconds Pyodide took."""
        started = time.perf_counter()
        answers = json.loads(self.page.evaluate(BATCH, [self.urls, json.dumps(calls)]))
        return answers, time.perf_counter() - started

    def begin(self, calls: list[dict[str, Any]]) -> Callable[[], tuple[list, float]]:
        """``batch``, begun: Pyodide answers while this process goes on (with the server's
        own answers, say); the function returned waits for the phone's answers and says
        the seconds from the start."""
        started = time.perf_counter()
        number = self.page.evaluate(BEGIN, [self.urls, json.dumps(calls)])

        def answers() -> tuple[list, float]:
            found = json.loads(self.page.evaluate(ANSWER, number))
            return found, time.perf_counter() - started

        return answers


@pytest.fixture(scope="session")
def engine_page(browser, tmp_path_factory) -> Iterator[EnginePage]:
    """Pyodide and the engine's zip loaded once by a page of a live server, for every
    proof test the process runs (loading them is the slow part; each test only reads).
    The phone has started the engine before (the run's snapshot, ``engine_seed.seeded``),
    as every phone after its first start: what is proved here is the engine's answers;
    its first start from scratch, and that a snapshot answers as it does, are
    tests/browser/test_engine_snapshot_browser.py's."""
    from tests.support.engine_seed import seeded

    with engine_site(tmp_path_factory.mktemp("engine-page")) as (base, urls, script):
        context = seeded(browser.new_context(base_url=base), base)
        page = context.new_page()
        page.goto("/")
        page.add_script_tag(url=script)
        started = time.perf_counter()
        assert page.evaluate(LOAD, urls) == "snapshot"
        try:
            yield EnginePage(page, urls, time.perf_counter() - started)
        finally:
            context.close()


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_engine_in_the_phone_gives_the_servers_answers(engine_page, key, capsys):
    """Issue 34's proof, one game a test: ``HANDS`` hands read and previewed at their
    places, resumed ``RESUMED`` at a time, and the refused ones, answered by Pyodide as by
    the server's Python."""
    rules = GAMES[key]
    calls = proof_requests(rules, HANDS, seed=34)
    answered = engine_page.begin(calls)  # the phone answers while the server's Python does
    expected = json.loads(worker.batch(json.dumps(calls)))
    answers, seconds = answered()
    assert len(answers) == len(calls), key
    for call, answer, wanted in zip(calls, answers, expected, strict=True):
        assert answer == wanted, (key, call["call"], call.get("hand"))
    hands = sum(len(c["hands"]) for c in calls if c["call"] == "resume")
    assert hands == HANDS, key
    refused = sum("error" in a for a in answers)
    assert refused >= HANDS // BROKEN_EVERY, key  # at least the empty hands
    assert engine_page.errors == []
    with capsys.disabled():
        print(
            f"\nengine in the phone (loaded in {engine_page.loaded:.1f} s): "
            f"{key}: {len(calls)} calls answered {seconds:.1f} s after they were sent"
        )


@pytest.mark.browser
def test_the_engine_in_the_phone_draws_the_servers_pages(engine_page):
    """The pages' calls, in the zip's catalogues: every game, the languages in turn."""
    languages = ("he", "en", "de", "fr")
    calls = [
        call
        for index, key in enumerate(GAME_KEYS)
        for call in page_requests(GAMES[key], languages[index % len(languages)], seed=34)
    ]
    answers, _ = engine_page.batch(calls)
    expected = json.loads(worker.batch(json.dumps(calls)))
    for call, answer, wanted in zip(calls, answers, expected, strict=True):
        assert answer == wanted, (call["game"], call["call"], call["language"])
    assert sum("error" in a for a in answers) == len(GAME_KEYS)  # only the empty entries
    assert engine_page.errors == []
