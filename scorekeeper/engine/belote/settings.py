"""Belote's and Coinche's house rules and presets (the FFB's: docs/rules/belote.md), and a
deal's score as a pure function of what the table wrote, each side's working term by term."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.knobs import group_of
from ..core.messages import msg
from ..core.settings import SettingsBase
from ..core.working import Working, to_ten

DEAL = 162  # the card points (152) and the dix de der (10)
DEDANS = 160  # the FFB's "160 points de chute" at Coinche
CAPOT_BID = 250  # the FFB's amount of a capot bid, and of a capot in a coinched deal
BELOTE = 20
CONTRACTS = tuple(str(bid) for bid in range(80, 161, 10)) + ("capot",)
MULTIPLIER = {"none": 1, "coinche": 2, "surcoinche": 4}
SIDE_NAMES = ("taker", "defence")
FAILED = {"with_162": DEAL, "with_160": DEDANS, "contract_only": 0}
CONTRACT, CARDS, BELOTED = msg("contract"), msg("card points"), msg("belote")
COINCHED = {1: None, 2: msg("Coinche"), 4: msg("Surcoinche")}
ANNOUNCED, DEAL_TERM, DEDANS_TERM = msg("announcements"), msg("the deal's points"), msg("dedans")
end, play, scoring = group_of("end"), group_of("play"), group_of("scoring")


@dataclass(frozen=True, slots=True)
class BeloteSettings(SettingsBase):
    preset_aside = ("deals",)

    target: int = end(
        1000,
        label=msg("Target score"),
        help=msg("the first side to reach it wins (1,000; 2,000 at Coinche)"),
        low=100,
        high=10000,
    )
    deals: int = end(
        0,
        label=msg("Deals"),
        help=msg("the game ends after this many deals instead; 0: at the target"),
        low=0,
        high=200,
        applies=lambda s: s.deals > 0,
    )
    contracts: bool = play(
        False,
        label=msg("Contracts"),
        help=msg("Coinche: the takers bid 80 to 160 or capot, and may be coinched"),
    )
    announcements: bool = play(
        False,
        label=msg("Annonces"),
        help=msg("tierce, cinquante, cent and carrés: only the side with the best one scores"),
    )
    made: str = scoring(
        "with_points",
        label=msg("A contract made scores"),
        help=msg("what the takers score for a contract made"),
        choices={
            "with_points": msg("the contract and the points made; the defence its points"),
            "contract_only": msg("the contract only; the defence nothing"),
        },
        applies=lambda s: s.contracts,
    )
    failed: str = scoring(
        "with_160",
        label=msg("Contract failed"),
        help=msg("what the defence scores when the takers are dedans"),
        choices={
            "with_162": msg("162 (and the contract): every point of the deal"),
            "with_160": msg("160 and the contract"),
            "contract_only": msg("the contract only"),
        },
    )
    coinched: str = scoring(
        "points_made",
        label=msg("Coinche and capot bid"),
        help=msg("how a coinched contract and a capot bid score"),
        choices={
            "ffb": msg(
                "FFB: the winners (160 + the contract + announcements and belote) × the "
                "coinche, the losers only their belote; a capot bid is a contract of 250"
            ),
            "points_made": msg(
                "(the contract + the points made) × the coinche, the defence keeping its "
                "points; a capot bid scores 250 × the coinche"
            ),
        },
        applies=lambda s: s.contracts,
    )
    rounding: bool = scoring(
        False,
        label=msg("Rounded to tens"),
        help=msg("each side's score rounded to the nearest ten (5 up), the belote apart"),
    )
    capot_points: int = scoring(
        250,
        label=msg("Capot"),
        help=msg("the points of the side that takes every trick, in place of 162"),
        low=162,
        high=1000,
    )
    belote_kept: bool = scoring(
        True,
        label=msg("Belote kept when dedans"),
        help=msg("the belote stays with the side that held it even when its side is dedans"),
    )
    litige_held: bool = scoring(
        False,
        label=msg("Litige"),
        help=msg("at a tie the takers' points are held for the winner of the next deal"),
    )


# The field defaults are the rules of the app before the FFB's (stored games that lack a
# knob score as they were played); the presets are the FFB's texts of 2016.
_FFB = BeloteSettings(capot_points=252, litige_held=True)
_CONTREE = replace(_FFB, target=2000, contracts=True, coinched="ffb", rounding=True)
PRESETS = {
    "classic": replace(_FFB, failed="with_162"),
    "coinche": replace(_CONTREE, announcements=True),
    "contree": _CONTREE,
}


@dataclass(frozen=True, slots=True)
class BeloteDeal:
    """A deal as the table knows it at its end: the contract (``"0"`` at Belote), the
    coinche, the takers' card points with the dix de der, whose belote, the capot, and
    the points of each side's announcements that count (takers first)."""

    contract: str
    coinche: str
    points: int
    belote: str = "none"
    capot: bool = False
    announced: tuple[int, int] = (0, 0)

    def sides(self, capot_points: int = DEAL) -> tuple[int, int, int, int, int, int]:
        """Each side's card points (a capot's ``capot_points``), announcements (the
        defence's go to takers who take every trick: the FFB's « changent de main ») and
        belote, takers first."""
        ours, theirs = self.points, DEAL - self.points
        if self.capot:
            ours, theirs = (capot_points, 0) if ours == DEAL else (0, capot_points)
        mine, yours = self.announced
        mine, yours = (mine + yours, 0) if self.capot and ours else (mine, yours)
        return ours, theirs, mine, yours, *(BELOTE * (self.belote == s) for s in SIDE_NAMES)

    def result(self) -> str:
        """``made``, ``dedans`` or ``litige`` (a tie), each side counting its card points,
        belote and announcements (the FFB's « total »)."""
        ours, theirs, mine, yours, tb, db = self.sides()
        if self.contract == "capot":
            return "made" if self.capot and self.points == DEAL else "dedans"
        total, other = ours + tb + mine, theirs + db + yours
        if total < int(self.contract) or total < other:
            return "dedans"
        return "litige" if total == other else "made"

    def score(self, s: BeloteSettings) -> tuple[Working, Working, int]:
        """The takers' and the defence's working, and the points a litige holds."""
        ours, theirs, mine, yours, tb, db = self.sides(s.capot_points)
        result, times = self.result(), MULTIPLIER[self.coinche]
        ffb, capot_bid = s.contracts and s.coinched == "ffb", self.contract == "capot"
        bid = (CAPOT_BID if ffb else s.capot_points) if capot_bid else int(self.contract)

        def side(terms=(), kept=(), by=times, rounding=s.rounding, announced=0) -> Working:
            kept = ((ANNOUNCED, announced),) + tuple((BELOTED, b) for b in kept)
            return Working(terms, by, rounding, kept, COINCHED[by])

        points = side(((CARDS, theirs), (ANNOUNCED, yours)), (db,), 1)
        if result == "litige" and s.litige_held:
            return side(), points, to_ten(ours + mine, s.rounding) + tb
        contract_only = s.made == "contract_only" or capot_bid and not ffb
        if result == "made" and s.contracts and contract_only:
            rounding = s.rounding and not capot_bid
            only = side(((CONTRACT, bid),), (tb,), rounding=rounding, announced=mine)
            return only, side(kept=(db,), by=1, announced=yours), 0
        if result == "made" and ffb and times > 1:
            base = CAPOT_BID if self.capot and self.points == DEAL else DEDANS
            terms = ((DEAL_TERM, base), (CONTRACT, bid), (ANNOUNCED, mine + yours), (BELOTED, tb))
            return side(terms), side(kept=(db,)), 0
        if result == "made":
            return side(((CONTRACT, bid), (CARDS, ours), (ANNOUNCED, mine)), (tb,)), points, 0
        kept = tb if s.belote_kept else 0
        base = FAILED["with_160" if s.failed == "contract_only" and not s.contracts else s.failed]
        if not ffb and self.capot and self.points == 0:
            base = s.capot_points
        terms = ((DEDANS_TERM, 0 if capot_bid and not ffb else base), (CONTRACT, bid))
        terms += ((ANNOUNCED, mine + yours),) + ((BELOTED, db),) * ffb
        return side(kept=(kept,)), side(terms, (tb - kept,) + (db,) * (not ffb)), 0
