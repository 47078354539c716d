"""Bid Whist behind the one game interface (:class:`~..core.game.Game`).

One of the registry's built-in games (``scorekeeper.engine.registry``), offered by the
app, the API and the command line as ``bid-whist``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.declared import Figures, Progression, Simulation
from ..core.form import Action, HandFormSpec
from ..core.game import CsvCell, HandPlace, PageWords, columns_after
from ..core.messages import Message, msg
from ..core.schema import Context, Hand
from . import display, progression, records, stats, verify
from .bids import MAX_LEVEL, Bid, Kind, direction_of
from .bots import BOTS
from .cards import SEATS
from .progression import BidWhistState
from .records import HAND
from .scoring import SIDES, HandScore, explain, score_hand, side_of
from .settings import PRESETS, BidWhistSettings
from .simulate import BidWhistTally, simulate_deals

SIDE_LETTERS = ("A", "B")  # as the rules name the sides: A is seats 0 and 2


def record_of_deal(deal: Mapping[str, Any]) -> Hand:
    """The hand a table would write down for a simulated ``deal``: the bidder's side's
    books, the discard included; a hand of the one game, ``GAME`` (below)."""
    if deal["thrown_in"]:
        return HAND.load(GAME, {"thrown_in": True})
    kind = Bid.from_str(deal["bid"]).kind
    stored = {name: deal[name] for name in ("bidder", "bid", "trump")}
    stored["direction"] = None if kind.has_trump else deal["direction"]
    return HAND.load(GAME, {**stored, "books": deal["books"][side_of(deal["bidder"])]})


class BidWhist(GameBase):
    """Two partnerships bid once round for the right to name trumps (uptown or downtown)
    or no-trump, take the kitty, and score as a side to +21 or -21. Its own progression
    (``progression.py``: Boston, -target, the deal limit and "finish now"); everything
    else it does as every game does (``core.base.GameBase``)."""

    key = "bid-whist"
    name: Message = msg("Bid Whist")
    seats = SEATS
    sides: tuple[tuple[int, ...], ...] = SIDES
    page_words = PageWords(
        auction_head=msg("Bidder"),
        outcome_head=msg("Result"),
        entry_heads=(msg("Nd"), msg("Bks")),
        legend=msg(
            "Nd books the bidders needed · Bks books taken, the kitty counted to the "
            "bidders · Pts points in the hand · Tot running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s bids first"),
        auction_mark=msg("bidders"),
        cell_legend=msg("books needed/taken, points, total"),
        preview_outcome=True,
        points_heads=(msg("Level"), msg("Made exactly, uptown or downtown")),
        went_out=msg("%(loser)s went out at %(lost)s: %(name)s win with %(total)s!"),
        group_titles={"auction": msg("Auction")},
    )
    csv_columns = columns_after(
        dealer=("bidder", "bid", "trump", "direction"),
        thrown_in=("books", "needed", "made"),
        player=("side", "reneges"),
    )
    presets = PRESETS
    preset_words = {
        "bid-whist": (
            msg("Bid Whist"),
            msg("two jokers and a kitty; uptown, downtown or no-trump; to ±21"),
        ),
    }
    hand = HAND
    # Bots bid and play whole deals (``simulate.py``), random first.
    simulation = Simulation(
        simulate_deals, tuple(BOTS), BidWhistTally, record_of_deal, verify.verify_deal
    )

    explain = staticmethod(explain)
    view = staticmethod(display.view)
    describe_hand = staticmethod(display.describe_hand)
    rules_lines = staticmethod(display.rules_lines)
    rules_notes = staticmethod(display.rules_notes)
    points_table = staticmethod(display.points_table)

    check = staticmethod(records.check)

    def score(self, settings: BidWhistSettings, hand: Hand, ctx: Context) -> HandScore:
        return score_hand(settings, hand.bidder, hand.bid, hand.books, hand.reneges)

    def hand_form(
        self, settings: BidWhistSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The fields' form with the table's own ways: the bid folds once made, the
        reneges fold under the books, the books needed are hinted by the level, and the
        deal everyone passed is thrown in only under ``all_pass=redeal``."""
        texts = {"books-needed": msg("The bidders need {n} books, the kitty included.")}
        spec = super().hand_form(settings, players, place).with_rules({}, texts)
        bid, taken = spec.steps
        folded = msg("Reneges (%(books)d books each)", books=settings.renege_books)
        needed = {
            str(n): Bid(n, Kind.UPTOWN).books_needed
            for n in range(settings.minimum_level, MAX_LEVEL + 1)
        }
        hint = {"field": "books", "by": "level", "table": needed, "why": "books-needed"}
        throw_in = Action("thrown_in", msg("Everyone passed: throw in"), "bid")
        return replace(
            spec,
            steps=(replace(bid, folds=True), replace(taken, folded_label=folded)),
            actions=(throw_in,) if settings.all_pass == "redeal" else (),
            rules={"hint": [hint], **spec.rules},
            errors={**spec.errors, "bid": "level", "reneges": "reneges_0"},
        )

    progression = Progression(
        start=progression.start_state,
        load=lambda game, values: BidWhistState.from_dict(values),
        resume=progression.resume,
        finish_now=True,
    )

    def preview(self, settings: Any, record: Any, place: HandPlace | None = None) -> dict[str, Any]:
        """``{"points": [A, B], "made", "needed"}`` as ``scorekeeper score --json`` prints
        it, the same at any place; a thrown-in deal scores [0, 0] with ``made`` and
        ``needed`` None."""
        if record.thrown_in:
            return {"points": [0, 0], "made": None, "needed": None}
        return record.score(settings).to_dict()

    def csv_values(
        self, replayed: Any, names: Sequence[str]
    ) -> tuple[dict[str, CsvCell], tuple[dict[str, CsvCell], ...]]:
        """The fields' cells (the bidder's name, the bid as ``4U``, the trump suit, the
        bidding side's books as the table recorded them, each seat's side's caught
        reneges), with the direction the cards ranked (``high`` or ``low``, for a bid with
        trumps too), the books needed, made (1) or set (0), and each seat's side (``A``:
        seats 0 and 2, ``B``). A thrown-in deal has only the sides."""
        hand, per_seat = super().csv_values(replayed, names)
        for seat, cells in enumerate(per_seat):
            cells["side"] = SIDE_LETTERS[side_of(seat)]
        record, score = replayed.record, replayed.score
        if not record.thrown_in:
            direction = direction_of(record.bid.kind, record.direction)
            hand |= {"direction": direction, "needed": score.needed, "made": int(score.made)}
        return hand, per_seat

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """Whether the bid was made and the books it needed (None for a thrown-in deal)."""
        score = replayed.score
        return {"made": score and score.made, "needed": score and score.needed}

    figures = Figures(stats.game_stats, stats.player_figures, stats.game_figures, stats.NOTES)


GAME = BidWhist()
