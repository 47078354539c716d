"""Spades behind the one game interface (``core.base.GameBase``): everything a game does
alike comes from the base; this class writes what is Spades' own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.declared import Csv, Figures, Simulation
from ..core.errors import InvalidHand
from ..core.form import HandFormSpec
from ..core.game import CsvCell, HandPlace, PageWords, columns_after
from ..core.messages import Message, msg
from ..core.schema import Context, Hand
from . import display, records, stats, verify
from .explain import explain_score
from .progression import PROGRESSION
from .records import HAND, restricted_blind_nil
from .scoring import SEATS, SIDES, HandScore, score_hand, side_of
from .settings import BLIND_NIL_BEHIND, PRESETS, SpadesSettings
from .simulate import BOTS, SpadesTally, simulate_deals

SIDE_LETTERS = ("A", "B")  # as the rules name the sides: A is seats 0 and 2


def _csv_cells(
    replayed: Any, names: Sequence[str], hand: Any, seats: Any
) -> tuple[dict[str, CsvCell], tuple[dict[str, CsvCell], ...]]:
    """Per seat: its side (``A``: seats 0 and 2, ``B``), its own bid (``seat_bid``, 0 for
    nil), ``blind_nil`` 1 when that 0 was blind, its tricks, and its side's ``bags`` after
    the hand and ``bag_penalty`` (the points the bags cost, 0 or more). Nothing for the
    hand as a whole (the schema's cells are not Spades')."""
    record, score = replayed.record, replayed.score
    found = []
    for seat in range(SEATS):
        side = score.sides[side_of(seat)]
        found.append(
            {
                "side": SIDE_LETTERS[side_of(seat)],
                "seat_bid": record.bids[seat],
                "blind_nil": int(seat in record.blind_nil),
                "tricks": record.tricks[seat],
                "bags": side.bags_after,
                "bag_penalty": side.penalty_points,
            }
        )
    return {}, tuple(found)


class Spades(GameBase):
    """Two partnerships bid tricks (nil and blind nil too) and race to 500, with bags:
    its hand declared once (``records.HAND``), its own progression (``progression.py``:
    bags, ``lose_at``, the deal limit), scoring, rows and statistics."""

    key = "spades"
    name: Message = msg("Spades")
    seats = SEATS
    sides: tuple[tuple[int, ...], ...] = SIDES
    page_words = PageWords(
        auction_head=None,
        bid_head=None,
        outcome_head=msg("Result"),
        entry_heads=(msg("Bid"), msg("Tk"), msg("Bags")),
        legend=msg(
            "Bid the partners' bids (N nil, BN blind nil) · Tk tricks the side took · "
            "Bags the side's bags after the hand · B a bag penalty · Pts points in the hand "
            "· Tot running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s bids first"),
        auction_mark=msg("bidders"),
        cell_legend=msg("bids, tricks, bags, points, total"),
        went_out=msg("%(loser)s went out at %(lost)s: %(name)s win with %(total)s!"),
        group_titles={"auction": msg("Bidding")},
    )
    csv = Csv(
        columns_after(
            player=("side", "seat_bid", "blind_nil", "tricks"), total=("bags", "bag_penalty")
        ),
        _csv_cells,
    )
    presets = PRESETS
    preset_words = {
        "spades": (
            msg("Spades"),
            msg("nil 100, blind nil 200 when 100 behind; 10 bags cost 100; to 500 or −200"),
        ),
    }
    hand = HAND
    check = staticmethod(records.check)
    hand_views = staticmethod(display.hand_views)
    describe_hand = staticmethod(display.describe_hand)
    revision_view = staticmethod(display.revision_view)
    rules_lines = staticmethod(display.rules_lines)
    rules_notes = staticmethod(display.rules_notes)
    simulation = Simulation(simulate_deals, tuple(BOTS), SpadesTally, verify=verify.verify_deal)

    # --- the progress of a game: bags, ``lose_at`` and the deal limit (``progression.py``) --

    progression = PROGRESSION

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """Each side's bags after the hand, ``[A, B]``, and whether each side made its
        contract (None for a side of two nils, which bid none)."""
        score = replayed.score
        return {"bags": list(score.bags), "made": [side.made for side in score.sides]}

    def progress_result(self, progress: Any) -> dict[str, Any]:
        """What the game's JSON shows beside its totals: each side's bags, ``[A, B]``."""
        return {"bags": list(progress.state.bags)}

    # --- a hand: its score with the bags before it, its form at its place ----------------

    def score(self, settings: SpadesSettings, hand: Hand, ctx: Context) -> HandScore:
        """The hand's score with the sides' bags before it (none where unknown). Raises
        InvalidHand naming the bid for a blind nil the score before it does not allow
        (a hand edited earlier in the game can leave a later one so)."""
        refused = records.check(settings, hand, ctx) if hand.blind_nil and ctx.place else []
        if refused:
            raise InvalidHand(refused)
        bags = getattr(ctx.place and ctx.place.state, "bags", (0, 0))
        return score_hand(settings, hand.bids, hand.tricks, hand.blind_nil, bags)

    def hand_form(
        self, settings: SpadesSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The schema's form, with a note under the bids where blind nil is only for a side
        behind."""
        spec = super().hand_form(settings, players, place)
        spec = spec.with_rules(_blind_nil_rules(settings, self.context(settings, place)), TEXTS)
        if settings.blind_nil != "behind_100":
            return spec
        note = msg(
            "Blind nil only for a side %(behind)d or more points behind.", behind=BLIND_NIL_BEHIND
        )
        return replace(spec, steps=(replace(spec.steps[0], note=note), *spec.steps[1:]))

    def preview(
        self, settings: SpadesSettings, record: Hand, place: HandPlace | None = None
    ) -> dict[str, Any]:
        """The points per side with any bag penalty the hand earns; at a place in a game,
        also the sides' ``bags`` after it and ``bag_penalty``, the points the bags cost
        each side (a hand scored alone, as ``scorekeeper score`` does, has no bags before
        it to speak of)."""
        score = self.score_at(settings, record, place)
        assert isinstance(score, HandScore)
        if place is None:
            return {"points": list(score.points)}
        return {
            "points": list(score.points),
            "bags": list(score.bags),
            "bag_penalty": [side.penalty_points for side in score.sides],
        }

    def explain(
        self, settings: SpadesSettings, record: Hand, place: HandPlace | None = None
    ) -> list[list[Message]]:
        """``explain`` with the bags before the hand, so a bag penalty is explained too."""
        return explain_score(settings, record, self.score_at(settings, record, place))

    # --- statistics -------------------------------------------------------------------------

    figures = Figures(stats.game_stats, stats.player_figures, stats.game_figures, stats.NOTES)


TEXTS = {"sum-why": msg("The others already took {sum} tricks; there are only {total}.")}
"""The sentences of the form's rules: the tricks' total."""


def _blind_nil_rules(settings: SpadesSettings, ctx: Context) -> dict[str, list[Any]]:
    """Where the score allows blind nil to some seats only, the key disabled for the
    others, keyed by the hidden field that sends the seats allowed."""
    allowed = restricted_blind_nil(ctx)
    if allowed is None:
        return {}
    keys = HAND.field("bids").keys(settings)
    others = [key.value for key in keys if key.value != records.BLIND]
    return {
        "allow": [
            {"field": f"bid_{s}", "by": records.BLIND_SEATS, "table": {allowed: others}}
            for s in range(SEATS)
            if str(s) not in allowed.split(",")
        ]
    }


GAME = Spades()
