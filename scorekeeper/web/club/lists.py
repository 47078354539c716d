"""A club table's list (issues 45 and 68): signed by its players at the end of the series,
each on their own phone or in turn on the phone that records the table, its hands listed
and a hand disputed by a tap on it, a player whose signature a correction undid told which
hand changed and asked to sign again; and a disputed hand settled by an organiser,
corrected on the hand's own edit form (which comes back to the dispute) or kept. The
scoreboard of a club table finds its night and its signing page through the template
globals here."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ... import db
from ...db import club as stored
from ...engine.core.display import total
from ...engine.core.numbers import whole_or_none
from ...limits import CLUB_MAX_DISPUTES_PER_TABLE
from ...names import clean_name
from ..access import game_or_404, require_edit
from ..forms import ConfirmForm
from ..i18n import shown, translate
from ..responses import PRIVATE
from ..service import game_of
from ..weight import light
from . import roles
from .blueprint import bp
from .errors import NightRefused
from .forms import MAX_NOTE_LENGTH, SettleForm, SignForm, first_problems
from .service import SETTLED_HOW, disputes_of, names_said, night_or_404, night_title

# --- disputes -----------------------------------------------------------------------------


def _open_dispute(night: stored.Night, dispute_id: int) -> Any:
    games = stored.table_games(db.get_db(), night)
    chosen = next((d for d in disputes_of(night, games) if d.dispute.id == dispute_id), None)
    if chosen is None:
        abort(404, _("There is nothing at this address. Check the link."))
    if chosen.dispute.resolved_at is not None:
        abort(409, _("This dispute is settled already."))
    return chosen


@light
@bp.route(
    "/groups/<int:group_id>/club/<int:night_id>/disputes/<int:dispute_id>/settle",
    methods=["GET", "POST"],
)
def settle(group_id: int, night_id: int, dispute_id: int):
    """An organiser settles a disputed hand: GET asks (which hand, who disputed it and
    why, the hand as the table's game has it, and a button to correct it on its own edit
    form, which comes back here), POST records how it was settled (corrected on the game,
    or kept as recorded) and keeps it on the night's page under what is settled. Nothing
    is settled without saying how."""
    found, night = night_or_404(group_id, night_id)
    mine = roles.organiser_or_403(night, "settle")
    chosen = _open_dispute(night, dispute_id)
    form = SettleForm()
    problem, status = None, 200
    if request.method == "POST":
        if not form.validate_on_submit():
            problem, status = (
                _("How was it settled: choose whether the hand was corrected or kept."),
                400,
            )
        else:
            try:
                settled = stored.resolve(
                    db.get_db(), night.id, dispute_id, form.outcome.data, mine.id
                )
            except stored.NotOrganiser:
                roles.refuse(night, "settle")
            if not settled:
                abort(409, _("This dispute is settled already."))
            flash(
                _(
                    "Table %(number)d, hand %(hand)d: %(how)s.",
                    number=chosen.table.number,
                    hand=chosen.dispute.hand_number,
                    how=translate(SETTLED_HOW[form.outcome.data]),
                ),
                "saved",
            )
            return redirect(url_for("club.night", group_id=found.id, night_id=night.id))
    game, number = chosen.game, chosen.dispute.hand_number
    hand = db.load_hand(db.get_db(), game.id, number)
    changed = stored.hand_changed_since(db.get_db(), game.id, number, chosen.dispute.created_at)
    if not form.is_submitted() and changed:
        form.outcome.data = "corrected"
    response = Response(
        render_template(
            "club_settle.html",
            group=found,
            night=night,
            title=night_title(found, night),
            chosen=chosen,
            # The hand as the table's game has it now, for the organiser to weigh.
            recorded=hand and hand_parts(game, hand),
            changed=changed,
            form=form,
            confirm=ConfirmForm(formdata=None),
            problem=problem,
        ),
        status=status,
    )
    response.headers["Cache-Control"] = PRIVATE
    return response


@light
@bp.post("/groups/<int:group_id>/club/<int:night_id>/disputes/<int:dispute_id>/correct")
def correct(group_id: int, night_id: int, dispute_id: int):
    """An organiser corrects a disputed hand: this phone is given the table's edit key
    (the organiser's role entitles it to every table's) and goes straight to the hand's
    own edit form, which comes back to the dispute once saved."""
    _found, night = night_or_404(group_id, night_id)
    roles.organiser_or_403(night, "settle")
    if not ConfirmForm().validate_on_submit():
        abort(400, _("This request did not come from this site's own page."))
    chosen = _open_dispute(night, dispute_id)
    roles.hold_table_key(chosen.table)
    back = url_for("club.settle", group_id=group_id, night_id=night.id, dispute_id=dispute_id)
    return redirect(
        url_for(
            "games.edit_hand", game_id=chosen.game.id, number=chosen.dispute.hand_number, back=back
        )
    )


# --- a table's list, signed ---------------------------------------------------------------


@bp.app_template_global("club_table")
def club_table(game_id: int) -> stored.TableOfGame | None:
    """The club night's table the game is (its night, series and number), or None: its
    scoreboard then says so and leads to the signing page at the end of the series."""
    return stored.table_of_game(db.get_db(), game_id)


@bp.app_template_global("club_signs_here")
def club_signs_here(game: db.StoredGame, place: stored.TableOfGame) -> bool:
    """Whether this phone signs the table's list (the phone that records the table, or a
    member's own phone bearing one of its players' names): at the end of the series its
    scoreboard's first step is then signing."""
    return bool(roles.signers(game, place))


@light
@bp.route("/games/<int:game_id>/club", methods=["GET", "POST"])
def sign(game_id: int):
    """A club table's list, signed by its players at the end of the series, each on their
    own phone (a member of the group whose name in it is the player's) or in turn on a
    phone that records the table, and a hand one of them disputes, by a tap on the hand,
    for the organiser. Signing asks first, names the list signed, and can be taken back
    until the next series is drawn; a player whose signature a correction undid is told
    which hand changed. A phone of neither kind gets 404 or 403 (as every game's editing
    views), and a game of no club night 409."""
    game = game_or_404(game_id)
    place = stored.table_of_game(db.get_db(), game.id)
    if place is None:
        require_edit(game)
        # The phone may record the game, which is no club night's table: said, not hidden.
        abort(409, _("This game is not a table of a club night: it has no list to sign."))
    signers = roles.signers(game, place)
    if signers is None:
        require_edit(game)
    assert signers is not None
    night = stored.load_night(db.get_db(), place.night_id, place.group_id)
    assert night is not None
    form = SignForm()
    problem, status, asking, disputing = None, 200, None, None
    if request.method == "POST":
        if not signers:
            abort(
                403,
                _(
                    "This phone's name in the group is none of this table's players: they "
                    "sign on their own phones, or on the phone that records the table."
                ),
            )
        if not form.validate_on_submit():
            problem, status = next(iter(first_problems(form).values())), 400
        else:
            try:
                said = _sign_or_dispute(game, place, night, signers, form)
            except NightRefused as exc:
                problem, status = exc.message, 409 if exc.field == "state" else 400
            else:
                if said is None:
                    asking = clean_name(form.name.data or "")
                else:
                    flash(said, "saved")
                    return redirect(url_for("club.sign", game_id=game.id))
    elif (
        hand := whole_or_none(request.args.get("hand"), low=1, high=max(game.hand_count, 1))
    ) and signers:
        disputing = hand if hand <= game.hand_count else None
    return _sign_page(game, place, night, signers, form, problem, status, asking, disputing)


def _sign_page(
    game: db.StoredGame,
    place: stored.TableOfGame,
    night: stored.Night,
    signers: tuple[str, ...],
    form: SignForm,
    problem: str | None,
    status: int,
    asking: str | None,
    disputing: int | None,
) -> Response:
    signed = stored.confirmations(db.get_db(), [place.table.id])[place.table.id]
    changed = stored.hands_changed_since(db.get_db(), place.table.id)
    disputes = [d for d in stored.disputes(db.get_db(), night.id) if d.table_id == place.table.id]
    _game, hands = db.load_game_with_hands(db.get_db(), game.id)
    group = db.load_group(db.get_db(), place.group_id)
    assert group is not None
    response = Response(
        render_template(
            "club_sign.html",
            game=game,
            night=night,
            title=night_title(group, night),
            number=place.table.number,
            series=place.table.series,
            players=[
                (name, total(points), signed.get(name), changed.get(name, ()))
                for name, points in zip(game.players, game.totals, strict=True)
            ],
            hands=[(hand.number, hand_parts(game, hand)) for hand in hands],
            disputed={d.hand_number for d in disputes if d.resolved_at is None},
            signers=signers,
            again=_to_sign_again(game, signers, signed, changed),
            finished=game.status == "finished",
            open_series=place.table.series == night.series,
            deals=night.rules.deals(len(game.players)),
            form=form,
            problem=problem,
            asking=asking,
            disputing=disputing,
            note_length=MAX_NOTE_LENGTH,
            disputes=disputes,
            settled_how={key: translate(words) for key, words in SETTLED_HOW.items()},
        ),
        status=status,
    )
    response.headers["Cache-Control"] = PRIVATE
    return response


def hand_parts(game: db.StoredGame, hand: db.StoredHand) -> list[str]:
    """A hand as its game says it in one line, in parts (a name, the game, the result),
    for a page to keep each part whole (``_club_hand.html``)."""
    return [
        shown(part)
        for part in game_of(game).describe_hand(
            hand.record.to_dict(), game.names_at(hand.number), game.settings
        )
    ]


def _to_sign_again(
    game: db.StoredGame,
    signers: tuple[str, ...],
    signed: dict[str, int],
    changed: dict[str, list[int]],
) -> list[tuple[tuple[int, ...], Any]]:
    """The players this phone signs for whose signature a change of the list undid,
    grouped by the hands changed since they signed: (the hands, their names as a page
    lists them)."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for name in signers:
        if signed.get(name) and signed[name] != game.version:
            groups.setdefault(tuple(changed.get(name, ())), []).append(name)
    return [(hands, names_said(names)) for hands, names in groups.items()]


def _sign_or_dispute(
    game: db.StoredGame,
    place: stored.TableOfGame,
    night: stored.Night,
    signers: tuple[str, ...],
    form: SignForm,
) -> str | None:
    """Stores a signature, a signature taken back, or a dispute from the posted form, and
    returns what to say; None when a signature or a dispute is asked for and not yet
    confirmed (the page then asks). Raises NightRefused naming the player and the rule,
    with nothing stored."""
    number = place.table.number
    name = clean_name(form.name.data or "")
    if name not in game.players:
        raise NightRefused(
            _(
                "%(name)s does not sit at table %(number)d: its players are %(players)s.",
                name=name or "?",
                number=number,
                players=", ".join(game.players),
            ),
            "name",
        )
    if name not in signers:
        raise NightRefused(
            _(
                "This phone signs for %(names)s only: %(name)s signs on their own phone, "
                "or on the phone that records the table.",
                names=", ".join(signers) or "?",
                name=name,
            ),
            "name",
        )
    action = form.action.data
    if action == "dispute":
        hand = whole_or_none(form.hand.data, low=1, high=game.hand_count)
        if hand is None:
            raise NightRefused(
                _(
                    "The hand disputed must be a hand of this list, 1 to %(count)d, not %(value)s.",
                    count=game.hand_count,
                    value=(form.hand.data or "").strip()[:10] or "?",
                ),
                "hand",
            )
        note = clean_name(form.note.data or "") or None
        try:
            stored.dispute(db.get_db(), place.table.id, hand, name, note)
        except stored.TooManyDisputes:
            raise NightRefused(
                _(
                    "A table's list has at most %(most)d disputed hands; the organiser "
                    "settles them.",
                    most=CLUB_MAX_DISPUTES_PER_TABLE,
                ),
                "hand",
            ) from None
        return _(
            "%(name)s disputes hand %(hand)d: the organiser will look at it.", name=name, hand=hand
        )
    if action == "unsign":
        if place.table.series != night.series:
            raise NightRefused(
                _(
                    "The next series is drawn: the signatures of series %(series)d stay.",
                    series=place.table.series,
                ),
                "state",
            )
        if not stored.unconfirm(db.get_db(), place.table.id, name):
            raise NightRefused(_("%(name)s has not signed this list.", name=name), "state")
        return _("%(name)s's signature is taken back.", name=name)
    if game.status != "finished":
        raise NightRefused(
            _(
                "Table %(number)d's list is not finished yet: its players sign it at the "
                "end of the series.",
                number=number,
            ),
            "state",
        )
    if form.sure.data != "1":
        return None
    if not stored.confirm(db.get_db(), place.table.id, name, game.version):
        raise NightRefused(_("%(name)s has signed this list already.", name=name), "state")
    return _("%(name)s has signed table %(number)d's list.", name=name, number=number)
