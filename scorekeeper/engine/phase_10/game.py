"""Phase 10 (docs/rules/phase-10.md) on the hand's schema: a hand is who completed their
phase and the points left in each hand; the state carries each player's phase, and the
hand in which someone completes the last one ends the game (ties: the fewest points)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import FootLine, GameNotes, Label, Notation, RulesLine
from ..core.form import Choice, FormField
from ..core.game import HandPlace, PageWords
from ..core.messages import Message, SeatName, msg, nmsg
from ..core.progress import RaceProgress, RaceState, ReplayedHand, start_state
from ..core.schema import (
    Context,
    Field,
    Hand,
    HandSchema,
    HandSummary,
    PerSeat,
    Refused,
    shown,
)
from .settings import CARD_POINTS, HAND_CARDS, MOST_LEFT, PRESETS, PhaseSettings

CARDS = msg("1–9: %(low)d · 10–12: %(high)d · Skip: %(skip)d · Wild: %(wild)d", **CARD_POINTS)


class Completed(Field):
    """The seats that completed their phase: the API's list of seats ("0,2" too; left out:
    none); on the form, yes or no for each player."""

    null_is_default = True
    metavar = "SEATS"

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        items = () if items is None else items
        seats = range(ctx.seats)
        if isinstance(items, list | tuple) and all(str(i) in map(str, seats) for i in items):
            return tuple(sorted({int(item) for item in items}))
        refusal = msg(
            "completed must be a list of seats, 0 to %(last)d, not %(value)s",
            last=ctx.seats - 1,
            value=shown(value),
        ).said_at_table("Say which players completed their phase.")
        raise Refused(("completed", refusal))

    def dump(self, typed: Any) -> Any:
        return list(typed)

    def load(self, value: Any) -> Any:
        return tuple(value or ())

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = (Choice("yes", msg("yes")), Choice("no", msg("no")))
        return tuple(
            FormField(f"made_{s}", self.label, keys, seat=s, style="short", default="no")
            for s in range(ctx.seats)
        )

    def to_form_in(self, value: Any, hand: Mapping[str, Any]) -> dict[str, str]:
        """Yes or no for every player of the stored ``hand`` (its points left, one each)."""
        return {f"made_{s}": "yes" if s in value else "no" for s in range(len(hand["left"]))}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return [s for s in range(ctx.seats) if values.get(f"made_{s}") == "yes"]

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return " ".join(str(seat) for seat in typed)

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> str | None:
        return ", ".join(names[s] for s in typed if s < len(names)) or None


class PhaseHand(HandSchema):
    """A hand a random table writes down: someone went out, some others completed."""

    def random_body(
        self, game: Any, settings: PhaseSettings, ctx: Context, rng: Random
    ) -> dict[str, Any]:
        out, seats = rng.randrange(ctx.seats), range(ctx.seats)
        made = [s for s in seats if s == out or rng.random() < 0.3]
        left = [5 * rng.randint(1 if s in made else HAND_CARDS, 40) * (s != out) for s in seats]
        return {"completed": made, "left": left}


@dataclass(frozen=True, slots=True)
class PhaseState(RaceState):
    """A race's state, each player's phase for the next hand (11: all done), and the
    players replaying a last phase they tied on."""

    phases: tuple[int, ...] = ()
    replaying: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        found = RaceState.to_dict(self)
        return found | {"phases": list(self.phases), "replaying": list(self.replaying)}


@dataclass(frozen=True, slots=True)
class PhaseProgress(RaceProgress):
    """A race led by the players furthest on in the phases, the fewest points among them."""

    @property
    def leaders(self) -> tuple[int, ...]:
        seats = self.state.replaying or range(len(self.totals))
        best = min((-self.state.phases[s], self.totals[s]) for s in seats)
        return tuple(s for s in seats if (-self.state.phases[s], self.totals[s]) == best)


def _load(game: Any, values: Mapping[str, Any]) -> PhaseState:
    """A state as ``to_dict`` wrote it; raises ValueError for anything else."""
    state = PhaseState.from_dict(values, game.seats, game.seats)
    try:
        phases, replaying = (tuple(map(int, values[k])) for k in ("phases", "replaying"))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a state of this game: {values!r}") from exc
    if len(phases) != game.seats or not all(1 <= p <= 11 for p in phases):
        raise ValueError(f"not a state of this game: {values!r}")
    return replace(state, phases=phases, replaying=replaying)


def _start(game: Any, first_dealer: int, starting_totals: Sequence[int] | None) -> PhaseState:
    race = start_state(first_dealer, game.seats, game.seats, starting_totals)
    return PhaseState(0, race.totals, race.dealer, start=race.start, phases=(1,) * game.seats)


def _phases(ctx: Context) -> tuple[int, ...]:
    """Each player's phase before the hand at ``ctx`` (none: a hand read on its own)."""
    return getattr(ctx.place and ctx.place.state, "phases", ())


def _resume(
    game: Any, settings: PhaseSettings, state: PhaseState, records: Sequence[Hand], finish_after
) -> RaceProgress:
    """Scores ``records`` after ``state``: a phase completed moves its player on, the last
    one ends the game (docs/rules/phase-10.md). Raises ValueError for a hand after it."""
    totals, dealer, scored = state.totals, state.dealer, state.scored
    phases, replaying, winners = state.phases, state.replaying, state.winners
    replayed: list[ReplayedHand] = []
    after = state
    for number, record in enumerate(records, start=state.number + 1):
        if winners:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        score = game.score_at(settings, record, HandPlace(number, dealer, after))
        totals = tuple(t + p for t, p in zip(totals, score.points, strict=True))
        phases = tuple(p + (s in record.completed) for s, p in enumerate(phases))
        finished = [
            s
            for s in record.completed
            if phases[s] > settings.phases and (not replaying or s in replaying)
        ]
        if finished:
            low = min(totals[s] for s in finished)
            tied = tuple(s for s in finished if totals[s] == low)
            winners = tied if len(tied) == 1 else ()
            replaying = tied if len(tied) > 1 else ()
            phases = tuple(settings.phases if s in replaying else p for s, p in enumerate(phases))
        hand_dealer, dealer, scored = dealer, (dealer + 1) % game.seats, scored + 1
        after = PhaseState(
            number, totals, dealer, scored, bool(winners), winners, state.start, phases, replaying
        )
        opener = (hand_dealer + 1) % game.seats
        replayed.append(ReplayedHand(number, hand_dealer, opener, record, score, totals, after))
    status = "finished" if winners else "in_progress"
    winner, opener = (winners or (None,))[0], (dealer + 1) % game.seats
    found = (totals, dealer, opener, status, winner, bool(winners), winners, state.start, after)
    return PhaseProgress(settings, tuple(replayed), *found)


def _phase_word(phase: int | str, settings: PhaseSettings) -> str:
    return "✓" if isinstance(phase, int) and phase > settings.phases else str(phase)


def _said(hand: Hand, seat: int, phase: int | None) -> Label:
    """A player's part of a hand as the table says it: the phase made (its number where
    the hand's place is known), and the points left."""
    left = nmsg("%(num)d point left", "%(num)d points left", hand.left[seat])
    if seat not in hand.completed:
        return Label((left,))
    made = msg("phase made") if phase is None else msg("phase %(phase)d made", phase=phase)
    return Label((made, Notation(", "), left))


class PhaseTen(GameBase):
    key = "phase-10"
    name: Message = msg("Phase 10")
    seats = 4
    seat_range = (2, 6)
    presets = PRESETS
    preset_words = {"phase-10": (msg("Phase 10"), msg("Mattel's rules: ten phases in order"))}
    page_words = PageWords(
        auction_head=msg("Out"),
        bid_head=None,
        outcome_head=msg("Made"),  # a narrow printed column: one short word
        entry_heads=(msg("Ph"),),
        legend=msg("Out who went out · Ph the phase played · Pts points left · Tot total."),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s plays first"),
        auction_mark=msg("went out"),
        cell_legend=msg("phase, points left, total"),
        revision_legend=msg("points left"),
    )
    hand = PhaseHand(
        Completed("completed", msg("Completed the phase"), step="made", default=()),
        PerSeat(
            "left",
            msg("Points left in hand"),
            0,
            MOST_LEFT,
            step="left",
            help="The points left in each hand in seat order (0 for who went out).",
        ),
        steps={
            "made": msg("Who completed their phase"),
            "left": msg("Points left in hand: %(cards)s", cards=CARDS),
        },
    )

    def score(self, settings: PhaseSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return tuple(hand.left)

    def check(self, settings: PhaseSettings, hand: Hand, ctx: Context) -> list[tuple[str, Any]]:
        """Points in fives, one player out, 50 at least without the phase, none past the last."""
        found: list[tuple[str, Any]] = []
        for seat, left in enumerate(hand.left):
            values = {"points": left, "player": SeatName(seat)}
            if left % 5:
                fives = msg(
                    "%(player)s: %(points)d points left, but every card counts 5, 10, 15 or 25.",
                    **values,
                )
                found.append((f"left[{seat}]", fives))
            elif left < 5 * HAND_CARDS and seat not in hand.completed:
                ten_cards = msg(
                    "%(player)s, without the phase, holds 10 cards: 50 points at least, not "
                    "%(points)d.",
                    **values,
                )
                found.append((f"left[{seat}]", ten_cards))
        if hand.left.count(0) != 1:
            out = msg("One player goes out and has 0 points; the others have cards left.")
            found.append(("left", out))
        phases = _phases(ctx)
        for seat in hand.completed:
            if phases and phases[seat] > settings.phases:
                said = msg(
                    "%(player)s has completed phase %(last)d already: there is no phase after it.",
                    last=settings.phases,
                    player=SeatName(seat),
                )
                found.append(("completed", said))
        return found

    def view(self, settings: PhaseSettings, hand: Hand, ctx: Context) -> HandSummary:
        """As a pad keeps it: who went out; each player's phase (marked if completed)."""
        phases = _phases(ctx)
        out = next((s for s, left in enumerate(hand.left) if left == 0), None)
        alone = ["–"] * ctx.seats  # a hand shown on its own: no phase known
        entries = tuple((_phase_word(p, settings),) for p in phases or alone)
        made = tuple(s in hand.completed for s in range(ctx.seats))
        outcome = Label((msg("%(count)d made", count=len(hand.completed)),))
        said = tuple(_said(hand, s, phases[s] if phases else None) for s in range(ctx.seats))
        return HandSummary(out, None, outcome, entries, made, said=said)

    def explain(
        self, settings: PhaseSettings, hand: Hand, place: HandPlace | None = None
    ) -> list[list[Message]]:
        return [[msg("%(points)d points left in hand", points=left)] for left in hand.left]

    # --- the phases, hand to hand ------------------------------------------------------------

    progression = Progression(
        start=_start,
        load=_load,
        resume=_resume,
        shares_tie=False,
    )

    def end_words(self, settings: PhaseSettings) -> Message:
        return msg("to phase %(phases)d, then the fewest points", phases=settings.phases)

    def deal_note(self, settings: PhaseSettings, place: HandPlace) -> Message | None:
        if not getattr(place.state, "replaying", ()):
            return None
        return msg(
            "Tied on points: only the tied players' phase %(last)d counts this hand.",
            last=settings.phases,
        )

    def notes(self, progress: Any) -> GameNotes:
        """Under the sheet: each player's phase for the next hand (✓: completed them all)."""
        phases = progress.state.phases
        cells = tuple(Notation(_phase_word(p, progress.settings)) for p in phases)
        return GameNotes(foot=(FootLine(msg("Phase"), cells),))

    def progress_result(self, progress: Any) -> dict[str, Any]:
        """Each player's phase for the next hand; the players replaying a tied last one."""
        return {"phases": list(progress.state.phases), "replaying": list(progress.state.replaying)}

    def rules_lines(self, settings: PhaseSettings) -> list[RulesLine]:
        return [settings.line_of("phases"), RulesLine(msg("Cards left in hand"), CARDS)]

    def rules_notes(self, settings: PhaseSettings) -> list[Message]:
        return [
            msg(
                "The first to complete phase %(last)d wins at the end of that hand; several "
                "at once: the fewest points, and players still tied replay it.",
                last=settings.phases,
            )
        ]


GAME = PhaseTen()
"""Phase 10 for four players, as the registry holds it; ``GAME.seated(n)`` for n players."""
