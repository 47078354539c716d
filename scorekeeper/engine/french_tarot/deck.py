"""What a deal can be, from the 78 cards and the FFT's rules (docs/rules/french-tarot.md,
"Deals the rules cannot give"): the taker's side's card points against its bouts, the
chien and the chelem; petit au bout against the bouts; the poignées against 22 trumps."""

from __future__ import annotations

from math import ceil, floor

from ..core.messages import Message, SeatName, msg, nmsg
from ..core.numbers import shown_number
from .settings import NEEDED, Deal

CHIEN = {3: 6, 4: 6, 5: 3}  # the taker's (chien or écart), but in a Garde contre the defence's
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}  # simple, double, triple
HONOURS = (4.5,) * 4 + (3.5,) * 4 + (2.5,) * 4 + (1.5,) * 4  # any other card but a bout: ½
TRICKS = {"both": msg("a trick to each side"), "all": msg("every trick")}
TRICKS["none"] = msg("not a trick")


def _bare(bouts: int, aside: int, bout_places: int, kings: bool) -> tuple[float, float] | None:
    """The least and most points of a side that took no trick: its ``aside`` cards (an
    écart holds no bout or king) and the Excuse, kept if it played it before the last
    trick (no trick to give a low card from); None where it cannot hold its ``bouts``."""
    if bouts > bout_places + 1:
        return None
    honours, others = HONOURS[0 if kings else 4 :], aside + (bouts > 0) - bouts
    most = sum(honours[:others]) + 0.5 * max(0, others - len(honours))
    return 4.5 * bouts + 0.5 * (aside + (bouts > bout_places) - bouts), 4.5 * bouts + most


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


def fits(points: float, least: float, most: float, needed: int) -> bool:
    """Whether a table may write ``points``: as counted, or with the half of a lone card
    given to the side that won the deal (the FFT counts the cards two by two)."""
    counted = [points]
    if points % 1 == 0 and points != needed:
        counted.append(points + 0.5 if points < needed else points - 0.5)
    return any(least <= p <= most for p in counted)


def problems(deal: Deal, seats: int, petite: bool, entered: bool) -> list[tuple[str, Message]]:
    """Each field the rules refuse, in the table's words: a Petite not bid, a taker who
    called themself; for a deal ``entered`` at its place, what the cards cannot give."""
    found: list[tuple[str, Message]] = []
    if deal.contract == "petite" and not petite:
        found.append(("contract", msg("Petite is not bid at this table: Garde is the lowest.")))
    if deal.partner == deal.taker:
        said = msg("%(name)s called their own king: tap alone.", name=SeatName(deal.taker))
        found.append(("partner", said))
    if not entered:
        return found
    bouts, points, chelem, needed = deal.bouts, deal.points, deal.chelem, NEEDED[deal.bouts]
    ranged = points_range(deal, seats)
    if ranged is None and chelem == "defence":
        found.append(("bouts", msg("With no trick the taker's side holds at most 1 bout.")))
    elif ranged is None:
        found.append(("bouts", msg("With every trick the taker's side holds at least 2 bouts.")))
    elif seats == 4 and points % 1:
        found.append(("card_points", msg("At four the two piles come to whole points.")))
    elif not fits(points, *ranged[1:], needed):
        tricks, least, most = ranged
        said = nmsg(
            "With %(num)d bout and %(tricks)s, the taker's side has %(least)s to %(most)s.",
            "With %(num)d bouts and %(tricks)s, the taker's side has %(least)s to %(most)s.",
            bouts,
            tricks=TRICKS[tricks],
            least=shown_number(floor(least) if least % 1 and least < needed else least),
            most=shown_number(ceil(most) if most % 1 and most > needed else most),
        )
        found.append(("card_points", said))
    if deal.petit_au_bout == "taker" and (bouts == 0 or chelem == "defence"):
        said = msg("The taker's side has no bout or took no trick: no Petit at the end.")
        found.append(("petit_au_bout", said))
    if deal.petit_au_bout == "defence" and (bouts == 3 or chelem in ("announced", "made")):
        said = msg("The defence has no bout or took no trick: no Petit at the end.")
        found.append(("petit_au_bout", said))
    trumps = dict(zip(("simple", "double", "triple"), POIGNEE_TRUMPS[seats], strict=True))
    shown = [trumps[p] for p in (deal.poignee, deal.poignee_defence) if p in trumps]
    if sum(shown) > 22:
        said = msg(
            "Poignées of %(shown)s trumps: the deck has 22.", shown=" + ".join(map(str, shown))
        )
        found.append(("poignee_defence", said))
    return found


def api_words(field: str, said: Message) -> Message:
    """A refusal in the API's words, the field then the rule; ``said`` its table words."""
    return Message("%(field)s: %(rule)s", {"field": field, "rule": said}).said_at_table(said)
