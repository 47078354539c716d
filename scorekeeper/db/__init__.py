"""The one package that owns the database: a module per job, re-exported here so that
callers write ``from scorekeeper import db; db.load_game(...)``.

``connection``  opening a file or a request's connection, the writers' lock
``migrations``  the schema, as named migrations and nothing else
``games``       storing and listing games, the history, a player's record
``hands``       reading a game's hands; recording, editing and deleting one
``transfer``    the queries behind export and import
``figures``     each game's derived figures (careers, head-to-head), kept by version
``keys``        edit keys

The schema exists only as the named migrations (``Migrations("scorekeeper")``). It is
plain SQLite so that sqlite-utils or Datasette can open it:

``games``
    one row per game: ``created_at``/``updated_at`` (ISO 8601 UTC), ``game`` (the key of
    the game's rules in the registry, ``israeli-whist`` for every game stored before there
    was a choice), ``rules`` (the preset the table started from), ``settings`` (the full
    rule settings as JSON, so a game always scores as it did when it was played),
    ``first_dealer`` (a seat), ``status`` (``in_progress`` or ``finished``), ``winner``
    (a side's index in ``get_game(game).sides``, which is a seat in a game without
    partners, or null), ``hand_count``, ``version`` (bumped by every write), ``edit_key_hash``
    (SHA-256 of the edit key; the key itself is never stored), an optional ``name`` and
    ``notes`` (where it was played, who brought the cards), and ``finished_after`` (the
    hands recorded when the table asked to "finish now", in a game whose rules have it;
    null otherwise).
``players``
    one row per seat: ``game_id``, ``seat`` from 0 clockwise, ``name``, ``total`` (the
    running total after the last hand: partners hold their side's).
``hands``
    one row per recorded hand, unique on (``game_id``, ``number``): ``dealer``,
    ``thrown_in``, ``record`` (the hand as the game writes it down, as JSON: its
    ``to_dict()``, from which the app reads the hand back), ``revision`` (1 on the first
    save of a hand number, then one more than any revision that number ever had, so an edit
    or a hand deleted and recorded again never repeats a revision another phone may still
    hold). For Israeli Whist, flat columns for SQL and Datasette: ``frisch_rounds`` (0 for
    a game without them), ``declarer``, ``bid`` (``7C``, ``9NT``), ``over_under``,
    ``contracts_total``; for Bid Whist ``declarer`` (the bidder) and ``bid`` (``4U``).
    ``state`` is the game's own state after the hand (its ``hand_state`` as JSON: the
    totals, the next dealer, who won…), from which the next save scores on without reading
    the hands before; null for a hand stored before version 8, filled in by the first
    write to its game.
``hand_seats``
    one row per seat per hand: ``points`` scored in the hand and the running ``total``
    after it (partners hold their side's); for Israeli Whist also ``contract``, ``tricks``
    and ``revokes`` (null for a thrown-in deal).
``game_figures``
    a cache, not data: each game's figures derived by its rules (``figures``), valid only
    for the ``version`` and ``format`` stored with them.
``hand_revisions``
    every version of every hand ever saved, including deleted ones, as the game's JSON
    (``hand``, the same form as ``hands.record``) with ``action`` (``recorded``,
    ``edited``, ``deleted``) and ``created_at``.

Points, totals, dealers and the game's status are derived by the game's ``replay`` and
stored with the hand in the same ``db.atomic()`` transaction. Every row becomes an engine
object through ``get_game(games.game)`` and the Game interface, never a game's own package.
"""

from .bulk import (
    ExportedGame,
    GameRange,
    ImportedGame,
    ImportedHand,
    count_games,
    game_kinds,
    import_games,
    iter_games,
    split_games,
)
from .connection import (
    MAX_ID,
    close_db,
    connect,
    get_db,
    init_app,
    migrate,
    now,
    open_database,
    query,
    writing,
)
from .errors import Conflict, NotFound
from .figures import GameFigures, game_figures, recorded
from .games import (
    Game,
    LatestGames,
    Listing,
    PlayerRecord,
    change_seat,
    count_history,
    create_game,
    history,
    known_player_names,
    latest_games,
    list_games,
    load_game,
    player_games,
    player_names,
    player_record,
    player_records,
    set_game_details,
)
from .hands import (
    WRITE_ATTEMPTS,
    Revision,
    StoredHand,
    add_hand,
    current_progress,
    delete_last_hand,
    fill_states,
    finish_game,
    hand_dealer,
    load_game_with_hands,
    load_games_with_hands,
    load_hand,
    load_hands,
    load_revisions,
    load_scoreboard,
    progress_of,
    recent_progress,
    replace_hand,
    replayed_hand,
    resume_game,
    winners_of,
)
from .keys import hash_key, key_matches, new_edit_key, replace_edit_key
from .migrations import apply_migrations, migrations

__all__ = [
    "MAX_ID",
    "WRITE_ATTEMPTS",
    "Conflict",
    "ExportedGame",
    "Game",
    "GameFigures",
    "GameRange",
    "ImportedGame",
    "ImportedHand",
    "LatestGames",
    "Listing",
    "NotFound",
    "PlayerRecord",
    "Revision",
    "StoredHand",
    "add_hand",
    "apply_migrations",
    "close_db",
    "connect",
    "count_games",
    "current_progress",
    "change_seat",
    "count_history",
    "create_game",
    "delete_last_hand",
    "fill_states",
    "finish_game",
    "game_figures",
    "game_kinds",
    "hand_dealer",
    "get_db",
    "hash_key",
    "history",
    "import_games",
    "init_app",
    "iter_games",
    "key_matches",
    "known_player_names",
    "latest_games",
    "list_games",
    "load_game",
    "load_game_with_hands",
    "load_games_with_hands",
    "load_hand",
    "load_hands",
    "load_revisions",
    "load_scoreboard",
    "migrate",
    "migrations",
    "new_edit_key",
    "now",
    "open_database",
    "player_games",
    "player_names",
    "player_record",
    "player_records",
    "progress_of",
    "recent_progress",
    "query",
    "recorded",
    "replace_edit_key",
    "replace_hand",
    "replayed_hand",
    "resume_game",
    "set_game_details",
    "split_games",
    "winners_of",
    "writing",
]
