"""Oh Hell behind the one game interface (:class:`~..core.base.GameBase`): three to
seven players, each for themselves, bid exactly the tricks they will take in hands whose
cards follow ``sequence``; the game ends with the sequence and the highest total wins,
equal totals sharing the win. Built from RULES.md section 4.

Three things here go beyond what the core and the app use today:

- **A table of any size.** ``seat_range`` says which sizes it seats, and the base's
  ``GAME.seated(n)`` is the game for ``n`` players (its presets have ``players = n``, the
  knob that lets the settings check a deal against the pack); the app does not ask it
  yet.
- **A hand's place in the game.** The cards a hand deals follow from its number, and the
  hook from its dealer: ``deal_of(settings, number, dealer)`` says so, and the core's
  place members (``HandPlace``) carry it: ``read_at`` reads a hand checked against it
  (a ``"cards"`` that disagrees is refused), ``form_at`` sends the cards instead of
  asking them.
- **The progress beyond the shared fields**: ``progress_result`` (a base hook the app
  does not call yet), the cards of the next hand and the hands left, for the game's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.base import Capabilities, GameBase
from ..core.errors import InvalidSettings
from ..core.form import HandFormSpec
from ..core.game import HandPlace, Knob, PageWords, columns_after
from ..core.messages import Message, msg, nmsg
from ..core.progress import RaceState, resume_race
from ..core.stats import GameStats, game_stats_of, hands_played
from . import display, figures, form, records, simulate
from .figures import OhHellFigures
from .form import Deal
from .progression import OhHellProgress
from .records import OhHellHand, record_from_dict
from .settings import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    OhHellSettings,
    cards_sequence,
    knobs,
)
from .simulate import BOTS, Tally, simulate_deals


class OhHell(GameBase, rules=(records, form, display, figures, simulate)):
    key = "oh-hell"
    name: Message = msg("Oh Hell")
    seats = 4
    seat_range = (MIN_PLAYERS, MAX_PLAYERS)
    capabilities = Capabilities(simulation=True, own_statistics=True, sheet_columns=True)
    preset_aside = ("players",)
    seat_knobs = ("players",)
    preset_words = {
        "oh-hell": (
            msg("Oh Hell"),
            msg("10 plus the bid for an exact bid; the dealer's hook; down to 1 and back"),
        )
    }
    page_words = PageWords(
        auction_head=None,
        bid_head=msg("Cards"),
        outcome_head=msg("Bids"),
        entry_heads=(msg("Bid"), msg("Tk")),
        legend=msg(
            "Cards the cards dealt to each player and the trump · Bid the bid · Tk tricks "
            "taken · Pts points in the hand · Tot running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s bids first"),
        auction_mark=msg("dealer"),
        cell_legend=msg("bid/tricks, points, total"),
        win=msg("%(name)s wins with %(total)s!"),
        revision_legend=msg("bid/tricks"),
        group_titles={"bidding": msg("Bidding")},
    )
    hand_fields = frozenset({"cards", "trump", "bids", "tricks"})
    csv_columns = columns_after(dealer=("cards", "trump"), player=("bid", "tricks"))
    bot_kinds = BOTS

    csv_values = staticmethod(display.csv_values)
    simulate_results = staticmethod(simulate_deals)

    # --- the table's size (``seated``, the base's) ------------------------------------------

    @property
    def presets(self) -> Mapping[str, OhHellSettings]:
        return {name: replace(p, players=self.seats) for name, p in PRESETS.items()}

    @property
    def knobs(self) -> tuple[Knob, ...]:
        return knobs(self.seats)

    def settings_from_dict(self, values: Mapping[str, Any]) -> OhHellSettings:
        """Stored or typed settings over this table's preset; raises InvalidSettings."""
        if not isinstance(values, Mapping):
            raise InvalidSettings(msg("settings must be a JSON object"), "settings")
        return self.preset(self.default_preset).with_changes(dict(values))

    # --- a hand in its place ----------------------------------------------------------

    def deal_of(self, settings: OhHellSettings, number: int, dealer: int) -> Deal | None:
        """Hand ``number``'s cards and dealer, or None for a hand past the sequence."""
        sequence = cards_sequence(settings)
        return Deal(sequence[number - 1], dealer) if 1 <= number <= len(sequence) else None

    def deal_note(self, settings: OhHellSettings, number: int, dealer: int) -> Message | None:
        """How many cards each player gets this hand, as the sheet's line says."""
        deal = self.deal_of(settings, number, dealer)
        if deal is None:
            return None
        return nmsg("Deal %(num)d card", "Deal %(num)d cards", deal.cards)

    def read_at(
        self, settings: OhHellSettings, body: Any, place: HandPlace | None = None
    ) -> OhHellHand:
        """The hand at ``place``, its cards the sequence's (a ``"cards"`` in the body must
        agree) and the hook held to its dealer; raises InvalidHand naming the field and
        the rule. Without a place, the hand on its own (``record_from_dict``)."""
        if place is None:
            return record_from_dict(settings, body)
        deal = self.deal_of(settings, place.number, place.dealer)
        cards = None if deal is None else deal.cards
        return record_from_dict(settings, body, cards, place.dealer)

    def read_hand(
        self, settings: OhHellSettings, body: Any, number: int, dealer: int
    ) -> OhHellHand:
        """``read_at`` hand ``number`` dealt by ``dealer``."""
        return self.read_at(settings, body, HandPlace(number, dealer))

    def form_at(
        self, settings: OhHellSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The form of the hand at ``place``: its cards sent, not asked, and the hook's
        bid disabled and named."""
        deal = None if place is None else self.deal_of(settings, place.number, place.dealer)
        return form.hand_form(settings, players, deal)

    def hand_form(
        self, settings: OhHellSettings, players: Sequence[str], deal: Deal | None = None
    ) -> HandFormSpec:
        return form.hand_form(settings, players, deal)

    # --- the progress of a game ---------------------------------------------------------

    def record_of_deal(self, deal: Mapping[str, Any]) -> OhHellHand:
        """The hand written down for a simulated deal, read without the hook: a deal played
        under settings without it (``lasting``) is a hand, and one played with it was
        checked for it when it was bid (``verify_deal``)."""
        body = {name: value for name, value in deal.items() if name in self.hand_fields}
        return record_from_dict(replace(self.preset(self.default_preset), hook=False), body)

    def lasting(self, hands: int) -> dict[str, Any]:
        """A fixed game of ``hands`` hands (at most the knob's 100), the same cards each
        hand, without the hook (which forbids the dealer a bid that depends on the others')."""
        return {"sequence": "fixed", "hands": min(max(hands, 1), 100), "hook": False}

    def sheet_deals(self, settings: OhHellSettings) -> tuple[str, ...]:
        """The cards dealt, hand by hand, for the blank sheet's rows."""
        return tuple(str(cards) for cards in cards_sequence(settings))

    def end_words(self, settings: OhHellSettings) -> Message:
        return msg("%(hands)d hands", hands=self.hand_limit(settings))

    def hand_limit(self, settings: OhHellSettings) -> int:
        return len(cards_sequence(settings))

    def shares_tie(self, settings: OhHellSettings) -> bool:
        return True

    def resume_from(
        self, settings: Any, state: RaceState, records: Sequence[Any], finish_after: int | None
    ) -> OhHellProgress:
        """The race to the sequence's end (``hand_limit``), the progress knowing it."""
        sequence = cards_sequence(settings)
        return resume_race(self, settings, state, records, OhHellProgress, sequence=sequence)

    def progress_result(self, progress: OhHellProgress) -> dict[str, Any]:
        """What the game's JSON carries beyond the shared fields: the cards dealt in the
        next hand (None once over) and the hands left."""
        return {"cards": progress.cards, "hands_left": progress.hands_left}

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """Which seats took exactly their bid (the cards dealt are in the hand itself)."""
        return {"exact": list(replayed.score.exact)}

    # --- statistics --------------------------------------------------------------------

    def game_stats(self, recorded: Any) -> GameStats[OhHellFigures]:
        """Hands, points, exact bids by bid size and tricks over and under, per seat."""
        progress = recorded.replay()

        def figures_of(seats: Sequence[int], stint: Any) -> OhHellFigures:
            found = OhHellFigures()
            for hand in hands_played(progress, stint):
                found += OhHellFigures.of_hand(hand, seats[0])
            return found

        return game_stats_of(recorded, progress, self.sides, figures_of, GameStats)

    def figures_notes(self) -> list[Message]:
        return list(figures.NOTES)

    def simulation_summary(self) -> Tally:
        return Tally()


GAME = OhHell()
"""Oh Hell for four players, as the registry holds it; ``GAME.seated(n)`` for n players."""
