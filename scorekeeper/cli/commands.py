"""The ``scorekeeper`` command line.

Other tools call it, so its interface is fixed: bad input exits with status 2 and one line
on stderr naming the field, and it never prints a traceback.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import click

from ..engine import DEFAULT_GAME, GAMES, EngineError, Game, Settings, find_game, get_game
from ..engine.core.command_line import HandOption, shown
from ..engine.core.game import seat_counts, table_knobs
from ..engine.registry import UNLISTED
from ..problems import Problem
from .numbers import WholeNumber
from .root import (
    DB_HELP,
    FieldError,
    group_name,
    group_option,
    invite_link,
    main,
    url_option,
)


def game_from_option(key: str) -> Game:
    """The game named by ``--game``: a registered one, or one built but not yet offered by
    the web app (``registry.UNLISTED``), which the command line already scores, simulates
    and describes. Raises FieldError naming ``--game``."""
    try:
        return find_game(key, include_unlisted=True)
    except EngineError as exc:
        raise FieldError(str(exc), "--game") from None


def settings_from_options(game: Game, rules: str, assignments: Sequence[str]) -> Settings:
    """Returns ``game``'s preset named by ``--rules`` with every ``--set KNOB=VALUE`` applied.

    Raises FieldError naming ``--rules`` or ``--set`` and the knob.
    """
    try:
        base = game.preset(rules)
    except EngineError as exc:
        raise FieldError(str(exc), "--rules") from None
    changes: dict[str, str] = {}
    for assignment in assignments:
        name, sep, value = assignment.partition("=")
        if not sep or not name.strip():
            raise FieldError(f"--set takes KNOB=VALUE, not {assignment!r}", "--set")
        changes[name.strip()] = value
    try:
        settings = base.with_changes(changes)
        settings.check_table(game.seats)  # a knob that holds the players is --players
    except EngineError as exc:
        raise FieldError(str(exc), "--set") from None
    return settings


def game_option(func):
    """Adds ``--game KEY`` to a command."""
    return click.option(
        "--game",
        "game_key",
        default=DEFAULT_GAME,
        show_default=True,
        metavar="GAME",
        help="The game, by key: see `scorekeeper games`"
        + (f" (also: {', '.join(game.key for game in UNLISTED)})." if UNLISTED else "."),
    )(func)


def rules_options(func):
    """Adds ``--game``, ``--rules PRESET`` and repeatable ``--set KNOB=VALUE`` to a
    command; ``--rules`` defaults to the game's default preset."""
    func = click.option(
        "--set",
        "assignments",
        multiple=True,
        metavar="KNOB=VALUE",
        help="Change one house rule of the preset; repeat for more. See `scorekeeper rules`.",
    )(func)
    func = click.option(
        "--rules",
        metavar="PRESET",
        help="Rules preset of the game (`scorekeeper games` lists each game's presets); "
        "without it, the game's own default.",
    )(func)
    return game_option(func)


def hand_options(game: Game) -> tuple[HandOption, ...]:
    """The options ``scorekeeper score`` takes for a hand of ``game``: its hand schema's."""
    return game.hand.options(game)


def _known_games() -> tuple[Game, ...]:
    return (*GAMES.values(), *(game for game in UNLISTED if game.key not in GAMES))


class _HandCommand(click.Command):
    """``score``: its hand options are every known game's, built when the command line is
    read, so that a game registered later is scored too. An option two games share is one
    option, its help naming both games; once ``--game KEY`` is typed, the options are that
    game's own (its help, its flags and lists) and the others' are hidden from the help."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["hand_game"] = _typed_game(args)
        return super().parse_args(ctx, args)

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        chosen = ctx.meta.get("hand_game")
        return [*_hand_params(tuple(_known_games()), chosen), *super().get_params(ctx)]


def _typed_game(args: Sequence[str]) -> str | None:
    """The key typed after ``--game`` (or as ``--game=KEY``) among ``args``, if any."""
    for index, arg in enumerate(args):
        if arg == "--game" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--game="):
            return arg.partition("=")[2]
    return None


# Built once for each set of known games (by key and object: a game need not be hashable)
# and game typed.
_HAND_PARAMS: dict[tuple[tuple[tuple[str, int], ...], str | None], list[click.Parameter]] = {}


def _hand_params(games: tuple[Game, ...], chosen: str | None = None) -> list[click.Parameter]:
    known = (tuple((game.key, id(game)) for game in games), chosen)
    if known not in _HAND_PARAMS:
        own = next((game for game in games if game.key == chosen), None)
        found: dict[str, tuple[HandOption, list[str]]] = {}
        if own is not None:
            found = {option.name: (option, []) for option in hand_options(own)}
        for game in games:
            if game is own:
                continue
            for option in hand_options(game):
                named = found.setdefault(option.name, (option, []))[1]
                if own is None or option.name not in {o.name for o in hand_options(own)}:
                    named.append(str(game.name))
        _HAND_PARAMS[known] = [
            click.Option(
                [option.option, option.name],
                **({"is_flag": True} if option.flag else {}),
                metavar=option.metavar or None,
                help=f"{option.help.rstrip('.')}" + (f" ({', '.join(named)})." if named else "."),
                hidden=own is not None and bool(named),
            )
            for option, named in found.values()
        ]
    return _HAND_PARAMS[known]


def _table_sizes() -> str:
    """The games whose table size varies, with their counts: "Oh Hell 3–7, …"."""
    return ", ".join(
        f"{game.name} {seat_counts(game)[0]}–{seat_counts(game)[-1]}"
        for game in _known_games()
        if len(seat_counts(game)) > 1
    )


def seated_from_option(game: Game, players: int | None) -> Game:
    """``game`` for a table of ``--players`` (None: its usual table). Raises FieldError
    naming ``--players`` and the counts the game seats."""
    if players is None:
        return game
    try:
        return game.seated(players)
    except EngineError as exc:
        raise FieldError(str(exc), "--players") from None


@main.command(cls=_HandCommand)
@rules_options
@click.option(
    "--players",
    type=WholeNumber(),
    metavar="N",
    help="How many play, for a game whose table size varies "
    f"({_table_sizes()}); default: the game's usual table.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.pass_context
def score(
    ctx: click.Context,
    game_key: str,
    rules: str | None,
    assignments: tuple[str, ...],
    players: int | None,
    as_json: bool,
    **hand: str | bool | None,
) -> None:
    """Score one hand, given as the game's own fields: each option below names the games
    that take it (with --game KEY, only that game's options are listed)."""
    game = seated_from_option(game_from_option(game_key), players)
    settings = settings_from_options(game, rules or game.default_preset, assignments)
    options = hand_options(game)
    allowed = {option.name for option in options}
    for name, value in hand.items():
        if value not in (None, False) and name not in allowed:
            given = ", ".join(option.option for option in options)
            raise FieldError(
                f"{game.key} hands are scored from {given}", f"--{name.replace('_', '-')}"
            )
    for option in options:
        if option.required and hand[option.name] is None and not hand.get(option.unless or ""):
            param = next(p for p in ctx.command.get_params(ctx) if p.name == option.name)
            raise click.MissingParameter(ctx=ctx, param=param)
    given = {
        option.name: _split(hand[option.name]) if option.listed else hand[option.name]
        for option in options
    }
    try:
        scored = game.hand.typed(game, settings, given)
    except EngineError as exc:
        message = str(exc)
        counts = seat_counts(game)
        seated = "players" in message or "one per seat" in message
        if players is None and len(counts) > 1 and seated:
            # A list of another length than the usual table's: say how to score another.
            message += f"; for a table of {counts[0]} to {counts[-1]} give --players N"
        raise FieldError(message, _option_of(exc)) from None
    if as_json:
        click.echo(json.dumps(scored.result))
        return
    click.echo(_table(scored.rows))
    for line in scored.lines:
        click.echo(line)


def _option_of(exc: EngineError) -> str:
    """The command-line option an engine error's field came from: ``name[2]`` is --name."""
    return "--" + (exc.field or "input").split("[")[0].replace("_", "-")


def _knob_help(knob) -> str:
    """A knob's help for the command line: a list of choices also names what ``--set``
    takes, separated by commas (the pages say the choices in words instead)."""
    if knob.kind != "choice_list":
        return str(knob.help)
    return f"{knob.help}; separated by commas: {', '.join(knob.choices)}"


@main.command()
@click.argument("preset_name", metavar="[PRESET]", required=False)
@game_option
def rules(preset_name: str | None, game_key: str) -> None:
    """Show the settings of one rules preset, or of every preset side by side."""
    game = game_from_option(game_key)
    every = table_knobs(game)
    knobs = [knob.name for knob in every]
    if preset_name is not None:
        try:
            chosen = game.preset(preset_name).to_dict()
        except EngineError as exc:
            raise FieldError(str(exc), "PRESET") from None
        rows = [("setting", "value", "meaning")]
        rows += [(k.name, shown(chosen[k.name]), _knob_help(k)) for k in every]
    else:
        presets = {name: settings.to_dict() for name, settings in game.presets.items()}
        rows = [("setting", *presets)]
        rows += [(k, *(shown(p[k]) for p in presets.values())) for k in knobs]
    click.echo(_table(rows))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the games as one JSON object.")
def games(as_json: bool) -> None:
    """List the games this scorekeeper keeps, with their rules presets."""
    listed = [
        {
            "key": game.key,
            "name": str(game.name),
            "seats": game.seats,
            # A game whose number of players is chosen at the start: its fewest and most.
            **({"seat_range": list(game.seat_range)} if game.seat_range else {}),
            "default_preset": game.default_preset,
            "presets": list(game.presets),
        }
        for game in GAMES.values()
    ]
    if as_json:
        click.echo(json.dumps({"games": listed}))
        return
    rows = [("game", "name", "players", "presets")]
    for game in listed:
        presets = [
            f"{name} (default)" if name == game["default_preset"] else name
            for name in game["presets"]
        ]
        low, high = game.get("seat_range", (game["seats"],) * 2)
        players = str(low) if low == high else f"{low}–{high}"
        rows.append((game["key"], game["name"], players, ", ".join(presets)))
    click.echo(_table(rows))


@main.command()
@click.option("--hands", required=True, type=WholeNumber(low=1), metavar="N", help="Deals to play.")
@click.option(
    "--seed", type=WholeNumber(), metavar="S", help="Seed for a run that can be repeated exactly."
)
@rules_options
@click.option(
    "--bots",
    type=click.Choice(
        sorted({kind for game in (*GAMES.values(), *UNLISTED) for kind in game.simulation.bots})
    ),
    default="random",
    show_default=True,
    help="Who plays: uniform random choices, or bots that bid and play by hand strength.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per deal.")
@click.option(
    "--jobs",
    type=WholeNumber(low=1),
    metavar="N",
    help="Worker processes to share the deals (default: all cores). The same seed gives "
    "the same deals whatever N is.",
)
def simulate(
    hands: int,
    seed: int | None,
    game_key: str,
    rules: str | None,
    assignments: tuple[str, ...],
    bots: str,
    as_json: bool,
    jobs: int | None,
) -> None:
    """Simulate whole deals with bots and summarise how the hands fare."""
    from . import simulation

    game = game_from_option(game_key)
    rules = rules or game.default_preset
    settings = settings_from_options(game, rules, assignments)
    if not game.simulation.bots:
        problem = f"{game.key} has no simulation: its hands are only written down at the table"
        raise FieldError(problem, "--game")
    if bots not in game.simulation.bots:
        kinds = ", ".join(game.simulation.bots)
        raise FieldError(f"{game.key} is played by {kinds} bots", "--bots")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    jobs = min(jobs or simulation.default_jobs(), hands)
    out = sys.stdout
    started = time.perf_counter()
    with _progress(hands) as advance:
        summary = simulation.run(
            game,
            settings,
            hands,
            seed,
            bots,
            jobs,
            write=out.write if as_json else None,
            advance=advance,
        )
    elapsed = time.perf_counter() - started
    if as_json:
        out.flush()
        return
    assert summary is not None
    rate = hands / elapsed if elapsed > 0 else float("inf")
    click.echo(
        f"{hands} hands in {elapsed:.2f} s: {rate:,.0f} hands per second "
        f"(rules {rules}, bots {bots}, {jobs} job{'s' if jobs > 1 else ''}, seed {seed})"
    )
    for line in summary.lines():
        click.echo(line)


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; otherwise nothing is shown."""
    if not sys.stderr.isatty():
        yield lambda steps: None
        return
    with click.progressbar(length=total, label="simulating", file=sys.stderr) as bar:
        yield bar.update


@main.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets the other phones on the network connect.",
)
@click.option("--port", default=5000, show_default=True, type=WholeNumber(1, 65535), help="Port.")
@click.option(
    "--db",
    "database",
    type=click.Path(dir_okay=False),
    help="SQLite file (default: instance/scorekeeper.db, or $SCOREKEEPER_DATABASE).",
)
@click.option(
    "--threads",
    default=4,
    show_default=True,
    type=WholeNumber(1, 64),
    help="Worker threads that handle requests.",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=WholeNumber(1, 64),
    help="Processes that serve requests on the same port and database file; a busy "
    "server wants one per core. More than 1 runs them under gunicorn, which replaces a "
    "worker that dies or hangs and reloads them all on SIGHUP. Each reads a request whole "
    "before a thread answers it, as one process does: a client sending slowly holds no "
    "thread, with or without a proxy in front.",
)
@click.option(
    "--worker-timeout",
    default=30,
    show_default=True,
    type=WholeNumber(3, 3600),
    metavar="SECONDS",
    help="With --workers: a worker silent this long (hung, stopped) is killed and replaced.",
)
@click.option(
    "--proxy",
    default=0,
    show_default=True,
    type=WholeNumber(0, None),
    metavar="N",
    help="Reverse proxies in front of the server (nginx, Caddy) whose X-Forwarded-For, "
    "-Proto and -Host headers to trust; 0 ignores those headers. Let only the proxy reach "
    "the port.",
)
@click.option(
    "--replicate",
    metavar="URL",
    envvar="SCOREKEEPER_REPLICA",
    show_envvar=True,
    help="Run Litestream beside the server, replicating every save to URL (file:///..., "
    "s3://..., sftp://...); `restore --from-replica` brings the database back. A URL "
    "holding a password is refused here, where every user of the machine reads it: give "
    "it in $SCOREKEEPER_REPLICA. An sftp:// replica needs the host's key in "
    "$SCOREKEEPER_REPLICA_HOST_KEY.",
)
@click.option(
    "--replicate-interval",
    default="1s",
    show_default=True,
    metavar="DURATION",
    help="How often Litestream sends the saves to the replica (500ms, 1s, 10s).",
)
@click.option(
    "--public-url",
    metavar="URL",
    help="The address phones open (https://scores.example.org): every link and QR code "
    "carries it, whatever Host a request names. Give it on a public server.",
)
@click.option(
    "--invited-only",
    is_flag=True,
    help="Only the server's owner starts groups: the home page asks for the owner's key, "
    "which `scorekeeper groups` prints. Members of a group still start its games.",
)
@click.option(
    "--phones-per-address",
    "phones",
    envvar="SCOREKEEPER_PHONES_PER_ADDRESS",
    default="1",
    show_default=True,
    metavar="N",
    help="Phones that share one public address, as a club's behind its venue's router: "
    "each address may start N times as many groups and games, and hold N times as many "
    "connections (also $SCOREKEEPER_PHONES_PER_ADDRESS).",
)
def serve(
    host: str,
    port: int,
    database: str | None,
    threads: int,
    workers: int,
    worker_timeout: int,
    proxy: int,
    replicate: str | None,
    replicate_interval: str,
    public_url: str | None,
    invited_only: bool,
    phones: str,
) -> None:
    """Serve the table app through waitress (gunicorn with --workers) and print the
    address to open."""
    from .server import ServeError, phones_per_address
    from .server import serve as run

    try:
        per_address = phones_per_address(phones)
    except ServeError as exc:
        raise FieldError(str(exc), exc.field) from None

    if replicate:
        from .hosting import check_interval, check_replica, litestream_binary

        check_interval(replicate_interval)
        given = click.get_current_context().get_parameter_source("replicate")
        check_replica(replicate, on_command_line=given is click.core.ParameterSource.COMMANDLINE)
        litestream_binary()
    if public_url is not None:
        parts = urllib.parse.urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
            raise FieldError(
                f"{public_url!r} is not an address phones open, such as https://scores.example.org",
                "--public-url",
            )
    try:
        run(
            host,
            port,
            database,
            threads=threads,
            echo=click.echo,
            workers=workers,
            worker_timeout=worker_timeout,
            proxy=proxy,
            replica=(replicate, replicate_interval) if replicate else None,
            public_url=public_url,
            invited_only=invited_only,
            phones=per_address,
        )
    except ServeError as exc:
        raise FieldError(str(exc), exc.field) from None


def _open_database(path: str | None):
    """The app's database, migrated: ``path``, else the file ``serve`` would use. Opened
    directly: no web app is built, so no forms are loaded and no secret key is written."""
    from .. import db
    from ..db.files import private_folder
    from ..web import default_database

    target = path or default_database()
    private_folder(Path(target).parent)
    return db.open_database(target)


@main.command()
@click.option("--db", "database", type=click.Path(dir_okay=False, exists=True), help=DB_HELP)
@url_option
@click.option(
    "--new-key",
    "new_key_for",
    type=WholeNumber(low=1),
    metavar="ID",
    help="Give group ID a new API key and print it (shown only this once); the old key "
    "stops working at once.",
)
def groups(database: str | None, base_url: str, new_key_for: int | None) -> None:
    """List the groups (the friends who play together) with their invite links: whoever
    opens a group's link, or scans it as a QR code, joins it."""
    from .. import db

    connection = _open_database(database)
    try:
        if new_key_for is not None:
            try:
                key = db.replace_group_key(connection, new_key_for)
            except db.NotFound:
                raise FieldError(f"there is no group {new_key_for}", "--new-key") from None
            click.echo(f"Group {new_key_for}'s new API key (the old one no longer works): {key}")
            return
        found = db.list_groups(connection)
        owner = db.owner_key(connection)
    finally:
        connection.close()
    if not found:
        click.echo("No groups yet: start one on the home page, or import a file.")
    else:
        rows = [("id", "name", "invite link")]
        rows += [(str(g.id), group_name(g.name), invite_link(base_url, g.invite)) for g in found]
        click.echo(_table(rows))
    click.echo(f"The server owner's key (starts a group under `serve --invited-only`): {owner}")


@main.command()
@click.option("--game", "game_id", type=WholeNumber(low=1), metavar="ID", help="Only this game.")
@group_option("Only this group's games, as one file.")
@click.option(
    "--format",
    "file_format",
    type=click.Choice(["json", "csv"]),
    default="json",
    show_default=True,
    help="JSON: whole games with settings, hands and revisions, which `import` reads back. "
    "CSV: one row per player per hand, for spreadsheets.",
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="Write to FILE (default: stdout)."
)
@click.option("--db", "database", type=click.Path(dir_okay=False, exists=True), help=DB_HELP)
def export(
    game_id: int | None,
    group_id: int | None,
    file_format: str,
    output: str | None,
    database: str | None,
):
    """Export one game, one group's games, or every game, as JSON or CSV."""
    from .. import db, transfer
    from ..db.files import open_private

    if game_id is not None and group_id is not None:
        raise FieldError("give --game or --group, not both", "--group")
    connection = _open_database(database)
    try:
        # Written as it is read, a game at a time: memory stays that of one game.
        if group_id is not None:
            if db.load_group(connection, group_id) is None:
                raise FieldError(f"there is no group {group_id}", "--group")
            chunks = transfer.group_export_chunks(connection, file_format, group_id)
        else:
            chunks = transfer.export_chunks(
                connection, file_format, *transfer.export_span(connection, game_id)
            )
        if output is None:
            for chunk in chunks:
                sys.stdout.write(chunk)
            sys.stdout.flush()
            return
        # Into a file beside it, renamed when whole: a failed export leaves no half file.
        partial = f"{output}.partial"
        try:
            # Private (0600) whatever the umask: it holds the group's games and names.
            with open_private(partial, "w", encoding="utf-8", newline="") as handle:
                for chunk in chunks:
                    handle.write(chunk)
            os.replace(partial, output)
        finally:
            if os.path.exists(partial):
                os.unlink(partial)
    except db.NotFound as exc:
        raise FieldError(str(exc), "--game") from None
    except OSError as exc:
        raise FieldError(exc.strerror or str(exc), "--output") from None
    finally:
        connection.close()


@main.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False, exists=True))
@click.option("--db", "database", type=click.Path(dir_okay=False), help=DB_HELP)
@group_option("Import into this group (default: a new group, whose invite link is printed).")
@url_option
def import_games(file: str, database: str | None, group_id: int | None, base_url: str) -> None:
    """Import games from a JSON export: every hand is checked by the engine, and a bad
    file is refused whole, naming the game, hand and field. Each imported game gets a new
    edit key, printed here; a game keeps its id unless the database already has it. The
    games go into the group --group names, or else into a new group, whose id and invite
    link are printed."""
    from .. import db, transfer

    try:
        with open(file, "rb") as handle:
            text = handle.read()
    except OSError as exc:
        raise FieldError(exc.strerror or str(exc), "FILE") from None
    connection = _open_database(database)
    try:
        if group_id is not None and db.load_group(connection, group_id) is None:
            raise FieldError(f"there is no group {group_id}", "--group")
        imported = transfer.import_file(connection, text, group_id)
        stored = db.load_game(connection, imported[0][1]) if imported else None
        group = db.load_group(connection, stored.group_id) if stored is not None else None
    except transfer.ImportProblem as exc:
        raise click.ClickException(f"{file}: {exc}; nothing was imported") from None
    finally:
        connection.close()
    click.echo(f"Imported {len(imported)} game{'s' if len(imported) != 1 else ''}.")
    for file_id, stored_id, key in imported:
        moved = f" (id {file_id} in the file)" if file_id not in (None, stored_id) else ""
        click.echo(f"game {stored_id}{moved}: edit key {key}")
    if group is not None and group_id is None:
        click.echo(f"New group {group.id}: invite link {invite_link(base_url, group.invite)}")


@main.command()
@group_option("The group whose players are rated (with --rebuild: only this group).")
@click.option(
    "--game",
    "game_key",
    metavar="KEY",
    help="The game kind to list the ratings of: " + ", ".join(GAMES) + ".",
)
@click.option("--json", "as_json", is_flag=True, help="Print the ratings as one JSON object.")
@click.option(
    "--rebuild",
    is_flag=True,
    help="Rate every finished game again from scratch (of --group only, when given).",
)
@click.option("--db", "database", type=click.Path(dir_okay=False, exists=True), help=DB_HELP)
def ratings(
    group_id: int | None, game_key: str | None, as_json: bool, rebuild: bool, database: str | None
) -> None:
    """Print a group's ratings in one game, best first (docs/rules/ratings.md: the rating
    shown is mu - 3 sigma; provisional under 5 rated games), or with --rebuild rate the
    finished games again from scratch."""
    from .. import db

    if rebuild and (game_key is not None or as_json):
        given = "--game" if game_key is not None else "--json"
        raise FieldError(
            f"--rebuild rates every game kind and prints no table; leave out {given}", given
        )
    if not rebuild:
        if group_id is None:
            raise FieldError("name the group to list: --group ID", "--group")
        if game_key is None:
            raise FieldError(f"name the game kind: --game KEY, one of {', '.join(GAMES)}", "--game")
        try:
            kind = get_game(game_key).key
        except EngineError as exc:
            raise FieldError(str(exc), "--game") from None
    connection = _open_database(database)
    try:
        if group_id is not None and db.load_group(connection, group_id) is None:
            raise FieldError(f"there is no group {group_id}", "--group")
        if rebuild:
            started = time.perf_counter()
            rated = db.rebuild_ratings(connection, group_id)
            took = time.perf_counter() - started
            click.echo(f"Rated {rated} game{'s' if rated != 1 else ''} again in {took:.2f} s.")
            return
        table = db.ratings_table(connection, group_id, kind)
    finally:
        connection.close()
    if as_json:
        click.echo(json.dumps({"game": kind, "ratings": [row.to_dict() for row in table]}))
        return
    if not table:
        click.echo(f"No finished {kind} games in group {group_id} yet.")
        return
    rows = [("#", "player", "rating", "mu", "sigma", "games", "")]
    rows += [
        (
            str(row.rank),
            row.player,
            f"{row.rating:.1f}",
            f"{row.mu:.2f}",
            f"{row.sigma:.2f}",
            str(row.games),
            "provisional" if row.provisional else "",
        )
        for row in table
    ]
    click.echo(_table(rows))


def _split(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [part.strip() for part in text.split(",")]


def _table(rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def entry(argv: Sequence[str] | None = None) -> int:
    """Console-script entry: runs ``main`` and turns every usage error into one line and 2."""
    try:
        main.main(args=argv, prog_name="scorekeeper", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("scorekeeper: aborted", err=True)
        return 1
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        message = " ".join(exc.format_message().split())
        click.echo(f"scorekeeper: error: {message}", err=True)
        return 2
    except EngineError as exc:
        click.echo(f"scorekeeper: error: {exc.field or 'input'}: {exc}", err=True)
        return 2
    except Problem as exc:  # what the data layer refused (the database's keys unusable)
        click.echo(f"scorekeeper: error: {exc.field or 'input'}: {exc}", err=True)
        return 1
    except BrokenPipeError:
        # A reader such as `head` closed the pipe: stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0
    return 0
