"""The query parameters the review pages read (dates, players, pages, game numbers), each
refused with a message naming the parameter, and the links between pages of a list."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from flask import current_app, request, url_for
from flask_babel import gettext as _

from ... import db
from ...engine import GAMES
from ...engine.core.numbers import whole_or_none
from ...names import nfc
from ...problems import Problem
from ..forms import MAX_NAME_LENGTH
from ..i18n import isolate


class BadQuery(Problem, ValueError):
    """A query parameter a page cannot use: what is wrong, for the page, and the field."""

    field: str


def unknown_player(name: str, field: str = "player") -> BadQuery:
    """The problem with a name nobody here has played under."""
    return BadQuery(
        _("nobody called %(name)s has played here", name=isolate(name[: MAX_NAME_LENGTH + 1])),
        field,
    )


def date_param(field: str) -> str | None:
    value = request.args.get(field, "").strip()
    if not value:
        return None
    try:
        parsed = date.fromisoformat(value) if len(value) == 10 else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise BadQuery(_("%(value)s is not a date; use YYYY-MM-DD", value=value[:40]), field)
    return parsed.isoformat()


def player_param(field: str, known: Sequence[str]) -> str | None:
    value = nfc(request.args.get(field, "").strip())
    if not value:
        return None
    if len(value) > MAX_NAME_LENGTH or value not in known:
        raise unknown_player(value, field)
    return value


def game_param(field: str) -> str | None:
    """A registered game's key from the address, or None when it names none."""
    value = request.args.get(field, "").strip()
    if not value:
        return None
    if value not in GAMES:
        raise BadQuery(
            _(
                "there is no game called %(name)s; choose %(names)s",
                name=value[:40],
                names=", ".join(GAMES),
            ),
            field,
        )
    return value


def page_size() -> int:
    return current_app.config["PAGE_SIZE"]


def page_param(total: int) -> int:
    """The page asked for (1 when none is): a whole number from 1 to the last page."""
    value = request.args.get("page", "").strip()
    if not value:
        return 1
    last = max(1, -(-total // page_size()))
    page = whole_or_none(value)
    if page is None:
        raise BadQuery(_("%(value)s is not a page number", value=value[:40]), "page")
    if not 1 <= page <= last:
        raise BadQuery(
            _("there is no page %(page)s; the last is %(last)d", page=value, last=last), "page"
        )
    return page


def pages(page: int, total: int, endpoint: str, **args: Any) -> dict[str, Any]:
    """Where page ``page`` of ``total`` items is, and links to the newer and older pages
    that keep every other query parameter."""
    last = max(1, -(-total // page_size()))

    def link(number: int) -> str | None:
        if not 1 <= number <= last:
            return None
        return url_for(endpoint, **args, page=number if number > 1 else None)

    return {"page": page, "last": last, "newer": link(page - 1), "older": link(page + 1)}


def game_id_param(field: str) -> int:
    value = request.args.get(field, "").strip()
    number = whole_or_none(value, low=1, high=db.MAX_ID)
    if number is None:
        raise BadQuery(_("%(value)s is not a game number", value=value[:40]), field)
    return number
