"""Pages for whole games: home, new game, scoreboard, edit link and revisions."""

from __future__ import annotations

import secrets
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    url_for,
)

from . import db
from .access import (
    can_edit,
    game_and_hands_or_404,
    game_or_404,
    remember_key,
    remembered_key,
)
from .engine import KNOB_HELP, PRESETS, EngineError, RuleSettings, preset, preset_name_of
from .engine.progression import leaders_of
from .forms import FieldProblem, NewGameForm, clean_player_names
from .responses import CachedPage, page_cache
from .scoreboard import describe, rows_of, standing_of, total

bp = Blueprint("games", __name__)


def rules_label(game: db.Game) -> str:
    """The preset a game started from, noting house rules when any setting differs."""
    same = preset_name_of(game.settings)
    return game.rules if same == game.rules else f"{game.rules} + house rules"


def settings_for(rules: Any, changes: dict[str, Any], target: Any) -> tuple[str, RuleSettings]:
    """The preset's name and the game's full settings; raises EngineError naming the knob."""
    if not isinstance(rules, str):
        raise FieldProblem("rules", f"rules must name a preset: {', '.join(PRESETS)}")
    base = preset(rules)
    if target is not None:
        changes = {**changes, "target": target}
    return rules.strip().lower(), base.with_changes(changes)


def first_dealer_of(value: Any) -> int:
    """A seat 0..3, or a random one for ``"random"`` or None; raises FieldProblem."""
    if value is None or value == "random":
        return secrets.randbelow(4)
    if isinstance(value, bool) or str(value).strip() not in ("0", "1", "2", "3"):
        raise FieldProblem("first_dealer", 'first_dealer must be a seat 0..3 or "random"')
    return int(str(value).strip())


def start_game(
    players: Any, rules: Any, changes: dict[str, Any], target: Any, first_dealer: Any
) -> tuple[int, str]:
    """Checks and stores a new game; returns (id, edit key). Raises FieldProblem or
    EngineError naming the field."""
    names = clean_player_names(players)
    if not isinstance(changes, dict):
        raise FieldProblem("settings", "settings must be an object of rule settings")
    rules_name, settings = settings_for(rules, changes, target)
    return db.create_game(db.get_db(), names, rules_name, settings, first_dealer_of(first_dealer))


@bp.get("/")
def home():
    database = db.get_db()
    summaries = [
        _summary(game)
        for game in db.list_games(database, "in_progress") + db.list_games(database, "finished")
    ]
    return render_template(
        "home.html",
        playing=[s for s in summaries if s["status"] == "in_progress"],
        finished=[s for s in summaries if s["status"] == "finished"],
    )


def _summary(game: db.Game) -> dict[str, Any]:
    if game.winner is not None:
        leading = [game.winner]
    else:
        leading = list(leaders_of(game.totals)) if game.hand_count else []
    return {
        "id": game.id,
        "date": game.created_at[:10],
        "players": game.players,
        "status": game.status,
        "hands": game.hand_count,
        "leaders": [(game.players[s], total(game.totals[s])) for s in leading],
        "mine": can_edit(game),
    }


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    form = NewGameForm()
    if form.validate_on_submit():
        try:
            game_id, key = start_game(
                form.player_names(),
                form.rules.data,
                form.knob_changes(),
                form.target.data,
                form.first_dealer.data,
            )
        except (FieldProblem, EngineError) as exc:
            _field_error(form, exc.field or "rules", exc.message)
        else:
            remember_key(game_id, key)
            return redirect(url_for("games.scoreboard", game_id=game_id))
    return render_template(
        "new_game.html",
        form=form,
        names=db.known_player_names(db.get_db()),
        presets={name: settings.to_dict() for name, settings in PRESETS.items()},
        knob_help=KNOB_HELP,
    ), (422 if form.errors else 200)


def _field_error(form: NewGameForm, field: str, message: str) -> None:
    name = field.replace("players[", "player_").rstrip("]")
    target = form._fields.get(name, form.rules)
    target.errors = [*target.errors, message]


@bp.get("/games/<int:game_id>")
def scoreboard(game_id: int):
    """The scoreboard. The page depends only on the game's version, the host and whether
    this browser may edit, so it is cached under those and carries them as its ETag; a
    page with a message to show once (after a save) is rendered fresh."""
    game = game_or_404(game_id)
    editable = can_edit(game)
    messages = get_flashed_messages(with_categories=True)
    key = (request.host, game.id, game.version, editable)
    page = None if messages else page_cache().get(key)
    if page is None:
        game, hands = game_and_hands_or_404(game_id)  # both as of one moment
        page = CachedPage.of(_render_scoreboard(game, hands, editable))
        key = (request.host, game.id, game.version, editable)
        if not messages:
            page_cache().put(key, page)
    response = page.response()
    response.headers["Cache-Control"] = "private, no-cache"
    if not messages:
        # Weak: the same page may travel gzipped or not.
        response.set_etag(".".join(str(part) for part in key), weak=True)
        response.make_conditional(request)
    return response


def _render_scoreboard(game: db.Game, hands: list[db.StoredHand], editable: bool) -> str:
    progress = db.progress_of(game, hands)
    key = remembered_key(game.id) if editable else None
    return render_template(
        "scoreboard.html",
        game=game,
        rules=rules_label(game),
        standing=standing_of(progress),
        rows=rows_of(progress),
        editable=editable,
        edit_url=url_for("games.edit_link", game_id=game.id, key=key, _external=True)
        if key
        else None,
        view_url=url_for("games.scoreboard", game_id=game.id, _external=True),
    )


@bp.get("/games/<int:game_id>/edit/<key>")
def edit_link(game_id: int, key: str):
    """Opening the edit link makes this browser remember the key; the game is unchanged."""
    game = game_or_404(game_id)
    if not db.key_matches(game, key):
        abort(403, "This edit link is wrong or out of date. Ask for the game's edit link again.")
    remember_key(game_id, key)
    flash("This phone can now record and edit hands in this game.", "info")
    return redirect(url_for("games.scoreboard", game_id=game_id))


@bp.get("/games/<int:game_id>/revisions")
def revisions(game_id: int):
    game = game_or_404(game_id)
    history = db.load_revisions(db.get_db(), game_id)
    return render_template(
        "revisions.html",
        game=game,
        revisions=[
            {
                "number": r.number,
                "revision": r.revision,
                "action": r.action,
                "when": r.created_at.replace("T", " ")[:16],
                "text": describe(r.hand, game.players),
            }
            for r in history
        ],
    )
