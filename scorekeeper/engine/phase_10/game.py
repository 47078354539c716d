"""Phase 10 (docs/rules/phase-10.md) on the hand's schema: a hand is who completed their
phase and the points left in each hand, refused where the cards a player can still hold
cannot make them; the state carries each player's phase, said in words wherever the table
meets it, and the hand in which someone completes the last one ends the game (ties: the
fewest points)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import FootLine, GameNotes, Label, Notation, RulesLine
from ..core.game import HandPlace, PageWords
from ..core.messages import Message, SeatName, msg, nmsg
from ..core.progress import RaceProgress, RaceState, ReplayedHand
from ..core.schema import Context, Hand, HandSchema, HandSummary, PerSeat, SeatsOf
from .settings import (
    CARD_POINTS,
    HAND_CARDS,
    LAID_DOWN,
    MOST_LEFT,
    PACK,
    PHASES,
    PRESETS,
    PhaseSettings,
)

CARDS = msg("1–9: %(low)d · 10–12: %(high)d · Skip: %(skip)d · Wild: %(wild)d", **CARD_POINTS)


class PhaseHand(HandSchema):
    """A hand a random table writes down: the cards dealt from one pack, someone out, some
    others completing their phase and keeping a few cards, the rest holding ten."""

    def random_body(
        self, game: Any, settings: PhaseSettings, ctx: Context, rng: Random
    ) -> dict[str, Any]:
        phases = _phases(ctx) or (1,) * ctx.seats
        may = [s for s in range(ctx.seats) if phases[s] <= settings.phases]
        pack = [worth for worth, count in PACK.worths for _ in range(count)]
        rng.shuffle(pack)
        out = rng.choice(may)
        made = [s for s in may if s == out or rng.random() < 0.3]
        held = [
            rng.randint(1, kept(phases[s])) if s in made else HAND_CARDS for s in range(ctx.seats)
        ]
        left = [
            0 if s == out else sum(pack.pop() for _ in range(held[s])) for s in range(ctx.seats)
        ]
        return {"completed": made, "left": left}


@dataclass(frozen=True, slots=True)
class PhaseState(RaceState):
    """A race's state, each player's phase for the next hand (11: all done), and the
    players replaying a last phase they tied on."""

    phases: tuple[int, ...] = ()
    replaying: tuple[int, ...] = ()

    @classmethod
    def opening(cls, game: Any) -> dict[str, Any]:
        return {"phases": (1,) * game.seats}

    def fits(self, game: Any) -> bool:
        return len(self.phases) == game.seats and all(1 <= p <= 11 for p in self.phases)


@dataclass(frozen=True, slots=True)
class PhaseProgress(RaceProgress):
    """A race led by the players furthest on in the phases, the fewest points among them."""

    @property
    def leaders(self) -> tuple[int, ...]:
        seats = self.state.replaying or range(len(self.totals))
        best = min((-self.state.phases[s], self.totals[s]) for s in seats)
        return tuple(s for s in seats if (-self.state.phases[s], self.totals[s]) == best)


def _phases(ctx: Context) -> tuple[int, ...]:
    """Each player's phase before the hand at ``ctx`` (none: a hand read on its own)."""
    return getattr(ctx.place and ctx.place.state, "phases", ())


def _carry(game: Any, settings: PhaseSettings, hand: ReplayedHand) -> PhaseState:
    """A phase completed moves its player on, the last one ends the game, the fewest
    points winning, players still tied replaying it (docs/rules/phase-10.md)."""
    state, completed = hand.state, hand.record.completed
    phases = tuple(p + (s in completed) for s, p in enumerate(state.phases))
    replaying, winners = state.replaying, state.winners
    last = settings.phases
    finished = [s for s in completed if phases[s] > last and (not replaying or s in replaying)]
    if finished:
        low = min(state.totals[s] for s in finished)
        tied = tuple(s for s in finished if state.totals[s] == low)
        winners = tied if len(tied) == 1 else ()
        replaying = tied if len(tied) > 1 else ()
        phases = tuple(last if s in replaying else p for s, p in enumerate(phases))
    ended = bool(winners)
    return replace(state, phases=phases, replaying=replaying, winners=winners, target_reached=ended)


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


def phase_words(phase: int) -> Message:
    """A phase as the table says it: "Phase 4: a run of 7"."""
    return msg("Phase %(phase)d: %(what)s", phase=phase, what=PHASES[phase - 1])


def kept(phase: int | None) -> int:
    """The most cards a player who completed ``phase`` keeps (ten less what it lays down);
    for a phase not known (a hand read alone, a phase after the last), the most any does."""
    known = phase is not None and 1 <= phase <= len(LAID_DOWN)
    return HAND_CARDS - (LAID_DOWN[phase - 1] if known else min(LAID_DOWN))


def _listed(parts: Sequence[Any], dotted: bool = False) -> Any:
    """``parts`` one after another: "Ann, Bob, Cat"; ``dotted``, "… · …"."""
    if len(parts) == 1:
        return parts[0]
    first, rest = parts[0], _listed(parts[1:], dotted)
    if dotted:
        return msg("%(first)s · %(rest)s", first=first, rest=rest)
    return msg("%(first)s, %(rest)s", first=first, rest=rest)


def _left_refusals(hand: Hand, phases: Sequence[int]) -> list[tuple[str, Any]]:
    """Points left that the cards a player still holds cannot make (docs/rules/phase-10.md):
    ten cards without the phase, one to ten less what the phase lays down with it (none for
    who went out), and all of them together from the one pack."""
    found: list[tuple[str, Any]] = []
    cards: list[range] = []
    for seat, left in enumerate(hand.left):
        phase = phases[seat] if phases else None
        held = range(0, 1) if left == 0 else range(1, kept(phase) + 1)
        held = held if seat in hand.completed else range(HAND_CARDS, HAND_CARDS + 1)
        cards.append(held)
        if PACK.makes(left, held):
            continue
        values = {"player": SeatName(seat), "points": left}
        refusal = msg(
            "%(player)s, without the phase, holds 10 cards of 5, 10, 15 or 25 points: "
            "%(least)d to %(most)d in all, not %(points)d.",
            least=PACK.least(HAND_CARDS),
            most=MOST_LEFT,
            **values,
        )
        if seat in hand.completed:
            refusal = nmsg(
                "%(player)s completed %(phase)s and so keeps one card at most, of 5, 10, 15 or "
                "25 points: not %(points)d (%(most)d at most).",
                "%(player)s completed %(phase)s and so keeps %(num)d cards at most, of 5, 10, "
                "15 or 25 points: they cannot make %(points)d (%(most)d at most).",
                kept(phase),
                phase=msg("a phase") if phase is None else msg("phase %(phase)d", phase=phase),
                most=PACK.most(kept(phase)),
                **values,
            )
        found.append((f"left[{seat}]", refusal))
    together = range(sum(c.start for c in cards), sum(c.stop - 1 for c in cards) + 1)
    if not found and not PACK.makes(sum(hand.left), together):
        pack = msg(
            "The points left add up to %(points)d, which the cards still held cannot make "
            "from one pack of 8 Wilds and 4 Skips (%(most)d at most).",
            points=sum(hand.left),
            most=PACK.most(together.stop - 1),
        )
        found.append(("left", pack))
    return found


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
        SeatsOf(
            "completed",
            msg("Completed the phase"),
            ask=msg("Say which players completed their phase."),
            prefix="made",
            step="made",
            default=(),
        ),
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
        examples={"phase-10": {"completed": [0, 1], "left": [0, 25, 65, 100]}},
    )

    def score(self, settings: PhaseSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return tuple(hand.left)

    def check(self, settings: PhaseSettings, hand: Hand, ctx: Context) -> list[tuple[str, Any]]:
        """Points the cards a player still holds can make, one player out, none past the
        last phase."""
        phases = _phases(ctx)
        found = _left_refusals(hand, phases)
        if hand.left.count(0) != 1:
            out = msg("One player goes out and has 0 points; the others have cards left.")
            found.append(("left", out))
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
        """Each player's phase, made or not (which one where the hand's place is known), and
        the points left in hand."""
        phases = getattr(place and place.state, "phases", ())
        found = []
        for seat, left in enumerate(hand.left):
            known = phases and phases[seat] <= len(PHASES)
            what = {"phase": phase_words(phases[seat]) if known else msg("the phase")}
            made = msg("%(phase)s, made", **what)
            made = made if seat in hand.completed else msg("%(phase)s, not made", **what)
            points = nmsg("%(num)d point left in hand", "%(num)d points left in hand", left)
            found.append([made, msg("went out: 0 points") if left == 0 else points])
        return found

    # --- the phases, hand to hand ------------------------------------------------------------

    progression = Progression(state=PhaseState, carry=_carry, progress=PhaseProgress)

    def end_words(self, settings: PhaseSettings) -> Message:
        return msg("to phase %(phases)d, then the fewest points", phases=settings.phases)

    def deal_note(self, settings: PhaseSettings, place: HandPlace) -> Message | None:
        """The phase each player goes for in the hand at ``place``, in words, the furthest
        first ("Phase 4: a run of 7 (Ann, Bob)"), and after a tie on the last phase that
        only the tied players' counts."""
        phases = getattr(place.state, "phases", ())
        groups = []
        for phase in sorted({p for p in phases if p <= settings.phases}, reverse=True):
            seats = [SeatName(s) for s, p in enumerate(phases) if p == phase]
            players = _listed(seats)
            groups.append(msg("%(phase)s (%(players)s)", phase=phase_words(phase), players=players))
        if getattr(place.state, "replaying", ()):
            tied = msg(
                "Tied on points: only the tied players' phase %(last)d counts this hand.",
                last=settings.phases,
            )
            groups.insert(0, tied)
        return _listed(groups, dotted=True) if groups else None

    def notes(self, progress: Any) -> GameNotes:
        """Under the sheet: each player's phase for the next hand (✓: completed them all)."""
        phases = progress.state.phases
        cells = tuple(Notation(_phase_word(p, progress.settings)) for p in phases)
        return GameNotes(foot=(FootLine(msg("Phase"), cells),))

    def progress_result(self, progress: Any) -> dict[str, Any]:
        """Each player's phase for the next hand; the players replaying a tied last one."""
        return {"phases": list(progress.state.phases), "replaying": list(progress.state.replaying)}

    def rules_lines(self, settings: PhaseSettings) -> list[RulesLine]:
        """The phases played, the cards' worth, and each phase in words."""
        return [
            settings.line_of("phases"),
            RulesLine(msg("Cards left in hand"), CARDS),
            *(
                RulesLine(msg("Phase %(phase)d", phase=phase), PHASES[phase - 1])
                for phase in range(1, settings.phases + 1)
            ),
        ]

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
