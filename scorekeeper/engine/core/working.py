"""A side's score worked out term by term, for the "how was this counted" page and the
print's workings: each term named in the game's words (the points of the cards, a bonus),
the whole multiplied (a double), rounded where the rules round, then what is added as it
is (a bonus never multiplied). A game builds one per side as it scores; its points are
the score, and its lines the same working in the table's words, never a bare "+270"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .messages import Message, msg

Term = tuple[Message, int]


def to_ten(points: int, rounding: bool = True) -> int:
    """``points`` to the nearest ten, 5 up (223 is 220, 185 is 190), if ``rounding``."""
    return (points + 5) // 10 * 10 if rounding else points


@dataclass(frozen=True, slots=True)
class Working:
    """``terms`` added, times ``times`` (``times_word`` says why: a double), rounded to
    ten if ``rounding``; then ``kept`` added as they are."""

    terms: tuple[Term, ...] = ()
    times: int = 1
    rounding: bool = False
    kept: tuple[Term, ...] = ()
    times_word: Message | None = None

    @property
    def inside(self) -> int:
        return sum(points for _, points in self.terms) * self.times

    @property
    def points(self) -> int:
        return to_ten(self.inside, self.rounding) + sum(points for _, points in self.kept)

    def lines(self, named: Sequence[tuple[Message, Sequence[Term]]] = ()) -> list[Message]:
        """The working in lines: each term but a 0, the multiplier, the rounding, each
        kept term. ``named`` spells a term out as its parts ("announcements" as a tierce
        and a cent): the term's Message and its parts."""
        spelled, found = dict(named), []
        for term, total in self.terms:
            parts = spelled.get(term, ((term, total),)) if total else ()
            found += [msg("%(term)s: %(points)d", term=t, points=p) for t, p in parts]
        if self.times > 1 and self.inside:
            said = self.times_word or msg("multiplied")
            found.append(
                msg(
                    "%(why)s: × %(times)d = %(points)d",
                    why=said,
                    times=self.times,
                    points=self.inside,
                )
            )
        if to_ten(self.inside, self.rounding) != self.inside:
            # From what to what: the rounded sum alone read as one more term to add.
            rounded = {"before": self.inside, "points": to_ten(self.inside)}
            found.append(msg("rounded to the nearest ten: %(before)d → %(points)d", **rounded))
        return found + [msg("%(term)s: %(points)d", term=t, points=p) for t, p in self.kept if p]
