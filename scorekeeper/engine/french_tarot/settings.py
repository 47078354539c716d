"""French Tarot's house rules (docs/rules/french-tarot.md), its one preset (the FFT's, for 3,
4 or 5 players), the score of a deal as a pure function of what the table wrote, and what
a deal can be from the 78 cards and the FFT's rules ("Deals the rules cannot give"): card
points against the bouts, the chien and the chelem; petit au bout; poignées of 22 trumps."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, copysign, floor

from ..core.card_points import Pack
from ..core.knobs import group_of
from ..core.messages import Message, SeatName, msg, nmsg
from ..core.numbers import shown_number
from ..core.settings import SettingsBase

NEEDED = (56, 51, 41, 36)  # the card points the taker's side needs, by its bouts
MULTIPLIER = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
CONTRACTS = (("petite", msg("Petite")), ("garde", msg("Garde")), ("garde_sans", msg("Garde sans")))
CONTRACTS += (("garde_contre", msg("Garde contre")),)
POIGNEE_KINDS = ("simple", "double", "triple")
POIGNEES = {"fft": (20, 30, 40), "old": (20, 40, 60)}  # by kind, the primes of each scale
CHELEM = {"none": 0, "announced": 400, "made": 200, "failed": -200, "defence": -200}
"""The chelem's points to the taker's side (the defence's: 200 to each defender)."""
end, play, scoring = group_of("end"), group_of("play"), group_of("scoring")


@dataclass(frozen=True, slots=True)
class TarotSettings(SettingsBase):
    preset_aside = ("deals",)

    deals: int = end(
        0,
        label=msg("Deals"),
        help=msg("the game ends after this many deals; 0: when the table finishes it"),
        low=0,
        high=200,
    )
    petite: bool = play(
        True,
        label=msg("Petite"),
        help=msg("the lowest contract (also called Prise) may be bid; no: Garde is the lowest"),
    )
    called_king: bool = play(
        True,
        label=msg("Called king"),
        help=msg("at five, the suit of the king the taker called is written down"),
    )
    poignee_to: str = scoring(
        "winner",
        label=msg("Poignée"),
        help=msg("who scores a poignée shown"),
        choices={
            "winner": msg("the side that wins the deal, whoever showed it"),
            "shower": msg("the side that showed it"),
        },
    )
    poignee_scale: str = scoring(
        "fft",
        label=msg("Poignée primes"),
        help=msg("a simple, a double and a triple poignée"),
        choices={"fft": msg("20, 30, 40 (the FFT's)"), "old": msg("20, 40, 60 (the older scale)")},
    )
    half_point: str = scoring(
        "fft",
        label=msg("Half points"),
        help=msg("at three and five, card points with a half (40.5)"),
        choices={
            "fft": msg("to the side that scores: 40.5 of 41 fails by 1 (the FFT's)"),
            "exact": msg("counted: (25 + 0.5) × 2 = 51, a half left to the side that scores"),
            "dropped": msg("not counted: 41.5 counts as 41"),
        },
    )


PRESETS = {"fft": TarotSettings()}


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal as the table knows it at its end (at five the called partner, None alone)."""

    taker: int
    partner: int | None
    contract: str
    bouts: int
    points: int | float  # a half at three and five
    petit_au_bout: str = "none"
    poignee: str = "none"
    poignee_defence: str = "none"
    chelem: str = "none"

    def made(self) -> bool:
        return self.points >= NEEDED[self.bouts]

    def margin(self, half_point: str = "fft") -> int | float:
        """The points over (below 0: under) the points needed, a half as ``half_point``
        counts it: to the side that scores (the FFT), kept (exact), or dropped."""
        exact = self.points - NEEDED[self.bouts]
        if float(exact).is_integer() or half_point == "exact":
            return int(exact) if float(exact).is_integer() else exact
        return floor(exact) if half_point == "dropped" else int(exact + copysign(0.5, exact))

    def terms(self, settings: TarotSettings) -> dict[str, int]:
        """The deal to each defender's opposite, term by term, signed for the taker's side:
        the contract ((25 + the difference) × the contract, a half left to the side that
        scores), petit au bout (10 × the contract), each poignée, the chelem."""
        multiplier, made = MULTIPLIER[self.contract], self.made()
        base = ceil((25 + abs(self.margin(settings.half_point))) * multiplier)
        primes = dict(zip(POIGNEE_KINDS, POIGNEES[settings.poignee_scale], strict=True))
        petit = {"taker": 10, "defence": -10}.get(self.petit_au_bout, 0) * multiplier
        found = {"contract": base if made else -base, "petit_au_bout": petit}
        for name, ours in (("poignee", True), ("poignee_defence", False)):
            to_taker = made if settings.poignee_to == "winner" else ours
            found[name] = primes.get(getattr(self, name), 0) * (1 if to_taker else -1)
        return found | {"chelem": CHELEM[self.chelem]}

    def unit(self, settings: TarotSettings) -> int:
        return sum(self.terms(settings).values())

    def split(self, settings: TarotSettings, seats: int) -> tuple[int, ...]:
        """Each player's points: every defender −unit, the partner +unit, the taker the
        rest, so that the deal sums to zero."""
        unit = self.unit(settings)
        found = [-unit] * seats
        if self.partner is not None:
            found[self.partner] = unit
        found[self.taker] = -sum(found) + found[self.taker]
        return tuple(found)


CHIEN = {3: 6, 4: 6, 5: 3}  # the taker's (chien or écart), but in a Garde contre the defence's
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}  # by kind
# The cards but the bouts, by their worth in half points: kings, queens, knights, jacks and
# 59 others; without the kings (an écart holds none), those an écart may hold.
CARDS = {True: Pack.of({9: 4, 7: 4, 5: 4, 3: 4, 1: 59})}
CARDS[False] = Pack.of({7: 4, 5: 4, 3: 4, 1: 59})
TRICKS = {"both": msg("a trick to each side"), "all": msg("every trick")}
TRICKS["none"] = msg("not a trick")


def _bare(bouts: int, aside: int, bout_places: int, kings: bool) -> tuple[float, float] | None:
    """The least and most points of a side that took no trick: its ``aside`` cards (an
    écart holds no bout or king) and the Excuse, kept if it played it before the last
    trick (no trick to give a low card from); None where it cannot hold its ``bouts``."""
    if bouts > bout_places + 1:
        return None
    others = aside + (bouts > 0) - bouts  # at most: the Excuse kept, the aside all honours
    least = 4.5 * bouts + 0.5 * (aside + (bouts > bout_places) - bouts)
    return least, 4.5 * bouts + CARDS[kings].most(others) / 2


def points_range(deal: Deal, seats: int) -> tuple[str, float, float] | None:
    """How the tricks went (``both`` sides took one, the taker's side ``all``, or ``none``)
    and the least and most card points of the taker's side (a half where a lone card is
    left); None where its bouts cannot be."""
    aside, bouts = CHIEN[seats], deal.bouts
    ours, theirs = (0, aside) if deal.contract == "garde_contre" else (aside, 0)
    if deal.chelem in ("announced", "made"):
        bare = _bare(3 - bouts, theirs, theirs, True)
        return bare and ("all", 91 - bare[1], 91 - bare[0])
    if deal.chelem == "defence":
        ecart = deal.contract in ("petite", "garde")
        bare = _bare(bouts, ours, 0 if ecart else ours, not ecart)
        return bare and ("none", *bare)
    defence = 4.5 * (3 - bouts) + 0.5 * (seats + theirs - 3 + bouts)
    return "both", 4.5 * bouts + 0.5 * (seats + ours - bouts), 91 - defence


def problems(deal: Deal, seats: int, petite: bool) -> list[tuple[str, Message]]:
    """Each field the rules refuse, in the API's words (the field, then the rule) and the
    table's: a Petite not bid, a taker who called themself, what the cards cannot give
    (card points a table writes as counted, or with a lone card's half given to the side
    that won the deal: the FFT counts the cards two by two, 86.5 made is written 87)."""
    found: list[tuple[str, Message]] = []
    if deal.contract == "petite" and not petite:
        found.append(("contract", msg("Petite is not bid at this table: Garde is the lowest.")))
    if deal.partner == deal.taker:
        said = msg("%(name)s called their own king: tap alone.", name=SeatName(deal.taker))
        found.append(("partner", said))
    bouts, points, chelem = deal.bouts, deal.points, deal.chelem
    ranged = points_range(deal, seats)
    if ranged is None and chelem == "defence":
        found.append(("bouts", msg("With no trick the taker's side holds at most 1 bout.")))
    elif ranged is None:
        found.append(("bouts", msg("With every trick the taker's side holds at least 2 bouts.")))
    elif seats == 4 and points % 1:
        found.append(("card_points", msg("At four the two piles come to whole points.")))
    else:
        tricks, least, most = ranged
        least = floor(least) if least % 1 and least < NEEDED[bouts] else least
        most = ceil(most) if most % 1 and most > NEEDED[bouts] else most
        if not least <= points <= most:
            said = nmsg(
                "With %(num)d bout and %(tricks)s, the taker's side has %(least)s to %(most)s.",
                "With %(num)d bouts and %(tricks)s, the taker's side has %(least)s to %(most)s.",
                bouts,
                tricks=TRICKS[tricks],
                least=shown_number(least),
                most=shown_number(most),
            )
            found.append(("card_points", said))
    if deal.petit_au_bout == "taker" and (bouts == 0 or chelem == "defence"):
        said = msg("The taker's side has no bout or took no trick: no Petit at the end.")
        found.append(("petit_au_bout", said))
    if deal.petit_au_bout == "defence" and (bouts == 3 or chelem in ("announced", "made")):
        said = msg("The defence has no bout or took no trick: no Petit at the end.")
        found.append(("petit_au_bout", said))
    trumps = dict(zip(POIGNEE_KINDS, POIGNEE_TRUMPS[seats], strict=True))
    shown = [trumps[p] for p in (deal.poignee, deal.poignee_defence) if p in trumps]
    if sum(shown) > 22:
        added = " + ".join(map(str, shown))
        said = msg("Poignées of %(shown)s trumps: the deck has 22.", shown=added)
        found.append(("poignee_defence", said))
    api = "%(field)s: %(rule)s"
    return [(f, Message(api, {"field": f, "rule": said}).said_at_table(said)) for f, said in found]
