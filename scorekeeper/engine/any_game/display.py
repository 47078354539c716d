"""What the round sheet's pages show, as plain data (see ``core/display.py``): a round
as a row, the rules lines of a score sheet, a round in one line, and why each cell holds
its points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.display import Label, Notation, RevisionView, RulesLine, signed
from ..core.messages import Message, Side, msg, nmsg
from ..core.schema import Hand, HandSummary
from .rounds import RoundScore
from .settings import SheetSettings

PASS_WORDS: dict[str, Message] = {
    "left": msg("pass left"),
    "right": msg("pass right"),
    "across": msg("pass across"),
    "hold": msg("hold"),
}
"""Where the cards went before a round, as its row says it."""

PASS_NOTES: dict[str, Message] = {
    "left": msg("Pass three cards to the left"),
    "right": msg("Pass three cards to the right"),
    "across": msg("Pass three cards across"),
    "hold": msg("Hold: no passing this round"),
}
"""Where the cards go before the round being dealt, as the form and the turn line say it."""


def summary(
    settings: SheetSettings, hand: Hand, score: RoundScore, number: int | None = None
) -> HandSummary:
    """A round as its row shows it: about the round's winner (when one player alone won
    it) or the moon's shooter, named ("Dana shot the moon"); where the cards went before
    round ``number`` (Hearts' passing), then the round's total as its outcome; and each
    player's points marked where they won the round."""
    seats = range(len(score.points))
    alone = score.won[0] if len(score.won) == 1 else None
    pieces: list[Message | str] = []
    way = None if number is None else settings.passes(number, len(score.points))
    if way is not None:
        pieces.append(PASS_WORDS[way])
    rank = None if number is None else settings.wild_rank(number)
    if rank is not None:
        pieces.append(msg("wild: %(rank)s", rank=rank_word(rank)))
    if hand.moon is not None:
        # The round is about its shooter, whoever the moon rule left lowest; a page puts
        # the shooter's name where the API's text says the seat's letter.
        alone = hand.moon
        pieces.append(msg("%(name)s shot the moon", name=Side(hand.moon)))
    elif settings.round_total is None:
        pieces.append(msg("total %(total)s", total=Notation(signed(sum(score.points)))))
    # else every round totals the same: said once on the sheet, not under every round.
    made = tuple(True if seat in score.won else None for seat in seats)
    return HandSummary(alone, None, Label.dotted(*pieces), tuple(() for _ in seats), made)


def passing_note(settings: SheetSettings, number: int, players: int) -> Message | None:
    """Where the cards go before round ``number`` (Hearts), or the cards to deal and the
    wild card (Five Crowns), or None where the sheet does not say."""
    rank = settings.wild_rank(number)
    if rank is not None:
        return msg("Deal %(cards)d cards; wild: %(rank)s", cards=rank, rank=rank_word(rank))
    way = settings.passes(number, players)
    return None if way is None else PASS_NOTES[way]


RANKS: dict[int, Message] = {11: msg("Jack"), 12: msg("Queen"), 13: msg("King")}


def rank_word(rank: int) -> Message | str:
    """A rank as a player names it: 3 to 10, Jack, Queen, King."""
    return RANKS.get(rank, str(rank))


def end_words(settings: SheetSettings) -> Message:
    """The game's end for the scoreboard's line of rules."""
    return {
        "high_target": msg("to %(target)d", target=settings.target),
        "low_target": msg("to %(target)d, the lowest wins", target=settings.target),
        "rounds": msg("%(rounds)d rounds", rounds=settings.rounds),
        "rounds_low": msg("%(rounds)d rounds, the lowest wins", rounds=settings.rounds),
        "open": msg("until the table stops"),
    }[settings.goal]


def _end_line(settings: SheetSettings) -> RulesLine:
    if settings.goal in ("high_target", "low_target"):
        return RulesLine(msg("Target"), settings.target)
    if settings.goal in ("rounds", "rounds_low"):
        return settings.line_of("rounds")
    return RulesLine(msg("End"), msg("when the table finishes"))


def rules_lines(settings: SheetSettings) -> list[RulesLine]:
    """The settings as short lines for a score sheet."""
    total = settings.round_total
    return (
        [
            settings.line_of("goal"),
            _end_line(settings),
            RulesLine(msg("Round total"), msg("any") if total is None else Notation(str(total))),
            settings.line_of("tie_at_end"),
            settings.line_of("dealer"),
        ]
        + moon_line(settings)
        + passing_line(settings)
        + ([] if settings.wilds == "none" else [settings.line_of("wilds")])
    )


def passing_line(settings: SheetSettings) -> list[RulesLine]:
    """The passing rotation's line, on a sheet that says it (Hearts)."""
    return [] if settings.passing == "none" else [settings.line_of("passing")]


def moon_line(settings: SheetSettings) -> list[RulesLine]:
    """The moon rule's line, on a sheet that has one (Hearts)."""
    if settings.moon == "none":
        return []
    return [settings.line_of("moon")]


def rules_notes(settings: SheetSettings) -> list[Message]:
    """How the game ends, in a sentence."""
    notes = []
    if settings.round_total is not None:
        notes.append(msg("Every round's points add up to %(total)d.", total=settings.round_total))
    if settings.moon != "none":
        notes.append(MOON_NOTES[settings.moon])
    ends = {
        "high_target": msg(
            "The game ends after the round in which someone reaches %(target)d; the highest "
            "total wins.",
            target=settings.target,
        ),
        "low_target": msg(
            "The game ends after the round in which someone reaches %(target)d; the lowest "
            "total wins.",
            target=settings.target,
        ),
        "rounds": msg(
            "The game ends after %(rounds)d rounds; the highest total wins.",
            rounds=settings.rounds,
        ),
        "rounds_low": msg(
            "The game ends after %(rounds)d rounds; the lowest total wins.",
            rounds=settings.rounds,
        ),
        "open": msg("The game ends when the table finishes; the highest total wins."),
    }
    notes.append(ends[settings.goal])
    return notes


def _points(value: int) -> Notation:
    return Notation(signed(value))


MOON_NOTES: dict[str, Message] = {
    "others_plus_26": msg(
        "Shooting the moon: the shooter scores 0 and every other player the round's points."
    ),
    "shooter_minus_26": msg(
        "Shooting the moon: the shooter takes the round's points off their total; the others "
        "score 0."
    ),
    "safety": msg(
        "Shooting the moon: every other player scores the round's points, unless that would "
        "end the game without the shooter alone lowest; then the shooter takes them off."
    ),
}


def describe_hand(
    hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
) -> list[Message]:
    """A round (its ``to_dict``) in one line: each player's points ("Ann +12 points"), or
    who shot the moon."""
    if hand.get("moon") is not None:
        return [msg("%(name)s shot the moon", name=players[hand["moon"]])]
    return [
        nmsg(
            "%(name)s %(points)s point",
            "%(name)s %(points)s points",
            abs(points),
            name=name,
            points=_points(points),
        )
        for name, points in zip(players, hand["points"], strict=True)
    ]


def revision_view(
    hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
) -> RevisionView:
    """A saved version of a round for the Revisions page: its total, and each player's
    points, as the round's line says them ("+16 points"); a moon as its shooter (its points
    depend on the rule and the game)."""
    if hand.get("moon") is not None:
        shot = (msg("%(name)s shot the moon", name=players[hand["moon"]]),)
        return RevisionView(shot, ())
    summary = (msg("round total %(total)s", total=_points(sum(hand["points"]))),)
    seats = tuple(
        (nmsg("%(points)s point", "%(points)s points", abs(p), points=_points(p)), None)
        for p in hand["points"]
    )
    return RevisionView(summary, seats)


def explained(settings: SheetSettings, record: Hand, score: RoundScore) -> list[list[Message]]:
    """Each player's points as the table wrote them (or as the moon rule gave them), and
    whether they won the round."""
    found = []
    for seat, points in enumerate(score.points):
        if record.moon is None:
            terms = [msg("written on the sheet: %(points)s", points=_points(points))]
        elif seat == record.moon:
            terms = [msg("shot the moon: %(points)s", points=_points(points))]
        else:
            terms = [msg("another player shot the moon: %(points)s", points=_points(points))]
        if seat in score.won:
            terms.append(
                msg("the round's lowest points")
                if settings.lowest_wins
                else msg("the round's highest points")
            )
        found.append(terms)
    return found
