"""Oh Hell behind the one game interface (:class:`~..core.base.GameBase`), its hand
declared once (``records.HAND``, the fields and the hook's pieces Wizard's too:
``core/bidding.py``): three to seven players, each for themselves, bid exactly the
tricks they will take in hands whose cards follow ``sequence``; the game ends with the
sequence and the highest total wins, equal totals sharing the win. Built from
docs/rules/oh-hell.md.

A table of any size: ``seat_range`` says which sizes it seats, and the base's
``GAME.seated(n)`` is the game for ``n`` players (its presets have ``players = n``, the
knob that lets the settings check a deal against the pack). A hand's cards follow from
its number and the hook from its dealer: read, asked for and checked at its place
(``HandPlace``), a ``"cards"`` that disagrees is refused and the form sends the cards
instead of asking them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from ..core.base import GameBase
from ..core.bidding import BIDDING_TEXTS, bid_summary, bidding_rules
from ..core.declared import Figures, Progression, Simulation
from ..core.form import HandFormSpec
from ..core.game import HandPlace, PageWords
from ..core.messages import Message, msg
from ..core.schema import Context, Hand, HandSummary
from . import display, figures, records, simulate
from .figures import OhHellFigures
from .records import HAND, dealt
from .settings import MAX_PLAYERS, MIN_PLAYERS, PRESETS, OhHellSettings, cards_sequence
from .simulate import BOTS, OhHellTally, simulate_deals


class OhHell(GameBase):
    key = "oh-hell"
    name: Message = msg("Oh Hell")
    seats = 4
    seat_range = (MIN_PLAYERS, MAX_PLAYERS)
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
        revision_legend=msg("bid/tricks"),
        group_titles={"bidding": msg("Bidding")},
    )
    hand = HAND
    score = staticmethod(records.score)
    check = staticmethod(records.check)
    explain = staticmethod(records.explain)
    rules_lines = staticmethod(display.rules_lines)
    rules_notes = staticmethod(display.rules_notes)

    @property
    def simulation(self) -> Simulation:
        """Deals played by bots, their records hands of this table (``simulate.py``)."""
        return Simulation(
            partial(simulate_deals, self),
            tuple(BOTS),
            OhHellTally,
            partial(record_of_deal, self),
            simulate.verify_deal,
        )

    # Exact bids by bid size and tricks over and under, per seat (of the table bound).
    figures = Figures(None, figures.player_figures, notes=figures.NOTES, kind=OhHellFigures)

    # --- the table's size (``seated``, the base's) ------------------------------------------

    presets = PRESETS

    # --- a hand in its place ----------------------------------------------------------

    def hand_form(
        self, settings: OhHellSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The schema's form, its deal a step that folds, holding the hidden dealer; past
        the sequence's end, the form of no hand in particular."""
        if place is not None and dealt(self.context(settings, place)) is None:
            place = None
        spec = super().hand_form(settings, players, place)
        spec = spec.with_rules(_form_rules(settings, self.context(settings, place)), BIDDING_TEXTS)
        deal, bids, *rest = spec.steps
        dealer = tuple(f for f in bids.fields if f.name == "dealer")
        bids = replace(bids, fields=tuple(f for f in bids.fields if f.name != "dealer"))
        deal = replace(deal, fields=deal.fields + dealer, folds=True)
        return replace(spec, steps=(deal, bids, *rest))

    def view(self, settings: OhHellSettings, hand: Hand, ctx: Context) -> HandSummary:
        return bid_summary(super().view(settings, hand, ctx), hand, hand.trump)

    # --- the progress of a game ---------------------------------------------------------

    progression = Progression(
        hand_limit=lambda game, settings: len(cards_sequence(settings)),
        shares_tie=True,
        # the sequence's (None past its end)
        cards_dealt=lambda game, settings, place: dealt(game.context(settings, place)),
        lasting=lambda game, hands: _lasting(hands),
    )

    def end_words(self, settings: OhHellSettings) -> Message:
        return msg("%(hands)d hands", hands=self.hand_limit(settings))

    def progress_result(self, progress: Any) -> dict[str, Any]:
        """What the game's JSON carries beyond the shared fields: the cards dealt in the
        next hand (None once over) and the hands left."""
        sequence = cards_sequence(progress.settings)
        played = progress.state.number if progress.state else len(progress.hands)
        left = max(0, len(sequence) - played)
        return {
            "cards": sequence[-left] if left and not progress.winners else None,
            "hands_left": left,
        }

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """Which seats took exactly their bid (the cards dealt are in the hand itself)."""
        record = replayed.record
        return {"exact": [b == t for b, t in zip(record.bids, record.tricks, strict=True)]}


def _form_rules(settings: OhHellSettings, ctx: Context) -> dict[str, Any]:
    """The bids' total and the hook's bid, disabled and named."""
    cards = dealt(ctx)
    if cards is None or ctx.dealer is None:
        return {}
    return bidding_rules(ctx.seats, cards, ctx.dealer, settings.hook, prefix="bid")


def _lasting(hands: int) -> dict[str, Any]:
    """A fixed game of ``hands`` hands (at most the knob's 100), the same cards each hand,
    without the hook (which forbids the dealer a bid that depends on the others')."""
    return {"sequence": "fixed", "hands": min(max(hands, 1), 100), "hook": False}


def record_of_deal(game: OhHell, deal: Mapping[str, Any]) -> Hand:
    """The hand written down for a simulated deal, read without the hook: a deal played
    under settings without it (``lasting``) is a hand, and one played with it was
    checked for it when it was bid (``verify_deal``)."""
    body = {name: value for name, value in deal.items() if name in game.hand.hand_fields}
    return game.record_from_dict(replace(game.preset(game.default_preset), hook=False), body)


GAME = OhHell()
"""Oh Hell for four players, as the registry holds it; ``GAME.seated(n)`` for n players."""
