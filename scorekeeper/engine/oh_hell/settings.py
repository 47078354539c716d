"""Oh Hell's house rules (RULES.md section 4): a frozen dataclass whose fields are its
knobs, the one preset, and the cards dealt hand by hand that ``sequence`` gives.

The table's size is a knob (``players``, 3 to 7): the cards a table may deal depend on
it (``max_cards`` and ``fixed_cards`` at most 52 ÷ players), so the settings check those
together, and an unset ``max_cards`` means the largest deal that leaves a card to turn
for trump, at most 10.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from ..core.errors import InvalidSettings
from ..core.game import Knob
from ..core.knobs import KnobKinds
from ..core.messages import Message, msg
from ..core.settings import SettingsBase

PACK = 52
MIN_PLAYERS, MAX_PLAYERS = 3, 7
DEFAULT_PLAYERS = 4
MOST_CARDS = PACK // MIN_PLAYERS  # the longest deal any table may choose: 17 for three
SEQUENCES = ("down_up", "up_down", "down", "fixed")

KINDS = KnobKinds(
    names=(
        "players",
        "sequence",
        "max_cards",
        "fixed_cards",
        "hands",
        "hook",
        "exact_bonus",
        "made_per_trick",
        "missed_per_trick",
        "miss_step",
    ),
    bools=("hook",),
    choices={"sequence": SEQUENCES},
    ranges={
        "players": (MIN_PLAYERS, MAX_PLAYERS),
        "max_cards": (1, MOST_CARDS),
        "fixed_cards": (1, MOST_CARDS),
        "hands": (1, 100),
        "exact_bonus": (0, 100),
        "made_per_trick": (0, 100),
        "missed_per_trick": (0, 100),
        "miss_step": (0, 100),
    },
    optional=("max_cards",),
)

KNOB_WORDS: dict[str, tuple[Message, Message, str]] = {
    # name: (label on the new-game form, one-line help, group)
    "players": (msg("Players"), msg("players at the table, 3 to 7"), "table"),
    "sequence": (
        msg("Cards per hand"),
        msg("how the cards dealt change from hand to hand"),
        "deal",
    ),
    "max_cards": (
        msg("Most cards"),
        msg(
            "the most cards dealt to each player; unset: the most that leave a card "
            "for trump, at most 10"
        ),
        "deal",
    ),
    "fixed_cards": (
        msg("Cards each hand"),
        msg("cards dealt to each player in every hand of a fixed game"),
        "deal",
    ),
    "hands": (msg("Hands"), msg("hands in a fixed game"), "deal"),
    "hook": (
        msg("The hook"),
        msg("the dealer may not bid the number that makes the bids total the cards dealt"),
        "bidding",
    ),
    "exact_bonus": (msg("Exact bonus"), msg("points for taking exactly the tricks bid"), "scoring"),
    "made_per_trick": (
        msg("Per trick bid, made"),
        msg("points per trick bid, when taken exactly"),
        "scoring",
    ),
    "missed_per_trick": (
        msg("Per trick, missed"),
        msg("points per trick taken when the bid is missed"),
        "scoring",
    ),
    "miss_step": (
        msg("Per trick off"),
        msg("points lost per trick more or fewer than the bid"),
        "scoring",
    ),
}
SEQUENCE_WORDS: dict[str, Message] = {
    "down_up": msg("down to 1 and back up"),
    "up_down": msg("up from 1 and back down"),
    "down": msg("down to 1"),
    "fixed": msg("the same every hand"),
}


def most_cards(players: int) -> int:
    """The longest deal ``players`` can be dealt from one pack: 52 ÷ players."""
    return PACK // players


def default_max_cards(players: int) -> int:
    """The largest deal that leaves a card to turn for trump, at most 10: 10 for 3 to 5
    players, 8 for 6, 7 for 7."""
    return min(10, (PACK - 1) // players)


@dataclass(frozen=True, slots=True)
class OhHellSettings(SettingsBase):
    players: int = DEFAULT_PLAYERS
    sequence: str = "down_up"
    max_cards: int | None = None
    fixed_cards: int = 7
    hands: int = 10
    hook: bool = True
    exact_bonus: int = 10
    made_per_trick: int = 1
    missed_per_trick: int = 0
    miss_step: int = 0

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return KINDS.coerce(name, value)

    def with_changes(self, values: Mapping[str, Any]) -> Self:
        """A copy with knobs changed; raises InvalidSettings naming the knob, also for a
        deal longer than the pack allows at this table (blaming the knob changed)."""
        changed = SettingsBase.with_changes(self, values)
        most = most_cards(changed.players)
        for name in ("max_cards", "fixed_cards"):
            cards = getattr(changed, name)
            if cards is not None and cards > most:
                blamed = name if name in values or "players" not in values else "players"
                problem = msg(
                    "%(knob)s is %(cards)d; %(players)d players can be dealt at most "
                    "%(most)d cards each",
                    knob=name,
                    cards=cards,
                    players=changed.players,
                    most=most,
                )
                raise InvalidSettings(problem, blamed)
        return changed

    @property
    def top_cards(self) -> int:
        """The most cards a hand of the sequence deals (``max_cards`` or its default)."""
        if self.sequence == "fixed":
            return self.fixed_cards
        return self.max_cards or default_max_cards(self.players)


def cards_sequence(settings: OhHellSettings) -> tuple[int, ...]:
    """The cards dealt in each hand of a game, in order: its length is the game's."""
    top = settings.top_cards
    if settings.sequence == "fixed":
        return (top,) * settings.hands
    down = tuple(range(top, 0, -1))
    if settings.sequence == "down":
        return down
    if settings.sequence == "up_down":
        return down[::-1] + down[1:]
    return down + down[::-1][1:]


PRESETS: dict[str, OhHellSettings] = {"oh-hell": OhHellSettings()}


def knobs(players: int) -> tuple[Knob, ...]:
    """Every knob as the new-game form shows it, for a table of ``players``: the longest
    deal they may choose is 52 ÷ players."""
    words = tuple(SEQUENCE_WORDS[s] for s in SEQUENCES)
    return tuple(
        KINDS.knob(
            name,
            KNOB_WORDS[name][1],
            KNOB_WORDS[name][0],
            KNOB_WORDS[name][2],
            words if name in KINDS.choices else (),
            most_cards(players) if name in ("max_cards", "fixed_cards") else None,
        )
        for name in KINDS.names
    )
