"""What every game's simulator shares: which deals a run plays and each deal's own seed,
a deal's state as bots play it (legal actions, applying one, the result), the bots at a
table, and the tally of a run.

A simulated run is a numbered sequence of deals, played in blocks of ``BLOCK`` deals.
The generator is seeded by ``deal_seed(seed, index)`` at each block's first deal (an
index that is a multiple of ``BLOCK``), and the block's deals are shuffled and played from
it one after another; each deal is dealt by the seat the game says (``(first_dealer +
index) % seats``). So no block depends on another: any part of a run can be played by
itself, in any process (a part that starts inside a block plays that block's earlier
deals first, unseen), and gives the very deals the whole run gives there. That is what
lets ``scorekeeper simulate --jobs N`` split a run over worker processes and print the
same deals for every N. Seeding once per block rather than once per deal saves the
generator's seeding (about 28,000 instructions, a tenth of a random-bot deal).
"""

from __future__ import annotations

import random
from _random import Random as _CRandom
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from itertools import starmap
from typing import Any, Protocol, TypeVar

from .bots import ChoiceBot, bot_factory
from .errors import IllegalAction

_INDEX_BITS = 64
BLOCK = 64
"""Deals played from one seeding of the generator (see the module's text)."""


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` (0 or more) of a run seeded ``seed``: a different whole
    number for every pair, so no two deals of any runs share a generator's stream."""
    if not 0 <= index < 1 << _INDEX_BITS:
        raise ValueError(f"deal index {index} is outside 0..2^64-1")
    # random.Random seeds by the absolute value, so fold the sign into the low bit first.
    folded = 2 * seed if seed >= 0 else -2 * seed - 1
    return folded << _INDEX_BITS | index


def deal_indices(deals: int | range, name: str = "deals") -> range:
    """The indices of the deals a run plays: ``deals`` deals from the first, or the given
    range of them (step 1), for one worker's share of a longer run. Raises ValueError for
    a negative count or another kind of range."""
    if isinstance(deals, range):
        if deals.step != 1 or deals.start < 0:
            raise ValueError(f"{name} is {deals!r}; a range of deals starts at 0 or more, step 1")
        return deals
    if deals < 0:
        raise ValueError(f"{name} is {deals}; it must be 0 or more")
    return range(deals)


def run_seed(seed: int | None) -> int:
    """``seed``, or a fresh one drawn from the system when it is None (a run that cannot
    be repeated)."""
    return random.SystemRandom().randrange(2**63) if seed is None else seed


def check_first_dealer(first_dealer: int, seats: int) -> None:
    """Raises ValueError unless ``first_dealer`` is a seat of the table."""
    if not 0 <= first_dealer < seats:
        raise ValueError(f"first dealer is seat {first_dealer}; seats are 0..{seats - 1}")


def shared_random_bits(bots: Sequence[Any], random_bot: type) -> Callable[[int], int] | None:
    """The generator's ``getrandbits`` when every bot is a plain ``random_bot`` drawing
    from one generator (a deal state then plays their actions in loops of its own, from
    the very draws their choices would make), else None."""
    if not bots or type(bots[0]) is not random_bot:
        return None
    generators = {id(getattr(bot, "_rng", None)) for bot in bots}
    if len(generators) == 1 and all(type(bot) is random_bot for bot in bots):
        return bots[0]._rng.getrandbits
    return None


R = TypeVar("R")


def run_deals(
    play_deal: Callable[[int, random.Random], R],
    deals: int | range,
    seed: int | None,
    rng: random.Random | None = None,
    name: str = "deals",
) -> Iterator[R]:
    """The deals of a run: ``play_deal(index, rng)`` for each index of ``deals`` (a count,
    or one worker's range), ``rng`` seeded by ``deal_seed(seed, index)`` before the first
    deal of each block of ``BLOCK``, so every block stands alone; a range that starts
    inside a block plays the block's deals before it first, and yields none of them.
    Without a seed the run is not repeatable. Raises ValueError at once for a bad count
    or an index past 2^64 - 1."""
    indices = deal_indices(deals, name)
    seed = run_seed(seed)
    if indices:
        deal_seed(seed, indices[-1])
    return _run(play_deal, indices, seed, rng if rng is not None else random.Random())


def _run(
    play_deal: Callable[[int, random.Random], R], indices: range, seed: int, rng: random.Random
) -> Iterator[R]:
    # Seeded as rng.seed(deal_seed(seed, index)) seeds it, without random.py's checks of
    # the seed's type: deal_seed(seed, index) == deal_seed(seed, 0) | index.
    seed_c = _CRandom.seed
    base = deal_seed(seed, 0)
    start = indices.start
    for index in range(start - start % BLOCK, indices.stop):
        if not index % BLOCK:
            seed_c(rng, base | index)
            rng.gauss_next = None  # type: ignore[attr-defined]
        if index >= start:
            yield play_deal(index, rng)
        else:
            play_deal(index, rng)


_NO_ARGUMENTS = {draws: ((),) * draws for draws in (52, 53, 54)}
"""``draws`` empty argument tuples, one per key drawn, made once for the packs simulated."""


def key_shuffled(generator: random.Random, cards: Sequence[int], draws: int) -> list[int]:
    """``cards`` shuffled by sorting on random keys, one ``generator.random()`` per card
    number below ``draws`` (cheaper than ``generator.shuffle``): card ``n``'s key is the
    ``n``th draw, whichever cards the pack holds."""
    keys = list(starmap(generator.random, _NO_ARGUMENTS.get(draws) or ((),) * draws))
    return sorted(cards, key=keys.__getitem__)


class DealState(Protocol):
    """One deal as bots play it, in the spirit of OpenSpiel's ``State``: whose turn it is
    (``to_play``, None once the deal is over), the actions that seat may take, applying
    one, and the deal's result once it is over."""

    to_play: int | None

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> None:
        """Takes ``action`` for the seat to play; raises IllegalAction for one not legal."""
        ...

    def is_terminal(self) -> bool: ...

    def result(self) -> Any:
        """The finished deal, with ``to_dict()``, ``thrown_in`` and ``points``."""
        ...


class TurnDeal:
    """What a game's :class:`DealState` shares: the actions of the seat to play worked
    out once per turn (``_legal``, which the game writes), an action refused unless it is
    one of them, naming the seat and changing nothing, and the deal over when nobody is to
    play. A game writes ``_legal``, ``_apply(seat, action)`` and ``result``; ``bidding``
    says whether an action is a bid or a card."""

    to_play: int | None
    bidding: bool = False
    _legal_now: list[Any] | None = None

    def _legal(self) -> list[Any]:
        raise NotImplementedError

    def _apply(self, seat: int, action: Any) -> None:
        raise NotImplementedError

    def legal_actions(self) -> list[Any]:
        if self.to_play is None:
            return []
        legal = self._legal_now
        if legal is None:
            legal = self._legal_now = self._legal()
        return legal

    def apply(self, action: Any) -> None:
        """Takes ``action`` for the seat to play; raises IllegalAction, changing nothing,
        for one not among ``legal_actions()``."""
        seat = self.to_play
        legal = self._legal_now
        if legal is None:
            legal = self.legal_actions()
        if seat is None or action not in legal:
            what, verb = ("bid", "bid") if self.bidding else ("card", "play")
            raise IllegalAction(f"seat {seat} may not {verb} {action} now", what)
        self._legal_now = None
        self._apply(seat, action)

    def is_terminal(self) -> bool:
        return self.to_play is None

    _deal: Any = None
    stage: str = ""

    def _over(self) -> None:
        """The deal is over: nobody is to play."""
        self.stage, self.to_play, self._legal_now = "over", None, None

    def _result(self) -> Any:
        raise NotImplementedError

    def result(self) -> Any:
        """The finished deal (``_result``, which a game may write instead of ``result``),
        worked out once."""
        if self._deal is None:
            self._deal = self._result()
        return self._deal


class StagedDeal(TurnDeal):
    """A deal bid in stages (``stage``: an auction, and what a game adds) and then played
    on a ``core.tricks.TrickPlay`` (``play``, stage "play"), as the whists are: the play
    stage written here once. A game writes ``_legal_bid``, ``_apply_bid`` and ``_ask``
    (a bot's choice) for its other stages, ``_bid_bots`` (its stages played by bots,
    without a look-up per action), ``play_random`` (the whole deal as ``random_bot``s
    drawing from one generator play it) and ``_result``. The action of ``set_stage`` is
    any ``set_verb``-ed set of the seat's cards, in any order, kept in its order."""

    play: Any = None
    set_stage = set_verb = ""
    random_bot: type = type(None)

    @property
    def bidding(self) -> bool:  # type: ignore[override]
        return self.stage != "play"

    def ask(self, bot: Any, legal: list[Any]) -> Any:
        """``bot``'s choice among ``legal`` now, by the decision of the stage."""
        if self.stage == "play":
            return bot.choose_card(self.play, legal)
        return self._ask(bot, bot.seat)

    def apply(self, action: Any) -> None:
        if self.stage != self.set_stage:
            super().apply(action)
            return
        chosen = tuple(action) if isinstance(action, (list, tuple)) else (action,)
        if tuple(sorted(chosen)) not in self.legal_actions():
            raise IllegalAction(f"seat {self.to_play} may not {self.set_verb} {action}", self.stage)
        self._legal_now = None
        self._apply_bid(self.stage, self.to_play, chosen)  # type: ignore[arg-type]

    def _legal(self) -> list[Any]:
        if self.stage == "play":
            return self.play.legal_indices()
        return self._legal_bid(self.stage, self.to_play)

    def _apply(self, seat: int, action: Any) -> None:
        if self.stage != "play":
            self._apply_bid(self.stage, seat, action)
            return
        play = self.play
        play.hands[seat][play.suit_of[action]].remove(action)
        play._place(seat, action)
        if play.to_play is None:
            self._over()
        else:
            self.to_play = play.to_play

    def _start_play(self, play: Any) -> None:
        self.play, self.stage, self.to_play = play, "play", play.to_play

    def play_bots(self, bots: Sequence[Any]) -> Any:
        """Plays the deal through with ``bots``, the same choices as ``play_through``
        asks of them: ``random_bot``s drawing from one generator by ``play_random``,
        other bots stage by stage (``_bid_bots``), then their cards by ``play_out``."""
        if shared_random_bits(bots, self.random_bot) is not None:
            return self.play_random(bots[0]._rng)
        self._bid_bots(bots)
        if self.stage == "play" and self.play.to_play is not None:
            self.play.play_out([bot.choose_card for bot in bots])
        self._over()
        return self.result()

    def _ask(self, bot: Any, seat: int) -> Any:
        raise NotImplementedError

    def _legal_bid(self, stage: str, seat: int | None) -> list[Any]:
        raise NotImplementedError

    def _apply_bid(self, stage: str, seat: int, action: Any) -> None:
        raise NotImplementedError

    def _bid_bots(self, bots: Sequence[Any]) -> None:
        raise NotImplementedError

    def play_random(self, rng: random.Random) -> Any:
        raise NotImplementedError


def simulate_staged(
    new_deal: Callable[[int, random.Random], StagedDeal],
    bots: Mapping[str, Callable[..., DealBot]],
    kind: str | Sequence[DealBot] | Callable[..., DealBot],
    deals: int | range,
    seed: int | None,
    seats: int,
    first_dealer: int = 0,
    options: Sequence[Any] = (),
    name: str = "deals",
) -> Iterator[Any]:
    """``simulate_play`` of a game of :class:`StagedDeal`s: deal ``index`` is
    ``new_deal(dealer, rng)``, dealt by seat ``(first_dealer + index) % seats``; random
    bots play it by its ``play_random``, and every other kind by bots made once per run
    (``table_player``). Raises ValueError at once for a bad first dealer."""
    check_first_dealer(first_dealer, seats)

    def deal(index: int, rng: random.Random) -> StagedDeal:
        return new_deal((first_dealer + index) % seats, rng)

    own = {kind: table_player(deal, bot, seats, options) for kind, bot in bots.items()}

    def play_random(index: int, rng: random.Random) -> Any:
        return new_deal((first_dealer + index) % seats, rng).play_random(rng)  # one call less

    own["random"] = play_random
    return simulate_play(deal, bots, kind, deals, seed, seats, own, options, name)


class DealBot(Protocol):
    """A seat's player of a :class:`DealState`."""

    def choose(self, state: Any, legal: list[Any]) -> Any:
        """Returns one of ``legal``, ``state.legal_actions()``; it must not change either."""
        ...


def play_through(state: DealState, bots: Sequence[DealBot]) -> Any:
    """Plays ``state`` to its end, asking the bot of the seat to play for each action, and
    returns its result: the one bot loop of every game that declares its play. A state
    that plays its bots in loops of its own (``play_bots(bots)``: the same choices, asked
    of them without a look-up per action) plays them so."""
    own_loop = getattr(state, "play_bots", None)
    if own_loop is not None:
        return own_loop(bots)
    generator = _one_choice_generator(bots)
    if generator is not None and isinstance(state, TurnDeal):
        return _play_choices(state, generator)
    choose = [bot.choose for bot in bots]
    legal_actions, apply = state.legal_actions, state.apply
    # A state's to_play is None once it is over (is_terminal), one call less per action.
    while (seat := state.to_play) is not None:
        apply(choose[seat](state, legal_actions()))
    return state.result()


def _one_choice_generator(bots: Sequence[Any]) -> random.Random | None:
    """The generator of the bots when every one is a plain ChoiceBot drawing from it."""
    if not bots or any(type(bot) is not ChoiceBot for bot in bots):
        return None
    generator = bots[0].rng
    return generator if all(bot.rng is generator for bot in bots) else None


def _play_choices(state: TurnDeal, generator: random.Random) -> Any:
    """``play_through`` with ChoiceBots at every seat: each action is the one
    ``generator.choice(legal)`` picks, from the very same draws (``random``'s
    ``_randbelow``, written out), and is applied without looking it up among the legal
    ones again, as it was drawn from them. A state that plays such a deal in one loop of
    its own (``play_choices(generator)``, the same deals) plays it so."""
    own_loop = getattr(state, "play_choices", None)
    if own_loop is not None:
        return own_loop(generator)
    bits = generator.getrandbits
    legal_of, apply = state._legal, state._apply
    while (seat := state.to_play) is not None:
        legal = legal_of()
        n = len(legal)
        k = n.bit_length()
        drawn = bits(k)
        while drawn >= n:
            drawn = bits(k)
        apply(seat, legal[drawn])
    return state.result()


_PACKS = {size: list(range(size)) for size in (52,)}
"""Packs in order, copied for each shuffle (quicker than making them anew)."""
_SHUFFLE_STEPS: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], ...]] = {}
"""rng.shuffle's steps over a list of ``size``, by (size, places wanted): the index each
places and the bits it draws, split where the places wanted begin."""


def _shuffle_steps(size: int, dealt: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    steps = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    split = _SHUFFLE_STEPS[size, dealt] = (steps[: size - dealt], steps[size - dealt :])
    return split


def shuffled_pack(generator: random.Random, size: int = 52, dealt: int | None = None) -> list[int]:
    """``list(range(size))`` shuffled as ``generator.shuffle`` shuffles any list of that
    length: the same draws, so the same order (card ``i`` of a pack in place of index
    ``i``), without its method call per card. With ``dealt``, only the first ``dealt``
    places of that order are returned (every draw is still made): a place past them is
    never written, as Fisher-Yates never reads it again once it is placed."""
    if dealt is not None and dealt < 0:
        raise ValueError(f"{dealt} places of the pack wanted; 0 or more")
    wanted = size if dealt is None or dealt > size else dealt
    pack = _PACKS[size][:] if size in _PACKS else list(range(size))
    bits = generator.getrandbits
    unwanted, steps = _SHUFFLE_STEPS.get((size, wanted)) or _shuffle_steps(size, wanted)
    for i, k in unwanted:
        j = bits(k)
        while j > i:
            j = bits(k)
        pack[j] = pack[i]
    for i, k in steps:
        j = bits(k)
        while j > i:
            j = bits(k)
        pack[i], pack[j] = pack[j], pack[i]
    del pack[wanted:]
    return pack


_HAND_STEPS: dict[tuple[int, int], tuple[tuple[tuple[tuple[int, int], ...], ...], tuple]] = {}
"""``shuffled_hands``' steps over a pack of ``size`` by (size, seats): one block per hand
from the last, of its places ``i`` with the ``i + 1`` places a card is drawn from (the
first place of the pack is never drawn for: it holds what is left there), and each hand's
slice of the pack."""


def _hand_steps(size: int, seats: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple]:
    share = size // seats
    steps = [(i, i + 1) for i in range(size - 1, 0, -1)]
    blocks = tuple(tuple(steps[block * share : (block + 1) * share]) for block in range(seats))
    slices = tuple(slice(seat * share, (seat + 1) * share) for seat in range(seats))
    made = _HAND_STEPS[size, seats] = (blocks, slices)
    return made


def shuffled_hands(
    generator: random.Random, suit_of: Sequence[int], seats: int = 4, size: int = 52
) -> tuple[list[list[int]], list[list[list[int]]]]:
    """A pack of ``size`` card numbers shuffled and dealt into ``seats`` hands of ``size //
    seats`` in order, each hand also split by suit (by ``suit_of``, four suits) as the
    shuffle places its cards rather than in a second pass: ``(hands, by_suit)``,
    ``by_suit[seat][suit]`` the suit's cards from the hand's last to its first (an order as
    random as the hand's: what a play ``as_dealt`` asks). The shuffle is Fisher-Yates with
    each place drawn as a random bot draws its card, ``bits(30) % n`` (uniform to within
    n / 2^30; ``rng.shuffle``'s exact draws, ``shuffled_pack``, redraw about one time in
    four and mispredict doing so). Timed, about a third cheaper than ``shuffled_pack``
    and ``split_hands`` after it (``benchmarks/simulate_budget.py``)."""
    blocks, slices = _HAND_STEPS.get((size, seats)) or _hand_steps(size, seats)
    pack = _PACKS[size][:] if size in _PACKS else list(range(size))
    bits = generator.getrandbits
    by_suit: list[list[list[int]]] = []
    for block in blocks:
        suits: list[list[int]] = [[], [], [], []]
        by_suit.append(suits)
        for i, n in block:
            j = bits(30) % n
            card = pack[j]
            pack[j] = pack[i]
            pack[i] = card
            suits[suit_of[card]].append(card)
    card = pack[0]
    suits[suit_of[card]].append(card)
    by_suit.reverse()
    return list(map(pack.__getitem__, slices)), by_suit


def simulate_play(
    new_deal: Callable[[int, random.Random], DealState],
    bots: Mapping[str, Callable[..., DealBot]],
    kind: str | Sequence[DealBot] | Callable[..., DealBot],
    deals: int | range,
    seed: int | None,
    seats: int,
    own_loops: Mapping[str, Callable[[int, random.Random], Any]] | None = None,
    options: Sequence[Any] = (),
    name: str = "deals",
) -> Iterator[Any]:
    """The results of a run of a game that declares its play, the one simulation core of
    every game: deal ``index`` is ``new_deal(index, rng)`` (it deals with ``rng``), played
    through (``play_through``) by a bot at each of the game's ``seats`` seats: of
    ``kind``, one of ``bots`` by name, each made ``(seat, rng, *options)`` and drawing
    from the run's generator; or made so by ``kind``, a factory; or ``kind``, the
    bots themselves, one per seat (drawing from generators of their own). So a game
    writes no bot loop and no run of its own. A game may give ``own_loops`` by kind:
    ``loop(index, rng)`` deals deal ``index`` and plays it to its result in one loop of
    its own, as bots of that kind play it (the same deals, for speed). Raises ValueError
    at once for an unknown kind, a wrong number of bots or a bad count."""
    if not isinstance(kind, str):
        if callable(kind):
            return _play_deals(new_deal, kind, seats, options, deals, seed, name)
        seated = list(kind)
        if len(seated) != seats:
            raise ValueError(f"{len(seated)} bots given; a deal needs one per seat")

        def play_seated(index: int, rng: random.Random) -> Any:
            return play_through(new_deal(index, rng), seated)

        return run_deals(play_seated, deals, seed, name=name)
    bot = bot_factory(bots, kind)
    own_loop = (own_loops or {}).get(kind)
    if own_loop is not None:
        return run_deals(own_loop, deals, seed, name=name)

    def play_choices(index: int, rng: random.Random) -> Any:
        # ChoiceBots at every seat, all drawing from rng: play_through's quick path,
        # without making the bots only to recognise them.
        state = new_deal(index, rng)
        if isinstance(state, TurnDeal):
            return _play_choices(state, rng)
        return play_through(state, [bot(seat, rng) for seat in range(seats)])

    if bot is ChoiceBot:
        return run_deals(play_choices, deals, seed, name=name)
    return _play_deals(new_deal, bot, seats, options, deals, seed, name)


def table_player(
    new_deal: Callable[[int, random.Random], DealState],
    bot: Callable[..., DealBot],
    seats: int,
    options: Sequence[Any] = (),
) -> Callable[[int, random.Random], Any]:
    """An own loop (see ``simulate_play``) for bots of a kind that keep nothing from one
    deal to the next: made once, at a run's first deal, with the run's generator (which
    every block reseeds), and asked again at every deal, as one table of them plays deal
    after deal; the same deals as bots made for each deal, without making them."""
    made: list[Any] = [None, []]

    def play(index: int, rng: random.Random) -> Any:
        if made[0] is not rng:
            made[:] = [rng, [bot(seat, rng, *options) for seat in range(seats)]]
        return play_through(new_deal(index, rng), made[1])

    return play


def _play_deals(
    new_deal: Callable[[int, random.Random], DealState],
    bot: Callable[..., DealBot],
    seats: int,
    options: Sequence[Any],
    deals: int | range,
    seed: int | None,
    name: str,
) -> Iterator[Any]:
    def play_deal(index: int, rng: random.Random) -> Any:
        state = new_deal(index, rng)
        return play_through(state, [bot(seat, rng, *options) for seat in range(seats)])

    return run_deals(play_deal, deals, seed, name=name)


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage with one decimal, "-" of nothing."""
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _merged(mine: Any, theirs: Any) -> Any:
    if isinstance(mine, dict):
        for key, value in theirs.items():
            mine[key] = _merged(mine[key], value) if key in mine else _copied(value)
        return mine
    if isinstance(mine, list):
        for index, value in enumerate(theirs):
            mine[index] = _merged(mine[index], value)
        return mine
    return mine + theirs


def _copied(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    return [_copied(item) for item in value] if isinstance(value, list) else value


@dataclass
class DealTally:
    """Counts over many simulated deals, for the command line's summary: a game's own
    tally adds its counts to these as fields (numbers, lists and dicts of them), and
    ``merge`` adds up every field, whatever the game, unless its metadata says
    ``{"merge": False}``."""

    deals: int = 0
    thrown_in: int = 0

    @property
    def played(self) -> int:
        return self.deals - self.thrown_in

    def add(self, deal: Mapping[str, Any]) -> None:
        """Counts a deal as ``simulate`` yields it (the result's ``to_dict()``)."""
        raise NotImplementedError

    def add_result(self, result: Any) -> None:
        """Counts one of ``Simulation.results``' results, as ``add`` counts its dict; a game
        counts its own results directly where ``to_dict`` would cost time."""
        self.add(result.to_dict())

    def merge(self, other: DealTally) -> None:
        """Adds the counts of ``other``, a tally of other deals (another worker's share of
        a run), as if its deals had been counted here."""
        for counted in fields(self):
            if counted.metadata.get("merge", True):
                name = counted.name
                setattr(self, name, _merged(getattr(self, name), getattr(other, name)))


@dataclass
class DealCount(DealTally):
    """The plainest summary of simulated deals, a game's without a tally of its own: how
    many, and how many thrown in."""

    def add(self, deal: Mapping[str, Any]) -> None:
        self.deals += 1
        self.thrown_in += bool(deal.get("thrown_in"))

    def lines(self) -> list[str]:
        return [f"deals: {self.deals}", f"thrown in: {self.thrown_in}"]


def wrong_points(deal: Mapping[str, Any], expected: Sequence[int], whose: str) -> list[str]:
    """[] when a simulated deal's ``points`` are ``expected`` (``whose``: what gives them,
    "the score"), else the sentence a checker reports."""
    if list(deal["points"]) == list(expected):
        return []
    return [f"points {deal['points']} differ from {whose} {list(expected)}"]
