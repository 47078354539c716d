"""Build step of the package (the project itself is described in pyproject.toml).

An installed package must speak every language and show every page, as a checkout run
through ``make`` does. So building it (``pip install .``, a wheel, an sdist's wheel):

- compiles each ``scorekeeper/translations/<language>/LC_MESSAGES/messages.po`` into the
  ``messages.mo`` the app reads, as ``make catalogs`` does. The ``.po`` files stay the only
  source, so an installed catalogue can never disagree with the one it was built from;
- copies the top-level ``templates/`` and ``static/`` into the package, where
  ``create_app`` finds them when it is not running from a checkout;
- builds what a phone downloads to run the engine (``scorekeeper/web/offline/phone_build.py``,
  issue 54) into the package's ``phone/`` folder, which the installed server serves: the
  engine's zip, its words files from the catalogues just compiled, its worker, and the
  standard library cut for it when the checkout has fetched Pyodide (``make pyodide``);
  ``make phone``'s build (``build/phone``, or ``$SCOREKEEPER_PHONE_BUILD``) is copied
  instead when it was built from the same files (``phone_build.copy_current``). It needs
  the app's own dependencies where it builds (``pip wheel --no-build-isolation`` in a
  set-up environment); without them the package is built without, says so, and the host
  runs ``python -m scorekeeper.web.offline.phone_build <folder>`` once installed.

An editable install (``pip install -e .``) runs from the checkout: its catalogues are
compiled in place, beside their ``.po`` files, as ``make catalogs`` would.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
PACKAGE = "scorekeeper"
CATALOGUES = Path(PACKAGE) / "translations"
SHIPPED_FOLDERS = ("templates", "static")


def compile_catalogues(source: Path, target: Path) -> list[Path]:
    """Compiles every ``<language>/LC_MESSAGES/messages.po`` under ``source`` into the same
    place under ``target``; returns the files written. Raises ValueError for a catalogue
    marked fuzzy, which ``pybabel compile`` would skip and leave the language in English."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/messages.po")):
        language = po.parent.parent.name
        with po.open("rb") as handle:
            catalogue = read_po(handle, locale=language)
        if catalogue.fuzzy:
            raise ValueError(f"{po} is marked fuzzy; translate it and clear the flag")
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as handle:
            write_mo(handle, catalogue, use_fuzzy=False)
        written.append(mo)
    if not written:
        raise ValueError(f"no catalogues found under {source}")
    return written


class BuildWithCataloguesAndPages(build_py):
    """``build_py`` that also compiles the catalogues and adds the templates and static
    files (see the module's docstring)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            compile_catalogues(ROOT / CATALOGUES, ROOT / CATALOGUES)
            return
        package = Path(self.build_lib) / PACKAGE
        compile_catalogues(ROOT / CATALOGUES, Path(self.build_lib) / CATALOGUES)
        for folder in SHIPPED_FOLDERS:
            self.copy_tree(str(ROOT / folder), str(package / folder))
        build_phone_files(package)


def build_phone_files(package: Path) -> None:
    """Builds the phone's engine files into ``package``'s ``phone/`` (see the module's
    docstring), from the package being built (its compiled catalogues)."""
    sys.path.insert(0, str(ROOT))
    try:
        from scorekeeper.web.offline import phone_build
    except ImportError as missing:
        print(f"warning: the phone's engine files are not built ({missing})", file=sys.stderr)
        return
    finally:
        sys.path.remove(str(ROOT))
    folder, engine, vendor = package / "phone", package / "engine", ROOT / "vendor"
    made = phone_build.default_folder()  # make phone's (or $SCOREKEEPER_PHONE_BUILD)
    if phone_build.copy_current(made, folder, engine=engine, vendor=vendor) is None:
        phone_build.build(folder, engine=engine, vendor=vendor)


setup(cmdclass={"build_py": BuildWithCataloguesAndPages})
