"""``scorekeeper secrets``: the keys beside the database that seal its invite and view
links (``db.sealing``), checked; their rotation (``db.keys.rotate_secret``); and, when
they are lost for good, new links for what they sealed (``db.keys.renew_lost``)."""

from __future__ import annotations

from pathlib import Path

import click

from .root import DB_HELP, FieldError, main


@main.command("secrets")
@click.option(
    "--rotate",
    is_flag=True,
    help="Make a new sealing key, seal every invite and view link (and every renewed edit "
    "key waiting for a phone) with it in one transaction, then remove the older key files.",
)
@click.option(
    "--renew-lost",
    is_flag=True,
    help="When the keys are lost for good (no backup holds them): set aside every key file "
    "that cannot be read, make a new lookup key if there is none, and give every group and "
    "game whose link no key here opens a new invite or view link. The old links then open "
    "nothing; the server starts again.",
)
@click.option("--db", "database", type=click.Path(dir_okay=False, exists=True), help=DB_HELP)
def secrets_command(rotate: bool, renew_lost: bool, database: str | None) -> None:
    """Check the keys in the database's secrets folder (FILE-secrets/, beside it): every
    key file read, and how many links each seals; exits 1 naming a key that is missing,
    unreadable or corrupt. With --rotate, seal them all with a new key and remove the old
    key files, so that a key stolen before opens nothing of a copy taken after: every
    link keeps working, and the server may keep running. Keep the whole folder with your
    backups: tokens.key (the lookup key, never rotated) and the newest tokens-N.key."""
    from ..db import sealing
    from .hosting import _database

    path = _database(database)
    if not Path(path).is_file():
        raise FieldError(f"{path}: no such file", "--db")
    if rotate and renew_lost:
        raise FieldError("give --rotate or --renew-lost, not both", "--renew-lost")
    found = sealing.examine(path)
    if rotate:
        if found.problems:
            raise FieldError(
                f"{found.problems[0]}: nothing was changed; before rotating, "
                f"{sealing.RESTORE.format(database=path)}",
                "--rotate",
            )
        _rotate(path)
    elif renew_lost:
        _renew_lost(path, found)
    found = sealing.examine(path)
    _show(found)
    if found.problems:
        for problem in found.problems:
            click.echo(f"Problem: {problem}.")
        click.echo(f"To mend it: {sealing.RESTORE.format(database=path)}.")
        raise SystemExit(1)  # click.Exit is a return value in entry()'s mode


def _rotate(path: str) -> None:
    from .. import db
    from ..db import keys, sealing

    opened = db.open_database(path)
    try:
        done = keys.rotate_secret(opened)
    except FileExistsError:
        raise click.ClickException(
            "another rotation made the same key at the same moment: run it again"
        ) from None
    except sealing.SecretsProblem as exc:  # a key file gone bad since it was examined
        raise FieldError(f"{exc.message}: nothing was changed", "--rotate") from None
    finally:
        opened.close()
    click.echo(
        f"Sealed {done.sealed} link(s) again with key {done.key_id} "
        f"({sealing.key_file(path, done.key_id)})."
    )
    for removed in done.removed:
        click.echo(f"Removed the old key {removed}.")
    if done.lost:
        click.echo(
            f"{done.lost} link(s) were sealed with a key this folder never held: "
            "they opened nothing before and still do not (make new ones)."
        )


def _renew_lost(path: str, found) -> None:
    from .. import db
    from ..db import keys, sealing

    try:
        for aside in sealing.set_aside_bad_keys(path):
            click.echo(f"Set aside the unreadable key file as {aside}.")
        opened = db.open_database(path)
        try:
            done = keys.renew_lost(opened)
        finally:
            opened.close()
    except OSError as exc:
        where = exc.filename or found.folder
        raise click.ClickException(
            f"{where}: {exc.strerror or exc}: nothing was renewed; the secrets folder must "
            "be a folder the server's user may write"
        ) from None
    if done.new_lookup:
        click.echo(f"Made a new lookup key, {sealing.secret_file(path)}.")
    renewed = done.invites + done.views + done.dropped
    if not renewed:
        click.echo("Every stored link opens with the keys here: none was renewed.")
        return
    click.echo(
        f"Gave {done.invites} group(s) a new invite link and {done.views} game(s) a new "
        f"view link; the links shared before open nothing. Members see the new ones on "
        "the group's and the game's share pages."
    )
    if done.dropped:
        click.echo(
            f"Let go of {done.dropped} renewed edit key(s) waiting for a phone: those "
            "phones open the game through their group."
        )


def _show(found) -> None:
    """The keys in the folder and the links each seals."""
    from ..db import sealing

    if not found.keys and not found.bad and not found.sealed:
        click.echo(f"{found.folder}: no keys yet (made when the first link is).")
        return
    if 1 in found.keys:
        click.echo(
            f"Keys in {found.folder}: lookup key {sealing.TOKENS_KEY}; sealing key "
            f"{max(found.keys)} (current)."
        )
    for key_id, count in sorted(found.sealed.items()):
        name = sealing.key_name(key_id)
        state = "" if key_id in found.keys else f" (its file, {name}, cannot be used)"
        click.echo(f"  {count} link(s) sealed with key {key_id}{state}")
