"""The one package that owns the database: a module per job, re-exported here so that
callers write ``from scorekeeper import db; db.load_game(...)``.

``connection``  the one way a database is opened (a file, read-only, or in memory), a
                request's connection, the writers' lock
``upgrade``     a file brought up to date as it is opened: a copy first, then the
                pending migrations, then WAL
``migrations``  the schema, as named migrations and nothing else
``games``       storing and listing games, the history, a player's record
``hands``       a game's hands as stored, and the rows a save writes (what they hold is
                the game's to say, through ``scorekeeper.game_play``)
``transfer``    the queries behind export and import
``figures``     each game's derived figures (careers, head-to-head), kept by version
``keys``        edit keys and the other tokens
``sealing``     the secret beside the database, and the invite and view tokens sealed
                with it
``ratings``     the players' ratings per group and game kind, kept as games finish
``evenings``    a group's evenings: its games played in one sitting, from the times
                kept on each game's row
``groups``      groups (the friends who play together, to whom their games belong), their
                keys and invites, and a game found by its view token

The schema exists only as the named migrations (``Migrations("scorekeeper")``). It is
plain SQLite so that sqlite-utils or Datasette can open it:

``groups``
    one row per group: ``name`` (null: the default name, shown translated as "Our
    table"), ``key_hash`` (SHA-256 of the group's key, as for edit keys), ``invite_hash``
    and ``invite_sealed`` (the invite token's keyed hash, unique, and the token sealed:
    ``sealing``, migration m020), ``member_epoch`` (bumped to drop every member) and
    ``created_at``.
``games``
    one row per game: ``group_id`` (its group; indexed with the id, and with the status
    and id, migration m018, so a group's page seeks its games of one status),
    ``view_hash`` and ``view_sealed`` (its view link's token, stored as invites are),
    ``created_at``/``updated_at`` (ISO 8601
    UTC), ``game`` (the key of the game's rules in the registry, ``israeli-whist`` for every
    game stored before there was a choice), ``rules`` (the preset the table started
    from), ``settings`` (the full rule settings as JSON, so a game always scores as it did
    when it was played),
    ``first_dealer`` (a seat), ``status`` (``in_progress`` or ``finished``), ``winner``
    (a side's index in ``get_game(game).sides``, which is a seat in a game without
    partners, or null), ``hand_count``, ``version`` (bumped by every write), ``edit_key_hash``
    (SHA-256 of the edit key; the key itself is never stored), an optional ``name`` and
    ``notes`` (where it was played, who brought the cards), and ``finished_after`` (the
    hands recorded when the table asked to "finish now", in a game whose rules have it;
    null otherwise), ``first_hand_at``/``last_hand_at`` (when its first and last hands
    were first recorded, null while it has none; kept by triggers on ``hands``, and
    indexed with the group for its evenings).
``players``
    one row per seat: ``game_id``, ``seat`` from 0 clockwise, ``name``, ``total`` (the
    running total after the last hand: partners hold their side's), ``group_id`` (its
    game's group, kept by triggers; migration m016), indexed by group, name and game so
    that a group's pages find a name's seats in the group alone. ``seat_changes`` carries
    ``group_id`` alike.
``hands``
    one row per recorded hand, unique on (``game_id``, ``number``): ``dealer``,
    ``thrown_in``, ``record`` (the hand as the game writes it down, as JSON: its
    ``to_dict()``, from which the app reads the hand back), ``revision`` (1 on the first
    save of a hand number, then one more than any revision that number ever had, so an edit
    or a hand deleted and recorded again never repeats a revision another phone may still
    hold). SQL and Datasette read a hand's fields from its record, every game's alike
    (``json_extract(record, '$.<field>')``); the flat columns Israeli Whist's own storage
    once filled went with m031, their values in the records. ``state`` is the game's own
    state after the
    hand (its state's ``to_dict()`` as JSON: the totals, the next dealer, who won…), from which
    the next save scores on without reading the hands before; null for a hand stored
    before version 8, filled in by the first write to its game. ``offline_by`` is the
    name of the phone the hand was recorded on without the network and sent later
    (issue 34; migration m019), null for a hand recorded online.
``hand_seats``
    one row per seat per hand: ``points`` scored in the hand and the running ``total``
    after it (partners hold their side's).
``game_figures``
    a cache, not data: each game's figures derived by its rules (``figures``), valid only
    for the ``version`` and ``format`` stored with them.
``game_stats``
    a cache, not data, as ``game_figures``: each game's statistics page's figures (its
    rules' ``game_stats``; migration m016), worked out the first time they are asked for.
``rating_games``, ``ratings``, ``rating_history``, ``rated_presets``
    ratings within a group (docs/rules/ratings.md; ``ratings``, migration m013): the order of
    the rating events (a row per finished game, its ``position`` taken as it finished,
    ``rated`` 0 while pending), each group, kind and player's current ``mu``, ``sigma``
    and ``games`` (and ``recent``, their ratings over their last ten games, the ratings
    page's trend, written with the rating; m016), each player's rating before and
    after each rated game, and the presets each group's rated games of a kind started
    from with the ``first`` position rated in each (what the ratings page is called by;
    written as games are rated, m018).
``phones``, ``phone_keys``, ``phone_views``, ``members``
    what a browser holds, kept on the server behind the token its cookie carries (issue
    29, ``phones``): its edit keys (sealed with the token), the view links it opened, and
    a row per time a phone joined a group (``label``, ``joined_at``, ``left_at``,
    ``removed_by``), which is also the group's history of who joined and left.
``hand_revisions``
    every version of every hand ever saved, including deleted ones, as the game's JSON
    (``hand``, the same form as ``hands.record``) with ``action`` (``recorded``,
    ``edited``, ``deleted``), ``created_at`` and ``offline_by`` (as on ``hands``: the
    phone that version was recorded on offline, or null).
``server_keys``
    keys of the server, not of a group, by ``name``: ``owner``, the key that starts a
    group under ``serve --invited-only`` (migration m017).

Points, totals, dealers and the game's status are derived by the game's ``replay`` or
``resume`` (in ``scorekeeper.game_play``, never here) and stored with the hand in the same
transaction. Every row becomes an engine
object through ``get_game(games.game)`` and the Game interface (the rules; a stored game
is a ``StoredGame``), never a game's own package.
"""

from . import phones
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
    database_path,
    get_db,
    now,
    query,
    writing,
)
from .errors import NotFound
from .evenings import EVENING_GAP, Evening, Played, evening_of, evenings_of
from .figures import GameFigures, game_figures, game_stats, recorded
from .games import (
    LatestGames,
    Listing,
    PlayerRecord,
    StoredGame,
    change_seat,
    change_table,
    count_history,
    create_game,
    games_by_id,
    group_player_names,
    group_state,
    history,
    key_matches,
    known_player_names,
    latest_games,
    list_games,
    load_game,
    player_game_ids,
    player_games,
    player_names,
    player_record,
    player_records,
    set_game_details,
)
from .groups import (
    MAX_GROUP_NAME_LENGTH,
    Group,
    clean_group_name,
    create_group,
    game_by_view_token,
    group_by_invite,
    group_key_matches,
    list_groups,
    load_group,
    new_invite,
    rename_group,
    replace_group_key,
)
from .hands import (
    WRITE_ATTEMPTS,
    Conflict,
    Revision,
    StatesMissing,
    StoredHand,
    add_revision,
    already_recorded,
    claimed,
    hand_dealer,
    kept_changing,
    load_game_with_hands,
    load_games_with_hands,
    load_hand,
    load_hands,
    load_revisions,
    next_revision,
    offline_hands,
    remove_last_hand,
    running_totals,
    set_finished_after,
    snapshot,
    store_states,
    stored_state,
    write_derived,
    write_hand,
)
from .keys import (
    hash_key,
    is_owner_key,
    new_edit_key,
    new_token,
    owner_key,
    replace_edit_key,
)
from .migrations import apply_migrations, migrations
from .ratings import (
    HistoryPoint,
    RatingRow,
    fairest_partnerships,
    player_rating_histories,
    predict_win,
    rated_kinds,
    rated_presets,
    rating_history,
    ratings_table,
)
from .ratings import rebuild as rebuild_ratings
from .sealing import LOST_TOKEN
from .upgrade import init_app, migrate, open_database

__all__ = [
    "phones",
    "LOST_TOKEN",
    "HistoryPoint",
    "RatingRow",
    "fairest_partnerships",
    "player_rating_histories",
    "predict_win",
    "rated_kinds",
    "rated_presets",
    "rating_history",
    "ratings_table",
    "rebuild_ratings",
    "is_owner_key",
    "owner_key",
    "Conflict",
    "EVENING_GAP",
    "Evening",
    "ExportedGame",
    "StoredGame",
    "GameFigures",
    "GameRange",
    "Group",
    "ImportedGame",
    "ImportedHand",
    "LatestGames",
    "Listing",
    "MAX_GROUP_NAME_LENGTH",
    "MAX_ID",
    "NotFound",
    "Played",
    "PlayerRecord",
    "Revision",
    "StatesMissing",
    "StoredHand",
    "WRITE_ATTEMPTS",
    "add_revision",
    "already_recorded",
    "apply_migrations",
    "change_seat",
    "change_table",
    "clean_group_name",
    "close_db",
    "connect",
    "count_games",
    "count_history",
    "evening_of",
    "evenings_of",
    "create_game",
    "create_group",
    "database_path",
    "remove_last_hand",
    "rename_group",
    "game_by_view_token",
    "game_figures",
    "game_stats",
    "game_kinds",
    "get_db",
    "group_player_names",
    "games_by_id",
    "group_state",
    "group_by_invite",
    "group_key_matches",
    "hand_dealer",
    "hash_key",
    "history",
    "import_games",
    "init_app",
    "iter_games",
    "key_matches",
    "known_player_names",
    "latest_games",
    "list_games",
    "list_groups",
    "load_game",
    "load_group",
    "load_game_with_hands",
    "load_games_with_hands",
    "load_hand",
    "load_hands",
    "load_revisions",
    "migrate",
    "migrations",
    "new_edit_key",
    "new_invite",
    "new_token",
    "next_revision",
    "offline_hands",
    "now",
    "open_database",
    "player_game_ids",
    "player_games",
    "player_names",
    "player_record",
    "player_records",
    "query",
    "recorded",
    "replace_edit_key",
    "replace_group_key",
    "running_totals",
    "set_finished_after",
    "set_game_details",
    "split_games",
    "store_states",
    "stored_state",
    "write_derived",
    "write_hand",
    "claimed",
    "kept_changing",
    "snapshot",
    "writing",
]
