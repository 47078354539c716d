"""A plain ``jinja2.Environment`` over the app's templates, in one language: the phone's
way to draw the templates the server draws through Flask (``web/i18n.py`` gives them the
same ``_``, ``bdi`` and ``isolate``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import CodeType
from typing import Any

from jinja2 import BytecodeCache, Environment, FileSystemLoader
from jinja2.bccache import Bucket
from markupsafe import Markup, escape

from ..engine.core.language import Partners, Words, isolate, words_in
from ..engine.pages.form import HandFormPage
from ..engine.pages.sheet import HandRows, Legend

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
"""The app's templates: beside the package in a checkout, at the zip's top in the phone."""


def bdi(text: Any) -> Markup:
    """Text a player typed, escaped and isolated in ``<bdi>`` for an HTML page (a side's
    partners each isolated, in the page's direction), on the server's pages and the
    phone's."""
    # escape() gives the text escaped (or Markup as it is); one format, not Markup's %.
    if isinstance(text, Partners):
        return Markup(escape(text))
    return Markup(f"<bdi>{escape(text)}</bdi>")


def environment(language: str) -> Environment:
    """The templates in ``language`` (``en``, ``he`` or ``de``); raises UnknownLanguage.
    Made once for each language's words: a language a phone speaks in English (its words
    file not fetched: ``words_in``) is made again in its own once the file is there."""
    return _environment(words_in(language))


class Compiled(BytecodeCache):
    """The templates as compiled once, for every environment that reads them: each
    language has its own (its words), and compiled the same templates again (in the
    phone's WebAssembly, two CPU-seconds on a desktop, at the first page drawn after each
    start); the tests make a new app for each test (tests/support/app.py). Each template's
    code is kept in memory with the checksum of the source it was compiled from, so a
    changed template is compiled again; kept as the code object itself (which nothing
    changes), not marshalled and loaded back."""

    def __init__(self) -> None:
        self.held: dict[str, tuple[str, CodeType]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self.held.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.held[bucket.key] = (bucket.checksum, bucket.code)


COMPILED = Compiled()

# The templates the phone draws (``sheet``, ``kept``, ``hand_form`` below).
PHONE_TEMPLATES = ("_sheet.html", "_kept.html", "_hand_form.html")


def compile_phone_templates() -> None:
    """The phone's templates compiled into ``COMPILED`` (with those they import): the
    phone's worker (static/phone-engine-worker.js) asks for it before it keeps its memory
    snapshot, so that every later start draws its first page without compiling them. In
    English, the engine's own words: the snapshot holds no language."""
    for name in PHONE_TEMPLATES:
        environment("en").get_template(name).module  # noqa: B018 # its imports compiled too


@lru_cache(maxsize=4)
def _environment(words: Words) -> Environment:
    found = Environment(
        loader=FileSystemLoader(TEMPLATES),
        bytecode_cache=COMPILED,
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,  # as the server's (web/__init__.py)
        lstrip_blocks=True,
    )
    found.install_gettext_callables(  # type: ignore[attr-defined] # the i18n extension's
        gettext=words.catalogue.gettext, ngettext=words.catalogue.ngettext, newstyle=True
    )
    found.filters.update(
        bdi=bdi,
        isolate=isolate,
        ltr=words.ltr,
        translate=words.translate,
        named=words.named,
        list_of=lambda names: words.and_list([isolate(name) for name in names]),
    )
    return found


def sheet(
    language: str, answer: Mapping[str, Any], pending: int | None = None, mark: str = ""
) -> dict[str, str]:
    """The parts of the sheet ``templates/_sheet.html`` draws, from ``answer`` (the
    engine's ``phone.scoreboard``): the totals, the banner, whose turn it is, the table's
    head, the hands (those after ``pending`` marked as queued on this phone, ``mark``
    saying so) and their legend."""
    drawn: Any = environment(language).get_template("_sheet.html").module  # its macros
    rows: HandRows = answer["hand_rows"]
    legend: Legend = answer["legend"]
    members = answer["members"]
    notes = [("\u25cb", mark)] if mark else []
    standing, page = answer["standing"], answer["page_words"]
    turn = (
        ""
        if standing.finished
        else drawn.turn(standing, answer["seats"], page, answer["shows_dealer"])
    )
    return {
        "tiles": str(drawn.totals(members, answer["totals"], answer["leaders"])),
        "banner": str(drawn.banner(standing, answer["sides"], page)),
        "turn": str(turn),
        "head": str(drawn.table_head(members, rows.paired)),
        "hands": str(drawn.hand_rows(rows, pending=pending, pending_mark=mark)),
        "legend": str(drawn.legend(legend, notes)),
    }


def kept(language: str, view: str, *models: Any) -> str:
    """A view of the kept page ``templates/_kept.html`` draws (``whose``, ``board``,
    ``dropper``, ``clash``, ``back``) in ``language``, from its page models
    (``engine/pages/kept.py``; the board's sheet parts as ``sheet`` draws them)."""
    drawn: Any = environment(language).get_template("_kept.html").module
    return str(getattr(drawn, view)(*models))


def hand_form(language: str, form: HandFormPage) -> dict[str, str]:
    """The hand form ``templates/_hand_form.html`` draws from ``form`` (the engine's
    ``pages.form.HandFormPage``): the whole of it as the phone's kept page shows it
    (``html``), and its parts as the server's page has them too."""
    drawn: Any = environment(language).get_template("_hand_form.html").module
    parts = {part: str(getattr(drawn, part)(form)) for part in ("savebar", "head", "steps")}
    return {"html": str(drawn.phone(form)), "scripts": str(drawn.scripts(form))} | parts
