"""Skat's house rules (docs/rules/skat.md), its preset, and the value and score of a game
as pure functions of the settings and what the table wrote down."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.errors import InvalidSettings
from ..core.knobs import knob
from ..core.messages import msg
from ..core.seating import EmptySeats, present_at, read_empty_seats, write_empty_seats
from ..core.settings import SettingsBase, table_field

SUITS = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12}
NULLS = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
BOCK_EVENTS = {
    "tie_60": msg("60 : 60"),
    "kontra_lost": msg("a game lost after Kontra"),
    "grand_hand": msg("a Grand Hand won"),
    "schwarz": msg("a game made or lost Schwarz"),
}
"""The deals after which a Bock round may follow, in the words of the table: why one does."""


@dataclass(frozen=True, slots=True)
class SkatSettings(SettingsBase):
    preset_aside: ClassVar[tuple[str, ...]] = ("players", "deals", "empty_seats")
    """Who sits at the table and how long it plays: an Isko list all the same."""

    players: int = knob(
        3,
        label=msg("Players"),
        help=msg("three, or four with the dealer sitting out each deal"),
        group="deal",
        low=3,
        high=4,
        seated=True,
    )
    all_pass: str = knob(
        "throw_in",
        label=msg("Nobody bids"),
        help=msg("when nobody bids 18: the deal is thrown in, or a Ramsch is played"),
        group="deal",
        choices={
            "throw_in": msg("thrown in: the next player deals"),
            "ramsch": msg(
                "Ramsch: jacks are trumps, the player with the most card points loses "
                "them, twice for each player who took no trick (Jungfrau); a player who "
                "takes every trick (Durchmarsch) wins 120"
            ),
            "schieberamsch": msg(
                "Schieberamsch: a Ramsch in which each player may push the skat on, each "
                "push doubling the deal"
            ),
        },
    )
    grand_base: int = knob(
        24,
        label=msg("Grand's base value"),
        help=msg("the base value of a grand: 24, or 20 as some tables keep it"),
        group="scoring",
        low=20,
        high=24,
        rule=lambda base: base in (20, 24),
        refusal=msg("grand_base must be 24 or 20, not %(value)s"),
    )
    lost: str = knob(
        "double",
        label=msg("A lost game"),
        help=msg("what a lost game costs the declarer"),
        group="scoring",
        choices={
            "double": msg("twice its value"),
            "double_but_hand": msg("twice, a hand game once"),
            "single": msg("its value once"),
        },
    )
    seeger_fabian: str = knob(
        "off",
        label=msg("Seeger-Fabian list"),
        help=msg("the plain list, or 50 for each game won or lost and more"),
        group="scoring",
        choices={
            "off": msg("off: plain points"),
            "on": msg("on: ±50 a game, and 40 (30 at four) to each other player for a game lost"),
            "seeger": msg("Seeger: ±50 a game only"),
        },
    )
    kontra: bool = knob(
        False,
        label=msg("Kontra and Re"),
        help=msg("a defender may say Kontra and the declarer Re, doubling the game"),
        group="scoring",
    )
    kontra_overbid: str = knob(
        "doubled",
        label=msg("Kontra on an overbid game"),
        help=msg("what Kontra and Re do to a game lost because it was overbid"),
        group="scoring",
        applies=lambda settings: settings.kontra,
        choices={
            "doubled": msg(
                "they double it as any game: the value reaching the bid, lost, times 2 or 4"
            ),
            "void": msg(
                "they lapse: the game is lost by the bid, not by the play, so the value "
                "reaching the bid counts undoubled"
            ),
        },
    )
    bock_after: tuple[str, ...] = knob(
        (),
        label=msg("Bock after"),
        help=msg(
            "the deals after which a Bock round follows, its games counting double (none: no Bock)"
        ),
        group="bock",
        choices=BOCK_EVENTS,
        kind="choice_list",
    )
    bock_deals: int = knob(
        0,
        label=msg("Bock deals"),
        help=msg(
            "deals in a Bock round (0: one round, a deal by each player); a Bock round "
            "brought about during another follows it"
        ),
        group="bock",
        low=0,
        high=20,
        zero=msg("one round, a deal by each player"),
        applies=lambda settings: bool(settings.bock_after),
    )
    deals: int = knob(
        0,
        label=msg("Deals"),
        help=msg("the list ends after this many deals; 0: open, finish when you like"),
        group="end",
        zero=msg("open"),
        low=0,
        high=999,
    )
    empty_seats: EmptySeats = table_field((), read_empty_seats, write_empty_seats)
    """Not a knob but who sits at the table: the seats empty from a deal on, for a table
    that grew from three to four or shrank back mid-game (``core.seating``); ``players``
    is then the most the list seated. Left out of ``to_dict`` while there are none, so a
    game stored before tables changed size reads and scores as it did."""

    def __post_init__(self) -> None:
        for first, seats in self.empty_seats:
            if any(seat >= self.players for seat in seats) or self.players - len(seats) < 3:
                raise InvalidSettings(
                    msg(
                        "Skat needs 3 or 4 at the table: from deal %(hand)d, %(count)d would play",
                        hand=first,
                        count=self.players - len(seats),
                    ),
                    "empty_seats",
                )

    def present(self, number: int) -> tuple[int, ...]:
        """The seats with a player in them at deal ``number``."""
        return present_at(self, self.players, number)


PRESETS = {"isko": SkatSettings()}


def base_of(settings: SkatSettings, game: str) -> int:
    return settings.grand_base if game == "grand" else SUITS[game]


def levels(hand: Any) -> list[tuple[str, int]]:
    """The levels of a suit or grand game as counted (ISkO 5.2): (word, 1 or N) each."""
    points, ouvert = hand.declarer_points, hand.ouvert
    schwarz = ouvert or hand.schwarz_announced or hand.no_trick is not None
    schneider = schwarz or hand.schneider_announced or points >= 90 or points <= 30
    found = [("with" if not hand.without else "without", hand.matadors), ("game", 1)]
    found += [("hand", 1)] if hand.hand or ouvert else []
    found += [("schneider", 1)] if schneider else []
    found += [("announced", 1)] if hand.schneider_announced or ouvert else []
    found += [("schwarz", 1)] if schwarz else []
    found += [("announced", 1)] if hand.schwarz_announced or ouvert else []
    return found + ([("ouvert", 1)] if ouvert else [])


@dataclass(frozen=True, slots=True)
class Value:
    """A game's value as the table works it out: its ``levels`` times ``base``, won or
    lost, and for an overbid game the lowest multiple of the base reaching the bid."""

    levels: tuple[tuple[str, int], ...]
    base: int
    won: bool
    value: int
    overbid: bool = False


def ramsch_points(hand: Any, bock: int = 1) -> int:
    """A Ramsch's points to the player recorded: the loser's card points, negative, or
    120 for a Durchmarsch; twice for each Jungfrau and each push of the skat."""
    times = 2**hand.jungfrau * 2**hand.pushes * bock
    return (120 if hand.durchmarsch else -hand.declarer_points) * times


def value_of(settings: SkatSettings, hand: Any) -> Value:
    if hand.game == "ramsch":
        return Value((), 0, bool(hand.durchmarsch), abs(ramsch_points(hand)))
    if hand.game == "null":
        return Value((), 0, hand.won, NULLS[hand.hand, hand.ouvert])
    found = tuple(levels(hand))
    base = base_of(settings, hand.game)
    value = base * sum(n for _, n in found)
    if hand.schwarz_announced or hand.ouvert:
        won = hand.no_trick == "defenders"
    else:
        won = hand.declarer_points >= (90 if hand.schneider_announced else 61)
    if value < hand.bid:
        return Value(found, base, False, -(-hand.bid // base) * base, True)
    return Value(found, base, won, value)


def kontra_times(settings: SkatSettings, hand: Any) -> int:
    """How many times Kontra and Re multiply the game: 2 for Kontra, 4 for Re, 1 when
    neither was said, or on an overbid game when ``kontra_overbid`` lets them lapse."""
    if settings.kontra_overbid == "void" and value_of(settings, hand).overbid:
        return 1
    return 2**hand.kontra


def game_points(settings: SkatSettings, hand: Any, bock: int = 1) -> int:
    """The declarer's score for the game on the plain list: its value won, minus twice
    (or once) lost, times Kontra and Re, times ``bock`` in a Bock round."""
    worth = value_of(settings, hand)
    once = settings.lost == "single" or (settings.lost == "double_but_hand" and hand.hand)
    score = worth.value if worth.won else -worth.value * (1 if once else 2)
    return score * kontra_times(settings, hand) * bock


def bock_events(settings: SkatSettings, hand: Any) -> frozenset[str]:
    """What of ``bock_after`` the deal brought about (none for a deal thrown in)."""
    if hand.thrown_in or hand.game == "ramsch":
        return frozenset()
    worth = value_of(settings, hand)
    trumps = hand.game != "null"
    happened = {
        "tie_60": trumps and hand.declarer_points == 60,
        "kontra_lost": hand.kontra > 0 and not worth.won,
        "grand_hand": hand.game == "grand" and hand.hand and worth.won,
        "schwarz": trumps and hand.no_trick is not None,
    }
    return frozenset(e for e in settings.bock_after if happened[e])


def seeger_of(
    settings: SkatSettings, hand: Any, seats: int, present: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Each seat's Seeger-Fabian points for the game (none on the plain list): ±50 to the
    declarer, and with ``on`` 40 (30 at four) to each other player at the table
    (``present``, None: every seat) for a game lost."""
    found = [0] * seats
    if settings.seeger_fabian == "off" or hand.game == "ramsch":
        return tuple(found)
    won = value_of(settings, hand).won
    at_table = range(seats) if present is None else present
    if settings.seeger_fabian == "on" and not won:
        for seat in at_table:
            found[seat] = 40 if len(at_table) == 3 else 30
    found[hand.declarer] = 50 if won else -50
    return tuple(found)


def points_of(
    settings: SkatSettings,
    hand: Any,
    seats: int,
    bock: int = 1,
    present: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Each seat's points for the game: the declarer's score (``bock`` times in a Bock
    round), and the Seeger-Fabian list's (never doubled) among those ``present``."""
    bonus = seeger_of(settings, hand, seats, present)
    ramsch = hand.game == "ramsch"
    game = ramsch_points(hand, bock) if ramsch else game_points(settings, hand, bock)
    return tuple(b + (game if s == hand.declarer else 0) for s, b in enumerate(bonus))
