"""A club table's list (issues 45 and 68): signed by its players at the end of the series,
each on their own phone or in turn on the phone that records the table, its hands listed
and a hand disputed by a tap on it, a player whose signature a correction undid told which
hand changed and asked to sign again; and a disputed hand settled by an organiser,
corrected on the hand's own edit form (which comes back to the dispute) or kept. The
scoreboard of a club table finds its night and its signing page through the template
globals here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import db
from ...db import club as stored
from ...db.connection import MAX_ID
from ...engine.core.display import total
from ...engine.core.numbers import whole_or_none
from ...limits import CLUB_MAX_DISPUTES_PER_TABLE
from ...names import clean_name
from ..access import can_edit, game_or_404, require_edit
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
    """Whether this phone signs the table's list (a member's own phone bearing one of its
    players' names, or the phone that records the table for players without one): at the
    end of the series its scoreboard's first step is then signing."""
    return bool(roles.signers(game, place))


@light
@bp.route("/games/<int:game_id>/club", methods=["GET", "POST"])
def sign(game_id: int):
    """A club table's list, signed by its players at the end of the series, each on their
    own phone (a member of the group whose name in it is the player's), or, for a player
    without one, in turn on the phone that records the table (marked so); and a hand one
    of them disputes, by a tap on the hand, for the organiser. Signing asks first, names
    the list signed, and binds the list as shown (its version): a tap on a list changed
    since is refused, naming the hands. A player takes their own signature back in a tap
    until the next series is drawn; the table's phone withdraws another's after asking,
    logged, and the player is told. A member's phone of no player of the table (the
    organiser's) sees the list and who signed, read-only. A phone of neither kind gets
    404 or 403 (as every game's editing views), and a game of no club night 409."""
    game = game_or_404(game_id)
    place = stored.table_of_game(db.get_db(), game.id)
    if place is None:
        require_edit(game)
        # The phone may record the game, which is no club night's table: said, not hidden.
        abort(409, _("This game is not a table of a club night: it has no list to sign."))
    signing = roles.signing(game, place)
    if signing is None:
        require_edit(game)
    assert signing is not None
    night = stored.load_night(db.get_db(), place.night_id, place.group_id)
    assert night is not None
    form = SignForm()
    step = _Shown()
    if request.method == "POST":
        if not signing.names and not signing.withdraws:
            abort(
                403,
                _(
                    "This phone's name in the group is none of this table's players: they "
                    "sign on their own phones, or on the phone that records the table."
                ),
            )
        if not form.validate_on_submit():
            step.problem, step.status = next(iter(first_problems(form).values())), 400
        else:
            try:
                said = _sign_or_dispute(game, place, night, signing, form)
            except NightRefused as exc:
                step.problem, step.status = exc.message, 409 if exc.field == "state" else 400
            else:
                if said is not None:
                    flash(said, "saved")
                    return redirect(url_for("club.sign", game_id=game.id))
                if form.action.data == "unsign":
                    step.withdrawing = clean_name(form.name.data or "")
                else:
                    step.asking = clean_name(form.name.data or "")
    elif (
        hand := whole_or_none(request.args.get("hand"), low=1, high=max(game.hand_count, 1))
    ) and signing.names:
        step.disputing = hand if hand <= game.hand_count else None
    return _sign_page(game, place, night, signing, form, step)


@dataclass(slots=True)
class _Shown:
    """What the signing page says besides the list: a refusal and its status, and the
    step it asks about (a signature, a signature withdrawn, a hand disputed)."""

    problem: str | None = None
    status: int = 200
    asking: str | None = None
    withdrawing: str | None = None
    disputing: int | None = None


def _sign_page(
    game: db.StoredGame,
    place: stored.TableOfGame,
    night: stored.Night,
    signing: roles.Signing,
    form: SignForm,
    step: _Shown,
) -> Response:
    signed = stored.signatures(db.get_db(), [place.table.id])[place.table.id]
    changed = stored.hands_changed_since(db.get_db(), place.table.id)
    disputes = [d for d in stored.disputes(db.get_db(), night.id) if d.table_id == place.table.id]
    _game, hands = db.load_game_with_hands(db.get_db(), game.id)
    group = db.load_group(db.get_db(), place.group_id)
    assert group is not None
    names = roles.member_names(place.group_id)
    withdrawn = {
        w.name: w for w in roles.withdrawn_signatures(night, names, table_id=place.table.id)
    }
    recorder = place.table.recorder_id
    versions = {name: signature.version for name, signature in signed.items()}
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
            signers=signing.names,
            own=signing.own,
            withdraws=signing.withdraws,
            with_phones=roles.with_phones(place.group_id, game),
            withdrawn=withdrawn,
            read_only=not signing.names and not can_edit(game) and roles.organises(night),
            recorder=names.get(recorder) if recorder else None,
            shown_version=game.version,
            shown_revision=stored.last_revision(db.get_db(), game.id),
            again=_to_sign_again(game, signing.names, versions, changed),
            finished=game.status == "finished",
            open_series=place.table.series == night.series,
            deals=night.rules.deals(len(game.players)),
            form=form,
            problem=step.problem,
            asking=step.asking,
            withdrawing=step.withdrawing,
            signed_ago={name: roles.ago(signature.at) for name, signature in signed.items()},
            disputing=step.disputing,
            note_length=MAX_NOTE_LENGTH,
            disputes=disputes,
            settled_how={key: translate(words) for key, words in SETTLED_HOW.items()},
        ),
        status=step.status,
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
    signing: roles.Signing,
    form: SignForm,
) -> str | None:
    """Stores a signature, a signature taken back or withdrawn, or a dispute from the
    posted form, and returns what to say; None when a signature, another's signature
    withdrawn, or a dispute is asked for and not yet confirmed (the page then asks).
    Raises NightRefused naming the player and the rule, with nothing stored."""
    number = place.table.number
    name = clean_name(form.name.data or "")
    action = form.action.data
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
    if name not in (signing.withdraws if action == "unsign" else signing.names):
        if signing.records:
            raise NightRefused(
                _(
                    "%(name)s signs on their own phone: the phone that records the table "
                    "signs in turn only for players without one (%(names)s).",
                    name=name,
                    names=", ".join(signing.in_turn) or "?",
                ),
                "name",
            )
        raise NightRefused(
            _(
                "This phone signs for %(names)s only: %(name)s signs on their own phone, "
                "or on the phone that records the table.",
                names=", ".join(signing.names) or "?",
                name=name,
            ),
            "name",
        )
    if action == "dispute":
        return _dispute(game, place, name, form)
    if action == "unsign":
        return _withdraw(place, night, signing, name, form)
    if game.status != "finished":
        raise NightRefused(
            _(
                "Table %(number)d's list is not finished yet: its players sign it at the "
                "end of the series.",
                number=number,
            ),
            "state",
        )
    _shown_as_it_stands(game, form)
    if form.sure.data != "1":
        return None
    at_table = name != signing.own
    if not stored.confirm(db.get_db(), place.table.id, name, game.version, at_table):
        if name in stored.signed_now(db.get_db(), game.id):
            raise NightRefused(_("%(name)s has signed this list already.", name=name), "state")
        raise NightRefused(_("The list changed: look again before signing."), "state")
    if at_table:
        return _(
            "%(name)s has signed table %(number)d's list, at the table's phone.",
            name=name,
            number=number,
        )
    return _("%(name)s has signed table %(number)d's list.", name=name, number=number)


def _shown_as_it_stands(game: db.StoredGame, form: SignForm) -> None:
    """Raises NightRefused (409) unless the list the player was shown (the version the
    form carries) is the list as it stands: a hand corrected meanwhile is named, for the
    player to look again. A first tap that carries no version is asked with the list as
    it stands; the signature itself must carry one."""
    posted = (form.version.data or "").strip()
    if not posted and form.sure.data != "1":
        return
    if whole_or_none(posted, low=1) == game.version:
        return
    seen = whole_or_none(form.revision.data, low=0, high=MAX_ID)
    hands = [] if seen is None else stored.hands_changed_after(db.get_db(), game.id, seen)
    if hands:
        raise NightRefused(
            ngettext(
                "The list changed: look again. Hand %(hands)s changed after it was shown.",
                "The list changed: look again. Hands %(hands)s changed after it was shown.",
                len(hands),
                hands=", ".join(map(str, hands)),
            ),
            "state",
        )
    raise NightRefused(_("The list changed: look again before signing."), "state")


def _withdraw(
    place: stored.TableOfGame,
    night: stored.Night,
    signing: roles.Signing,
    name: str,
    form: SignForm,
) -> str | None:
    """A player's own signature taken back in a tap; another's, withdrawn on the phone
    that records the table, once asked (None: ask first), logged for the player to be
    told."""
    if place.table.series != night.series:
        raise NightRefused(
            _(
                "The next series is drawn: the signatures of series %(series)d stay.",
                series=place.table.series,
            ),
            "state",
        )
    if name == signing.own:
        if not stored.unconfirm(db.get_db(), place.table.id, name):
            raise NightRefused(_("%(name)s has not signed this list.", name=name), "state")
        return _("%(name)s's signature is taken back.", name=name)
    if form.sure.data != "1":
        if name not in stored.signatures(db.get_db(), [place.table.id])[place.table.id]:
            raise NightRefused(_("%(name)s has not signed this list.", name=name), "state")
        return None
    mine = roles.me(night)
    if not stored.withdraw_signature(
        db.get_db(), night.id, place.table, name, mine.id if mine else None
    ):
        raise NightRefused(_("%(name)s has not signed this list.", name=name), "state")
    return _(
        "%(name)s's signature is withdrawn: they are told, and the night's log keeps it.",
        name=name,
    )


def _dispute(game: db.StoredGame, place: stored.TableOfGame, name: str, form: SignForm) -> str:
    """Stores ``name``'s dispute of the posted hand; returns what to say."""
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
                "A table's list has at most %(most)d disputed hands; the organiser settles them.",
                most=CLUB_MAX_DISPUTES_PER_TABLE,
            ),
            "hand",
        ) from None
    return _(
        "%(name)s disputes hand %(hand)d: the organiser will look at it.", name=name, hand=hand
    )
