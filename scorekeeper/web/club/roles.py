"""Who holds a club night's roles, as its views ask it (issue 68): which membership of the
group this phone is, whether it organises the night (the organiser, or the second
organiser the organiser named), the refusal, with its reason, of an organiser's action to
any other phone, a member's request to take the night over and who may answer it (the
organisers at once; the group's key holder after ``HANDOVER_WAIT`` without an answer),
each table's phone, the lists a player is asked to sign again, and the night's log in
words.

The roles are stored by ``db.club_roles``, each change conditioned on the role in its own
transaction; a phone gaining one (taking a table, being handed the night) has its session
renewed first (``access.renew_session``), so a cookie planted beforehand holds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import abort, current_app, url_for
from flask_babel import format_timedelta
from flask_babel import gettext as _
from itsdangerous import BadSignature, URLSafeTimedSerializer
from markupsafe import Markup, escape

from ... import db
from ...db import club as stored
from ...db import club_roles, phones
from ...names import clean_name
from ..access import (
    can_edit,
    forget_key,
    holds_replaced_key,
    membership,
    remember_key,
    renew_session,
)
from ..i18n import bdi, page_text
from ..links import public_root

HANDOVER_WAIT = timedelta(minutes=3)
"""How long a request to take a night over waits for its organiser's phone before the
group's key holder may hand the night over instead (a flat battery must not stall a
night; an organiser still at the table has time to answer)."""
HANDOVER_MINUTES = int(HANDOVER_WAIT.total_seconds() // 60)


def me(night: stored.Night) -> phones.Member | None:
    """This phone's membership of the night's group, or None."""
    return membership(night.group_id)


def organises(night: stored.Night) -> bool:
    """Whether this phone organises the night: its organiser or second organiser."""
    mine = me(night)
    return mine is not None and night.organised_by(mine.id)


def member_names(group_id: int) -> dict[int, str]:
    """How the night's pages call each membership of the group, present or past: the name
    its phone gave itself, else "Phone 3" (the third phone to join)."""
    return {
        member.id: member.label or _("Phone %(number)d", number=number)
        for number, member in enumerate(phones.group_members(db.get_db(), group_id), start=1)
    }


def organisers_said(night: stored.Night, names: dict[int, str]) -> Markup:
    """Who organises the night, in words, each name in its ``<bdi>``: "Anna", "Anna and
    Bruno (second organiser)", or that no phone does."""
    organiser = bdi(names.get(night.organiser_id or 0, "?"))
    second = bdi(names.get(night.second_organiser_id or 0, "?"))
    seconded = night.second_organiser_id is not None and night.second_accepted
    if night.organiser_id is None and not seconded:
        return Markup(escape(_("no phone yet")))
    if not seconded:
        return organiser
    if night.organiser_id is None:
        return page_text("%(second)s (second organiser)", second=second)
    return page_text(
        "%(organiser)s and %(second)s (second organiser)", organiser=organiser, second=second
    )


REFUSALS = {
    "draw": lambda who: page_text(
        "Only the night's organisers (%(names)s) draw its next series. Ask one of them to "
        "hand the night over, or ask on the night's page to take it over.",
        names=who,
    ),
    "settle": lambda who: page_text(
        "Only the night's organisers (%(names)s) settle a disputed hand. Ask one of them to "
        "hand the night over, or ask on the night's page to take it over.",
        names=who,
    ),
    "move": lambda who: page_text(
        "Only the night's organisers (%(names)s) move a table's phone. The phone that records "
        "the table, or an organiser, can free it for you.",
        names=who,
    ),
    "second": lambda who: page_text(
        "Only the night's organiser (%(names)s) names a second organiser.",
        names=who,
    ),
    "answer": lambda who: page_text(
        "Only the night's organisers (%(names)s) answer a request to take the night over.",
        names=who,
    ),
}
"""Why a phone that does not hold the role is refused each organiser's action."""


def refuse(night: stored.Night, action: str) -> None:
    """Aborts with 403, saying who organises the night and what to do instead."""
    abort(403, REFUSALS[action](organisers_said(night, member_names(night.group_id))))


def organiser_or_403(night: stored.Night, action: str) -> phones.Member:
    """This phone's membership when it organises the night (for ``action``, one of
    ``REFUSALS``), else a 403 saying why."""
    mine = me(night)
    if mine is None or not night.organised_by(mine.id):
        refuse(night, action)
    assert mine is not None
    return mine


def ago(stamp: str) -> str:
    """How long ago a stored time was, in the page's language ("4 minutes ago")."""
    then = datetime.fromisoformat(stamp)
    return format_timedelta(then - datetime.now(UTC), add_direction=True)


def waited_enough(asked_at: str) -> bool:
    return datetime.fromisoformat(asked_at) <= datetime.now(UTC) - HANDOVER_WAIT


def nobody_organises(night: stored.Night) -> bool:
    """Whether no current member organises the night (its organisers left the group, or
    were removed): a request to take it over then waits for no answer."""
    current = {m.id for m in phones.group_members(db.get_db(), night.group_id) if m.left_at is None}
    return not ({night.organiser_id, night.second_organiser_id} & current)


@dataclass(frozen=True, slots=True)
class TakeoverShown:
    """A night's open request to take it over, as its pages say it."""

    request: club_roles.Takeover
    asker: str
    ago: str
    waited: bool
    """Whether the group's key holder may hand the night over now."""


def takeover_shown(night: stored.Night, names: dict[int, str]) -> TakeoverShown | None:
    found = club_roles.open_takeover(db.get_db(), night.id)
    if found is None:
        return None
    waited = waited_enough(found.asked_at) or nobody_organises(night)
    return TakeoverShown(found, names.get(found.member_id, "?"), ago(found.asked_at), waited)


def holds_group_key(group_id: int) -> bool:
    """Whether this phone made the group's current API key: the group's key holder, who
    may hand a night over when its organiser's phone does not answer."""
    mine = membership(group_id)
    return mine is not None and club_roles.key_holder(db.get_db(), group_id) == mine.id


def hand_over_by_key(night: stored.Night, takeover_id: int) -> bool:
    """The group's key holder hands the night to whoever asked, once the request has
    waited ``HANDOVER_WAIT`` (at once when no member organises the night any more)."""
    cutoff = datetime.now(UTC)
    if not nobody_organises(night):
        cutoff -= HANDOVER_WAIT
    mine = me(night)
    return club_roles.hand_over_by_key(
        db.get_db(),
        night.id,
        takeover_id,
        mine.id if mine else None,
        cutoff.isoformat(timespec="seconds"),
    )


@dataclass(frozen=True, slots=True)
class TakenByKey:
    """The night taken from this phone's organiser with the group's key: who asked, who
    handed it over (None: a key typed on a phone of no member), and how long ago."""

    asker: str
    holder: str | None
    ago: str
    minutes: int = HANDOVER_MINUTES


def taken_by_key(night: stored.Night, names: dict[int, str]) -> TakenByKey | None:
    """The latest hand-over by the group's key of the night from this phone's membership,
    while it does not organise the night again: the organiser is told why."""
    mine = me(night)
    if mine is None or night.organised_by(mine.id):
        return None
    for entry in club_roles.night_log(db.get_db(), night.id):
        if entry.event == "handed_over_by_key" and entry.detail.get("organiser") == mine.id:
            holder = names.get(entry.member_id, "?") if entry.member_id else None
            return TakenByKey(names.get(entry.other_id or 0, "?"), holder, ago(entry.at))
    return None


# --- each table's phone -----------------------------------------------------------------


def plays_at(member: phones.Member | None, game: db.StoredGame) -> bool:
    """Whether the member's phone bears the name of one of the table's players."""
    return member is not None and clean_name(member.label or "") in game.players


def may_take(night: stored.Night, member: phones.Member | None, game: db.StoredGame) -> bool:
    """Whether the member's phone may take the table's recording: a player of the table's
    own phone, or an organiser's (for a table of guests without a phone of the group)."""
    return member is not None and (plays_at(member, game) or night.organised_by(member.id))


def current_recorders(group_id: int) -> frozenset[int]:
    return frozenset(m.id for m in phones.group_members(db.get_db(), group_id) if m.left_at is None)


def take_table(night: stored.Night, table: stored.ClubTable, member: phones.Member) -> None:
    """This phone takes the table's recording and keeps its new edit key (a right gained:
    the session is renewed first). Raises club_roles.TableTaken."""
    renew_session()
    key = club_roles.take_table(
        db.get_db(), night.id, table.id, member.id, current_recorders(night.group_id)
    )
    remember_key(table.game_id, key)


def move_table(
    night: stored.Night, table: stored.ClubTable, member: phones.Member, to_member: int | None
) -> None:
    """The organiser's phone moves the table's recording to ``to_member``'s phone (None:
    to whichever player of the table takes it); the phone that recorded it stops, and the
    organiser's keeps the new key. Raises stored.NotOrganiser."""
    key = club_roles.move_table(db.get_db(), night.id, table.id, member.id, to_member)
    remember_key(table.game_id, key)


def hold_table_key(table: stored.ClubTable) -> None:
    """Gives this phone (an organiser's) the table's current edit key, to correct a hand."""
    if not can_edit(db.load_game(db.get_db(), table.game_id)):  # type: ignore[arg-type]
        remember_key(table.game_id, club_roles.table_key(db.get_db(), table.id))


def table_code_key(table: stored.ClubTable) -> str:
    """The table's current edit key, for the code an organiser shows a table of guests."""
    return club_roles.table_key(db.get_db(), table.id)


def with_phones(group_id: int, game: db.StoredGame) -> frozenset[str]:
    """The table's players who have a phone of their own in the group (a current member
    bearing their name): they sign on it, never in turn on the table's phone."""
    labels = {
        clean_name(m.label or "")
        for m in phones.group_members(db.get_db(), group_id)
        if m.left_at is None
    }
    return frozenset(name for name in game.players if name in labels)


@dataclass(frozen=True, slots=True)
class Signing:
    """Whom this phone signs a table's list for: ``own``, the player whose phone it is
    (their name in the group; None: no player's), and ``in_turn``, the players without a
    phone of their own who sign in turn on it (only on the phone that records the table),
    and whose signatures it may withdraw (``withdraws``: every player's on the phone that
    records the table, else the phone's own)."""

    own: str | None
    in_turn: tuple[str, ...]
    withdraws: tuple[str, ...]
    records: bool = False
    """Whether this is the phone that records the table (it holds the game's key)."""

    @property
    def names(self) -> tuple[str, ...]:
        return (self.own,) * (self.own is not None) + self.in_turn


def signing(game: db.StoredGame, place: stored.TableOfGame) -> Signing | None:
    """Whom this phone signs for at the table (``Signing``); None when it may neither
    sign nor see the list as a member (403, said). A member's phone that holds a key the
    table's game no longer has (another phone took the table since) forgets it: taking a
    table renews its key, so the phone is a member like any other, not refused."""
    mine = membership(place.group_id)
    if holds_replaced_key(game):
        if mine is None:
            return None
        forget_key(game.id)
    label = clean_name(mine.label or "") if mine else ""
    own = label if label in game.players else None
    if can_edit(game):
        owned = with_phones(place.group_id, game)
        in_turn = tuple(n for n in game.players if n != own and n not in owned)
        return Signing(own, in_turn, tuple(game.players), records=True)
    if mine is None:
        return None
    return Signing(own, (), (own,) if own else ())


def signers(game: db.StoredGame, place: stored.TableOfGame) -> tuple[str, ...] | None:
    """Whom this phone may sign (and dispute) for at the table: on a member's own phone,
    the player of the table who bears the member's name in the group; on the phone that
    records the table, besides, the players without a phone of their own, in turn. None
    when this phone may do neither (403, said)."""
    found = signing(game, place)
    return None if found is None else found.names


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """A signature of a table's list another phone withdrew, not signed again since: the
    player, the table, the phone that withdrew it (by its player's name) and when."""

    name: str
    table: stored.ClubTable
    by: str | None
    """The name of the phone that withdrew it (None: the table's phone, of no member)."""
    ago: str


def withdrawn_signatures(
    night: stored.Night, names: dict[int, str], name: str | None = None, table_id: int = 0
) -> list[Withdrawn]:
    """The signatures withdrawn on another phone (of ``name``'s alone, of one table's
    alone) that their player has not signed again since: the player is told, on their
    phone and on the table's signing page."""
    tables = {(t.series, t.number): t for t in night.tables}
    wanted = [
        entry
        for entry in club_roles.night_log(db.get_db(), night.id)
        if entry.event == "signature_withdrawn"
        and (name is None or entry.detail.get("name") == name)
        and (table := tables.get((entry.detail.get("series"), entry.detail.get("table"))))
        and (not table_id or table.id == table_id)
    ]
    signed = stored.signatures(db.get_db(), [t.id for t in night.tables])
    found, seen = [], set()
    for entry in wanted:  # newest first: the latest withdrawal of each signature
        table = tables[(entry.detail["series"], entry.detail["table"])]
        key = (table.id, entry.detail["name"])
        if key in seen:
            continue
        seen.add(key)
        again = signed[table.id].get(entry.detail["name"])
        if again is None or again.at < entry.at:
            by = names.get(entry.member_id, "?") if entry.member_id else None
            found.append(Withdrawn(entry.detail["name"], table, by, ago(entry.at)))
    return found


@dataclass(frozen=True, slots=True)
class SignAgain:
    """A list this player signed that changed since: its table and the hands changed."""

    table: stored.ClubTable
    hands: tuple[int, ...]


def to_sign_again(
    night: stored.Night, games: dict[int, db.StoredGame], name: str
) -> list[SignAgain]:
    """The night's lists ``name`` signed and a hand of which changed since: they are
    asked to check it and sign again (their signature counts for none meanwhile)."""
    tables = [t for t in night.tables if name in games[t.game_id].players]
    signed = stored.confirmations(db.get_db(), [t.id for t in tables])
    found = []
    for table in tables:
        version = signed[table.id].get(name)
        if version is not None and version != games[table.game_id].version:
            changed = stored.hands_changed_since(db.get_db(), table.id).get(name, [])
            found.append(SignAgain(table, tuple(changed)))
    return found


# --- the night's log in words -------------------------------------------------------------


def _logged(entry: club_roles.LogEntry, names: dict[int, str]) -> Markup:
    """A step of the night's log in words, each name in its ``<bdi>``."""
    who = bdi(names.get(entry.member_id, "?")) if entry.member_id else None
    other = bdi(names.get(entry.other_id or 0, "?"))
    detail = entry.detail
    if entry.event == "drawn":
        if who is None:
            return page_text(
                "Series %(series)d was drawn through the API.", series=detail["series"]
            )
        return page_text("%(name)s drew series %(series)d.", name=who, series=detail["series"])
    if entry.event == "second_named":
        return page_text("%(name)s named %(other)s second organiser.", name=who, other=other)
    if entry.event == "second_accepted":
        return page_text("%(name)s organises the night too now, as second organiser.", name=who)
    if entry.event == "second_dropped":
        return page_text(
            "%(name)s no longer has %(other)s as second organiser.", name=who, other=other
        )
    if entry.event == "takeover_asked":
        return page_text("%(name)s asked to take the night over.", name=who)
    if entry.event == "takeover_declined":
        return page_text(
            "%(name)s kept organising the night (%(other)s had asked).", name=who, other=other
        )
    if entry.event == "handed_over":
        return page_text("%(name)s handed the night over to %(other)s.", name=who, other=other)
    if entry.event == "handed_over_by_key" and detail.get("organiser"):
        return page_text(
            "%(organiser)s's phone did not answer %(other)s's request within %(minutes)d "
            "minutes: with the group's key, %(name)s handed the night over to %(other)s.",
            organiser=bdi(names.get(detail["organiser"], "?")),
            minutes=HANDOVER_MINUTES,
            name=who or _("a phone"),
            other=other,
        )
    if entry.event == "handed_over_by_key":
        return page_text(
            "The organiser's phone did not answer: with the group's key, %(name)s handed the "
            "night over to %(other)s.",
            name=who or _("a phone"),
            other=other,
        )
    if entry.event == "organised_by_link":
        return page_text("%(name)s took the night over with its organiser's link.", name=who)
    if entry.event == "table_taken":
        return page_text(
            "%(name)s's phone records table %(table)d of series %(series)d.",
            name=who,
            table=detail["table"],
            series=detail["series"],
        )
    if entry.event == "table_moved":
        if entry.other_id is None:
            return page_text(
                "%(name)s freed table %(table)d's recording (series %(series)d): a player of "
                "the table takes it on their phone.",
                name=who,
                table=detail["table"],
                series=detail["series"],
            )
        return page_text(
            "%(name)s moved table %(table)d's recording (series %(series)d) to %(other)s's phone.",
            name=who,
            table=detail["table"],
            series=detail["series"],
            other=other,
        )
    if entry.event == "settled" and detail.get("outcome") == "corrected":
        return page_text(
            "%(name)s settled hand %(hand)d of table %(table)d (series %(series)d): corrected.",
            name=who,
            hand=detail["hand"],
            table=detail["table"],
            series=detail["series"],
        )
    if entry.event == "settled":
        return page_text(
            "%(name)s settled hand %(hand)d of table %(table)d (series %(series)d): kept as "
            "recorded.",
            name=who,
            hand=detail["hand"],
            table=detail["table"],
            series=detail["series"],
        )
    if entry.event == "signature_withdrawn" and who is None:
        return page_text(
            "The table's phone withdrew %(player)s's signature of table %(table)d's list "
            "(series %(series)d).",
            player=bdi(detail["name"]),
            table=detail["table"],
            series=detail["series"],
        )
    if entry.event == "signature_withdrawn":
        return page_text(
            "%(name)s's phone withdrew %(player)s's signature of table %(table)d's list "
            "(series %(series)d).",
            name=who,
            player=bdi(detail["name"]),
            table=detail["table"],
            series=detail["series"],
        )
    return Markup(escape(entry.event))


def log_lines(night: stored.Night, names: dict[int, str]) -> list[dict[str, Any]]:
    """The night's steps, newest first, each in words with how long ago it was."""
    return [
        {"text": _logged(entry, names), "ago": ago(entry.at)}
        for entry in club_roles.night_log(db.get_db(), night.id)
    ]


# --- a night started through the API: the link that hands it to a member's phone ------------

ORGANISER_LINK_DAYS = 7
"""How long the link that hands a night to an organiser's phone stays good."""


def _organiser_signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="club-organiser")


def organiser_url(night: stored.Night) -> str | None:
    """The link a member opens to organise a night that has no organiser's phone (started
    or imported through the API): signed with the app's secret for this group's night,
    good for ``ORGANISER_LINK_DAYS`` days and only until the night has an organiser, so it
    is used once. None for a night that has one."""
    if night.organiser_id is not None:
        return None
    token = _organiser_signer().dumps([night.group_id, night.id])
    path = url_for("club.organise", group_id=night.group_id, night_id=night.id, token=token)
    return public_root() + path.lstrip("/")


def organiser_link_of(token: str) -> Any:
    """What an organiser's link signed ([group id, night id]), or None for a link
    tampered with or too old."""
    try:
        return _organiser_signer().loads(token, max_age=ORGANISER_LINK_DAYS * 86_400)
    except BadSignature:
        return None
