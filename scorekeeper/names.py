"""Players' names and a game's name and notes, cleaned and checked: shared by the forms,
the API and import, and free of Flask and WTForms so that the command line's import loads
neither."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from .engine.core.errors import InvalidSettings
from .engine.core.game import Game
from .engine.core.messages import Message, msg, nmsg
from .problems import Problem

MAX_NAME_LENGTH = 30
# The players as messages name them, for games of up to eight. Messages, so that the JSON
# API's text stays English.
PLAYER_ORDINALS = (
    msg("1st player"),
    msg("2nd player"),
    msg("3rd player"),
    msg("4th player"),
    msg("5th player"),
    msg("6th player"),
    msg("7th player"),
    msg("8th player"),
)


class FieldProblem(Problem, ValueError):
    """Input with the wrong shape: ``message`` says what is wrong and ``field`` where."""

    field: str


def nfc(name: str) -> str:
    """``name`` in Unicode's composed form (NFC): "José" typed as an "e" and a combining
    accent, as some keyboards and pastes give it, is the "José" typed as one "é". Every
    name is stored, compared and looked up in this form (migration m025 brought the names
    stored before it)."""
    return unicodedata.normalize("NFC", name)


def clean_name(value: Any) -> str:
    """A player's name in composed form (``nfc``), control characters dropped and spaces
    collapsed."""
    text = "".join(ch for ch in nfc(str(value)) if unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())


def _one_name(value: Any, field: str, not_text: Message, blank: Message) -> str:
    """One player's name, cleaned; raises FieldProblem naming ``field`` with ``not_text``
    or ``blank``, or when the name is longer than MAX_NAME_LENGTH."""
    if not isinstance(value, str):
        raise FieldProblem(not_text, field)
    name = clean_name(value)
    if not name:
        raise FieldProblem(blank, field)
    if len(name) > MAX_NAME_LENGTH:
        raise FieldProblem(
            msg("names are at most %(limit)d characters", limit=MAX_NAME_LENGTH), field
        )
    return name


def clean_player_names(values: Any, seats: int) -> list[str]:
    """Returns ``seats`` cleaned, distinct names (a game's ``Game.seats``); raises
    FieldProblem naming ``players[i]``."""
    if not isinstance(values, Sequence) or isinstance(values, str | bytes):
        raise FieldProblem(
            msg("players must be a list of %(seats)d names in clockwise order", seats=seats),
            "players",
        )
    if len(values) != seats:
        raise FieldProblem(
            nmsg(
                "there is %(num)d name; a game needs %(seats)d",
                "there are %(num)d names; a game needs %(seats)d",
                len(values),
                seats=seats,
            ),
            "players",
        )
    names = []
    for seat, value in enumerate(values):
        field = f"players[{seat}]"
        player = PLAYER_ORDINALS[seat]
        name = _one_name(
            value,
            field,
            msg("the %(player)s's name must be text", player=player),
            msg("the %(player)s needs a name", player=player),
        )
        if name.casefold() in (n.casefold() for n in names):
            raise FieldProblem(
                msg("two players are called %(name)s; tell them apart", name=name), field
            )
        names.append(name)
    return names


def clean_table(game: Game, values: Any) -> tuple[Game, list[str]]:
    """The players' names cleaned (as :func:`clean_player_names`) and ``game`` at their
    table: for a game whose number of players is chosen at the start (``seat_range``),
    as many as were given, within its range. Raises FieldProblem naming ``players`` (the
    rule, for a count the game does not seat) or ``players[i]``."""
    is_list = isinstance(values, Sequence) and not isinstance(values, str | bytes)
    if game.seat_range is not None and is_list:
        try:
            game = game.seated(len(values))
        except InvalidSettings as exc:
            raise FieldProblem(exc.message, "players") from None
    return game, clean_player_names(values, game.seats)


def clean_phone_name(value: Any, field: str = "by") -> str:
    """The name of the phone (its player) hands were recorded on without the network
    (issue 34), cleaned as a player's name is; raises FieldProblem naming ``field`` when it
    is no text, blank or too long."""
    return _one_name(
        value,
        field,
        msg("%(field)s must be the phone's name as text", field=field),
        msg("%(field)s must name the phone the hands were recorded on", field=field),
    )


def clean_new_player(value: Any, seated: Sequence[str], seat: int, field: str = "name") -> str:
    """The name of a player taking ``seat`` (cleaned); raises FieldProblem naming ``field``
    when it is no text, blank, too long, or the name of someone in another seat."""
    name = _one_name(
        value,
        field,
        msg("the new player's name must be text"),
        msg("the new player needs a name"),
    )
    for other, sitting in enumerate(seated):
        if other != seat and sitting.casefold() == name.casefold():
            raise FieldProblem(
                msg("%(name)s already sits at this table; tell them apart", name=name), field
            )
    return name


MAX_GAME_NAME_LENGTH = 80
MAX_NOTES_LENGTH = 2000


def clean_game_details(name: Any, notes: Any) -> tuple[str | None, str | None]:
    """A game's name (one line) and notes (line breaks kept), cleaned; blank becomes None.

    Raises FieldProblem naming ``name`` or ``notes`` for text that is not text or too long.
    """
    if name is not None and not isinstance(name, str):
        raise FieldProblem(msg("the game's name must be text"), "name")
    if notes is not None and not isinstance(notes, str):
        raise FieldProblem(msg("the notes must be text"), "notes")
    clean = clean_name(name or "")
    lines = [clean_name(line) for line in (notes or "").splitlines()]
    text = "\n".join(lines).strip("\n")
    if len(clean) > MAX_GAME_NAME_LENGTH:
        raise FieldProblem(
            msg("a game's name is at most %(limit)d characters", limit=MAX_GAME_NAME_LENGTH), "name"
        )
    if len(text) > MAX_NOTES_LENGTH:
        raise FieldProblem(
            msg("notes are at most %(limit)d characters", limit=MAX_NOTES_LENGTH), "notes"
        )
    return clean or None, text or None
