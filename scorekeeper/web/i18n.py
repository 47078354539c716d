"""Languages: English, Hebrew and German through Flask-Babel.

The language comes from the player's saved choice, else the browser's Accept-Language.
Hebrew pages are right-to-left; templates read ``text_direction`` for ``dir``. Engine
errors arrive as English :class:`Message` objects, which ``translate`` renders in the
page's language.

Text the players typed (names, a game's name, notes) may run in either direction
whatever the page's language: a Hebrew name on an English page, a Latin one on a Hebrew
page. Unisolated, a number next to it joins its run and flips ("נועה −20" shows as
"20− נועה"). So every piece of it is isolated, on every page: ``bdi`` wraps it in
``<bdi>`` where HTML may go (the template filter ``bdi``), and ``isolate`` between the
Unicode isolates FSI and PDI in plain text (messages, flashes, titles, options).
``isolate_ltr`` keeps numbers and bids (+19, −20, 7♣) left to right inside a right-to-left
sentence. ``tests/web/test_bidi.py`` checks that no template prints user text another way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime
from gettext import GNUTranslations
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click
from babel.dates import format_date, format_time, get_datetime_format
from babel.lists import format_list
from flask import Flask, abort, g, redirect, request, session, url_for
from flask_babel import Babel, get_locale, get_translations, gettext, ngettext, pgettext
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from ..engine.core.display import DecimalFigure, Label, Notation, SignedPoints
from ..engine.core.language import PageText, decimal_text, isolate
from ..engine.core.messages import Message, SeatName
from ..engine.core.names_in_sentences import AT, OF_ONE, OF_THE, name_in
from ..pages.render import bdi  # the phone's pages isolate a player's text as the server's
from .responses import safe_path
from .weight import light

LANGUAGES: dict[str, str] = {"en": "English", "he": "עברית", "de": "Deutsch", "fr": "Français"}
RTL_LANGUAGES = frozenset({"he"})
SESSION_LANGUAGE = "language"


class MissingCatalogue(click.ClickException):
    """A language the app offers has no usable compiled catalogue. Raised at start-up:
    serving that language's pages in English instead would go unnoticed. (A ClickException,
    so that the command line says it in one line.)"""


def check_catalogues(app: Flask) -> None:
    """Raises MissingCatalogue unless every language but the default has a compiled
    catalogue (``<language>/LC_MESSAGES/messages.mo``) that loads and, where its ``.po``
    source lies beside it (a checkout), is no older than that source."""
    folders = [
        Path(app.root_path, folder)
        for folder in app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";")
    ]
    for language, name in LANGUAGES.items():
        if language == app.config["BABEL_DEFAULT_LOCALE"]:
            continue  # the templates' own text
        found = [
            path
            for path in (f / language / "LC_MESSAGES" / "messages.mo" for f in folders)
            if path.is_file()
        ]
        if not found:
            places = ", ".join(str(f / language / "LC_MESSAGES") for f in folders)
            raise MissingCatalogue(
                f"no {name} ({language}) catalogue: messages.mo is missing in {places}. "
                "In a checkout run `make catalogs`; an installed package must be rebuilt."
            )
        mo = found[0]
        try:
            with mo.open("rb") as handle:
                GNUTranslations(handle)
        except (OSError, UnicodeDecodeError) as exc:
            raise MissingCatalogue(f"the {name} catalogue {mo} cannot be read: {exc}") from None
        po = mo.with_suffix(".po")
        if po.is_file() and po.stat().st_mtime > mo.stat().st_mtime:
            raise MissingCatalogue(
                f"the {name} catalogue {mo} is older than {po.name}: run `make catalogs`."
            )


def select_locale() -> str:
    """The saved choice when it is a known language, else the browser's best match. The JSON
    API always answers in English: other programs read it, and its text is part of its shape."""
    if request.path.startswith("/api/"):
        return "en"
    chosen = session.get(SESSION_LANGUAGE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default="en")


def current_language() -> str:
    return str(get_locale() or "en")


def is_rtl() -> bool:
    return current_language() in RTL_LANGUAGES


def isolate_ltr(text: str) -> str:
    """Numbers and bids (+19, −20, 7♣) kept left to right inside a right-to-left sentence."""
    return f"\u2066{text}\u2069" if is_rtl() else text


def ltr_isolator() -> Callable[[str], str]:
    """``isolate_ltr`` for the page being made, its language looked up once: for a page
    that keeps thousands of numbers left to right (a long game's sheet)."""
    if is_rtl():
        return lambda text: f"\u2066{text}\u2069"
    return lambda text: text


def list_of(names: Any, style: str = "standard") -> str:
    """Names as a sentence lists them in the page's language: "A, B and C", "A, B und C";
    with ``style="or"``, "A, B or C"."""
    return format_list(
        [isolate(name) for name in names],
        style=style,
        locale=current_language(),
    )


def choice_refused(field: Any, offered: Sequence[str], sent: str) -> str:
    """A choice field's refusal of a value it did not offer, in players' words: the
    field, what it may be and the value sent ("Second organiser must be one of Anna or
    Bruno, not abc."); WTForms says only "Not a valid choice."."""
    value = isolate(sent[:40])
    if len(offered) == 1:
        return gettext(
            "%(field)s must be %(choice)s, not %(value)s.",
            field=field,
            choice=isolate(offered[0]),
            value=value,
        )
    return gettext(
        "%(field)s must be one of %(choices)s, not %(value)s.",
        field=field,
        choices=_choices_in_words(offered),
        value=value,
    )


def _choices_in_words(labels: Sequence[str]) -> str:
    """A field's choices as a sentence names them: a run of whole numbers as "1–13",
    anything else listed ("Ann, Bob or Cat")."""
    if labels and all(label.isdigit() for label in labels):
        numbers = [int(label) for label in labels]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))) and len(numbers) > 2:
            return isolate_ltr(f"{numbers[0]}\u2013{numbers[-1]}")
    return list_of(labels, style="or")


def decimal(value: float, digits: int = 1, sign: bool = False) -> str:
    """A number with ``digits`` decimals as the page's language writes it (as Babel's
    ``format_decimal`` does: "1,234.5", "1.234,5", "1 234,5"), with a true minus sign
    (Babel writes a hyphen, in Hebrew after a left-to-right mark) and a plus sign when
    ``sign``. Nothing signed that rounds to zero. Written by the phone's engine's own
    ``engine/core/language.py``'s ``decimal_text``, which a test holds equal to Babel's:
    a page of hundreds of ratings is written in a tenth of Babel's time."""
    return decimal_text(value, digits, current_language(), sign)


def shown_date(stamp: str | date, style: str = "medium") -> str:
    """A stored time's date as the page's language writes it ("Nov 28, 2026",
    "28 nov. 2026", "28.11.2026", "28 בנוב׳ 2026"; ``style="long"``: "28 November 2026");
    the stored text as it is when it is not a date (an old import)."""
    if isinstance(stamp, date):
        return format_date(stamp, format=style, locale=current_language())
    try:
        day = date.fromisoformat(str(stamp)[:10])
    except ValueError:
        return str(stamp)[:10]
    return format_date(day, format=style, locale=current_language())


def shown_moment(stamp: str) -> str:
    """A stored time, date and time of day in UTC, as the page's language writes them
    ("Nov 22, 2026, 9:05 PM"; "22.11.2026, 21:05"); as stored when it cannot be read."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp.replace("T", " ")[:16]
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    moment, language = moment.astimezone(UTC), current_language()
    # The language's own joining of a date and a time ("{1}, {0}"), without the seconds
    return (
        str(get_datetime_format("medium", locale=language))
        .replace("{1}", format_date(moment.date(), "medium", locale=language))
        .replace("{0}", format_time(moment, "short", tzinfo=UTC, locale=language))
    )


def moment_of(stamp: str) -> dict[str, str | None]:
    """A stored time as the page shows it without JavaScript (in UTC, as the page's language
    writes a date and a time) and as the ``datetime`` its script turns into the phone's own
    time; a time that cannot be read (from an old import) is shown as stored."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return {"when": stamp.replace("T", " ")[:16], "utc": None}
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    moment = moment.astimezone(UTC)
    return {"when": shown_moment(stamp), "utc": moment.strftime("%Y-%m-%dT%H:%M:%SZ")}


def translate(text: Any, **params: Any) -> Any:
    """An engine :class:`Message` in the page's language; any other value unchanged.

    Parameters that are Messages themselves (a field's name) are translated first; any
    other text among them came from outside the catalogue (a player's name, a value as
    typed) and is isolated, whatever the page's direction. ``params`` replace the
    message's own, e.g. a knob's label for its identifier.
    """
    return named(text, (), **params)


def named(text: Any, players: Sequence[str], **params: Any) -> Any:
    """``translate``, with every seat the message names (``SeatName``, "seat 4" in
    English for the API) named by the player sitting there: ``players`` in seat order."""
    if not isinstance(text, Message):
        return text
    values = {name: _parameter(value, players) for name, value in text.params.items()} | params
    if text.plural is not None:
        num = values.pop("num")
        return ngettext(text.template, text.plural, num, **values)
    if text.context is not None:
        return pgettext(text.context, text.template, **values)
    return gettext(text.template, **values)


def _parameter(value: Any, players: Sequence[str] = ()) -> Any:
    if isinstance(value, SeatName):
        if 0 <= value < len(players):
            return isolate(players[value])
        return gettext("seat %(seat)d", seat=int(value) + 1)
    if isinstance(value, Message):
        return named(value, players)
    if isinstance(value, PageText):
        return value
    if isinstance(value, Label | Notation):
        return isolate_ltr(shown(value))
    if isinstance(value, SignedPoints):
        return isolate_ltr(str(value))
    return isolate(value) if isinstance(value, str) else value


def page_text(template: str, **params: Any) -> Markup:
    """A sentence of the catalogue in the page's language with ``params`` put in and
    escaped, as a template's ``_()`` gives it."""
    return Markup(get_translations().ugettext(template)) % params


def game_in(name: Any, place: str) -> str:
    """A game's name (its Message: a game's ``name``, a preset's title) in the page's
    language as a sentence puts it in ``place`` (``AT``, ``OF_THE``, ``OF_ONE`` of
    ``engine/core/names_in_sentences.py``: French "à la belote", "de la belote", "de
    belote"); the name alone for a name that table does not know."""
    return translate(name_in(name, place))


def shown(value: Any) -> str:
    """A game's text for a page (see ``engine/core/display.py``) in the page's language: a
    Message translated, a Label's pieces one after the other, notation and numbers as
    they are."""
    if isinstance(value, Label):
        return "".join(str(translate(piece)) for piece in value.pieces)
    if isinstance(value, DecimalFigure):
        return decimal(value.value, value.digits, value.sign)
    return str(translate(value))


def shown_ltr(value: Any) -> str:
    """Like ``shown``, with notation kept left to right inside a right-to-left page."""
    text = shown(value)
    return isolate_ltr(text) if isinstance(value, Notation) else text


def from_this_site() -> bool:
    """True unless the browser says the request came from another site.

    The language buttons sit on pages that are cached and shared between phones (the
    scoreboard), so they cannot carry a per-session CSRF token; this form is checked by
    the Fetch Metadata and Origin headers instead, which every current browser sends
    with a POST. A client that sends neither is no browser acting for a player.
    """
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = request.headers.get("Origin") or request.headers.get("Referer")
    return not origin or urlsplit(origin).netloc == request.host


@light
def choose_language():
    """Remembers the chosen language in the session and goes back where the player was."""
    code = request.form.get("language", "")
    if code not in LANGUAGES:
        abort(422, choice_refused(gettext("Language"), list(LANGUAGES.values()), code))
    if from_this_site():
        session[SESSION_LANGUAGE] = code
        session.permanent = True
    # Only same-site paths: an open redirect would let a link send players elsewhere.
    return redirect(safe_path(request.form.get("next"), url_for("games.home")), code=303)


# The page's catalogue in a template's context (see ``init_app``).
CATALOGUE = "_catalogue"


@pass_context
def _page_gettext(context: Context, text: str, **variables: Any) -> str:
    found = (context.get(CATALOGUE) or get_translations()).ugettext(text)
    return (Markup(found) if context.eval_ctx.autoescape else found) % variables


@pass_context
def _page_ngettext(context: Context, singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    found = (context.get(CATALOGUE) or get_translations()).ungettext(singular, plural, num)
    return (Markup(found) if context.eval_ctx.autoescape else found) % variables


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    check_catalogues(app)
    Babel(app, locale_selector=select_locale)
    # Templates' _(), gettext() and ngettext() as Flask-Babel installs them (new style:
    # escaped, always formatted), reading the page's catalogue from the template's context
    # instead of looking it up through Flask-Babel at every call; a page asks dozens of
    # times. A macro imported without the context looks it up as before.
    app.jinja_env.globals.update(_=_page_gettext, gettext=_page_gettext, ngettext=_page_ngettext)
    # The app's own route, not an area's: every page of every area offers the choice.
    app.add_url_rule("/language", view_func=choose_language, methods=["POST"])
    app.jinja_env.filters.update(
        translate=translate,
        isolate=isolate,
        bdi=bdi,
        ltr=isolate_ltr,
        list_of=list_of,
        named=named,
        date=shown_date,
        moment=moment_of,
        decimal=decimal,
        # a game's name in a sentence ("Ratings in %(game)s": "au skat", "à la belote")
        game_at=lambda name: game_in(name, AT),
        game_of_the=lambda name: game_in(name, OF_THE),
        game_of_one=lambda name: game_in(name, OF_ONE),
    )

    @app.context_processor
    def language_context() -> dict:
        language = current_language()
        g.language = language
        return {
            CATALOGUE: get_translations(),
            "languages": LANGUAGES,
            "current_language": language,
            "text_direction": "rtl" if language in RTL_LANGUAGES else "ltr",
        }
