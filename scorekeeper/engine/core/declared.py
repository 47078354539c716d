"""What a game declares beyond its hand, each part once as data (OpenSpiel's ``GameType``,
Datasette's optional hooks): its simulation with bots (:class:`Simulation`), figures of
its own on the statistics pages (:class:`Figures`), how it goes from hand to hand
(:class:`Progression`: the state it carries and its hooks in the one loop that replays
every game) and what it keeps
on paper beyond its sheet (:class:`Paper`). ``GameBase`` derives the members the
app calls from them (``simulate_results``, ``bot_kinds``, ``simulation_summary``,
``record_of_deal``, ``verify_deal``; ``game_stats``, ``game_figures``,
``player_figures``, ``figures_notes``; ``start_state``, ``state_from_dict``,
``resume``, ``replay``, ``opener``, ``hand_limit``, ``shares_tie``, ``lasting``;
``sheet_pad``, ``tournament_foot``) from them; a game without them has no
simulation, the hands and points every game has as its figures, and the race to a target
as its progression.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .display import FigureLine
from .messages import Message


@dataclass(frozen=True, slots=True)
class Simulation:
    """Whole deals played by bots: ``deals(settings, deals, seed, bots)`` yields them as
    the game's results (each with ``to_dict()``, see ``Game.simulate_results``); ``bots``
    the kinds of bot it takes, the default first; ``summary()`` an empty tally for
    ``scorekeeper simulate`` (None: deals and deals thrown in); ``record(deal)`` the hand a
    table would write down for a deal (None: its hand fields, read by the schema);
    ``verify(settings, deal)`` every broken rule a checker independent of the play code
    finds in it (None: a record that does not read, or points that are not the hand's)."""

    deals: Callable[..., Iterator[Any]]
    bots: tuple[str, ...]
    summary: Callable[[], Any] | None = None
    record: Callable[[Mapping[str, Any]], Any] | None = None
    verify: Callable[[Any, Mapping[str, Any]], list[str]] | None = None

    def __post_init__(self) -> None:
        if not self.bots:
            raise ValueError("a simulation names at least one kind of bot")


@dataclass(frozen=True, slots=True)
class Figures:
    """A game's own figures: ``stats(recorded)`` one game's (``Game.game_stats``: per
    seat and side, each seat's ``figures`` summable over a career; None: ``kind``'s, of
    the hands each sat); ``player(figures, with_game)`` their lines per player;
    ``game(stats)`` the game-wide lines (None: the hands played); ``notes`` what the page
    says about its terms (when a bid counts as made). Careers and head-to-head are derived
    from ``stats``."""

    stats: Callable[[Any], Any] | None
    player: Callable[[Sequence[Any], bool], list[FigureLine]]
    game: Callable[[Any], list[FigureLine]] | None = None
    notes: tuple[Message, ...] = ()
    head_to_head: Callable[[Any, Any, Sequence[str]], Any] | None = None
    """``head_to_head(game, recorded, players)`` where the game's own tables differ from
    its sides (the round sheet's, two to eight a side); None: by the game's sides."""
    kind: Any = None
    """The figures' type where ``stats`` is None: ``kind()`` adds up (``+``) each played
    hand's ``kind.of_hand(replayed, seats, side, game)``, the figures that hand gives
    ``seats`` (a player, or the partners of side ``side``) in the game keyed ``game``;
    None: ``core.stats.HandFigures``."""


@dataclass(frozen=True, slots=True)
class Progression:
    """How a game goes from hand to hand, declared once (``Game.progression``) as hooks of
    the one loop that replays every game (``core.progress.resume``); each part None is
    the race to ``settings.target`` most games are. Each callable takes the game (at its
    table's count) first:

    - ``state``: what the game carries from hand to hand, a subclass of
      ``core.progress.RaceState`` with fields of its own (Spades' overtricks, Phase
      10's phases), which says how it starts and what it reads back (None: the race's);
    - ``carry(game, settings, hand)``: the state after ``hand`` (a
      ``core.progress.ReplayedHand``: its record, its score, and as its ``state`` the
      race's count after it on the state before it, the game's own fields as they were)
      with the game's own fields carried on; it may end the game (``target_reached``) or
      name its winners (None: nothing but the race);
    - ``finish(game, settings, hand)``: the hand at which the table finishes the game,
      with what finishing gives (Bridge's premiums for an unfinished rubber, added to its
      score, totals and state); None: nothing;
    - ``progress``: the progress's type (``core.progress.RaceProgress`` or a subclass
      with leaders of its own); None: ``RaceProgress``;
    - ``target(game, settings)``: the total that ends the game once a side reaches it
      (None: ``settings.target``, where the settings have one);
    - ``opener(game, settings, dealer)``: who opens a hand (None: left of the dealer);
    - ``next_dealer(game, settings, place, record)``: the dealer after the hand ``record``
      at ``place`` (None: to the left);
    - ``hand_limit(game, settings)``: the scored hands after which the game ends (None: 0,
      no limit);
    - ``shares_tie``: whether sides tied at the top at the end share the win (else play
      on), or ``shares_tie(game, settings)`` where the rules say;
    - ``finish_now``: whether the table may end the game after any hand ("finish now":
      the side ahead wins, a tie plays on; ``replay`` takes ``finish_after``);
    - ``thrown_in_counts``: whether a deal thrown in counts as a hand of the game, scored
      0 by every side (Skat's list counts a passed deal toward its deals); else it is
      no hand's score (None) and leaves the hand limit where it was;
    - ``deals_count``: whether every deal counts toward ``hand_limit``, a thrown-in one
      too, though it scores nothing (Bid Whist's deal limit);
    - ``cards_dealt(game, settings, place)``: the cards each player is dealt in the hand
      at ``place`` where that changes from hand to hand (None: every hand alike);
    - ``lasting``: the knob changes under which a game lasts any number of hands, for the
      suites and benchmarks (``GameBase.lasting``), or ``lasting(game, hands)``; None: the
      ``target`` knob at its highest;
    - ``sits_out(game, settings, number, dealer)``: the seats at the table that take no
      part in hand ``number`` dealt by ``dealer`` (Doppelkopf's dealer at a table of five),
      besides any seat empty at it (``core.seating``); None: nobody.
    """

    state: type | None = None
    carry: Callable[..., Any] | None = None
    finish: Callable[..., Any] | None = None
    progress: type | None = None
    target: Callable[..., int | None] | None = None
    opener: Callable[..., int] | None = None
    next_dealer: Callable[..., int] | None = None
    hand_limit: Callable[..., int] | None = None
    shares_tie: bool | Callable[..., bool] = False
    finish_now: bool = False
    thrown_in_counts: bool = False
    deals_count: bool = False
    cards_dealt: Callable[..., int | None] | None = None
    lasting: Mapping[str, Any] | Callable[..., Mapping[str, Any] | None] | None = None
    sits_out: Callable[..., tuple[int, ...]] | None = None


RACE = Progression()
"""The race to ``settings.target``: the progression of a game that declares none."""


@dataclass(frozen=True, slots=True)
class Paper:
    """What a game keeps on paper beyond its score sheet (``Game.paper``): ``pad(game,
    progress, shown, seating)``, the score pad printed under the deals (Bridge's rubber
    or Chicago pad), and ``tournament_foot(progress)``, the foot a tournament's printed
    list adds under the game's sheet (Skat's Seeger-Fabian list); None: none. And
    ``deal_number``, below."""

    pad: Callable[..., Any] | None = None
    tournament_foot: Callable[[Any], Any] | None = None
    deal_number: Callable[[Any, Any], int] | None = None
    """``deal_number(settings, place)``: a hand as the table counts it where that is not
    its row's number (a Chicago's passed-out deal is dealt again and takes no number);
    None: the row's number."""
