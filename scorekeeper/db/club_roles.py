"""Who holds a club night's roles (issue 68), stored: the organiser and the second
organiser the organiser names (each a membership of the group, ``club_nights``), a
member's request to take the night over until it is answered (``club_takeovers``), the
phone that records each table (``club_tables.recorder_id``) with the table's current edit
key sealed beside it, and the log of every step (``club_log``).

Every change here is one transaction conditioned on the role of whoever makes it (the
organiser hands over only while they organise; a table is taken only while no other
phone records it), so two phones tapping at once never both hold a role. What a role
lets a phone do, and the words for each step, are the web's (``web.club.roles``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine.core.messages import msg
from ..problems import Problem
from .club import ORGANISES, NotOrganiser, log_step, organises_or_refuse
from .connection import MAX_ID, now, query, writing
from .keys import hash_key, new_edit_key
from .sealing import seal, unseal

EVENTS = (
    "drawn",
    "second_named",
    "second_accepted",
    "second_dropped",
    "takeover_asked",
    "takeover_declined",
    "handed_over",
    "handed_over_by_key",
    "organised_by_link",
    "table_taken",
    "table_moved",
    "settled",
    "signature_withdrawn",
)
"""The steps ``club_log`` holds, each the night's page says in words of its own."""

TAKEOVER_OUTCOMES = ("handed_over", "declined", "withdrawn", "handed_over_by_key")


class TableTaken(Problem):
    """Another phone records the table; ``recorder_id`` is its membership."""

    def __init__(self, message: Any, recorder_id: int) -> None:
        super().__init__(message, "table")
        self.recorder_id = recorder_id


class TakeoverOpen(Problem):
    """The night has an open request to take it over already (``member_id``'s)."""

    def __init__(self, message: Any, member_id: int) -> None:
        super().__init__(message, "takeover")
        self.member_id = member_id


@dataclass(frozen=True, slots=True)
class Takeover:
    """A member's request to take a night over: open while ``answered_at`` is None, then
    answered with ``outcome`` (one of ``TAKEOVER_OUTCOMES``)."""

    id: int
    night_id: int
    member_id: int
    asked_at: str
    answered_at: str | None = None
    outcome: str | None = None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A step of the night's roles: when, which event (one of ``EVENTS``), by which
    membership (None: through the API or the group's key), concerning which other, and
    its details (the series, the table, the hand, how a dispute was settled)."""

    id: int
    at: str
    event: str
    member_id: int | None
    other_id: int | None
    detail: dict[str, Any]


# --- the organisers ---------------------------------------------------------------------


def name_second(db: Database, night_id: int, by_member: int, second_id: int | None) -> bool:
    """The organiser ``by_member`` names ``second_id`` (a current member of the night's
    group, not the organiser) second organiser, who organises once their phone accepts
    (``accept_second``), or none (None), and it is logged. False when that changes
    nothing; raises NotOrganiser when ``by_member`` is not the night's organiser (a
    second organiser names no other)."""
    with writing(db):
        row = db.execute(
            "SELECT organiser_id, second_organiser_id, group_id FROM club_nights WHERE id = ?",
            [night_id],
        ).fetchone()
        if row is None or row[0] != by_member:
            raise NotOrganiser(msg("only the organiser names a second organiser"), "organiser")
        if second_id == row[1] or second_id == by_member:
            return False
        if second_id is not None and not _current_member(db, row[2], second_id):
            return False
        db.execute(
            "UPDATE club_nights SET second_organiser_id = ?, second_accepted_at = NULL "
            "WHERE id = ?",
            [second_id, night_id],
        )
        if second_id is None:
            log_step(db, night_id, "second_dropped", by_member, row[1])
        else:
            log_step(db, night_id, "second_named", by_member, second_id)
    return True


def accept_second(db: Database, night_id: int, member_id: int) -> bool:
    """The member named second organiser accepts, from their own phone: they organise the
    night from now on (logged). False when they are not named, or accepted already."""
    with writing(db):
        accepted = db.execute(
            "UPDATE club_nights SET second_accepted_at = ? WHERE id = ? "
            "AND second_organiser_id = ? AND second_accepted_at IS NULL",
            [now(), night_id, member_id],
        ).rowcount
        if accepted:
            log_step(db, night_id, "second_accepted", member_id)
    return bool(accepted)


def _current_member(db: Database, group_id: int, member_id: int) -> bool:
    return (
        db.execute(
            "SELECT 1 FROM members WHERE id = ? AND group_id = ? AND left_at IS NULL",
            [member_id, group_id],
        ).fetchone()
        is not None
    )


def ask_takeover(db: Database, night_id: int, member_id: int) -> Takeover:
    """The member ``member_id`` asks to take the night over (logged); returns the open
    request. Raises TakeoverOpen when one is open already (theirs or another's), and
    NotOrganiser's opposite, ValueError, for a member who organises it already."""
    with writing(db):
        organises = db.execute(
            f"SELECT 1 FROM club_nights WHERE id = :night AND {ORGANISES}",
            {"night": night_id, "member": member_id},
        ).fetchone()
        if organises is not None:
            raise ValueError("the member organises the night already")
        found = open_takeover(db, night_id)
        if found is not None:
            raise TakeoverOpen(msg("the night has an open request"), found.member_id)
        stamp = now()
        takeover_id = db.execute(
            "INSERT INTO club_takeovers (night_id, member_id, asked_at) VALUES (?, ?, ?)",
            [night_id, member_id, stamp],
        ).lastrowid
        log_step(db, night_id, "takeover_asked", member_id)
    assert takeover_id is not None
    return Takeover(takeover_id, night_id, member_id, stamp)


def open_takeover(db: Database, night_id: int) -> Takeover | None:
    """The night's open request to take it over, or None."""
    row = query(
        db,
        "SELECT id, night_id, member_id, asked_at FROM club_takeovers "
        "WHERE night_id = ? AND answered_at IS NULL",
        [night_id],
    ).fetchone()
    return Takeover(row["id"], row["night_id"], row["member_id"], row["asked_at"]) if row else None


def open_takeovers(db: Database, group_id: int) -> list[Takeover]:
    """The open requests to take over a night of the group, one read, oldest first."""
    return [
        Takeover(r["id"], r["night_id"], r["member_id"], r["asked_at"])
        for r in query(
            db,
            "SELECT t.id, t.night_id, t.member_id, t.asked_at FROM club_takeovers t "
            "JOIN club_nights n ON n.id = t.night_id "
            "WHERE n.group_id = ? AND t.answered_at IS NULL ORDER BY t.id",
            [group_id],
        )
    ]


def withdraw_takeover(db: Database, night_id: int, takeover_id: int, member_id: int) -> bool:
    """The member who asked takes the request back; False when it is not theirs and open."""
    with writing(db):
        return bool(
            db.execute(
                "UPDATE club_takeovers SET answered_at = ?, outcome = 'withdrawn' "
                "WHERE id = ? AND night_id = ? AND member_id = ? AND answered_at IS NULL",
                [now(), takeover_id, night_id, member_id],
            ).rowcount
        )


def answer_takeover(
    db: Database, night_id: int, takeover_id: int, by_member: int, hand_over: bool
) -> bool:
    """The organiser or second organiser ``by_member`` answers the open request
    ``takeover_id``: hands the night over (the asker becomes its organiser, and is no
    longer its second organiser if they were) or declines, logged. False when the request
    is not open (answered meanwhile); raises NotOrganiser when ``by_member`` does not
    organise the night."""
    if not 0 < takeover_id <= MAX_ID:
        return False
    with writing(db):
        organises_or_refuse(db, night_id, by_member)
        asker = _close(db, night_id, takeover_id, "handed_over" if hand_over else "declined")
        if asker is None:
            return False
        if hand_over:
            _make_organiser(db, night_id, asker)
            log_step(db, night_id, "handed_over", by_member, asker)
        else:
            log_step(db, night_id, "takeover_declined", by_member, asker)
    return True


def hand_over_by_key(
    db: Database, night_id: int, takeover_id: int, by_member: int | None, asked_before: str
) -> bool:
    """The group's key holder (the membership ``by_member``, or None for a key typed on a
    phone that is none of the group's key's) hands the night to whoever asked, on a
    request asked at or before ``asked_before`` (the organiser's phone has not answered
    in the time given) and still open; logged with the organiser it was taken from.
    False, changing nothing, otherwise."""
    if not 0 < takeover_id <= MAX_ID:
        return False
    with writing(db):
        waited = db.execute(
            "SELECT 1 FROM club_takeovers WHERE id = ? AND night_id = ? AND answered_at IS NULL "
            "AND asked_at <= ?",
            [takeover_id, night_id, asked_before],
        ).fetchone()
        if waited is None:
            return False
        organiser = db.execute(
            "SELECT organiser_id FROM club_nights WHERE id = ?", [night_id]
        ).fetchone()[0]
        asker = _close(db, night_id, takeover_id, "handed_over_by_key")
        assert asker is not None
        _make_organiser(db, night_id, asker)
        # The organiser whose phone did not answer: told why, on that phone, and named
        # by the log.
        log_step(db, night_id, "handed_over_by_key", by_member, asker, organiser=organiser)
    return True


def _close(db: Database, night_id: int, takeover_id: int, outcome: str) -> int | None:
    """Within the caller's write: answers the open request with ``outcome``; returns who
    asked, or None when it was not open."""
    row = db.execute(
        "SELECT member_id FROM club_takeovers WHERE id = ? AND night_id = ? "
        "AND answered_at IS NULL",
        [takeover_id, night_id],
    ).fetchone()
    if row is None:
        return None
    db.execute(
        "UPDATE club_takeovers SET answered_at = ?, outcome = ? WHERE id = ?",
        [now(), outcome, takeover_id],
    )
    return row[0]


def _make_organiser(db: Database, night_id: int, member_id: int) -> None:
    db.execute(
        "UPDATE club_nights SET organiser_id = :member, "
        "second_accepted_at = CASE WHEN second_organiser_id = :member THEN NULL "
        "ELSE second_accepted_at END, "
        "second_organiser_id = CASE WHEN second_organiser_id = :member THEN NULL "
        "ELSE second_organiser_id END WHERE id = :night",
        {"member": member_id, "night": night_id},
    )


def night_log(db: Database, night_id: int, limit: int = 200) -> list[LogEntry]:
    """The night's steps, newest first (at most ``limit``)."""
    return [
        LogEntry(
            r["id"], r["at"], r["event"], r["member_id"], r["other_id"], json.loads(r["detail"])
        )
        for r in query(
            db,
            "SELECT id, at, event, member_id, other_id, detail FROM club_log WHERE night_id = ? "
            "ORDER BY id DESC LIMIT ?",
            [night_id, limit],
        )
    ]


# --- each table's phone -----------------------------------------------------------------


def take_table(
    db: Database, night_id: int, table_id: int, member_id: int, recorders: frozenset[int]
) -> str:
    """The membership ``member_id``'s phone takes the table's recording: the table's game
    gets a new edit key (so that no other phone records it: one phone a table), sealed
    beside the table, which is returned for the phone to keep; logged. Allowed when no
    phone records the table, when an organiser handed it to this one, or when the phone
    that records it is no longer a member (``recorders``: the memberships that still
    are). Raises TableTaken naming the phone that records it."""
    with writing(db):
        row = db.execute(
            "SELECT t.recorder_id, t.game_id, t.series, t.number FROM club_tables t "
            "WHERE t.id = ? AND t.night_id = ?",
            [table_id, night_id],
        ).fetchone()
        if row is None:
            raise ValueError(f"no table {table_id} in night {night_id}")
        recorder, game_id, series, number = row
        if recorder is not None and recorder != member_id and recorder in recorders:
            raise TableTaken(msg("another phone records the table"), recorder)
        key = _new_key(db, table_id, game_id)
        db.execute(
            "UPDATE club_tables SET recorder_id = ?, recorder_since = ? WHERE id = ?",
            [member_id, now(), table_id],
        )
        log_step(db, night_id, "table_taken", member_id, series=series, table=number)
    return key


def move_table(
    db: Database, night_id: int, table_id: int, by_member: int, to_member: int | None
) -> str:
    """An organiser (``by_member``) moves the table's recording: the phone that records
    it stops (the game gets a new edit key, returned for the organiser's phone to keep),
    and the table is handed to ``to_member``'s phone, which takes it from its night's
    page, or to none (None: any player of the table takes it); logged. Raises
    NotOrganiser when ``by_member`` does not organise the night."""
    with writing(db):
        organises_or_refuse(db, night_id, by_member)
        row = db.execute(
            "SELECT game_id, series, number FROM club_tables WHERE id = ? AND night_id = ?",
            [table_id, night_id],
        ).fetchone()
        if row is None:
            raise ValueError(f"no table {table_id} in night {night_id}")
        key = _new_key(db, table_id, row[0])
        db.execute(
            "UPDATE club_tables SET recorder_id = ?, recorder_since = NULL WHERE id = ?",
            [to_member, table_id],
        )
        log_step(db, night_id, "table_moved", by_member, to_member, series=row[1], table=row[2])
    return key


def _new_key(db: Database, table_id: int, game_id: int) -> str:
    """Within the caller's write: gives the table's game a new edit key, which voids the
    old one everywhere (every phone that kept it, an API caller), and seals it beside
    the table. The game's version stays: no hand changed, so no signature is undone."""
    key = new_edit_key()
    db.execute("UPDATE games SET edit_key_hash = ? WHERE id = ?", [hash_key(key), game_id])
    db.execute(
        "UPDATE club_tables SET key_hash = ?, key_sealed = ? WHERE id = ?",
        [*seal(db, "edit", key), table_id],
    )
    return key


def current_table_key(db: Database, table_id: int) -> str | None:
    """The table's game's current edit key as sealed beside the table, or None when none
    is, or it is no longer the game's (read only: ``table_key`` makes a new one)."""
    row = query(
        db,
        "SELECT t.key_hash, t.key_sealed, g.edit_key_hash FROM club_tables t "
        "JOIN games g ON g.id = t.game_id WHERE t.id = ?",
        [table_id],
    ).fetchone()
    if row is None or not row["key_sealed"]:
        return None
    key = unseal(db, "edit", row["key_hash"], row["key_sealed"])
    return key if key is not None and hash_key(key) == row["edit_key_hash"] else None


def table_key(db: Database, table_id: int) -> str:
    """The table's game's current edit key, for a phone an organiser's role entitles to
    it (to correct a disputed hand, or to show the table its code): the key sealed beside
    the table while it is still the game's, else a new one (a table drawn before keys
    were kept, or whose key a member's leaving renewed)."""
    key = current_table_key(db, table_id)
    if key is not None:
        return key
    with writing(db):
        game_id = db.execute("SELECT game_id FROM club_tables WHERE id = ?", [table_id]).fetchone()
        return _new_key(db, table_id, game_id[0])


def key_holder(db: Database, group_id: int) -> int | None:
    """The membership whose phone made the group's current API key (None: the key was
    made through the API or the command line, or that phone left)."""
    row = query(
        db,
        "SELECT g.key_member_id FROM groups g JOIN members m ON m.id = g.key_member_id "
        "AND m.left_at IS NULL WHERE g.id = ?",
        [group_id],
    ).fetchone()
    return row["key_member_id"] if row else None
