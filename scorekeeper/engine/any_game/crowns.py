"""Five Crowns' cards (docs/rules/any-game.md): what a round of the sheet with ``wilds =
five_crowns`` can leave in a player's hand, and the refusals of a round no deal can give.

Two packs of five suits, 3 to King, and six Jokers: ten cards of each rank. Round r deals
r + 2 cards, and that rank is wild. A card left counts its face (Jack 11, Queen 12, King
13), a wild card 20 and a Joker 50. A round ends when one player goes out (0); each other
player then has one last turn: draws (r + 3 cards), lays down books and runs of 3 cards
or more and discards one, so keeps every card dealt (none laid down), none (out as well),
or 1 to r − 1 of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from random import Random

from ..core.card_points import Pack
from ..core.messages import Message, SeatName, msg

ROUNDS = 11
WILD, JOKER = 20, 50


@cache
def pack(number: int) -> Pack:
    """Both packs of round ``number`` by what each card counts left in a hand."""
    wild = number + 2
    return Pack.of({**{rank: 10 for rank in range(3, 14) if rank != wild}, WILD: 10, JOKER: 6})


def kept(number: int) -> tuple[int, ...]:
    """How many cards a player who did not go out can keep after round ``number``."""
    return (*range(1, number), number + 2)


def dealt(number: int | None, players: int, rng: Random) -> list[int]:
    """A round a random table writes down, dealt from the two packs: one player out, some
    others going down too or keeping a few cards, the rest keeping all they were dealt."""
    number = number if number is not None and 1 <= number <= ROUNDS else rng.randint(1, ROUNDS)
    cards = [worth for worth, count in pack(number).worths for _ in range(count)]
    rng.shuffle(cards)
    out = rng.randrange(players)
    held = [
        0 if s == out or rng.random() < 0.1 else rng.choice(kept(number)) for s in range(players)
    ]
    return [sum(cards.pop() for _ in range(n)) for n in held]


def refusals(points: Sequence[int], number: int | None) -> list[tuple[str, Message]]:
    """A round nobody went out of, and points no hand left after round ``number`` (None:
    any round) can count, each naming the player; then all of them together from the two
    packs."""
    found: list[tuple[str, Message]] = []
    if 0 not in points:
        nobody = msg(
            "Nobody went out: a round ends when one player goes out, with 0 points (and so "
            "does anyone who lays every card down in the last turn)."
        )
        found.append(("points", nobody))
    rounds = [number] if number is not None and 1 <= number <= ROUNDS else range(1, ROUNDS + 1)
    for seat, left in enumerate(points):
        if left and not any(pack(r).makes(left, kept(r)) for r in rounds):
            said = msg(
                "%(player)s: no hand left counts %(points)d (each card 3 to 13, a wild card "
                "20, a Joker 50).",
                player=SeatName(seat),
                points=left,
            )
            if len(rounds) == 1:
                said = msg(
                    "%(player)s: no hand left after round %(round)d counts %(points)d "
                    "(%(cards)d cards dealt; each card 3 to 13, a wild card 20, a Joker 50).",
                    player=SeatName(seat),
                    points=left,
                    round=number,
                    cards=number + 2,
                )
            found.append((f"points[{seat}]", said))
    if found or len(rounds) > 1:
        return found
    most = pack(number).most(sum(0 if left == 0 else number + 2 for left in points))
    if sum(points) > most:
        said = msg(
            "The points left add up to %(points)d, more than the cards still held can count "
            "from the two packs (6 Jokers, 10 wild cards): %(most)d at most.",
            points=sum(points),
            most=most,
        )
        found.append(("points", said))
    return found
