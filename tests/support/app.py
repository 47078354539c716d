"""A fresh app on its own SQLite file, started from a database migrated once for the test
process, and the stored groups and games a test looks at or sets up."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

from scorekeeper.pages.render import Compiled
from scorekeeper.web import create_app

SEAT_NAMES = ["South", "West", "North", "East"]


def app_config(tmp_path, **overrides) -> dict:
    return {
        "TESTING": True,
        "DATABASE": str(tmp_path / "scorekeeper.db"),
        "SECRET_KEY": "test secret",
        "WTF_CSRF_ENABLED": False,
        # A test's phone starts more groups and games than a stranger may
        # (tests/web/test_stranger.py turns the limits on).
        "RATE_LIMITS": {},
        # A test may hold a few streamed exports unread, which a server would have sent
        # (tests/web/test_stranger.py serves with the one slot of serve).
        "HEAVY_SLOTS": 4,
        **overrides,
    }


# The templates' compiled code, kept in memory for every app a test process makes: each
# test's app is new, and compiling the same templates again for each of them was a good
# part of a test's set-up (the phone's engine keeps its templates the same way).
COMPILED_TEMPLATES = Compiled()


def _kept_url_builders() -> None:
    """Werkzeug compiles, for every rule of every new app, two functions that build its
    URLs (``Rule._compile_builder``: Python source made and compiled, about half of
    ``create_app``'s time, and the suite makes an app for each of some 2,000 tests). The
    function is made of the rule's parts and defaults alone (the rule it serves is passed
    in as ``self``), so the test process keeps one per rule and reuses it for every app:
    the same URLs are built, sooner."""
    from werkzeug.routing.rules import Rule

    compile_builder = Rule._compile_builder
    if getattr(compile_builder, "kept", False):
        return
    kept: dict[tuple, object] = {}

    def builder(rule: Rule, append_unknown: bool = True):
        defaults = rule.defaults or {}
        key = (
            append_unknown,
            tuple(rule._trace),
            tuple(
                (name, type(rule._converters.get(name)), repr(v)) for name, v in defaults.items()
            ),
        )
        if key not in kept:
            kept[key] = compile_builder(rule, append_unknown)
        return kept[key]

    builder.kept = True
    Rule._compile_builder = builder


_kept_url_builders()


def _kept_rule_parsing() -> None:
    """Werkzeug parses each rule of each new app (``Rule.compile``: its parts, the
    regular expressions it matches with, its converters), a third of what was left of
    ``create_app``'s time. What it finds is made of the rule's text and the map's settings
    alone, so the test process keeps it per rule and gives each app's rule its own copy,
    with converters of its own bound to the app's own map: the same rule, parsed once."""
    from werkzeug.routing.rules import Rule

    compile_rule = Rule.compile
    if getattr(compile_rule, "kept", False):
        return
    kept: dict[tuple, tuple] = {}

    def compile(rule: Rule) -> None:
        known = rule.map
        key = (
            rule.rule,
            known.host_matching,
            rule.host if known.host_matching else rule.subdomain,
            rule.merge_slashes,
            tuple(known.converters.items()),
        )
        if key not in kept:
            compile_rule(rule)
            kept[key] = (list(rule._parts), list(rule._trace), dict(rule._converters))
            return
        parts, trace, converters = kept[key]
        rule._parts, rule._trace, rule._converters = list(parts), list(trace), {}
        for name, converter in converters.items():
            # A copy of the converter's attributes (what copy.copy does, without its
            # generic protocol: a fifth of an app's making).
            own = object.__new__(type(converter))
            own.__dict__.update(converter.__dict__)
            own.map = known
            rule._converters[name] = own
        rule.arguments.update(converters)
        rule._build = rule._compile_builder(False).__get__(rule, None)
        rule._build_unknown = rule._compile_builder(True).__get__(rule, None)

    compile.kept = True
    Rule.compile = compile


_kept_rule_parsing()


def files_under(folder) -> tuple:
    """Each file under ``folder`` as what a result read from it depends on: its path, its
    inode, its size and the time it last changed."""
    found = []
    for root, folders, names in os.walk(folder):
        folders.sort()
        for name in names:
            path = os.path.join(root, name)
            try:
                info = os.stat(path)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                found.append((path, info.st_ino, info.st_size, info.st_mtime_ns))
    return tuple(sorted(found))


def _kept_start_up_reads() -> None:
    """Two things every new app reads from its files at its start, done once for the test
    process while those files stay as they were (each file's path, inode, size and time,
    ``files_under``): the check that each language's compiled catalogue loads and is no
    older than its source (``i18n.check_catalogues``: every catalogue parsed, a third of
    ``create_app``'s time), and the static files read and gzipped at their best
    (``responses._static_bodies``: a sixth). A test that breaks a catalogue or changes a
    file has it checked or read again; a failed check is never kept."""
    from scorekeeper.web import i18n, responses

    if getattr(i18n.check_catalogues, "kept", False):
        return
    check_catalogues, static_bodies = i18n.check_catalogues, responses._static_bodies
    checked: set[tuple] = set()
    bodies: dict[tuple, dict] = {}

    def kept_check(app) -> None:
        folders = [
            Path(app.root_path, folder)
            for folder in app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";")
        ]
        key = (
            app.config["BABEL_DEFAULT_LOCALE"],
            tuple(i18n.LANGUAGES),
            tuple((str(folder), files_under(folder)) for folder in folders),
        )
        if key not in checked:
            check_catalogues(app)
            checked.add(key)

    def kept_bodies(folder: Path) -> dict:
        key = (str(folder), files_under(folder))
        if key not in bodies:
            bodies[key] = static_bodies(folder)
        return dict(bodies[key])

    kept_check.kept = True
    i18n.check_catalogues = kept_check
    responses._static_bodies = kept_bodies


_kept_start_up_reads()


def _kept_catalogues() -> None:
    """Each app a test makes reads and parses each language's compiled catalogue again
    as its first page in that language asks for a word (``babel.support.Translations.load``,
    called by Flask-Babel for each new app): the test process keeps what each file held,
    while the file stays as it was (its inode, size and time), and gives each call its own
    copy (its own catalogue, files and domains, which a merge changes): the same words,
    read once."""
    import gettext

    from babel import support

    load = support.Translations.load
    if getattr(load, "kept", False):
        return
    kept: dict[tuple, support.Translations] = {}

    def kept_load(cls, dirname=None, locales=None, domain=None):
        found = gettext.find(
            domain or cls.DEFAULT_DOMAIN, dirname, support._locales_to_names(locales)
        )
        try:
            info = os.stat(found) if found else None
        except OSError:
            info = None
        if info is None:
            return load.__func__(cls, dirname, locales, domain)
        key = (cls, found, domain, info.st_ino, info.st_size, info.st_mtime_ns)
        if key not in kept:
            kept[key] = load.__func__(cls, dirname, locales, domain)
        read = kept[key]
        own = object.__new__(type(read))
        own.__dict__.update(read.__dict__)
        own._catalog = dict(read._catalog)
        own.files = list(read.files)
        own._domains = dict(read._domains)
        return own

    kept_load.kept = True
    support.Translations.load = classmethod(kept_load)


_kept_catalogues()


# A database file migrated once for the test process, which each test's app starts from.
_MIGRATED: dict[str, str] = {}


def _migrated_database(into: str) -> None:
    """Puts at ``into`` (0600, as the app makes a database) a copy of a database holding
    every migration and nothing else: what ``db.migrate`` makes of a new file, without
    running all the migrations again for every test."""
    from scorekeeper import db

    if os.path.exists(into) or not os.path.isdir(os.path.dirname(into)):
        return  # a test's own file, or a folder the app makes: the app's own way
    if "path" not in _MIGRATED:
        folder = tempfile.mkdtemp(prefix="scorekeeper-migrated-")
        atexit.register(shutil.rmtree, folder, True)
        path = os.path.join(folder, "migrated.db")
        db.migrate(path).close()  # the last connection: the log is checkpointed and gone
        assert not os.path.exists(f"{path}-wal"), "the migrated database left its log"
        _MIGRATED["path"] = path
    shutil.copyfile(_MIGRATED["path"], into)
    os.chmod(into, 0o600)


def new_app(folder, **overrides):
    """``create_app`` on a new database in ``folder``, started from the migrated copy, the
    templates compiled once for the test process: as a fresh app and file are, sooner."""
    config = app_config(folder, **overrides)
    _migrated_database(config["DATABASE"])
    made = create_app(config)
    made.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    return made


def stored_game(client, game_id: int):
    """The stored game ``game_id`` of the client's app (its view token, its group…)."""
    from scorekeeper import db

    database = db.open_database(str(client.application.config["DATABASE"]))
    try:
        return db.load_game(database, game_id)
    finally:
        database.close()


def group_of(database_path, game_id: int):
    """The stored group of the game ``game_id`` in the database file."""
    from scorekeeper import db

    database = db.open_database(str(database_path))
    try:
        game = db.load_game(database, game_id)
        assert game is not None, f"there is no game {game_id}"
        return db.load_group(database, game.group_id)
    finally:
        database.close()


def join_group(client, game_id: int | None = None, group_id: int | None = None):
    """Makes the test client a member of the group ``group_id`` (or of the game
    ``game_id``'s group) by its invite link, as a phone joins (issue 21); returns the group."""
    from scorekeeper import db

    database_path = client.application.config["DATABASE"]
    if group_id is None:
        group = group_of(database_path, game_id)
    else:
        database = db.open_database(str(database_path))
        try:
            group = db.load_group(database, group_id)
        finally:
            database.close()
    token = None
    if client.application.config.get("WTF_CSRF_ENABLED", True):  # the page's token first
        page = client.get(f"/join/{group.invite}").get_data(as_text=True)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    response = client.post(f"/join/{group.invite}", data={"csrf_token": token[1]} if token else {})
    assert response.status_code == 302, response.status_code
    assert response.headers["Location"] == f"/groups/{group.id}"
    assert client.get(response.headers["Location"]).status_code == 200  # as a browser does
    return group


def move_to_group(database_path, game_id: int, group_id: int) -> None:
    """Puts the stored game ``game_id`` in the group ``group_id``: test setup, for games
    a test starts through the API (each in a new group of its own) but looks back on
    together, as one group's History and players."""
    from scorekeeper import db

    database = db.open_database(str(database_path))
    try:
        with db.writing(database):
            database.execute("UPDATE games SET group_id = ? WHERE id = ?", [group_id, game_id])
    finally:
        database.close()


def into_group(client, game_id: int):
    """Makes the test client see the game ``game_id`` as a member, without its key: the
    client joins the game's group, or when it is a member of a group already, the game is
    moved into that one (so that a test's games are one group's History). Returns the
    group's id."""
    from tests.support.stored import held_groups

    groups = held_groups(client)
    if groups:
        move_to_group(client.application.config["DATABASE"], game_id, groups[0])
        return groups[0]
    return join_group(client, game_id).id


def trace_statements(monkeypatch) -> list[str]:
    """Every SQL statement the app's connections run from now on (``monkeypatch.undo()``
    stops it): the server's side of a request, counted without timing it."""
    from scorekeeper import db

    statements: list[str] = []
    connect = db.connection.connect

    def traced(location: str, *access: str):
        database = connect(location, *access)
        database.conn.set_trace_callback(statements.append)
        return database

    monkeypatch.setattr(db.connection, "connect", traced)
    # Every request opens a traced connection rather than taking one left idle.
    monkeypatch.setattr(db.connection, "_idle_connection", lambda app: None)
    return statements


def game_in_new_group(database, players, rules, settings, first_dealer, *more, **options):
    """``db.create_game`` of a game in a new group of its own (every game is in a group),
    for a test that works with the data layer; returns (id, edit key)."""
    from scorekeeper import db

    group_id = db.create_group(database, None)[0].id
    return db.create_game(
        database, players, rules, settings, first_dealer, *more, group_id=group_id, **options
    )
