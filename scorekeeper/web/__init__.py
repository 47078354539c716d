"""The table app: its factory, and a package per area, each with its routes, forms and
errors: ``games/`` (a game, its hands, sheets, links, card and rules), ``groups/``,
``club/`` (a club night's pages, its API and files), ``offline/`` (what a phone keeps and
the engine it runs), ``review/`` (history, players, figures, ratings, evenings, import and
export) and ``api/`` (the JSON API and its one error module). Beside them the core they
share: access by edit key and sessions, weight, throttle, languages, responses, the page
forms' base and the error pages.

``create_app`` imports Flask only when called, so that the command line can find the
default database without loading it.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

PACKAGE = Path(__file__).resolve().parent.parent  # scorekeeper/
ROOT = PACKAGE.parent
# Templates and static files live at the top of a checkout; a built package carries them
# inside itself (see setup.py).
# The app is named after the package, so that its instance folder stays where it always was.
APP_NAME = "scorekeeper"
PAGES = PACKAGE if (PACKAGE / "templates").is_dir() else ROOT


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Builds the table app. ``test_config`` overrides any setting, e.g. ``DATABASE``.

    The database defaults to ``scorekeeper.db`` in the instance folder; the environment
    variable ``SCOREKEEPER_DATABASE`` overrides it. The secret key comes from
    ``SCOREKEEPER_SECRET_KEY`` or from a file the app writes once in the instance folder,
    so that sessions (and the edit links a phone remembers) survive a restart.
    """
    from flask import Flask
    from flask_wtf.csrf import CSRFProtect

    from .. import db
    from ..db import sealing
    from ..db.files import private_folder
    from . import access, club, errors, games, health, i18n, offline, responses, review, throttle
    from . import service as game_service
    from .api import routes as api
    from .groups import routes as groups
    from .json_provider import JSONProvider

    app = Flask(
        APP_NAME,
        instance_relative_config=True,
        template_folder=str(PAGES / "templates"),
        static_folder=str(PAGES / "static"),
    )
    app.json = JSONProvider(app)
    app.config.from_mapping(
        DATABASE=os.environ.get("SCOREKEEPER_DATABASE")
        or os.path.join(app.instance_path, "scorekeeper.db"),
        # A hand can take longer than an hour to play; the token lives as long as the session.
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        # The cookie is re-sent when it changes, not on every page view.
        SESSION_REFRESH_EACH_REQUEST=False,
        # Static URLs carry a content hash (see responses.static_url), so they never go stale.
        SEND_FILE_MAX_AGE_DEFAULT=timedelta(days=365),
        MAX_CONTENT_LENGTH=64 * 1024,
        # Rendered scoreboards kept in memory, in bytes (SCOREKEEPER_PAGE_CACHE in MB; 0
        # turns the cache off, e.g. to measure).
        PAGE_CACHE_SIZE=int(float(os.environ.get("SCOREKEEPER_PAGE_CACHE", "32")) * 2**20),
        # The address links and QR codes carry (``serve --public-url``); without it, the
        # server's own address as ``serve`` found it, or the request's (see links.py).
        PUBLIC_URL=os.environ.get("SCOREKEEPER_PUBLIC_URL") or None,
        # Bounds on one request's work, so that none holds a server thread for long however
        # many games the database holds: games per page of History and of a player's page,
        # hands replayed for career and head-to-head figures, hands in one export file.
        PAGE_SIZE=20,
        FIGURES_MAX_HANDS=5_000,
    )
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("SCOREKEEPER_SECRET_KEY") or _instance_secret(
            Path(app.instance_path)
        )
    # Folders that will hold the group's data are made 0700 (see db.files).
    private_folder(Path(app.config["DATABASE"]).parent)
    # No start on links whose keys are missing or unreadable (a restore that forgot the
    # secrets folder): checked before the upgrade, so a refused start changes nothing.
    sealing.check_secrets(app.config["DATABASE"])
    # Templates are indented for people; the phone gets pages without that whitespace.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    db.init_app(app)
    i18n.init_app(app)
    # Before the import's and CSRFProtect's checks, which read a posted file: a heavy
    # request finding no free slot is answered before its body is read.
    throttle.init_app(app)
    # Before CSRFProtect, whose check reads the form: the import page takes larger files.
    review.imports.init_app(app)
    csrf = CSRFProtect(app)
    csrf.exempt(api.bp)  # the API authenticates with a Bearer key, never with cookies
    for view in club.api.VIEWS:  # the club night's API, by its group's key alike
        csrf.exempt(view)
    csrf.exempt(i18n.choose_language)  # checked by Origin headers: see from_this_site
    csrf.exempt(games.routes.rematch)  # on a cached page too: checked the same way
    # One blueprint per area: its views register their routes on it.
    app.register_blueprint(games.bp)
    app.register_blueprint(groups.bp)
    app.register_blueprint(club.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(review.bp)
    app.register_blueprint(offline.bp)
    # The app's own route, beside i18n's language choice: no area's.
    app.add_url_rule("/healthz", view_func=health.healthz)
    errors.init_app(app)
    responses.init_app(app)
    # A cookie from before issue 29 has its keys and memberships moved to the server.
    app.before_request(access.adopt_old_session)
    # A phone removed from a group is told so, and its service worker forgets its pages.
    app.before_request(access.notice_removals)
    app.after_request(access.tell_worker)
    app.after_request(access.csrf_secret_with_the_phone)
    app.jinja_env.filters["kind_name"] = game_service.kind_name
    app.jinja_env.filters["hand_words"] = game_service.hand_words
    app.jinja_env.filters["group_name"] = game_service.group_name
    return app


def default_database() -> str:
    """The database file the app uses when none is given: ``$SCOREKEEPER_DATABASE``, else
    ``scorekeeper.db`` in the instance folder Flask finds for this package. Found without
    building the app, for the command line's import and export."""
    from flask.sansio.scaffold import find_package

    if os.environ.get("SCOREKEEPER_DATABASE"):
        return os.environ["SCOREKEEPER_DATABASE"]
    prefix, package_path = find_package(APP_NAME)
    if prefix is None:
        instance = os.path.join(package_path, "instance")
    else:
        instance = os.path.join(prefix, "var", f"{APP_NAME}-instance")
    return os.path.join(instance, "scorekeeper.db")


def _instance_secret(instance: Path) -> str:
    """The key in the instance folder's ``secret_key``, written there first if missing.

    The key is written to a file of its own and then linked to its name, which fails if
    the name is taken: the file never exists without its key, so a server starting at the
    same moment as another reads the other's whole key (never an empty one) and both sign
    sessions alike.
    """
    path = instance / "secret_key"
    if path.exists():
        return _key_in(path)
    from ..db.files import private_folder

    private_folder(instance)
    key = secrets.token_hex(32)
    fd, draft = tempfile.mkstemp(prefix=".secret_key-", dir=instance)  # mode 0o600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(key)
        os.link(draft, path)
    except FileExistsError:  # another process wrote it first
        return _key_in(path)
    finally:
        os.unlink(draft)
    return key


def _key_in(path: Path) -> str:
    """The key the file ``path`` holds. Raises CannotStart naming it when it holds none
    (emptied, or not text): sessions signed with no key would fail on every page."""
    from ..problems import CannotStart

    try:
        key = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise CannotStart(
            f"{path} cannot be read ({getattr(exc, 'strerror', None) or exc}): it signs the "
            "phones' sessions; put it back from your backups, or remove it and every phone "
            "signs in again with its invite link",
            "SCOREKEEPER_SECRET_KEY",
        ) from None
    if not key:
        raise CannotStart(
            f"{path} holds no key: it signs the phones' sessions; put it back from your "
            "backups, or remove it and every phone signs in again with its invite link",
            "SCOREKEEPER_SECRET_KEY",
        )
    return key
