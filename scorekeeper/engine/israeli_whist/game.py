"""Israeli Whist behind the one game interface (:class:`~..core.game.Game`).

The registry hands the app this object; everything it says is the rules in this package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.base import GameBase
from ..core.declared import Figures, Simulation
from ..core.game import CsvCell, HandPlace, PageWords, columns_after
from ..core.messages import Message, msg
from ..core.schema import Context
from . import command_line, display, form, records, stats, verify
from .bids import SEATS
from .bots import BOTS
from .explain import explain
from .figures import NOTES, game_figures, player_figures
from .progression import IsraeliRace
from .records import PlayedHand, score_table_entry
from .scoring import HandScore
from .settings import PRESETS
from .simulate import IsraeliTally, simulate_deals


class IsraeliWhist(IsraeliRace, GameBase):
    """Four players each for themselves: a phase-one bid, contracts that may not total 13,
    over or under, and points for making a contract exactly. A race to the target
    (``IsraeliRace``: its opener, its dealer after a thrown-in deal, its hand limit and
    shared ties); everything else it does as every game does (``core.base.GameBase``)."""

    key = "israeli-whist"
    name: Message = msg("Israeli Whist")
    seats = SEATS
    page_words = PageWords(
        auction_head=msg("Declarer"),
        outcome_head=msg("O/U"),
        entry_heads=(msg("C"), msg("T")),
        legend=msg("C contract · T tricks taken · Pts points in the hand · Tot running total."),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s opens"),
        auction_mark=msg("declarer"),
        cell_legend=msg("contract/tricks, points, total"),
        revision_legend=msg("Each player: contract/tricks."),
        points_heads=(msg("Contract"), msg("Made")),
        penalty_mark=display.REVOKE_MARK,
        penalty_legend=msg("revoke and its penalty"),
        penalty_note=msg(
            "%(mark)s a caught revoke and its penalty, apart from the contract's points.",
            mark=display.REVOKE_MARK,
        ),
        group_titles={
            "auction": msg("Auction"),
            "contracts": msg("Contracts"),
            "zeros": msg("Zero bids"),
        },
    )
    presets = PRESETS
    preset_words = {
        "standard": (msg("Standard"), msg("as most Israeli tables play (Wikipedia)")),
        "pagat-german": (
            msg("Pagat (German page)"),
            msg("pagat.com's rules, English and German pages"),
        ),
        "elhanani": (msg("Elhanani"), msg("Yoni Elhanani's scoring (pagat, German page)")),
    }
    # In the order the CSV had before it was per game, which spreadsheets are built on.
    csv_columns = columns_after(
        dealer=("declarer", "bid", "frisch_rounds"),
        thrown_in=("over_under",),
        player=("contract", "tricks", "revokes"),
        # Added later, so at the end: points == contract_points - revoke_penalty.
        total=("contract_points", "revoke_penalty"),
    )
    hand = records.HAND
    simulation = Simulation(
        simulate_deals,
        ("random", *(kind for kind in BOTS if kind != "random")),
        IsraeliTally,
        verify.record_of_deal,
        verify.verify_deal,
    )
    figures = Figures(stats.game_stats, player_figures, game_figures, NOTES)

    pages = display

    explain = staticmethod(explain)  # the package exports the function under its module's name
    hand_form = staticmethod(form.hand_form)

    def score(self, settings: Any, hand: Any, ctx: Context) -> HandScore:
        return hand.score(settings)

    def random_hand(self, settings: Any, ctx: Context, rng: Any) -> dict[str, Any]:
        """A legal hand's body: a deal the random bots play (any place would do)."""
        [deal] = simulate_deals(settings, 1, seed=rng.randrange(2**32))
        return deal.record.to_dict()

    def preview(self, settings: Any, record: Any, place: HandPlace | None = None) -> dict[str, Any]:
        if not record.thrown_in:
            return _result(record.score(settings))
        return {"points": [0] * SEATS, "over_under": None, "contracts_total": None, "void": False}

    def score_query(self, settings: Any, query: Mapping[str, str]) -> dict[str, Any]:
        """``GET /score``'s hand: ``contracts``, ``tricks`` and ``revokes``, each a list
        separated by commas."""
        return _result(
            score_table_entry(
                settings, query.get("contracts"), query.get("tricks"), query.get("revokes")
            )
        )

    def table_columns(self, replayed: Any) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
        record, score = replayed.record, replayed.score
        hand: dict[str, Any] = dict.fromkeys(
            ("declarer", "bid", "over_under", "contracts_total"), None
        ) | {"frisch_rounds": record.frisch_rounds}
        if record.thrown_in:
            return hand, ({},) * SEATS
        played = isinstance(record, PlayedHand)
        if played:
            hand |= {
                "declarer": record.declarer,
                "bid": str(record.bid),
                "over_under": score.over_under if score else None,
                "contracts_total": score.contracts_total if score else None,
            }
        seats = tuple(
            ({"contract": record.contracts[seat]} if played else {})
            | {
                "tricks": record.tricks_taken[seat],
                "revokes": record.revokes[seat],
                "contract_points": score.contract_points[seat] if score else 0,
                "revoke_penalty": score.revoke_penalties[seat] if score else 0,
            }
            for seat in range(SEATS)
        )
        return hand, seats

    def csv_values(
        self, replayed: Any, names: Sequence[str]
    ) -> tuple[dict[str, CsvCell], tuple[dict[str, CsvCell], ...]]:
        """The declarer's name, the bid, Frisch rounds and over/under; per seat the
        contract, tricks, revokes and the points apart from the revoke penalty. A pass
        round has tricks and no contract; a thrown-in deal only its Frisch rounds."""
        hand, seats = self.table_columns(replayed)
        declarer = hand["declarer"]
        cells: dict[str, CsvCell] = {
            "declarer": None if declarer is None else names[declarer],
            **{key: hand[key] for key in ("bid", "frisch_rounds", "over_under")},
        }
        blank = dict.fromkeys(("contract", "tricks", "revokes")) | {
            "contract_points": 0,  # a thrown-in deal scores nothing
            "revoke_penalty": 0,
        }
        return cells, tuple(blank | seat for seat in seats)

    hand_options = command_line.HAND_OPTIONS
    score_typed = staticmethod(command_line.score_typed)

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """The hand's over/under (None for a thrown-in deal)."""
        return {"over_under": replayed.score.over_under if replayed.score else None}


def _result(score: HandScore) -> dict[str, Any]:
    return {**score.to_dict(), "void": score.void}


GAME = IsraeliWhist()
