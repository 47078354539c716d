"""A club night's rules: the game, its preset and knobs, the series, the deals in a
series and how the standings count, with each game's tournament rules as the defaults
where it has them (``TOURNAMENT_RULES``), and everything else derived from what the game
already declares (its seats, ``seat_range`` and knobs)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import EngineError, InvalidSettings
from ..core.game import Game
from ..core.messages import Message, msg
from ..core.names_in_sentences import OF_ONE, name_in
from ..core.numbers import shown, whole_or_none
from ..registry import get_game

SCORINGS = ("points", "placing")
"""How a player's tables add up: their total at each table, or points for their place
at each table (``standings``)."""

MAX_SERIES = 12
MAX_DEALS_PER_PLAYER = 40

LENGTH_KNOBS = ("deals", "hand_limit", "deal_limit", "hands", "rounds")
"""The knob that ends a game after so many hands, by the names the games give it: the
first a game's settings have is the one a night sets from its deals per player."""


@dataclass(frozen=True, slots=True)
class Tournament:
    """A game's tournament rules, where it has them: the preset and knobs a tournament
    plays, its deals per player in a series (each table plays that many deals for each
    player at it), the table size it draws first, and where the rules come from."""

    preset: str
    deals_per_player: int
    table_size: int
    source: Message
    knobs: Mapping[str, Any] = field(default_factory=dict)


TOURNAMENT_RULES: dict[str, Tournament] = {
    "skat": Tournament(
        preset="isko",
        knobs={"seeger_fabian": "on"},
        deals_per_player=12,
        table_size=4,
        source=msg(
            "International Skat Order: 48 deals at a table of four, 36 at a table of three, "
            "counted in Seeger-Fabian points"
        ),
    ),
    "doppelkopf": Tournament(
        preset="ddv",
        deals_per_player=6,
        table_size=4,
        source=msg(
            "DDV tournament rules: 24 deals at a table of four, 30 at a table of five "
            "(everyone plays 24)"
        ),
    ),
}


def seat_counts(game: Game) -> tuple[int, ...]:
    """The table sizes the game seats: its ``seat_range``, or only ``seats``."""
    low, high = game.seat_range or (game.seats, game.seats)
    return tuple(range(low, high + 1))


def preferred_size(game: Game) -> int:
    """The table size a draw makes first: the tournament's, else the game's own count."""
    tournament = TOURNAMENT_RULES.get(game.key)
    return tournament.table_size if tournament else game.seats


def default_deals(game: Game, preset: str) -> int:
    """The deals per player a night under ``preset`` plays by default: the tournament's
    where ``preset`` is the tournament's preset (ISkO's 12 at Skat, the DDV's 6 at
    Doppelkopf), else 0, each table playing to the end ``preset`` itself sets (its target,
    or its own number of deals: Chicago's 4, Five Crowns' 11 rounds)."""
    tournament = TOURNAMENT_RULES.get(game.key)
    return tournament.deals_per_player if tournament and tournament.preset == preset else 0


def length_knob(game: Game) -> str | None:
    """The knob that ends the game after a number of hands (``LENGTH_KNOBS``), or None
    for a game that only ends at its target (Euchre)."""
    names = game.presets[next(iter(game.presets))].to_dict()
    return next((name for name in LENGTH_KNOBS if name in names), None)


@dataclass(frozen=True, slots=True)
class NightRules:
    """What every table of a night plays: ``game`` (its key), ``preset`` and ``knobs``
    (changes to the preset), ``series``, ``deals_per_player`` (0: each table plays to the
    game's own end, its target or its hands), ``target`` (None: the preset's) and
    ``scoring`` (one of ``SCORINGS``)."""

    game: str
    preset: str
    series: int
    deals_per_player: int
    scoring: str
    target: int | None = None
    knobs: tuple[tuple[str, Any], ...] = ()

    @property
    def kind(self) -> Game:
        return get_game(self.game)

    def deals(self, size: int) -> int:
        """The deals a table of ``size`` plays in a series (0: the game's own end)."""
        return self.deals_per_player * size

    def table_settings(self, size: int) -> Any:
        """The settings of a table of ``size``: the preset at that count, the knobs, the
        target and the deals. Raises InvalidSettings naming the night's field."""
        table = self.kind.seated(size)
        changes = dict(self.knobs)
        if self.target is not None:
            changes["target"] = self.target
        knob = length_knob(table)
        if self.deals_per_player and knob is not None:
            changes[knob] = self.deals(size)
        try:
            settings = table.preset(self.preset).with_changes(changes)
            settings.check_table(table.seats)
        except InvalidSettings as exc:
            where = {"target": "target", knob: "deals_per_player"}.get(exc.field, "rules")
            problem = msg("At a table of %(size)d: %(problem)s", size=size, problem=exc.message)
            raise InvalidSettings(problem, where) from None
        return settings

    def lowest_wins(self) -> bool:
        """Whether the lowest total wins under these rules (Hearts): the preset with the
        knobs, whatever the table's size and deals."""
        return self.kind.preset(self.preset).with_changes(dict(self.knobs)).lowest_wins

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "preset": self.preset,
            "series": self.series,
            "deals_per_player": self.deals_per_player,
            "scoring": self.scoring,
            "target": self.target,
            "knobs": dict(self.knobs),
        }


FIELD_WORDS = {
    "series": msg("Series"),
    "deals_per_player": msg("Deals per player in a series"),
    "target": msg("Target score"),
}


def _whole(value: Any, name: str, low: int, high: int) -> int:
    """``value`` as a whole number in ``low..high``; raises InvalidSettings naming
    ``name`` in the table's words and the rule."""
    number = whole_or_none(value, low=low, high=high)
    if number is None:
        problem = msg(
            "%(field)s must be a whole number from %(low)d to %(high)d, not %(value)s",
            field=FIELD_WORDS[name],
            low=low,
            high=high,
            value=value.strip()[:20] if isinstance(value, str) else shown(value),
        )
        raise InvalidSettings(problem, name)
    return number


def night_rules(
    game: Any,
    preset: Any = None,
    series: Any = 2,
    deals_per_player: Any = None,
    scoring: Any = "points",
    target: Any = None,
    knobs: Mapping[str, Any] | None = None,
) -> NightRules:
    """A night's rules, checked: None for ``preset`` takes the game's tournament preset
    where it has one (else its first), and None for ``deals_per_player`` or ``knobs`` that
    preset's tournament rules (``default_deals``; else the preset's own end and no knobs).
    Raises EngineError naming the field and the rule."""
    if not isinstance(game, str):
        raise InvalidSettings(msg("Choose a game for the night"), "game")
    kind = get_game(game)
    tournament = TOURNAMENT_RULES.get(kind.key)
    if preset is None:
        preset = tournament.preset if tournament else next(iter(kind.presets))
    if not isinstance(preset, str) or preset.strip().lower() not in kind.presets:
        names = ", ".join(str(kind.preset_words[name][0]) for name in kind.presets)
        problem = msg("The rules must be one of %(presets)s", presets=names)
        raise InvalidSettings(problem, "rules")
    preset = preset.strip().lower()
    if knobs is None:
        knobs = tournament.knobs if tournament and tournament.preset == preset else {}
    if deals_per_player is None or deals_per_player == "":
        deals_per_player = default_deals(kind, preset)
    deals = _whole(deals_per_player, "deals_per_player", 0, MAX_DEALS_PER_PLAYER)
    if deals and length_knob(kind) is None:
        problem = msg(
            "Deals per player in a series must be 0: %(game)s ends at its target",
            game=name_in(kind.name, OF_ONE),
        )
        raise InvalidSettings(problem, "deals_per_player")
    if scoring not in SCORINGS:
        problem = msg("The standings count the points at each table or the places")
        raise InvalidSettings(problem, "scoring")
    blank = target is None or target == ""
    target = None if blank else _whole(target, "target", 1, 100_000)
    rules = NightRules(
        game=kind.key,
        preset=preset,
        series=_whole(series, "series", 1, MAX_SERIES),
        deals_per_player=deals,
        scoring=scoring,
        target=target,
        knobs=tuple(sorted(dict(knobs).items())),
    )
    try:
        for size in seat_counts(kind):
            rules.table_settings(size)
    except EngineError:
        # A size the draw may not need (Wizard's 15 rounds at five): checked per draw.
        if not any(_fits(rules, size) for size in seat_counts(kind)):
            raise
    return rules


def _fits(rules: NightRules, size: int) -> bool:
    try:
        rules.table_settings(size)
    except EngineError:
        return False
    return True


def from_dict(stored: Mapping[str, Any]) -> NightRules:
    """A night's rules as ``to_dict`` wrote them, as they were checked when the night
    started (not checked again: a night keeps the rules it was drawn under)."""
    return NightRules(
        game=stored["game"],
        preset=stored["preset"],
        series=stored["series"],
        deals_per_player=stored["deals_per_player"],
        scoring=stored["scoring"],
        target=stored.get("target"),
        knobs=tuple(sorted((stored.get("knobs") or {}).items())),
    )
