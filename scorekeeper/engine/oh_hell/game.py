"""Oh Hell behind the one game interface (:class:`~..core.base.GameBase`): three to
seven players, each for themselves, bid exactly the tricks they will take in hands whose
cards follow ``sequence``; the game ends with the sequence and the highest total wins,
equal totals sharing the win. Built from RULES.md section 4.

**A table of any size.** The core fixes ``seats`` per game; here it is per table: the
registry holds the four-player game (``GAME``), and ``GAME.seated(n)`` is the game for
``n`` players (3..7, the ``players`` knob in its settings), the same rules on another
table. **A hand's place in the game.** The cards a hand deals follow from its number, and
the hook from its dealer: ``deal_of(settings, number, dealer)`` says so, ``read_hand``
reads a hand checked against it, and ``hand_form`` takes it to send the cards instead of
asking them. ``progress_result`` is what the game's JSON carries beyond the shared
fields: the cards of the next hand and the hands left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..core.base import Capabilities, GameBase
from ..core.display import HandView, Label, Notation, RevisionView, RulesLine, SeatView
from ..core.errors import InvalidSettings
from ..core.game import CsvCell, CsvColumn, Knob, PageWords
from ..core.messages import Message, msg
from ..core.progress import RaceProgress, RaceState, ReplayedHand
from ..core.seats import leaders_of
from ..core.stats import GameStats, seated
from . import figures
from .figures import OhHellFigures
from .form import Deal, form_body, form_values, hand_form
from .records import OhHellHand, explain, record_from_dict
from .settings import (
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    SEQUENCES,
    OhHellSettings,
    cards_sequence,
    most_cards,
)
from .simulate import BOTS, simulate_deals, verify_deal

KNOB_WORDS: dict[str, tuple[Message, Message, str]] = {
    # name: (label on the new-game form, one-line help, group)
    "players": (msg("Players"), msg("players at the table, 3 to 7"), "table"),
    "sequence": (
        msg("Cards per hand"),
        msg("how the cards dealt change from hand to hand"),
        "deal",
    ),
    "max_cards": (
        msg("Most cards"),
        msg(
            "the most cards dealt to each player; unset: the most that leave a card "
            "for trump, at most 10"
        ),
        "deal",
    ),
    "fixed_cards": (
        msg("Cards each hand"),
        msg("cards dealt to each player in every hand of a fixed game"),
        "deal",
    ),
    "hands": (msg("Hands"), msg("hands in a fixed game"), "deal"),
    "hook": (
        msg("The hook"),
        msg("the dealer may not bid the number that makes the bids total the cards dealt"),
        "bidding",
    ),
    "exact_bonus": (msg("Exact bonus"), msg("points for taking exactly the tricks bid"), "scoring"),
    "made_per_trick": (
        msg("Per trick bid, made"),
        msg("points per trick bid, when taken exactly"),
        "scoring",
    ),
    "missed_per_trick": (
        msg("Per trick, missed"),
        msg("points per trick taken when the bid is missed"),
        "scoring",
    ),
    "miss_step": (
        msg("Per trick off"),
        msg("points lost per trick more or fewer than the bid"),
        "scoring",
    ),
}
SEQUENCE_WORDS: dict[str, Message] = {
    "down_up": msg("down to 1 and back up"),
    "up_down": msg("up from 1 and back down"),
    "down": msg("down to 1"),
    "fixed": msg("the same every hand"),
}
YES_NO = {True: msg("yes"), False: msg("no")}


@dataclass(frozen=True, slots=True)
class OhHellProgress(RaceProgress):
    """A race with an end fixed by the sequence (``sequence``: the cards of every hand)."""

    sequence: tuple[int, ...] = ()

    @property
    def hands_left(self) -> int:
        played = self.state.number if self.state else len(self.hands)
        return max(0, len(self.sequence) - played)

    @property
    def cards(self) -> int | None:
        """The cards dealt in the next hand; None once the game is over."""
        return self.sequence[-self.hands_left] if self.hands_left and not self.winners else None


def _trump_piece(trump: str | None) -> Message | str:
    return msg("NT") if trump is None else "♣♦♥♠"["CDHS".index(trump)]


def _deal_label(cards: int, trump: str | None) -> Label:
    return Label((f"{cards} ", _trump_piece(trump)), "r" if trump in ("D", "H") else "")


class OhHell(GameBase):
    key = "oh-hell"
    name: Message = msg("Oh Hell")
    seats = 4
    seat_range = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    capabilities = Capabilities(simulation=True, own_statistics=True, sheet_columns=True)
    preset_aside = ("players",)
    preset_words = {
        "oh-hell": (
            msg("oh-hell"),
            msg("10 plus the bid for an exact bid; the dealer's hook; down to 1 and back"),
        )
    }
    page_words = PageWords(
        auction_head=msg("Cards"),
        outcome_head=msg("Bids"),
        entry_heads=(msg("Bid"), msg("Tk")),
        legend=msg(
            "Cards the cards dealt to each player and the trump · Bid the bid · Tk tricks "
            "taken · Pts points in the hand · Tot running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s bids first"),
        auction_mark=msg("dealer"),
        cell_legend=msg("bid/tricks, points, total"),
        win=msg("%(name)s wins with %(total)s!"),
        revision_legend=msg("bid/tricks"),
    )
    hand_fields = frozenset({"cards", "trump", "bids", "tricks"})
    csv_columns = (
        CsvColumn("cards", after="dealer"),
        CsvColumn("trump", after="dealer"),
        CsvColumn("bid", after="player"),
        CsvColumn("tricks", after="player"),
    )
    bot_kinds = BOTS

    record_from_dict = staticmethod(record_from_dict)
    explain = staticmethod(explain)
    form_body = staticmethod(form_body)
    form_values = staticmethod(form_values)
    simulate_results = staticmethod(simulate_deals)
    verify_deal = staticmethod(verify_deal)
    player_figures = staticmethod(figures.player_lines)

    def __init__(self, players: int = 4) -> None:
        self.seats = players
        self.sides = tuple((seat,) for seat in range(players))

    # --- the table's size --------------------------------------------------------------

    def seated(self, players: int) -> OhHell:
        """The game for ``players`` at the table; raises InvalidSettings (``players``)."""
        if players not in self.seat_range:
            problem = msg(
                "Oh Hell seats %(low)d to %(high)d players, not %(players)d",
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
                players=players,
            )
            raise InvalidSettings(problem, "players")
        return GAME if players == GAME.seats else _seated(players)

    @property
    def presets(self) -> Mapping[str, OhHellSettings]:
        return {name: replace(p, players=self.seats) for name, p in PRESETS.items()}

    @property
    def knobs(self) -> tuple[Knob, ...]:
        found = []
        for name in KINDS.names:
            label, help_, group = KNOB_WORDS[name]
            named = {"label": label, "group": group}
            if name == "sequence":
                words = tuple(SEQUENCE_WORDS[s] for s in SEQUENCES)
                found.append(Knob(name, help_, "choice", SEQUENCES, choice_labels=words, **named))
            elif name in KINDS.bools:
                found.append(Knob(name, help_, "bool", **named))
            else:
                low, high = KINDS.ranges[name]
                if name in ("max_cards", "fixed_cards"):
                    high = most_cards(self.seats)
                optional = name in KINDS.optional
                found.append(
                    Knob(name, help_, "int", low=low, high=high, optional=optional, **named)
                )
        return tuple(found)

    def settings_from_dict(self, values: Mapping[str, Any]) -> OhHellSettings:
        """Stored or typed settings over this table's preset; raises InvalidSettings."""
        if not isinstance(values, Mapping):
            raise InvalidSettings(msg("settings must be a JSON object"), "settings")
        return self.preset(self.default_preset).with_changes(dict(values))

    # --- a hand in its place ----------------------------------------------------------

    def deal_of(self, settings: OhHellSettings, number: int, dealer: int) -> Deal | None:
        """Hand ``number``'s cards and dealer, or None for a hand past the sequence."""
        sequence = cards_sequence(settings)
        return Deal(sequence[number - 1], dealer) if 1 <= number <= len(sequence) else None

    def read_hand(
        self, settings: OhHellSettings, body: Any, number: int, dealer: int
    ) -> OhHellHand:
        """Hand ``number`` dealt by ``dealer``, its cards the sequence's (a ``"cards"`` in
        the body must agree); raises InvalidHand naming the field and the rule."""
        deal = self.deal_of(settings, number, dealer)
        cards = None if deal is None else deal.cards
        return record_from_dict(settings, body, cards, dealer)

    def hand_form(
        self, settings: OhHellSettings, players: Sequence[str], deal: Deal | None = None
    ) -> Any:
        return hand_form(settings, players, deal)

    # --- the progress of a game ---------------------------------------------------------

    def hand_limit(self, settings: OhHellSettings) -> int:
        return len(cards_sequence(settings))

    def shares_tie(self, settings: OhHellSettings) -> bool:
        return True

    def _resume(
        self, settings: Any, state: RaceState, records: Sequence[Any], finish_after: int | None
    ) -> OhHellProgress:
        """The hands after ``state``: the game ends after the sequence's last hand, and
        every player tied at the top then shares the win."""
        sequence = cards_sequence(settings)
        totals, dealer, winners = list(state.totals), state.dealer, state.winners
        replayed = []
        for number, record in enumerate(records, start=state.number + 1):
            if winners or number > len(sequence):
                raise ValueError(
                    msg("hand %(number)d was recorded after the game ended", number=number)
                )
            score = record.score(settings)
            totals = [t + p for t, p in zip(totals, score.points, strict=True)]
            hand_dealer, dealer = dealer, self.next_dealer(dealer, record)
            ended = number == len(sequence)
            winners = leaders_of(totals) if ended else ()
            state = RaceState(number, tuple(totals), dealer, number, ended, winners, state.start)
            opener = self.opener(settings, hand_dealer)
            replayed.append(
                ReplayedHand(number, hand_dealer, opener, record, score, state.totals, state)
            )
        return OhHellProgress(
            settings=settings,
            hands=tuple(replayed),
            totals=tuple(totals),
            dealer=dealer,
            opener=self.opener(settings, dealer),
            status="finished" if winners else "in_progress",
            winner=winners[0] if len(winners) == 1 else None,
            target_reached=bool(winners),
            winners=winners,
            starting_totals=state.start,
            state=state,
            sequence=sequence,
        )

    def progress_result(self, progress: OhHellProgress) -> dict[str, Any]:
        """What the game's JSON carries beyond the shared fields: the cards dealt in the
        next hand (None once over) and the hands left."""
        return {"cards": progress.cards, "hands_left": progress.hands_left}

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """Which seats took exactly their bid (the cards dealt are in the hand itself)."""
        return {"exact": list(replayed.score.exact)}

    # --- pages -------------------------------------------------------------------------

    def hand_views(self, progress: Any) -> list[HandView]:
        views = []
        for hand in progress.hands:
            record = hand.record
            bid, cards = sum(record.bids), record.cards
            outcome, css = (
                (msg("over"), "over")
                if bid > cards
                else (msg("under"), "under")
                if bid < cards
                else (msg("even"), "")
            )
            views.append(
                HandView(
                    hand.number,
                    hand.dealer,
                    None,
                    _deal_label(cards, record.to_dict()["trump"]),
                    Label((outcome, f" {bid}/{cards}"), css),
                    tuple(
                        SeatView((str(b), str(t)), p, total, b == t)
                        for b, t, p, total in zip(
                            record.bids, record.tricks, hand.points, hand.totals, strict=True
                        )
                    ),
                )
            )
        return views

    def rules_lines(self, settings: OhHellSettings) -> list[RulesLine]:
        return [
            RulesLine(msg("Players"), settings.players),
            RulesLine(msg("Cards per hand"), SEQUENCE_WORDS[settings.sequence]),
            RulesLine(msg("Most cards"), settings.top_cards),
            RulesLine(msg("Hands"), len(cards_sequence(settings))),
            RulesLine(msg("The hook"), YES_NO[settings.hook]),
            RulesLine(
                msg("Exactly the bid"),
                Notation(f"{settings.exact_bonus} + {settings.made_per_trick} × bid"),
            ),
            RulesLine(
                msg("Any other number"),
                Notation(
                    f"{settings.missed_per_trick} × tricks − {settings.miss_step} × |tricks − bid|"
                ),
            ),
        ]

    def rules_notes(self, settings: OhHellSettings) -> list[Message]:
        notes = [
            msg(
                "Cards dealt, hand by hand: %(sequence)s",
                sequence=Notation(" ".join(map(str, cards_sequence(settings)))),
            )
        ]
        if settings.hook:
            notes.append(
                msg("The dealer bids last and may not make the bids total the cards dealt.")
            )
        return notes

    def describe_hand(self, hand: Mapping[str, Any], players: Sequence[str]) -> list[Message]:
        return [
            msg(
                "%(cards)d cards, trump %(trump)s",
                cards=hand["cards"],
                trump=_trump_piece(hand["trump"]),
            ),
            msg("bids %(bids)s", bids=Notation(" ".join(map(str, hand["bids"])))),
            msg("tricks %(tricks)s", tricks=Notation(" ".join(map(str, hand["tricks"])))),
        ]

    def revision_view(self, hand: Mapping[str, Any], players: Sequence[str]) -> RevisionView:
        return RevisionView(
            tuple(self.describe_hand(hand, players)[:1]),
            tuple(
                (Notation(f"{b}/{t}"), None)
                for b, t in zip(hand["bids"], hand["tricks"], strict=True)
            ),
        )

    def csv_values(
        self, replayed: Any, names: Sequence[str]
    ) -> tuple[dict[str, CsvCell], tuple[dict[str, CsvCell], ...]]:
        """The cards dealt and the trump (``H``, empty for none); per seat its bid and
        tricks."""
        record = replayed.record
        hand: dict[str, CsvCell] = {"cards": record.cards, "trump": record.to_dict()["trump"]}
        seats = tuple(
            {"bid": b, "tricks": t} for b, t in zip(record.bids, record.tricks, strict=True)
        )
        return hand, seats

    # --- statistics --------------------------------------------------------------------

    def game_stats(self, recorded: Any) -> GameStats[OhHellFigures]:
        """Hands, points, exact bids by bid size and tricks over and under, per seat."""
        progress = recorded.replay()

        def figures_of(seats: Sequence[int], stint: Any) -> OhHellFigures:
            found = OhHellFigures()
            for hand in progress.hands:
                if stint is None or stint.covers(hand.number):
                    found += OhHellFigures.of_hand(hand, seats[0])
            return found

        table = seated(recorded, progress, self.sides, figures_of)
        return GameStats(
            recorded.key,
            progress.status,
            table.winner,
            len(progress.hands),
            0,
            table.players,
            table.sides,
        )

    def figures_notes(self) -> list[Message]:
        return list(figures.NOTES)


@cache
def _seated(players: int) -> OhHell:
    return OhHell(players)


GAME = OhHell()
"""Oh Hell for four players, as the registry holds it; ``GAME.seated(n)`` for n players."""
