"""A stored game in play: where it stands, and recording, editing and deleting a hand or
finishing the game, each through its rules and stored by ``db`` in one transaction.

The one place between the app and the data layer that replays or resumes a game, and so
the one that knows when a game ends: views and the API call it, the engine scores, and
``db`` stores what the engine gave (its rows, the game's status) and nothing else.

A save never replays the game: it resumes from the state stored with the hand before
(``hands.state``), so it costs the same in a game's first hand as in its thousandth. A
game stored before those states were is replayed once to store them (``fill_states``).

Flask-free, as ``db`` is: the command line's import and the tests call it without an app.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlite_utils import Database

from . import db
from .db.hands import Progress, Replayed
from .engine import EngineError
from .engine.core.display import HandView
from .engine.core.errors import InvalidHand
from .engine.core.game import Game, HandPlace, HandRecord, side_names
from .engine.core.language import Words
from .engine.core.messages import msg
from .engine.core.names_in_sentences import AT, name_in
from .engine.pages.form import Entered, Table, posted_action, saved_line
from .limits import MAX_HANDS
from .lru import Lru

T = TypeVar("T")

# --- where a game stands ------------------------------------------------------------------


def progress_of(
    game: db.StoredGame, hands: Sequence[db.StoredHand], finished_after: int | None = None
) -> Progress:
    """The game's own view of itself after ``hands`` (its ``replay``): for a game whose
    rules have "finish now", finished after ``finished_after`` hands, or else after the
    number stored when the table asked."""
    records = [h.record for h in hands]
    options = _finish_options(game, finished_after)
    if game.starting_totals:
        options["starting_totals"] = game.starting_totals
    return game.table.replay(game.settings, game.first_dealer, records, **options)


def _finish_options(game: db.StoredGame, finished_after: int | None) -> dict[str, Any]:
    if not game.table.progression.finish_now:
        return {}
    return {"finish_after": game.finished_after if finished_after is None else finished_after}


def resume_game(
    game: db.StoredGame,
    state: dict[str, Any],
    records: Sequence[HandRecord],
    finished_after: int | None = None,
) -> Progress:
    """The game continued from ``state`` (its stored state after some hand): ``records``
    scored as the hands after it, as ``progress_of`` would give them, without the hands
    before. ``finished_after`` as for ``progress_of``."""
    rules = game.table
    return rules.resume(game.settings, state, records, **_finish_options(game, finished_after))


def replayed_hand(progress: Progress, number: int) -> Replayed:
    """Hand ``number`` of a progress that holds it: a whole replay's, or a resumed one's
    (whose ``hands`` start after the state it resumed from)."""
    first = progress.next_number - len(progress.hands)
    if not first <= number < progress.next_number:
        raise IndexError(f"hand {number} is not among hands {first}..{progress.next_number - 1}")
    return progress.hands[number - first]


def state_after(database: Database, game: db.StoredGame, number: int) -> dict[str, Any]:
    """The game's state after hand ``number`` (before the first hand for 0): one row read,
    or none. Raises db.StatesMissing when that hand has none stored yet."""
    if number == 0:
        return progress_of(game, []).state.to_dict()
    return db.stored_state(database, game.id, number)


def place_of(database: Database, game: db.StoredGame, number: int) -> HandPlace:
    """Where hand ``number`` (1 to the next hand's) falls in the game: its dealer and the
    game's state before it, from the state stored with the hand before (one row read). A
    game stored before those states were has them filled first (a write)."""
    number = min(max(number, 1), game.hand_count + 1)
    state = _state_filled(database, game, number - 1)
    return HandPlace.after(game.table.state_from_dict(state))


def _state_filled(database: Database, game: db.StoredGame, number: int) -> dict[str, Any]:
    """``state_after`` hand ``number``, with the game's states filled first where they are
    missing (not within a transaction: that writes); replayed from its hands when they
    keep missing (the game changing under it)."""
    for _ in range(2):
        try:
            return state_after(database, game, number)
        except db.StatesMissing:
            fill_states(database, game.id)
    earlier = db.load_hands(database, game.id)[:number]
    return progress_of(game, earlier).state.to_dict()


Hand = HandRecord | Mapping[str, Any]
"""A hand to save: the engine's record, or a body as the API or the form gives it."""


def read_placed(game: db.StoredGame, hand: Hand, state: Mapping[str, Any]) -> HandRecord:
    """``hand`` read as the hand after ``state`` (a stored state): a body as it is, a
    record from its ``to_dict``, each checked at that place (the cards it deals, who
    deals it, the score before it). Raises InvalidHand naming every field and its rule."""
    rules = game.table
    body = hand if isinstance(hand, Mapping) else hand.to_dict()
    place = HandPlace.after(rules.state_from_dict(state))
    return rules.record_from_dict(game.settings, body, place)


def _readable(game: db.StoredGame, hand: Hand) -> None:
    """Raises InvalidHand when ``hand`` does not read even on its own: a hand that could
    never be saved is refused as such before any clash with what is stored."""
    if isinstance(hand, Mapping):
        rules = game.table
        rules.record_from_dict(game.settings, hand, None)


def fill_states(database: Database, game_id: int) -> int:
    """Replays the game once and stores every hand's state where none is stored (hands
    written before ``hands.state`` existed). Returns how many it filled. Safe beside other
    writers: it writes only if the game has not changed since it was read."""
    game, hands = db.load_game_with_hands(database, game_id)
    if game is None or not hands:
        return 0
    progress = progress_of(game, hands)
    return db.store_states(
        database,
        game,
        [(replayed.number, replayed.state.to_dict()) for replayed in progress.hands],
    )


def current_progress(database: Database, game: db.StoredGame) -> Progress:
    """Where the game stands after its last hand, with no hands in it (``hands`` empty;
    ``dealer``, ``totals``, ``status``, ``next_number``… the whole game's): from the last
    hand's stored state, without reading the hands."""
    return recent_progress(database, game, 0)


def recent_progress(database: Database, game: db.StoredGame, last: int | None) -> Progress:
    """The game's progress holding only its last ``last`` hands (every hand for None):
    resumed from the stored state before them, so the work is that of those hands however
    long the game. ``next_number``, totals, status and winner are the whole game's. Not
    within a transaction: a game stored before the states were is replayed once to store
    them (``fill_states``), which writes."""
    for _ in range(2):
        try:
            return _resumed(database, game, last)
        except db.StatesMissing:
            fill_states(database, game.id)
    return progress_of(game, db.load_hands(database, game.id))


def _resumed(database: Database, game: db.StoredGame, last: int | None) -> Progress:
    """``recent_progress`` from the stored state; raises StatesMissing when it is not."""
    first = 1 if last is None else max(1, game.hand_count - last + 1)
    state = state_after(database, game, first - 1)
    later = db.load_hands(database, game.id, first) if first <= game.hand_count else []
    return resume_game(game, state, [h.record for h in later])


def load_hands_page(
    database: Database, game_id: int, after: int, limit: int
) -> tuple[db.StoredGame | None, list[db.StoredHand], Progress | None, Progress | None]:
    """The game, its hands after hand ``after`` (at most ``limit``), a progress holding
    those hands, and the whole game's progress (``current_progress``), as of one moment:
    resumed from the states stored after hand ``after`` and after the last hand, so the
    work is that of the page's hands however long the game. A game whose states are not
    stored yet has them filled (a write) outside that reading transaction, then is read
    again. (None, [], None, None) when there is no such game."""
    for _ in range(2):
        try:
            with database.atomic():
                game = db.load_game(database, game_id)
                if game is None:
                    return None, [], None, None
                after = min(after, game.hand_count)
                hands = db.load_hands(database, game_id, after + 1, limit)
                state = state_after(database, game, after)
                page = resume_game(game, state, [h.record for h in hands])
                return game, hands, page, _resumed(database, game, 0)
        except db.StatesMissing:
            fill_states(database, game_id)
    with database.atomic():
        game, every = db.load_game_with_hands(database, game_id)
        if game is None:
            return None, [], None, None
        whole = progress_of(game, every)
        return game, every[after : after + limit], whole, whole


def load_scoreboard(
    database: Database, game_id: int, last: int | None
) -> tuple[db.StoredGame | None, Progress | None, list[tuple[int, ...]]]:
    """The game, its progress holding its last ``last`` hands (see ``recent_progress``) and
    every hand's running totals, as of one moment. A game whose states are not stored yet
    has them filled (a write) outside that reading transaction, then is read again."""
    for _ in range(2):
        try:
            with database.atomic():
                game = db.load_game(database, game_id)
                if game is None:
                    return None, None, []
                progress = _resumed(database, game, last)
                if len(progress.hands) == game.hand_count:
                    # It holds every hand (a game no longer than ``last``): its totals are
                    # the stored ones, without reading them.
                    return (
                        game,
                        progress,
                        [hand.totals for hand in progress.hands],
                    )
                return game, progress, db.running_totals(database, game)
        except db.StatesMissing:
            fill_states(database, game_id)
    with database.atomic():
        game = db.load_game(database, game_id)
        if game is None:
            return None, None, []
        hands = db.load_hands(database, game_id)
        return game, progress_of(game, hands), db.running_totals(database, game)


def winners_of(game: db.StoredGame) -> str:
    """The names of the winning side (one player without partners) as it sits at the end:
    ``Ann & Cat``."""
    assert game.winner is not None
    return side_names(game.table, game.seated)[game.winner]


def _finished_message(game: db.StoredGame) -> str:
    if game.winner is None:  # the tied leaders shared the win (tie_at_end=shared)
        return msg("the game is over: the win is shared")
    return msg("the game is over: %(winner)s won", winner=winners_of(game))


# --- changing a game: each one transaction (_change) ---------------------------------------


def _hand_as_expected(
    game: db.StoredGame,
    current: db.StoredHand | None,
    number: int,
    expected_revision: int | None,
    stale: str,
) -> db.StoredHand:
    """Hand ``number`` as stored (``current``). Raises NotFound when there is none, and
    Conflict (``stale``, with the stored hand) when it is no longer ``expected_revision``."""
    if current is None or not 1 <= number <= game.hand_count:
        raise db.NotFound(f"game {game.id} has no hand {number}", "number")
    if expected_revision is not None and expected_revision != current.revision:
        raise db.Conflict(stale, "revision", current)
    return current


def _stored(database: Database, game: db.StoredGame, number: int) -> db.StoredHand | None:
    """Hand ``number`` of the game, or None when the game has no such hand."""
    return db.load_hand(database, game.id, number) if 1 <= number <= game.hand_count else None


# The versions an added hand made, in this process (issue 82): by (database file, game id,
# version), the number of the hand whose adding made that version from the one before, and
# nothing else. What is drawn of the game's hands for the version before (its scoreboard's
# rows) holds for this one but for the new hand's row.
APPENDED = Lru(1024)


def appended_by(database: Database, game_id: int, version: int) -> int | None:
    """The number of the hand whose adding in this process made ``version`` of the game
    from the version before (with nothing else changed), or None when that is not known."""
    return APPENDED.get((db.database_path(database), game_id, version))


def add_hand(
    database: Database,
    game_id: int,
    hand: Hand,
    number: int | None = None,
    offline_by: str | None = None,
    rules: Game | None = None,
) -> tuple[int, Progress, int]:
    """Stores ``hand`` (a record or a body, read at its place: ``read_placed``) as the
    game's next hand, with its points and the game's status, in one transaction. Returns
    (its number, the game's progress after it, its revision): a progress resumed from the
    last hand's stored state, so its ``hands`` hold only the new one (``replayed_hand``
    finds it), and the work is the same however long the game.

    ``number``, when given, must be the next hand's number. ``offline_by``: the phone the
    hand was recorded on without the network (None: online), kept with the hand and its
    revision. ``rules``: the game's, when the caller holds them (its ``StoredGame.table``),
    so that reading the game again here does not look them up again. Raises InvalidHand
    for a hand its place refuses, NotFound for an unknown game and Conflict when that hand
    is already recorded or the game is over.
    """

    read_at: list[int] = []  # the version the change was planned from, each attempt's

    def plan(game: db.StoredGame):
        read_at.append(game.version)
        next_number = game.hand_count + 1
        if number is not None and number != next_number:
            _readable(game, hand)
            if 1 <= number < next_number:
                raise db.Conflict(db.already_recorded(number), "number")
            raise db.Conflict(
                msg(
                    "hand %(number)d cannot be recorded yet: the next hand is %(next)d",
                    number=number,
                    next=next_number,
                ),
                "number",
            )
        if game.status == "finished":  # as the engine's replay stored it at the last write
            _readable(game, hand)
            raise db.Conflict(_finished_message(game), "number")
        if next_number > MAX_HANDS:
            _readable(game, hand)
            raise db.Conflict(too_many_hands(), "number")
        before = state_after(database, game, game.hand_count)
        record = read_placed(game, hand, before)
        progress = resume_game(game, before, [record])

        def write() -> tuple[int, Progress, int]:
            revision = db.next_revision(database, game_id, next_number)
            db.write_hand(
                database, game, replayed_hand(progress, next_number), revision, True, offline_by
            )
            db.write_derived(database, game, progress, after=next_number)
            db.add_revision(
                database, game_id, next_number, revision, "recorded", record, offline_by
            )
            return next_number, progress, revision

        return write

    added = _change(database, game_id, plan, rules)
    # Written from the last plan, in the transaction that claimed (bumped) its version.
    APPENDED.put((db.database_path(database), game_id, read_at[-1] + 1), added[0])
    return added


def too_many_hands() -> str:
    """The refusal of a hand past ``MAX_HANDS``."""
    return msg("a game holds at most %(limit)d hands: start a new game to play on", limit=MAX_HANDS)


def _change(
    database: Database,
    game_id: int,
    plan: Callable[[db.StoredGame], Callable[[], T]],
    rules: Game | None = None,
) -> T:
    """Runs a change to one game with the engine's work done outside the write lock, and
    returns what its write returns.

    ``plan`` gets the game as read now, reads what else it needs (the hands it changes, the
    stored state before them) in the same read transaction (``db.snapshot``), checks them
    (raising Conflict or NotFound) and returns the function that writes the change. That
    function runs in the one write transaction that claims the game at the version read
    (``db.claimed``): nothing is written from a stale reading. If another phone wrote to
    the game in between, everything is read and planned again. When the plan finds a
    state missing (StatesMissing), the game's states are stored and it is planned again.
    Every call goes down, to the engine and to ``db``: the data layer calls nothing back.
    ``rules``: the game's, when the caller holds them already (``db.load_game``).
    """
    if not 0 < game_id <= db.MAX_ID:
        raise db.NotFound(f"there is no game {game_id}")
    for _ in range(db.WRITE_ATTEMPTS):
        try:
            with db.snapshot(database):
                game = db.load_game(database, game_id, rules)
                if game is None:
                    raise db.NotFound(f"there is no game {game_id}")
                write = plan(game)
        except db.StatesMissing:
            fill_states(database, game_id)
            continue
        with db.claimed(database, game) as still_as_read:
            if still_as_read:
                return write()
    raise db.kept_changing()


def replace_hand(
    database: Database,
    game_id: int,
    number: int,
    hand: Hand,
    expected_revision: int | None = None,
    offline_by: str | None = None,
    rules: Game | None = None,
) -> tuple[Progress, int]:
    """Replaces hand ``number`` with ``hand`` (a record or a body, read at its place:
    ``read_placed``) and recomputes every later hand from the state stored before it,
    keeping the old version as a revision, in one transaction. Returns (the game's
    progress from hand ``number`` on, the hand's revision). ``offline_by``: the phone the
    new version was recorded on without the network (None: online). ``rules`` as for
    ``add_hand``.

    Raises InvalidHand for a hand its place refuses; NotFound for an unknown game or
    hand; Conflict when the hand was changed since ``expected_revision``, when the change
    would end the game before a later hand, or when a later hand would no longer stand.
    """

    def plan(game: db.StoredGame):
        stale = msg(
            "hand %(number)d was changed on another phone while you were editing it; "
            "check it and save again",
            number=number,
        )
        hands = db.load_hands(database, game_id, number) if 1 <= number <= game.hand_count else []
        try:
            current = _hand_as_expected(
                game, hands[0] if hands else None, number, expected_revision, stale
            )
        except (db.NotFound, db.Conflict):
            _readable(game, hand)
            raise
        before = state_after(database, game, number - 1)
        record = read_placed(game, hand, before)
        if current.record == record:
            unchanged = resume_game(game, before, [h.record for h in hands])
            return lambda: (unchanged, current.revision)
        hands[0] = db.StoredHand(number, record, current.revision)
        try:
            progress = resume_game(game, before, [h.record for h in hands])
        except InvalidHand as exc:
            # This hand stands at its place; a later one no longer does at its own.
            later = _first_refused(game, before, [h.record for h in hands])
            raise db.Conflict(
                msg(
                    "with this change hand %(later)d no longer stands: %(problem)s; change "
                    "this hand or hand %(later)d",
                    later=number + later,
                    problem=exc.message,
                ),
                "hand",
            ) from None
        except ValueError as exc:
            raise db.Conflict(
                msg(
                    "with this change the game ends earlier, but %(problem)s; delete the later "
                    "hands first or change this hand",
                    problem=exc.args[0],
                ),
                "hand",
            ) from None

        def write() -> tuple[Progress, int]:
            revision = db.next_revision(database, game_id, number)
            db.write_hand(
                database, game, replayed_hand(progress, number), revision, False, offline_by
            )
            db.write_derived(database, game, progress, after=number)
            db.add_revision(database, game_id, number, revision, "edited", record, offline_by)
            return progress, revision

        return write

    return _change(database, game_id, plan, rules)


def _first_refused(
    game: db.StoredGame, before: dict[str, Any], records: Sequence[HandRecord]
) -> int:
    """How many of ``records`` (the hands after ``before``) stand before the first that
    ``resume`` refuses at its place; the hands are resumed one at a time."""
    state = before
    for index, record in enumerate(records):
        try:
            progress = resume_game(game, state, [record])
        except ValueError:
            return index
        state = progress.hands[-1].state.to_dict()
    return len(records)


def delete_last_hand(
    database: Database, game_id: int, number: int, expected_revision: int | None = None
) -> Progress:
    """Deletes hand ``number``, which must be the last one, keeping it as a revision.
    Returns the game's progress after the hand before it (no hands in it).

    Raises NotFound for an unknown game or hand; Conflict when the hand was changed since
    ``expected_revision`` (or deleted and recorded again), or when it is not the last hand.
    """

    def plan(game: db.StoredGame):
        stale = msg(
            "hand %(number)d was changed on another phone since you opened it; "
            "check it before deleting it",
            number=number,
        )
        removed = _hand_as_expected(
            game, _stored(database, game, number), number, expected_revision, stale
        )
        if number != game.hand_count:
            raise db.Conflict(
                msg(
                    "only the last hand (%(last)d) can be deleted; edit hand %(number)d instead",
                    last=game.hand_count,
                    number=number,
                ),
                "number",
            )
        progress = resume_game(game, state_after(database, game, number - 1), [])

        def write() -> Progress:
            db.remove_last_hand(database, game_id, number)
            db.write_derived(database, game, progress, after=number)
            revision = db.next_revision(database, game_id, number)
            db.add_revision(database, game_id, number, revision, "deleted", removed.record)
            return progress

        return write

    return _change(database, game_id, plan)


def finish_game(database: Database, game_id: int) -> tuple[int, Progress]:
    """Ends the game now ("finish now", for a game whose rules have it): the side ahead
    wins; when the sides are level the game plays on until one is ahead. Stores the
    number of hands recorded when the table asked (kept if it asked before) and the game's
    status, in one transaction. Returns (that number, the game's progress).

    Raises NotFound for an unknown game; Conflict when the game is over or its rules have
    no "finish now".
    """

    def plan(game: db.StoredGame):
        rules = game.table
        if not rules.progression.finish_now:
            raise db.Conflict(
                msg(
                    "%(game)s has no \u201cfinish now\u201d: the game ends at its target",
                    game=name_in(rules.name, AT),
                ),
                "id",
            )
        if game.status == "finished":
            raise db.Conflict(_finished_message(game), "status")
        count = game.hand_count
        asked = game.finished_after if game.finished_after is not None else count
        # Asking to finish can end the game only at the last hand: rescore it from the
        # state before it, with the hands counted when the table asked.
        last = [] if count == 0 else [_stored(database, game, count)]
        progress = resume_game(
            game,
            state_after(database, game, max(count - 1, 0)),
            [h.record for h in last if h is not None],
            asked,
        )

        def write() -> tuple[int, Progress]:
            db.set_finished_after(database, game_id, asked)
            db.write_derived(database, game, progress, after=max(count - 1, 0))
            return asked, progress

        return write

    return _change(database, game_id, plan)


# --- a hand entered on the game's own form ------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavedHand:
    """A hand just stored, as the save scored it: what a page says of it afterwards,
    without asking again."""

    number: int
    revision: int
    progress: Progress
    """The save's own progress: it holds this hand (and, after an edit, the later ones)."""
    hand: Replayed
    view: HandView
    """The hand as the scoreboard shows it."""
    message: str
    """What the scoreboard says of it, in the table's words (``pages.form.saved_line``)."""


def form_at(database: Database, game: db.StoredGame, number: int, words: Words) -> Table:
    """The hand form for hand ``number`` (1 to the next hand's) at its place in the game
    (Oh Hell's cards dealt and hook), named after who sat then, in ``words``."""
    place = place_of(database, game, number)
    return Table.at(game.table, game.settings, game.names_at(number), place, words)


def record_entered(
    database: Database,
    game: db.StoredGame,
    table: Table,
    posted: Mapping[str, str],
    number: int | None,
) -> SavedHand:
    """Records the hand the form posted (``posted``: its fields as a browser sends them) on
    ``table`` (``form_at``) as the next hand ``number``, in one transaction. Its entries are
    checked by the engine, their shape, then the rules at the hand's place: raises Refused
    with every refusal in the table's words, in page order (nothing is stored), and
    NotFound or Conflict as ``add_hand`` does."""
    entered = Entered.posted(table, posted, posted_action(table.spec, posted))
    try:
        stored, progress, revision = add_hand(
            database, game.id, entered.body, number, rules=game.table
        )
    except EngineError as exc:
        raise entered.refusal(exc) from None
    return _saved(game, table, progress, stored, revision)


def edit_entered(
    database: Database,
    game: db.StoredGame,
    table: Table,
    posted: Mapping[str, str],
    number: int,
    expected_revision: int | None,
) -> SavedHand:
    """Replaces hand ``number`` with the hand the form posted on ``table``, in one
    transaction; refuses as ``record_entered`` does, and raises NotFound or Conflict as
    ``replace_hand`` does."""
    entered = Entered.posted(table, posted, posted_action(table.spec, posted))
    try:
        progress, revision = replace_hand(
            database, game.id, number, entered.body, expected_revision, rules=game.table
        )
    except EngineError as exc:
        raise entered.refusal(exc) from None
    return _saved(game, table, progress, number, revision)


def _saved(
    game: db.StoredGame, table: Table, progress: Progress, number: int, revision: int
) -> SavedHand:
    first = progress.next_number - len(progress.hands)
    view = game.table.hand_views(progress)[number - first]
    hand = replayed_hand(progress, number)
    dealers = (hand.dealer, progress.dealer)
    message = saved_line(
        table, game.seated, number, hand.points, view.outcome, hand.record.thrown_in, dealers
    )
    return SavedHand(number, revision, progress, hand, view, message)
