"""What the pages and the API share about a game, apart from any view: which game a stored
game plays, its rules as one label, and starting a new game.

Views import this module, never each other, so that ``api``, ``review`` and ``sheets``
do not load the ``games`` blueprint.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from flask import abort, request
from flask_babel import gettext as _

from .. import db, game_play
from ..db import club
from ..engine import (
    GAMES,
    Game,
    ParseError,
    Settings,
    get_game,
    parse_int,
    read_starting_totals,
    table_game,
)
from ..engine.core.display import total
from ..engine.core.errors import EngineError
from ..engine.core.game import HandWords, sides_as_named, title_of
from ..engine.core.messages import msg
from ..engine.core.names_in_sentences import AT, name_in
from ..engine.core.seating import SeatChange, empty_at, grows, present_at, with_empty
from ..engine.core.seats import leaders_of
from ..names import clean_new_player, clean_table, refuse_look_alikes
from .access import can_edit
from .access import group_name as group_name  # the views take it from here
from .forms import FieldProblem, preset_label
from .i18n import shown, translate
from .throttle import allow, owner_required


def game_of(game: db.StoredGame | Mapping[str, Any]) -> Game:
    """The game a stored game (or its row) plays, at its table's number of players: a
    stored game's own (``StoredGame.table``, resolved when it was read); for a row, the
    default game for one stored before games had a key, the game as registered for a row
    without its players."""
    if isinstance(game, db.StoredGame):
        return game.table
    found = game.get if isinstance(game, Mapping) else functools.partial(getattr, game)
    key, players = found("game", None), found("players", None)
    if players is None:
        return get_game(key or None)
    return table_game(key or None, players)


def kind_name(game: db.StoredGame | Game | Mapping[str, Any]) -> str:
    """The name of the game ``game`` plays (a stored game, or its row) or is (a registered
    game), in the page's language: what a page's title says after the page's own name. A
    stored game started from a preset that names it is called so (Hearts, not "Any other
    game")."""
    # A stored game first: ``Game`` is a runtime-checkable protocol, whose isinstance()
    # inspects every member (a quarter of a millisecond for each game a page lists).
    if not isinstance(game, db.StoredGame) and isinstance(game, Game):
        return translate(game.name)
    preset = game.get("rules") if isinstance(game, Mapping) else game.rules
    return translate(title_of(game_of(game), preset or ""))


def hand_words(game: db.StoredGame) -> HandWords:
    """The app's lines about one hand of ``game`` in its own word for a hand ("round")."""
    return game_of(game).page_words.hand


def describe(
    game: Game, hand: dict[str, Any], players: Sequence[str], settings: Settings | None = None
) -> str:
    """One line for a hand of ``game`` given as its record's ``to_dict``, ``players`` in
    seat order as they sat for it, under the game's ``settings``."""
    return " · ".join(shown(part) for part in game.describe_hand(hand, players, settings))


def counted_number(game: db.StoredGame, number: int) -> int:
    """Hand ``number`` as the table counts it, where the game's count differs from its
    rows' (a Chicago's passed-out deal is dealt again and takes no number): the game's
    ``paper.deal_number`` at the hand's place (one row read); else the row's number."""
    counted = game_of(game).paper.deal_number
    if counted is None or not 1 <= number <= game.hand_count:
        return number
    return counted(game.settings, game_play.place_of(db.get_db(), game, number))


def game_title(game: db.StoredGame | Mapping[str, Any]) -> str:
    """A stored game's (or its row's) name as every page and list shows it, in the page's
    language: the name its group gave it under "Name and notes", else the name of what it
    plays, its preset's where that names it (Hearts; ``kind_name``)."""
    given = game.get("name") if isinstance(game, Mapping) else game.name
    if isinstance(given, str) and given.strip():
        return given
    return kind_name(game)


def game_summary(game: db.StoredGame) -> dict[str, Any]:
    """A game as home and a group's page list it: which game it is (its kind, and the name
    given under "Name and notes"), who plays (by side: partners together), when, how many
    hands, which side leads (or won) and whether this browser may record hands in it."""
    rules = game_of(game)
    members = [[game.seated[seat] for seat in side] for side in rules.sides]
    # A side's total is any of its seats' (partners share theirs).
    totals = [game.totals[side[0]] for side in rules.sides]
    if game.winner is not None:
        leading = [game.winner]
    else:
        # The sides whose totals are best: the lowest where the lowest total wins.
        scores = game.settings.in_favour(totals)
        leading = list(leaders_of(scores)) if game.hand_count else []
    return {
        "id": game.id,
        "kind": kind_name(game),
        "name": game.name,
        "date": game.created_at[:10],
        "sides": members,
        "status": game.status,
        "hands": game.hand_count,
        "leaders": [(members[side], total(totals[side])) for side in leading],
        "mine": can_edit(game),
    }


# The games in progress home (per group) and a group's page list at most.
PLAYING_SHOWN = 20


def playing_in(group: db.Group) -> list[dict[str, Any]]:
    """The group's games in progress, newest first, as home and the group's page list them."""
    return [
        game_summary(game)
        for game in db.list_games(db.get_db(), "in_progress", PLAYING_SHOWN, group_id=group.id)
    ]


def games_to_start() -> list[tuple[str, str | None, str]]:
    """New game's first choice, as (game key, preset or None, name in the page's language):
    every game the app offers and, after it, each preset that makes it another game by name
    (the round sheet's Hearts), so that setting one up is one tap."""
    found: list[tuple[str, str | None, str]] = []
    for key, game in GAMES.items():
        found.append((key, None, translate(game.name)))
        titled = game.preset_titles.items()
        found.extend((key, preset, translate(title)) for preset, title in titled)
    return found


def offered_games() -> list[tuple[str, str]]:
    """Every game the app offers, as (key, name in the page's language), for a choice."""
    return [(key, translate(game.name)) for key, game in GAMES.items()]


def offered_game(key: str | None) -> Game:
    """The offered game a page's address names (``?game=``; None: the default game), or a
    404 that names the games there are, for an address typed or tampered with."""
    if key is not None and key not in GAMES:
        abort(
            404,
            _(
                "There is no game called %(name)s; choose %(names)s.",
                name=key[:40],
                names=", ".join(GAMES),
            ),
        )
    return get_game(key)


def offered_preset(game: Game, chosen: str) -> Any:
    """The settings of ``game``'s preset that a page's address names (``?rules=``), or a
    400 that names the presets there are."""
    if chosen not in game.presets:
        abort(
            400,
            _(
                "There is no rules preset called %(name)s; choose %(names)s.",
                name=chosen[:40],
                names=", ".join(game.presets),
            ),
        )
    return game.presets[chosen]


def side_names(game: db.StoredGame, names: Sequence[str] | None = None) -> list[str]:
    """Each side as its players' names, "Ann & Cat" (one name each without partners): of
    ``names`` in seat order, or of who sits at the table now. Partners are each isolated
    (FSI…PDI), so a Hebrew name beside a Latin one keeps its place and its "&"."""
    return sides_as_named(game_of(game), game.seated if names is None else names)


def side_members(game: db.StoredGame) -> list[list[str]]:
    """Each side's players as they sit now, in seat order: a page shows partners one
    under the other, so neither is cut short for the other."""
    return [[game.seated[seat] for seat in side] for side in game_of(game).sides]


def change_seat(game: db.StoredGame, seat: int, name: Any) -> tuple[str, SeatChange]:
    """From the next hand on, ``name`` (as typed) takes ``seat`` (a seat of the table) and
    the seat's total carries on. Returns who left and the change as stored. Raises
    FieldProblem naming ``name`` for a name that is blank, too long or already at the
    table, EngineError as ``db.change_seat`` does, or db.NotFound."""
    if table_grows(game) and seat not in seats_taken(game):
        return game.seated[seat], seat_joins(game, name, seat)  # into the empty seat
    cleaned = _at_no_other_table(game, clean_new_player(name, game.seated, seat))
    return game.seated[seat], db.change_seat(db.get_db(), game.id, seat, cleaned)


def refuse_look_alikes_in_group(names: Sequence[str], field: str) -> None:
    """Raises ``names.LookAlike`` naming ``field`` when one of ``names`` (cleaned) looks
    like another of them, or like a player of the request's group (its ``group_id`` in
    the address, as a club night's pages and API have), without being them. The data
    layer checks again as it stores them; this says it before anything is drawn."""
    group_id = (request.view_args or {}).get("group_id")
    known = db.group_player_names(db.get_db(), group_id) if group_id is not None else []
    refuse_look_alikes([(field, name) for name in names], known)


def _at_no_other_table(game: db.StoredGame, name: str) -> str:
    """``name``, unless a club night's series has them at another table (issue 45): a
    player sits at one table of a series; raises FieldProblem naming ``name``."""
    elsewhere = club.seated_elsewhere(db.get_db(), game.id, name)
    if elsewhere is not None:
        problem = msg(
            "%(name)s sits at table %(number)d in this series: a player sits at one table only",
            name=name,
            number=elsewhere,
        )
        raise FieldProblem(problem, "name")
    return name


def table_grows(game: db.StoredGame) -> bool:
    """Whether a player may join or leave the game's table with nobody taking a seat
    (Skat: three at the table, or four)."""
    return grows(game.settings) and game_of(game).seat_range is not None


def seats_taken(game: db.StoredGame) -> tuple[int, ...]:
    """The seats with a player in them for the next hand."""
    return present_at(game.settings, len(game.players), game.hand_count + 1)


def _at_the_table(game: db.StoredGame) -> tuple[int, int]:
    rules = game_of(game)
    low, high = rules.seat_range or (rules.seats, rules.seats)
    return low, high


def seat_empties(game: db.StoredGame, seat: int) -> str:
    """From the next hand on, the player in ``seat`` leaves and nobody takes the seat
    (their total stays on the list). Returns who left. Raises FieldProblem naming
    ``seat`` when the table would be too small, or the seat is empty already, and
    db.Conflict when the game changed meanwhile."""
    name = game.seated[seat]
    low, high = _at_the_table(game)
    taken = seats_taken(game)
    if not table_grows(game):
        raise FieldProblem(msg("someone must take the seat of %(name)s", name=name), "seat")
    if seat not in taken:
        raise FieldProblem(msg("%(name)s is not at the table now", name=name), "seat")
    if len(taken) - 1 < low:
        said = msg(
            "%(game)s needs %(low)d or %(high)d at the table: without %(name)s, "
            "%(count)d would play",
            game=name_in(game_of(game).name, AT),
            low=low,
            high=high,
            name=name,
            count=len(taken) - 1,
        )
        raise FieldProblem(said, "seat")
    number = game.hand_count + 1
    settings = with_empty(game.settings, number, (*empty_at(game.settings, number), seat))
    db.change_table(db.get_db(), game, settings)
    game_play.fill_states(db.get_db(), game.id)  # at the new table
    return name


def seat_joins(game: db.StoredGame, name: Any, seat: int | None = None) -> SeatChange:
    """From the next hand on, ``name`` (as typed) joins the table in an empty seat (``seat``
    when given and empty), or in a seat added to the list when every seat is taken (three
    at a Skat list that may seat four). Returns the change. Raises FieldProblem naming
    ``name`` for a name that is blank, too long or at the table, or when the table is
    full, and db.Conflict when the game changed meanwhile."""
    low, high = _at_the_table(game)
    taken = seats_taken(game)
    free = [seat for seat in range(len(game.players)) if seat not in taken]
    if not table_grows(game) or len(taken) >= high:
        said = msg(
            "%(game)s needs %(low)d or %(high)d at the table: every seat is taken, so a "
            "player who joins takes the seat of one who leaves",
            game=name_in(game_of(game).name, AT),
            low=low,
            high=high,
        )
        raise FieldProblem(said, "name")
    number = game.hand_count + 1
    seated = [game.seated[s] if s in taken else "" for s in range(len(game.players))]
    if free:
        seat = seat if seat in free else free[0]
        cleaned = _at_no_other_table(game, clean_new_player(name, seated, seat))
        left = tuple(s for s in empty_at(game.settings, number) if s != seat)
        settings = with_empty(game.settings, number, left)
        change = SeatChange(number, seat, cleaned)
        db.change_table(db.get_db(), game, settings, change=change)
        game_play.fill_states(db.get_db(), game.id)  # at the new table
        return change
    seat = len(game.players)
    cleaned = _at_no_other_table(game, clean_new_player(name, [*seated, ""], seat))
    settings = (
        game_of(game)
        .seated(seat + 1)
        .settings_from_dict({**game.settings.to_dict(), "players": seat + 1})
    )
    if number > 1:
        settings = with_empty(with_empty(settings, 1, (seat,)), number, ())
    db.change_table(db.get_db(), game, settings, new_seat=cleaned)
    game_play.fill_states(db.get_db(), game.id)  # at the new table
    return SeatChange(number, seat, cleaned)


def rules_label(game: db.StoredGame) -> str:
    """The preset a game started from, noting house rules when any setting differs, in the
    page's language (English for the JSON API); a club night's table that plays the
    night's settings names what the night changed instead (``night_rules_label``)."""
    name = str(preset_label(game_of(game), game.rules))
    if game.settings.preset_of(game_of(game).presets) == game.rules:
        return name
    night = night_rules_label(game)
    return night or _("%(preset)s + house rules", preset=name)


def night_rules_label(game: Any) -> str | None:
    """The rules of a club night's table, as its pages and list say them: the preset and,
    by their words, the knobs the night changed ("International Skat Order + Seeger-Fabian
    list"), never "+ house rules" for a night's own scoring. None for a game of no night
    (or one read without its id), and for a table that set house rules of its own."""
    game_id = getattr(game, "id", None)
    place = club.table_of_game(db.get_db(), game_id) if game_id else None
    night = place and club.load_night(db.get_db(), place.night_id, place.group_id, whole=False)
    if not night:
        return None
    kind, rules = game_of(game), night.rules
    try:
        planned = rules.table_settings(len(game.players))
    except EngineError:  # the night's rules as stored, no longer playable at this size
        return None
    aside = {name: getattr(game.settings, name) for name in game.settings.preset_aside}
    if replace(planned, **aside) != game.settings:
        return None
    preset = kind.preset(rules.preset)
    words = {knob.name: knob.label for knob in game.settings.knobs_for_table()}
    changed = [
        str(translate(words[name])) if words.get(name) is not None else name
        for name, value in rules.knobs
        if getattr(preset, name, value) != getattr(planned, name, value)
    ]
    name = str(preset_label(kind, rules.preset))
    return _("%(preset)s + %(rules)s", preset=name, rules=", ".join(changed)) if changed else name


def settings_for(
    rules: Any, changes: dict[str, Any], target: Any, game: Game | None = None
) -> tuple[str, Settings]:
    """The preset's name and the game's full settings; raises EngineError naming the knob."""
    game = game or get_game()
    if not isinstance(rules, str):
        raise FieldProblem(
            msg("rules must name a preset: %(presets)s", presets=", ".join(game.presets)), "rules"
        )
    base = game.preset(rules)
    if target is not None:
        changes = {**changes, "target": target}
    return rules.strip().lower(), base.with_changes(changes)


def first_dealer_of(value: Any, seats: int = 4) -> int:
    """A seat 0..seats-1, or a random one for ``"random"`` or None; raises FieldProblem."""
    if value is None or value == "random":
        return secrets.randbelow(seats)
    try:
        return parse_int(value, "first_dealer", low=0, high=seats - 1)
    except ParseError:
        raise FieldProblem(
            msg('first_dealer must be a seat 0..%(last)d or "random"', last=seats - 1),
            "first_dealer",
        ) from None


def start_game(
    players: Any,
    rules: Any,
    changes: dict[str, Any],
    target: Any,
    first_dealer: Any,
    game_key: Any = None,
    starting_totals: Any = None,
    group_id: int | None = None,
    new_group: Callable[[db.Group, str], None] | None = None,
    owner_key: str | None = None,
) -> tuple[int, str]:
    """Checks and stores a new game of the registered game ``game_key`` (None: the default
    game) for as many ``players`` as it seats, its totals starting from ``starting_totals``
    (one per side; None: zero), in the group ``group_id`` (None: a new group of its own,
    made once the game is checked, and handed with its key, which is never stored, to
    ``new_group`` when given); returns (id, edit key). Raises FieldProblem or EngineError
    naming the field; past this client's rate of new games and groups TooMany, and for a
    new group on a server open only to invited groups Forbidden unless ``owner_key`` is
    the owner's (``throttle``)."""
    if game_key is not None and not isinstance(game_key, str):
        raise FieldProblem(msg("game must name a game: %(games)s", games=", ".join(GAMES)), "game")
    # A game whose number of players is chosen now: the game at as many as were named.
    game, names = clean_table(get_game(game_key), players)
    if not isinstance(changes, dict):
        raise FieldProblem(msg("settings must be an object of rule settings"), "settings")
    rules_name, settings = settings_for(rules, changes, target, game)
    settings.check_table(game.seats)
    start = read_starting_totals(
        # A game that ends otherwise than at a target (Oh Hell) has none to stay below.
        starting_totals,
        len(game.sides),
        getattr(settings, "target", None),
        settings.losing_floor,
    )
    dealer = first_dealer_of(first_dealer, game.seats)
    database = db.get_db()
    if group_id is None:
        owner_required(owner_key)
        allow("group")
    allow("game")
    if group_id is None:
        group, group_key = db.create_group(database, None)
        group_id = group.id
        if new_group is not None:
            new_group(group, group_key)
    return db.create_game(
        database,
        names,
        rules_name,
        settings,
        dealer,
        game=game.key,
        starting_totals=start,
        group_id=group_id,
    )


def rematch(game: db.StoredGame, next_dealer: int) -> tuple[int, str]:
    """A new game for the same players in the same seats, under the same game and settings,
    in the same group, dealt first by ``next_dealer`` (where the finished game's deal had
    passed on to). Returns (id, edit key)."""
    allow("game")
    players, settings = game.seated, game.settings
    if table_grows(game):
        # A table that grew or shrank: the next game is for those at the table now.
        taken = seats_taken(game)
        players = tuple(game.seated[seat] for seat in taken)
        values = {k: v for k, v in settings.to_dict().items() if k != "empty_seats"}
        table = table_game(game.game, players)
        settings = table.settings_from_dict({**values, "players": len(players)})
        next_dealer = taken.index(next_dealer) if next_dealer in taken else 0
    return db.create_game(
        db.get_db(),
        players,
        game.rules,
        settings,
        next_dealer,
        game=game.game,
        group_id=game.group_id,
    )
