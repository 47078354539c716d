"""An installed package speaks every language, and a missing catalogue stops the start.

The wheel is built from a copy of the checkout without any compiled catalogue (``.mo``),
as a clean clone has, installed into a folder of its own and run from there: so every
language it speaks comes from the build itself, not from ``make``.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from scorekeeper.web import create_app
from scorekeeper.web.i18n import LANGUAGES, MissingCatalogue
from scorekeeper.web.offline import phone_build
from tests.support.app import app_config
from tests.support.cli.packaging import CATALOGUES, ROOT, run, run_installed, translation

# What a clean checkout does not have: tools' folders, build output, compiled catalogues.
NOT_IN_A_CHECKOUT = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "instance",
    "test-artifacts",
    ".*_cache",
    "__pycache__",
    "*.egg-info",
    "*.mo",
    "*.db",
    "*.db-*",
)
RUN_FROM_INSTALL = """
import json, sys
import scorekeeper
from scorekeeper.web import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "test"})
client = app.test_client()
pages = {
    language: client.get("/", headers={"Accept-Language": language}).get_data(as_text=True)
    for language in sys.argv[2:]
}
from scorekeeper.web.offline import phone_engine
with app.test_request_context():
    urls = phone_engine.urls()
    folder = str(phone_engine.build_folder())
engine = client.get(urls["engine"], headers={"Accept-Encoding": "identity"})
print(json.dumps({
    "module": scorekeeper.__file__,
    "pages": pages,
    "style": client.get("/static/app.css").status_code,
    "phone": folder,
    "engine": [urls["engine"], engine.status_code, engine.get_data().hex()[:64]],
}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The folder the wheel, built from a clean copy of the checkout, was installed into.
    Its build step copies the phone's files of ``make phone`` (which ``make test`` runs
    first) when they were built from the same files, else builds them (seconds of
    Brotli): the checkout's own build is where that step looks
    (``$SCOREKEEPER_PHONE_BUILD``), the copy having none."""
    work = tmp_path_factory.mktemp("packaging")
    checkout = work / "checkout"
    shutil.copytree(ROOT, checkout, ignore=NOT_IN_A_CHECKOUT)
    assert not list(checkout.rglob("*.mo"))
    built = run(
        sys.executable,
        *("-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-cache-dir"),
        *("-w", str(work / "dist"), str(checkout)),
        env={**os.environ, "SCOREKEEPER_PHONE_BUILD": str(phone_build.default_folder())},
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (work / "dist").glob("scorekeeper-*.whl")
    target = work / "site"
    done = run(
        sys.executable,
        *("-m", "pip", "install", "--no-deps", "--no-index", "--target", str(target)),
        str(wheel),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return target


def test_the_installed_package_serves_every_language(installed):
    database = str(installed.parent / "games.db")
    result = run_installed(installed, "-c", RUN_FROM_INSTALL, database, *LANGUAGES)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert Path(found["module"]).is_relative_to(installed)  # not the checkout's copy
    assert found["style"] == 200
    pages = found["pages"]
    assert 'lang="he" dir="rtl"' in pages["he"]
    assert 'lang="fr" dir="ltr"' in pages["fr"]
    for language in ("he", "de", "fr"):
        words = translation(language, "History")  # in a sentence ("son historique") too
        assert words and words.lower() in pages[language].lower() and words not in pages["en"]
    assert "History" in pages["en"]


def test_the_installed_package_serves_the_phone_files_built_with_it(installed):
    """The wheel carries the phone's engine files, built by its build step (issue 54): the
    installed server serves them from the package and builds nothing."""
    database = str(installed.parent / "phone.db")
    result = run_installed(installed, "-c", RUN_FROM_INSTALL, database, "en")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    folder = installed / "scorekeeper" / "phone"
    assert Path(found["phone"]) == folder
    address, status, head = found["engine"]
    assert status == 200
    name = address.rpartition("/")[2]
    assert (folder / name).read_bytes().hex()[:64] == head
    assert {"manifest.json", name, name + ".br", name + ".gz"} <= {
        path.name for path in folder.iterdir()
    }


def test_the_installed_package_refuses_to_start_without_a_catalogue(installed, tmp_path):
    target = tmp_path / "site"
    shutil.copytree(installed, target)
    (target / "scorekeeper" / "translations" / "he" / "LC_MESSAGES" / "messages.mo").unlink()
    (tmp_path / "g.db").touch()  # an empty SQLite file
    command = "import sys; from scorekeeper.cli import entry; sys.exit(entry(sys.argv[1:]))"
    # serve builds the app; export and import do not (they need no language), so they run.
    database = str(tmp_path / "g.db")
    result = run_installed(target, "-c", command, "serve", "--db", database, "--port", "8765")
    assert result.returncode == 2
    assert "scorekeeper: error: no עברית (he) catalogue: messages.mo is missing" in result.stderr
    assert "Traceback" not in result.stderr
    exported = run_installed(target, "-c", command, "export", "--db", database)
    assert exported.returncode == 0 and '"games": []' in exported.stdout, exported.stderr


@pytest.fixture
def catalogues(tmp_path) -> Path:
    """A copy of the compiled catalogues, to break."""
    folder = tmp_path / "translations"
    shutil.copytree(CATALOGUES, folder)
    assert list(folder.rglob("messages.mo")), "run `make catalogs` first"
    return folder


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda mo: mo.unlink(), "no Deutsch (de) catalogue: messages.mo is missing"),
        (lambda mo: mo.write_bytes(b"not a catalogue"), "cannot be read"),
        (lambda mo: os.utime(mo, (1, 1)), "is older than messages.po: run `make catalogs`"),
    ],
)
def test_a_missing_or_stale_catalogue_stops_the_app_at_start_up(
    tmp_path, catalogues, damage, message
):
    damage(catalogues / "de" / "LC_MESSAGES" / "messages.mo")
    config = app_config(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(catalogues))
    with pytest.raises(MissingCatalogue, match=message.replace("(", r"\(").replace(")", r"\)")):
        create_app(config)


def test_complete_catalogues_start_the_app(tmp_path, catalogues):
    app = create_app(app_config(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(catalogues)))
    page = app.test_client().get("/", headers={"Accept-Language": "de"})
    assert translation("de", "History") in page.get_data(as_text=True)
