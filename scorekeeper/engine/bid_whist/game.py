"""Bid Whist behind the one game interface (:class:`~..core.game.Game`).

One of the registry's built-in games (``scorekeeper.engine.registry``), offered by the
app, the API and the command line as ``bid-whist``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.cards import Suit
from ..core.declared import Csv, Figures, Progression, Simulation
from ..core.display import MINUS, NO_FIGURE, Label, Notation, RulesLine, signed
from ..core.form import HandFormSpec
from ..core.game import CsvCell, HandPlace, PageWords, columns_after
from ..core.messages import Message, Side, msg, nmsg
from ..core.schema import Context, Hand, HandSummary
from . import stats
from .bids import BOOK_BASE, MAX_LEVEL, Bid, Kind
from .bots import BOTS
from .cards import BOOKS, SEATS
from .records import DIRECTIONS, HAND
from .scoring import SIDES, HandScore, explain, score_hand, side_of
from .settings import PRESETS, BidWhistSettings
from .simulate import BidWhistTally, simulate_deals
from .stats import BidFigures

OUTCOMES: dict[str, Label] = {
    "made": Label((msg("made"),), "made"),
    "set": Label((msg("set"),), "set"),
    "boston": Label((msg("Boston"),), "made"),
}


SCORING_LINES = (
    RulesLine(msg("Uptown or downtown made, B books"), Notation(f"B {MINUS} {BOOK_BASE}")),
    RulesLine(msg("Uptown or downtown set at level L"), Notation(f"{MINUS}L")),
    RulesLine(msg("No-trump made, B books"), Notation(f"2·(B {MINUS} {BOOK_BASE})")),
    RulesLine(msg("No-trump set at level L"), Notation(f"{MINUS}2L")),
)


def bid_label(bid: Bid, trump: Suit | None, direction: str | None) -> Label:
    """A bid as players say it: ``4 uptown ♥``, ``5 no-trump low``; a red trump suit gets
    the class "r"."""
    named = DIRECTIONS.get(direction, DIRECTIONS["high"]) if trump is None else trump.symbol
    said = msg("%(level)d %(kind)s %(named)s", level=bid.level, kind=bid.kind.label, named=named)
    return Label((said,), "r" if trump is not None and trump.is_red else "")


def record_of_deal(deal: Mapping[str, Any]) -> Hand:
    """The hand a table would write down for a simulated ``deal``: the bidder's side's
    books, the discard included; a hand of the one game, ``GAME`` (below)."""
    if deal["thrown_in"]:
        return HAND.load(GAME, {"thrown_in": True})
    kind = Bid.from_str(deal["bid"]).kind
    stored = {name: deal[name] for name in ("bidder", "bid", "trump")}
    stored["direction"] = None if kind.has_trump else deal["direction"]
    return HAND.load(GAME, {**stored, "books": deal["books"][side_of(deal["bidder"])]})


def _csv_cells(
    replayed: Any,
    names: Sequence[str],
    hand: dict[str, CsvCell],
    per_seat: Sequence[dict[str, CsvCell]],
) -> tuple[dict[str, CsvCell], Sequence[dict[str, CsvCell]]]:
    """The fields' cells (the bidder's name, the bid as ``4U``, the trump suit, the
    bidding side's books as the table recorded them, each seat's side's caught reneges),
    with the direction the cards ranked (``high`` or ``low``, for a bid with trumps too),
    the books needed, made (1) or set (0), and each seat's side (``A``: seats 0 and 2,
    ``B``). A thrown-in deal has only the sides."""
    for seat, cells in enumerate(per_seat):
        cells["side"] = str(Side(side_of(seat)))  # A: seats 0 and 2
    record, score = replayed.record, replayed.score
    if not record.thrown_in:
        # the card order played: a no-trump bid's named one, uptown high, downtown low
        direction = record.direction or ("low" if record.bid.kind is Kind.DOWNTOWN else "high")
        hand |= {"direction": direction, "needed": score.needed, "made": int(score.made)}
    return hand, per_seat


class BidWhist(GameBase):
    """Two partnerships bid once round for the right to name trumps (uptown or downtown)
    or no-trump, take the kitty, and score as a side to +21 or -21: the race to a
    target (``core.progress``) with a losing total, Boston and the deal limit; everything
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
        went_out=msg("%(loser)s went out at %(lost)s: %(name)s win with %(total)s!"),
        group_titles={"auction": msg("Auction")},
    )
    csv = Csv(
        columns_after(
            dealer=("bidder", "bid", "trump", "direction"),
            thrown_in=("books", "needed", "made"),
            player=("side", "reneges"),
        ),
        _csv_cells,
    )
    presets = PRESETS
    preset_words = {
        "bid-whist": (
            msg("Bid Whist"),
            msg("two jokers and a kitty; uptown, downtown or no-trump; to ±21"),
        ),
    }
    hand = HAND
    # Bots bid and play whole deals (``simulate.py``), random first; each deal's rules are
    # checked by tests/games/bid_whist/test_simulate.py's own reading of the rules, its
    # record and points by the core's.
    simulation = Simulation(simulate_deals, tuple(BOTS), BidWhistTally, record_of_deal)

    explain = staticmethod(explain)

    def score(self, settings: BidWhistSettings, hand: Hand, ctx: Context) -> HandScore:
        return score_hand(settings, hand.bidder, hand.bid, hand.books, hand.reneges)

    # --- what the pages show (plain data, see ``core/display.py``) ------------------------

    def view(self, settings: BidWhistSettings, hand: Hand, ctx: Context) -> HandSummary:
        """One hand as the pages show it: who bid, the bid as said, made or set, and per
        side, not per seat (partners score alike), its entry: the bidders' (books needed,
        books taken), as Israeli Whist's is (contract, tricks); the defenders' ("–", their
        books), as they needed none."""
        if hand.thrown_in:
            return super().view(settings, hand, ctx)
        score = ctx.score_by(self, hand)
        bidders = score.bidder_side
        entries = {
            bidders: (str(score.needed), str(score.books)),
            1 - bidders: (NO_FIGURE, str(BOOKS - score.books)),
        }
        defenders = BOOKS - score.books
        said = {
            bidders: nmsg(
                "%(num)d book of %(needed)d needed",
                "%(num)d books of %(needed)d needed",
                score.books,
                needed=score.needed,
            ),
            1 - bidders: nmsg("%(num)d book", "%(num)d books", defenders),
        }
        outcome = "boston" if score.boston else ("made" if score.made else "set")
        return HandSummary(
            hand.bidder,
            bid_label(hand.bid, hand.trump, hand.direction),
            OUTCOMES[outcome],
            (entries[0], entries[1]),
            tuple(score.made if side == bidders else None for side in range(len(SIDES))),
            said=(said[0], said[1]),
        )

    def rules_lines(self, settings: BidWhistSettings) -> list[RulesLine]:
        """The scoring table, then every knob as the new-game form says it."""
        return [*SCORING_LINES, *super().rules_lines(settings)]

    def rules_notes(self, settings: BidWhistSettings) -> list[Message]:
        """The rules a score sheet states in a sentence."""
        return [
            msg(
                "Partners sit opposite each other and score together. Only the bidding side "
                "scores. Level L needs 6 + L books; the discard is the "
                "bidders' first book."
            ),
            msg(
                "A side at +%(target)d or more wins; a side at %(minus)s or less loses. A tie "
                "at the end plays on.",
                target=settings.target,
                minus=Notation(signed(-settings.target)),
            ),
        ]

    def hand_form(
        self, settings: BidWhistSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The schema's form (``records.HAND``: the bid folds once made, the reneges fold
        under the books), the books needed hinted by the level."""
        texts = {"books-needed": msg("The bidders need {n} books, the kitty included.")}
        needed = {str(n): BOOK_BASE + n for n in range(settings.minimum_level, MAX_LEVEL + 1)}
        hint = {"field": "books", "by": "level", "table": needed, "why": "books-needed"}
        spec = super().hand_form(settings, players, place).with_rules({"hint": [hint]}, texts)
        return replace(spec, errors={**spec.errors, "bid": "level", "reneges": "reneges_0"})

    # The race to ±target (``settings.losing_floor``), a Boston winning outright
    # (``HandScore.outright``), every deal counting toward the deal limit.
    progression = Progression(
        hand_limit=lambda game, settings: settings.deal_limit, finish_now=True, deals_count=True
    )

    def preview(self, settings: Any, record: Any, place: HandPlace | None = None) -> dict[str, Any]:
        """``{"points": [A, B], "made", "needed"}`` as ``scorekeeper score --json`` prints
        it, the same at any place; a thrown-in deal scores [0, 0] with ``made`` and
        ``needed`` None."""
        return super().preview(settings, record, place) | _made(self.score_at(settings, record))

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """Whether the bid was made and the books it needed (None for a thrown-in deal)."""
        return _made(replayed.score)

    figures = Figures(None, stats.player_figures, stats.game_figures, stats.NOTES, kind=BidFigures)


def _made(score: HandScore | None) -> dict[str, Any]:
    return {"made": score and score.made, "needed": score and score.needed}


GAME = BidWhist()
