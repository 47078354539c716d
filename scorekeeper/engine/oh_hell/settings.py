"""Oh Hell's house rules (docs/rules/oh-hell.md): a frozen dataclass whose fields are its
knobs, the one preset, and the cards dealt hand by hand that ``sequence`` gives.

The table's size is a knob (``players``, 3 to 7): the cards a table may deal depend on
it (``max_cards`` and ``fixed_cards`` at most 52 ÷ players), so the settings check those
together, and an unset ``max_cards`` means the largest deal that leaves a card to turn
for trump, at most 10.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from ..core.errors import InvalidSettings
from ..core.game import Knob
from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

PACK = 52
MIN_PLAYERS, MAX_PLAYERS = 3, 7
DEFAULT_PLAYERS = 4
MOST_CARDS = PACK // MIN_PLAYERS  # the longest deal any table may choose: 17 for three


def most_cards(players: int) -> int:
    """The longest deal ``players`` can be dealt from one pack: 52 ÷ players."""
    return PACK // players


def default_max_cards(players: int) -> int:
    """The largest deal that leaves a card to turn for trump, at most 10: 10 for 3 to 5
    players, 8 for 6, 7 for 7."""
    return min(10, (PACK - 1) // players)


@dataclass(frozen=True, slots=True)
class OhHellSettings(SettingsBase):
    players: int = knob(
        DEFAULT_PLAYERS,
        label=msg("Players"),
        help=msg("players at the table, 3 to 7"),
        group="table",
        low=MIN_PLAYERS,
        high=MAX_PLAYERS,
        seated=True,
    )
    sequence: str = knob(
        "down_up",
        label=msg("Cards per hand"),
        help=msg("how the cards dealt change from hand to hand"),
        group="deal",
        choices={
            "down_up": msg("down to 1 and back up"),
            "up_down": msg("up from 1 and back down"),
            "down": msg("down to 1"),
            "fixed": msg("the same every hand"),
        },
    )
    max_cards: int | None = knob(
        None,
        label=msg("Most cards"),
        help=msg(
            "the most cards dealt to each player; unset: the most that leave a card "
            "for trump, at most 10"
        ),
        group="deal",
        low=1,
        high=MOST_CARDS,
        optional=True,
    )
    fixed_cards: int = knob(
        7,
        label=msg("Cards each hand"),
        help=msg("cards dealt to each player in every hand of a fixed game"),
        group="deal",
        low=1,
        high=MOST_CARDS,
    )
    hands: int = knob(
        10, label=msg("Hands"), help=msg("hands in a fixed game"), group="deal", low=1, high=100
    )
    hook: bool = knob(
        True,
        label=msg("The hook"),
        help=msg("the dealer may not bid the number that makes the bids total the cards dealt"),
        group="bidding",
    )
    exact_bonus: int = knob(
        10,
        label=msg("Exact bonus"),
        help=msg("points for taking exactly the tricks bid"),
        group="scoring",
        low=0,
        high=100,
    )
    made_per_trick: int = knob(
        1,
        label=msg("Per trick bid, made"),
        help=msg("points per trick bid, when taken exactly"),
        group="scoring",
        low=0,
        high=100,
    )
    missed_per_trick: int = knob(
        0,
        label=msg("Per trick, missed"),
        help=msg("points per trick taken when the bid is missed"),
        group="scoring",
        low=0,
        high=100,
    )
    miss_step: int = knob(
        0,
        label=msg("Per trick off"),
        help=msg("points lost per trick more or fewer than the bid"),
        group="scoring",
        low=0,
        high=100,
    )

    preset_aside: ClassVar[tuple[str, ...]] = ("players",)

    def knobs_for_table(self) -> tuple[Knob, ...]:
        """The knobs for a table of ``players``: the longest deal is 52 ÷ players."""
        most = most_cards(self.players)
        return self.knobs({"max_cards": most, "fixed_cards": most})

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
