"""What Oh Hell's pages show beside the schema's rendering of a hand: the rules of a score
sheet with the cards dealt hand by hand. Plain data (see ``core/display.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.display import Notation, RulesLine
from ..core.messages import Message, msg
from .settings import OhHellSettings, cards_sequence


def _numbers(values: Sequence[int]) -> Notation:
    return Notation(" ".join(map(str, values)))


def rules_lines(settings: OhHellSettings) -> list[RulesLine]:
    return [
        settings.line_of("players"),
        settings.line_of("sequence"),
        RulesLine(msg("Most cards"), settings.top_cards),
        RulesLine(msg("Hands"), len(cards_sequence(settings))),
        settings.line_of("hook"),
        # Formulas in words of the sheet's language: "bid" and "tricks" are words to translate.
        RulesLine(
            msg("Exactly the bid"),
            msg(
                "%(bonus)d + %(per_trick)d × bid",
                bonus=settings.exact_bonus,
                per_trick=settings.made_per_trick,
            ),
        ),
        RulesLine(msg("Any other number"), _missed(settings)),
    ]


def _missed(settings: OhHellSettings) -> Message:
    """A missed bid's points as a formula of its terms that count: "nothing" when
    neither does, never "0 × tricks − 0 × |tricks − bid|"."""
    per_trick, step = settings.missed_per_trick, settings.miss_step
    if per_trick and step:
        return msg(
            "%(per_trick)d × tricks − %(step)d × |tricks − bid|", per_trick=per_trick, step=step
        )
    if per_trick:
        return msg("%(per_trick)d × tricks", per_trick=per_trick)
    if step:
        return msg("−%(step)d × |tricks − bid|", step=step)
    return msg("nothing")


def rules_notes(settings: OhHellSettings) -> list[Message]:
    """The cards dealt in each hand, as the blank sheet lists them, and the hook."""
    notes = [
        msg(
            "Cards dealt, hand by hand: %(sequence)s",
            sequence=_numbers(cards_sequence(settings)),
        )
    ]
    if settings.hook:
        notes.append(msg("The dealer bids last and may not make the bids total the cards dealt."))
    return notes
