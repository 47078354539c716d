"""Pages for whole games: home, new game, scoreboard, edit link and revisions."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from flask import (
    Response,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup

from ... import db, game_play
from ...engine import GAMES, EngineError, Game
from ...engine.core.display import signed
from ...engine.core.game import partnered, table_knobs, title_of
from ...engine.core.numbers import whole_or_none
from ...engine.core.seating import table_changes
from ...engine.core.seats import leaders_of
from ...lru import Lru
from .. import links
from ..access import (
    can_edit,
    edit_required,
    forget_key,
    game_or_404,
    grant_view,
    holds_replaced_key,
    join,
    member_group,
    my_groups,
    no_game,
    remember_key,
    replaced_key_message,
)
from ..chart import running_totals_svg
from ..forms import ConfirmForm, FieldProblem, preset_label
from ..groups.forms import StartGroupForm
from ..i18n import current_language, from_this_site, isolate, moment_of, shown, translate
from ..responses import SAID_ONCE_HEADER, CachedPage, page_cache
from ..service import change_seat as seat_player
from ..service import (
    counted_number,
    describe,
    game_of,
    games_to_start,
    group_name,
    offered_game,
    playing_in,
    rules_label,
    seat_empties,
    seat_joins,
    seats_taken,
    side_members,
    side_names,
    start_game,
    table_grows,
)
from ..service import rematch as rematch_game
from ..weight import light
from .blueprint import bp
from .forms import GROUP_TITLES, JOINS, NewGameForm, SeatChangeForm, knob_label, new_game_form_for
from .results import card_group, game_card
from .scoreboard import (
    OFFLINE_MARK,
    ShownRows,
    bid_line,
    hand_rows,
    offline_note,
    player_figures,
    rows_with_new_hand,
    sides_named,
    standing_of,
    terms_said,
    total,
)


@light
@bp.get("/")
def home():
    """This browser's groups, each with its games in progress, and "Start a group". A
    stranger (no group) sees only that: no game and no name."""
    groups = my_groups()
    return render_template(
        "home.html",
        groups=[(group, group_name(group), playing_in(group)) for group in groups],
        form=StartGroupForm(),
        invited_only=current_app.config.get("INVITED_ONLY", False),
    )


def _group_to_start_in() -> int | None:
    """The group a new game is started in: ``?group=`` (a group this browser is a member
    of, else 404), else the browser's only group, else None (a new group of its own)."""
    asked = request.args.get("group")
    if asked is not None:
        named = whole_or_none(asked, low=1, high=db.MAX_ID)
        found = member_group(named) if named is not None else None
        if found is None:
            abort(404, _("There is nothing at this address. Check the link."))
        return found.id
    groups = my_groups()
    return groups[0].id if len(groups) == 1 else None


@light
@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    """New game: first which game (skipped while only one is registered), then its form."""
    key = request.args.get("game")
    group_id = _group_to_start_in()
    # A POST without a game (an older page, a script) starts the default game, as the API.
    if key is None and len(GAMES) > 1 and request.method == "GET":
        return render_template(
            "choose_game.html", choices=games_to_start(), group=request.args.get("group")
        )
    game = offered_game(key)
    form = new_game_form_for(game)
    asked = request.args.get("rules")
    if not form.is_submitted() and asked in game.presets:
        # New game's choice of a preset by name (Hearts) opens on that preset.
        form.rules.data = asked
    if form.validate_on_submit():
        try:
            game_id, edit_key = start_game(
                form.player_names(),
                form.rules.data,
                form.knob_changes(),
                form.target_value(),
                form.first_dealer.data,
                game.key,
                form.starting_totals(),
                group_id,
            )
        except (FieldProblem, EngineError) as exc:
            _field_error(form, exc.field or "rules", exc.message)
        else:
            remember_key(game_id, edit_key)
            if group_id is None:
                # The game's own new group: this browser is its first member.
                started = db.load_game(db.get_db(), game_id)
                found = db.load_group(db.get_db(), started.group_id) if started else None
                if found is not None:
                    join(found)
            return redirect(url_for("games.scoreboard", game_id=game_id))
    return render_template(
        "new_game.html",
        # For a game whose number of players is chosen now, the game at its most players.
        game=form.game,
        chosen=key,
        title=translate(title_of(game, str(form.rules.data or ""))),
        form=form,
        names=db.known_player_names(db.get_db(), group_id=group_id) if group_id else [],
        presets={name: settings.to_dict() for name, settings in game.presets.items()},
        # The game's name under each preset, as the heading says it (Belote's "Coinche").
        titles={name: translate(title_of(game, name)) for name in game.presets},
        knobs={knob.name: knob for knob in table_knobs(game)},
        words=_choice_words(game),
        preset_label=preset_label,
        partnered=partnered(game),
        groups=_knob_groups(form, game),
        chosen_key=game.key,
        **_chances_urls(group_id, game.key),
    ), (422 if form.errors else 200)


def _chances_urls(group_id: int | None, key: str) -> dict[str, str | None]:
    """Where New game asks for each side's chance to win (the JSON its script reads, and
    the ratings page that shows them without it): only in a group with ratings in the
    game's kind."""
    if group_id is None or key not in db.rated_kinds(db.get_db(), group_id):
        return {"chances_url": None, "ratings_url": None}
    return {
        "chances_url": url_for("review.ratings_chances", group_id=group_id, game=key),
        "ratings_url": url_for("review.ratings", group_id=group_id),
    }


def _choice_words(game: Game) -> dict[str, str]:
    """How the page words a knob's value where it shows the preset's: yes, no, none, and
    each choice as the game's knobs word it."""
    words = {"true": _("yes"), "false": _("no"), "none": _("none")}
    for knob in table_knobs(game):
        for value, label in zip(knob.choices, knob.choice_labels, strict=False):
            words.setdefault(value, translate(label))
    return words


def _knob_groups(form: NewGameForm, game: Game) -> list[tuple[Any, list[Any]]]:
    """The form's house-rule fields, grouped by the game's knob groups."""
    fields = {field.name: field for field in form.knob_fields()}
    groups: dict[str, list[Any]] = {}
    for knob in table_knobs(game):
        if knob.name in fields:
            groups.setdefault(knob.group, []).append(fields[knob.name])
    titles = GROUP_TITLES | {
        group: translate(title) for group, title in game.page_words.group_titles.items()
    }
    return [(titles.get(group, group), members) for group, members in groups.items()]


def _field_error(form: NewGameForm, field: str, message: str) -> None:
    """Puts an error beside its field, in the page's language; a knob is named by its label."""
    name = field.replace("players[", "player_").replace("starting_totals[", "start_")
    name = "start_0" if name == "starting_totals" else name.rstrip("]")
    target = form._fields.get(name, form.rules)
    if name in form.house_rule_knobs or name == "target":
        message = translate(message, knob=str(knob_label(form.game, name)))
    target.errors = [*target.errors, translate(message)]


@light
@bp.get("/games/<int:game_id>")
def scoreboard(game_id: int):
    """The scoreboard. It depends only on what ``_page_key`` names, so it is cached under
    that and carries it as its ETag. A page with a message to show once (after a save) is
    rendered fresh and marked never to be stored, not even by the service worker."""
    game = game_or_404(game_id)
    if holds_replaced_key(game):
        # Said once: the phone then forgets the revoked key and is a viewer like any other
        # (as if it had opened the view link).
        forget_key(game.id)
        grant_view(game)
        flash(replaced_key_message(), "info")
    editable = can_edit(game)
    if get_flashed_messages():
        response = CachedPage.of(_render_scoreboard(*_scoreboard_of(game_id), editable)).response()
        response.headers["Cache-Control"] = "private, no-store"
        response.headers[SAID_ONCE_HEADER] = "1"
        return response
    return _cached_part(game, editable, _part("page"), _render_scoreboard)


@light
@bp.get("/games/<int:game_id>/live")
def live(game_id: int):
    """The part of the scoreboard that changes with each hand, as an HTML fragment. The
    page's script (static/app.js) polls it with the ETag it was given, so an unchanged
    game costs one small query and a 304."""
    game = game_or_404(game_id)
    return _cached_part(game, can_edit(game), _part("live"), _render_live)


# The scoreboard shows the last this many hands; a longer game links to all of them
# (``?all=1``), so a phone is not handed a table of a thousand rows at every update.
RECENT_HANDS = 60


def _every_hand() -> bool:
    """Whether the scoreboard was asked for every hand (``?all=1``); any other value of
    ``all`` is the usual page."""
    return request.args.get("all") == "1"


def _part(name: str) -> str:
    """The scoreboard's ``name`` part, or its every-hand version: each is cached apart."""
    return f"{name}-all" if _every_hand() else name


def _page_key(game: db.StoredGame, editable: bool, part: str) -> tuple:
    """Everything a rendered scoreboard ``part`` depends on; a write bumps the version.

    The page is shared by every visitor with the same key, so nothing else from the
    request may reach it: the links in it are built from the server's public address
    (``links.public_root``: configured, or one of the server's own, never any ``Host`` a
    client sends, so a stranger's made-up hosts do not multiply the pages kept) and the
    app's root, and the language switch's "come back here" is the scoreboard's own path,
    never the query string one visitor sent.
    """
    return (
        part,
        links.public_root(),
        request.script_root,
        current_language(),
        # A finished game's result card names the group for its members only.
        card_group(game),
        game.id,
        game.version,
        editable,
    )


def _etag(key: tuple) -> str:
    # A digest: the host comes from the request and may hold characters an ETag cannot.
    return f"{key[0]}.{key[-2]}." + hashlib.sha256(repr(key).encode()).hexdigest()[:16]


def _cached_part(
    game: db.StoredGame, editable: bool, part: str, render: Callable[..., str]
) -> Response:
    key = _page_key(game, editable, part)
    if request.if_none_match.contains_weak(_etag(key)):
        response = Response(status=304)
    else:
        page = page_cache().get(key)
        if page is None:
            game, progress, totals = _scoreboard_of(game.id)
            page = CachedPage.of(render(game, progress, totals, editable))
            key = _page_key(game, editable, part)
            page_cache().put(key, page)
        response = page.response()
    response.headers["Cache-Control"] = "private, no-cache"
    # Weak: the same page may travel gzipped or not.
    response.set_etag(_etag(key), weak=True)
    return response


def _seat_changes(game: db.StoredGame) -> dict[int, list[str]]:
    """By the hand it takes effect from, each change at the table as the engine says it
    (``core.seating.table_changes``): "Eve for Bob", "Dora joins", "Ann leaves"."""
    said = table_changes(game.players, game.changes, game.settings)
    return {number: [translate(m) for m in found] for number, found in said.items()}


def _scoreboard_of(game_id: int) -> tuple[db.StoredGame, Any, list[tuple[int, ...]]]:
    """The game, its progress holding the hands the page shows (the last ``RECENT_HANDS``,
    or every hand with ``?all=1``) and every hand's running totals, as of one moment."""
    last = None if _every_hand() else RECENT_HANDS
    game, progress, totals = game_play.load_scoreboard(db.get_db(), game_id, last)
    if game is None:
        abort(404, no_game(game_id))
    return game, progress, totals


# A hand number to cut a hand's address around (any number would do: see below).
_HAND_SLOT = 987654321


def _hand_url(endpoint: str, game_id: int) -> tuple[str, str]:
    """``url_for(endpoint, game_id=game_id, number=n)`` for any hand ``n`` as the two
    pieces around the number: built once for a scoreboard's rows, not once a row.

    The hand's number is the last value in every hand's route, so the address is cut at
    the last place the slot's digits appear: a game id, or an app root, holding those
    digits (a game 987654321 once answered 500 here) never moves the cut (issue 29).
    """
    head, _slot, tail = url_for(endpoint, game_id=game_id, number=_HAND_SLOT).rpartition(
        str(_HAND_SLOT)
    )
    return head, tail


def _live_context(
    game: db.StoredGame, progress: Any, totals: list[tuple[int, ...]], editable: bool
) -> dict[str, Any]:
    changes = _seat_changes(game)
    shows_dealer = game.settings.shows_dealer
    first = progress.next_number - len(progress.hands)
    offline = db.offline_hands(db.get_db(), game.id, first) if progress.hands else {}
    return {
        "game": game,
        "rules": rules_label(game),
        "end_words": game_of(game).end_words(game.settings),
        "sides": side_names(game),
        "sides_seated": side_members(game),
        "words": game_of(game).page_words,
        "finish_now": game_of(game).progression.finish_now,
        "start": [total(t) for t in game.starting_totals] if game.starting_totals else None,
        "standing": standing_of(game_of(game), game.settings, progress),
        "rows": _shown_rows(game, progress, changes, editable, shows_dealer, offline),
        # Each phone that recorded a shown hand without the network, once, for the legend.
        "offline_notes": [offline_note(name) for name in dict.fromkeys(offline.values())],
        "offline_mark": OFFLINE_MARK,
        "shows_dealer": shows_dealer,
        "hand_count": progress.next_number - 1,
        # The last hand as the table counts it, for its Delete link (a Chicago's deal).
        "last_counted": counted_number(game, progress.next_number - 1) if editable else None,
        "every_hand": _every_hand(),
        "recent_hands": RECENT_HANDS,
        "changes": changes,
        "editable": editable,
        "card": game_card(game, progress),
        "chart": Markup(running_totals_svg(side_members(game), totals, title=_("Running totals")))
        if totals
        else None,
    }


# A scoreboard's rows drawn (``scoreboard.hand_rows``), by database file, game, version,
# language, the app's root (the rows link to each hand), the hands shown (the last
# RECENT_HANDS or every one) and whether they link to their edit forms: the scoreboard's
# heaviest part, drawn once a version, whether its page is kept (the page cache, which
# keeps it whole) or not (a flashed message, a cache turned off, a page asked by
# another phone once the page fell out); every change bumps the version. At most 16:
# a 1,000-hand game's last 60 rows are 0.1 MB, all its rows (``?all=1``) 1.8 MB.
SHOWN_ROWS = Lru(16)


def _shown_rows(
    game: db.StoredGame,
    progress: Any,
    changes: dict[int, list[str]],
    editable: bool,
    shows_dealer: bool,
    offline: dict[int, str],
) -> ShownRows:
    database = db.get_db()
    which = (_every_hand(), editable, request.script_root, current_language())
    key = (db.database_path(database), game.id, game.version, *which)
    found = SHOWN_ROWS.get(key)
    if found is None:
        drawn = {
            "why_url": _hand_url("games.why", game.id),
            "edit_url": _hand_url("games.edit_hand", game.id) if editable else None,
            "shows_dealer": shows_dealer,
            "offline": offline,
        }
        # The first view after a hand was added here: the rows before it as kept for the
        # version before, and the new hand's row drawn alone (issue 82).
        kept = (
            SHOWN_ROWS.get((key[0], game.id, game.version - 1, *which))
            if game_play.appended_by(database, game.id, game.version) == game.hand_count
            else None
        )
        if kept is not None:  # (rows kept of no hands are falsy: ``len``)
            found = rows_with_new_hand(
                kept, game_of(game), progress, game.names_at, changes, **drawn
            )
        if found is None:
            found = hand_rows(game_of(game), progress, game.names_at, changes, **drawn)
        SHOWN_ROWS.put(key, found)
    return found


def _render_live(game: db.StoredGame, progress: Any, totals: list, editable: bool) -> str:
    return render_template(
        "_scoreboard_live.html", **_live_context(game, progress, totals, editable)
    )


def _render_scoreboard(game: db.StoredGame, progress: Any, totals: list, editable: bool) -> str:
    # No edit link here: the page is cached (by the server and the phone's service
    # worker), so the link shows only on /share/edit, after a warning and a second tap.
    view = links.view_url(game)
    return render_template(
        "scoreboard.html",
        **_live_context(game, progress, totals, editable),
        view_url=view,
        view_qr=links.qr_markup(view, _("QR code of the view link")),
        live_etag=f'W/"{_etag(_page_key(game, editable, _part("live")))}"',
        page_path=url_for("games.scoreboard", game_id=game.id),
    )


@light
@bp.get("/games/<int:game_id>/edit/<key>")
def edit_link(game_id: int, key: str):
    """Opening the edit link makes this browser remember the key, which lets it see the
    game too; the game is unchanged."""
    game = db.load_game(db.get_db(), game_id)
    if game is None or not db.key_matches(game, key):
        # The same answer whether the game exists or not.
        abort(
            404,
            _("This edit link is wrong or out of date. Ask for the game's edit link again."),
        )
    remember_key(game_id, key)
    flash(_("This phone can now record and edit hands in this game."), "info")
    return redirect(url_for("games.scoreboard", game_id=game_id))


@light
@bp.get("/games/<int:game_id>/hands/<int:number>/why")
def why(game_id: int, number: int):
    """How each player's points for one hand were worked out, in the page's language: the
    scoreboard's points cells link here, one anchor per seat."""
    game = game_or_404(game_id)
    # A hand's points come from its own record and the rules: one row, however long the
    # game.
    stored = db.load_hand(db.get_db(), game_id, number)
    if stored is None:
        abort(404, _("Game %(game)d has no hand %(number)d.", game=game_id, number=number))
    played = game_of(game)
    # At its place: the state stored with the hand before it, one more row.
    place = game_play.place_of(db.get_db(), game, number)
    terms = played.explain(game.settings, stored.record, place)
    points = played.points(game.settings, stored.record, place)
    names = game.names_at(number)
    sides = sides_named(played, names)
    seats = [
        {
            "name": name,
            "points": signed(points[seat]),
            "terms": terms_said(terms[seat], names, sides),
        }
        for seat, name in enumerate(names)
    ]
    return render_template(
        "why.html",
        game=game,
        number=number,
        seats=seats,
        summary=describe(played, stored.record.to_dict(), game.names_at(number), game.settings),
    )


@light
@bp.post("/games/<int:game_id>/rematch")
@edit_required
def rematch(game_id: int, game: db.StoredGame):
    """Same players again: one tap on a finished game's scoreboard starts the next game.

    The button sits on a cached page, so it carries no session token; like the language
    buttons, it is checked by the browser's Fetch Metadata and Origin headers instead.
    """
    if not from_this_site():
        abort(403, _("This request did not come from this site's own page."))
    progress = game_play.current_progress(db.get_db(), game)
    if progress.status != "finished":
        flash(_("The game is not over yet: finish it before a rematch."), "info")
        return redirect(url_for("games.scoreboard", game_id=game_id))
    new_id, key = rematch_game(game, progress.dealer)
    remember_key(new_id, key)
    flash(_("A new game for the same table: the deal passes on from the last game."), "info")
    return redirect(url_for("games.scoreboard", game_id=new_id))


@light
@bp.route("/games/<int:game_id>/seats", methods=["GET", "POST"])
@edit_required
def change_seat(game_id: int, game: db.StoredGame):
    """A player leaves or joins mid-game: from the next hand on, another player takes a
    seat, and the seat's total carries on."""
    grows = table_grows(game)
    taken = seats_taken(game)
    low, high = game_of(game).seat_range or (len(taken), len(taken))
    form = SeatChangeForm().setup(game.seated, taken, joins=grows and len(taken) < high)
    leaves = grows and "leave" in request.form  # refused in words when too few would play
    if leaves:
        form.name.data = form.name.data or ""  # nobody takes the seat
    if form.validate_on_submit():
        number = game.hand_count + 1
        try:
            if leaves:
                said = _(
                    "From hand %(number)d, %(name)s leaves the table; their total stays on "
                    "the list.",
                    number=number,
                    name=isolate(seat_empties(game, int(form.seat.data))),
                )
            elif form.seat.data == JOINS:
                joined = seat_joins(game, form.name.data)
                said = _(
                    "From hand %(number)d, %(name)s joins the table.",
                    number=number,
                    name=isolate(joined.name),
                )
            else:
                before, change = seat_player(game, int(form.seat.data), form.name.data)
                said = _(
                    "From hand %(number)d, %(new)s takes the seat of %(old)s.",
                    number=change.from_hand,
                    new=isolate(change.name),
                    old=isolate(before),
                )
        except (FieldProblem, EngineError, db.Conflict) as exc:
            if getattr(exc, "field", None) == "seat":
                form.seat.errors = [*form.seat.errors, translate(exc.message)]
            else:
                form.name.errors = [*form.name.errors, translate(exc.message)]
        else:
            flash(said, "saved")
            return redirect(url_for("games.scoreboard", game_id=game_id))
    return render_template(
        "seats.html",
        game=game,
        form=form,
        number=game.hand_count + 1,
        names=db.known_player_names(db.get_db(), group_id=game.group_id),
        grows=grows,
        leaves=grows and len(taken) > low,
        low=low,
        high=high,
    ), (422 if form.errors else 200)


@light
@bp.route("/games/<int:game_id>/finish", methods=["GET", "POST"])
@edit_required
def finish(game_id: int, game: db.StoredGame):
    """ "Finish now", for a game whose rules have it (Bid Whist): GET asks for confirmation
    and says what will happen; only the POST from that page ends the game. The side ahead
    wins; when the sides are level the game plays on until one is ahead."""
    rules = game_of(game)
    progress = game_play.current_progress(db.get_db(), game)
    names = side_names(game)
    if not rules.progression.finish_now or progress.status == "finished" or not game.hand_count:
        flash(_("This game cannot be finished now."), "info")
        return redirect(url_for("games.scoreboard", game_id=game_id))
    form = ConfirmForm()
    if form.validate_on_submit():
        try:
            game_play.finish_game(db.get_db(), game_id)
        except (db.Conflict, db.NotFound) as exc:
            flash(translate(exc.message), "info")
        return redirect(url_for("games.scoreboard", game_id=game_id))
    leaders = leaders_of(progress.settings.in_favour(progress.totals))
    notes = rules.notes(progress)
    return render_template(
        "finish.html",
        game=game,
        form=form,
        standings=[(name, total(t)) for name, t in zip(names, progress.totals, strict=True)],
        ahead=names[leaders[0]] if len(leaders) == 1 else None,
        owed=notes.owed,
        # How many players the side ahead has: one player "is ahead", partners "are".
        ahead_players=len(rules.sides[leaders[0]]) if len(leaders) == 1 else 0,
        foot=[(shown(line.label), [shown(c) for c in line.cells]) for line in notes.foot],
    )


@light
@bp.get("/games/<int:game_id>/revisions")
def revisions(game_id: int):
    game = game_or_404(game_id)
    history = db.load_revisions(db.get_db(), game_id)
    played = game_of(game)
    return render_template(
        "revisions.html",
        game=game,
        words=played.page_words,
        offline_mark=OFFLINE_MARK,
        revisions=[
            {
                "number": r.number,
                "revision": r.revision,
                "action": r.action,
                **moment_of(r.created_at),
                "bid": bid_line(played, r.hand, game.names_at(r.number), game.settings),
                "players": player_figures(played, r.hand, game.names_at(r.number), game.settings),
                "offline": offline_note(r.offline_by) if r.offline_by is not None else None,
            }
            for r in history
        ],
    )
