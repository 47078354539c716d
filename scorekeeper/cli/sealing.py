"""``scorekeeper secrets``: the keys beside the database that seal its invite and view
links (``db.sealing``), and their rotation (``db.keys.rotate_secret``)."""

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
@click.option("--db", "database", type=click.Path(dir_okay=False, exists=True), help=DB_HELP)
def secrets_command(rotate: bool, database: str | None) -> None:
    """Show the keys in the database's secrets folder (FILE-secrets/, beside it) and how
    many links each seals; with --rotate, seal them all with a new key and remove the old
    key files, so that a key stolen before opens nothing of a copy taken after. Every link
    keeps working, and the server may keep running. Keep the whole folder with your
    backups: tokens.key (the lookup key, never rotated) and the newest tokens-N.key."""
    from .. import db
    from ..db import keys, sealing
    from .hosting import _database

    path = _database(database)
    if not Path(path).is_file():
        raise FieldError(f"{path}: no such file", "--db")
    folder = sealing.secrets_folder(path)
    opened = db.open_database(path)
    try:
        counts = _sealed_by_key(opened)
        if rotate and not sealing.secret_file(path).exists() and sum(counts.values()):
            raise FieldError(
                f"{folder} holds no tokens.key, so the links stored here were sealed with "
                "keys that are not beside this file: put the folder back before rotating",
                "--rotate",
            )
        if rotate:
            try:
                done = keys.rotate_secret(opened)
            except FileExistsError:
                raise click.ClickException(
                    "another rotation made the same key at the same moment: run it again"
                ) from None
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
            counts = _sealed_by_key(opened)
        ring = sealing.keyring(opened)
    finally:
        opened.close()
    if not sealing.secret_file(path).exists():
        if sum(counts.values()):
            click.echo(
                f"{folder} holds no tokens.key: the {sum(counts.values())} link(s) stored "
                "here were sealed with keys that are not beside this file."
            )
        else:
            click.echo(f"{folder}: no keys yet (made when the first link is).")
        return
    click.echo(f"Keys in {folder}: lookup key tokens.key; sealing key {ring.current} (current).")
    for key_id, count in sorted(counts.items(), key=lambda item: (item[0] is None, item[0])):
        name = f"key {key_id}" if key_id is not None else "no key here (lost)"
        click.echo(f"  {count} link(s) sealed with {name}")


def _sealed_by_key(opened) -> dict[int | None, int]:
    """How many stored values each key id seals (None: one this folder does not hold)."""
    from ..db import keys, sealing

    ring = sealing.keyring(opened)
    counts: dict[int | None, int] = {}
    for table, _key, _kind, _hashed, sealed in keys.SEALED:
        for (value,) in opened.execute(f"SELECT {sealed} FROM {table} WHERE {sealed} IS NOT NULL"):
            key_id = sealing.key_id(value)
            found = key_id if key_id in ring.keys else None
            counts[found] = counts.get(found, 0) + 1
    return counts
