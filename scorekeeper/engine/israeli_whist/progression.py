"""Game progression: dealer rotation, opener and leader, running totals and the end of game.

Israeli Whist is a race to the target (``core/progress.py``): ``replay`` is the one place
that turns a game's recorded hands into everything a scoreboard shows, so the web app, the
CLI and the tests all agree. What is its own: the opener, a thrown-in deal dealt again by
the same dealer, the hand limit, and a tie at the end that may share the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.progress import RaceProgress, RaceState, ReplayedHand, Status, resume_race, start_state
from ..core.seats import SEATS, left_of
from .records import HandRecord
from .scoring import HandScore
from .settings import RuleSettings

__all__ = ["GameProgress", "ReplayedHand", "State", "Status", "replay", "resume"]

GameProgress = RaceProgress
State = RaceState


def opener_for(settings: RuleSettings, dealer: int) -> int:
    """The seat that opens the auction: the dealer, or the player to the dealer's left."""
    return dealer if settings.opener == "dealer" else left_of(dealer)


def next_dealer(dealer: int, hand: HandRecord) -> int:
    """The next hand's dealer: a thrown-in deal is dealt again by the same dealer."""
    return dealer if hand.thrown_in else left_of(dealer)


class IsraeliRace:
    """Israeli Whist's part of the race (``core.progress.RaceRules``)."""

    def score_hand(self, settings: RuleSettings, record: Any) -> HandScore | None:
        return None if record.thrown_in else record.score(settings)

    def next_dealer(self, dealer: int, record: Any) -> int:
        return next_dealer(dealer, record)

    def opener(self, settings: RuleSettings, dealer: int) -> int:
        return opener_for(settings, dealer)

    def hand_limit(self, settings: RuleSettings) -> int:
        return settings.hand_limit

    def shares_tie(self, settings: RuleSettings) -> bool:
        return settings.tie_at_end == "shared"


_RACE = IsraeliRace()


def replay(
    settings: RuleSettings,
    first_dealer: int,
    hands: Sequence[HandRecord],
    starting_totals: Sequence[int] | None = None,
) -> GameProgress:
    """Scores ``hands`` in order and returns the game's state after them.

    The game ends after the first hand in which a seat reaches or passes the target, or
    after ``hand_limit`` scored hands when that is set, when one seat alone has the
    highest total. While two or more tie at the top, play goes on until one seat alone
    leads (``tie_at_end="play_on"``), or the tied seats share the win (``"shared"``: then
    ``winners`` names them all and ``winner`` is None). Raises ValueError if a hand is
    recorded after the end. ``starting_totals`` (carried over from a paper sheet or an
    earlier game, "hand 0") are where the totals start; they count toward the target.
    """
    return resume(settings, start_state(first_dealer, SEATS, SEATS, starting_totals), hands)


def resume(settings: RuleSettings, state: State, hands: Sequence[HandRecord]) -> GameProgress:
    """Scores ``hands`` as the game's hands ``state.number + 1``, … after ``state``: the
    game's progress with only those hands, and everything else exactly as ``replay`` of
    the whole game gives it. Raises ValueError if a hand is recorded after the end."""
    return resume_race(_RACE, settings, state, hands)
