"""Error pages and JSON errors: every failure is a readable page or ``{"error", "field"}``,
never a stack trace. Paths under ``/api/`` always answer JSON."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, jsonify, make_response, render_template, request
from flask_babel import force_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import (
    BadRequest,
    HTTPException,
    InternalServerError,
    NotFound,
    ServiceUnavailable,
)

from .. import transfer
from ..db import NotFound as NotStored
from ..db.sealing import SecretsProblem
from ..names import LookAlike
from .access import no_game
from .i18n import translate

TITLES = {
    400: _l("That request could not be read"),
    403: _l("This link cannot change the game"),
    404: _l("Not found"),
    405: _l("That action is not allowed here"),
    409: _l("Conflict"),
    413: _l("That request is too large"),
    422: _l("Please check the form"),
    429: _l("Too many at once"),
    500: _l("Something went wrong"),
    503: _l("Busy: try again in a moment"),
}


def wants_json() -> bool:
    return request.path.startswith("/api/")


def json_error(status: int, message: str, field: str | None = None):
    """A JSON error response ``{"error": message, "field": field}``."""
    response = jsonify({"error": message, "field": field})
    response.status_code = status
    return response


def http_error(exc: HTTPException):
    status = exc.code or 500
    if wants_json():
        # The JSON API answers in English whatever the browser asks for.
        with force_locale("en"):
            message = http_message(exc)
        response = json_error(status, message, getattr(exc, "field", None))
    else:
        page = render_template(
            "error.html",
            status=status,
            title=getattr(exc, "title", None) or TITLES.get(status),
            message=http_message(exc),
        )
        response = make_response(page, status)
    if getattr(exc, "valid_methods", None):
        response.headers["Allow"] = ", ".join(exc.valid_methods)
    if getattr(exc, "retry_after", None) is not None:
        response.headers["Retry-After"] = str(exc.retry_after)
    return response


def http_message(exc: HTTPException) -> str:
    # Our own aborts pass a short sentence; werkzeug's defaults are long and generic.
    if exc.description and exc.description != type(exc).description:
        return exc.description
    return {
        400: _("The request was malformed."),
        403: _("You need this game's edit link or key to change it."),
        404: _("There is nothing at this address. Check the link."),
        405: _("This address does not accept that method."),
        413: _("The request body is too large."),
    }.get(exc.code or 500, _("The server could not handle that request."))


def csrf_message() -> str:
    return _(
        "The form expired or came from another site. Go back, reload the page and try again; "
        "nothing was saved."
    )


def _csrf_error(exc: CSRFError):
    if wants_json():
        with force_locale("en"):
            return json_error(400, csrf_message(), "csrf_token")
    page = render_template("error.html", status=400, title=TITLES[400], message=csrf_message())
    return page, 400


def _not_stored(exc: NotStored):
    """A game or hand the data layer no longer finds (another phone was quicker): 404, in
    the page's words (the API's own handler answers JSON first)."""
    game_id = (request.view_args or {}).get("game_id")
    number = (request.view_args or {}).get("number")
    if exc.field == "number" and isinstance(game_id, int) and isinstance(number, int):
        return http_error(
            NotFound(_("Game %(game)d has no hand %(number)d.", game=game_id, number=number))
        )
    if isinstance(game_id, int):
        return http_error(NotFound(no_game(game_id)))
    return http_error(NotFound())


def _look_alike(exc: LookAlike):
    """A name the data layer refused as it stored it, as looking like a player of the
    group (``names.LookAlike``), where no view said it first (two phones at once): 400,
    naming the player, as the form would."""
    if wants_json():
        with force_locale("en"):
            return json_error(422, str(exc.message), exc.field)
    return http_error(BadRequest(translate(exc.message)))


def _unexpected(exc: Exception):
    if isinstance(exc, HTTPException):
        return http_error(exc)
    # Logged with its traceback; the player sees a plain page.
    current_app.logger.exception("unhandled error", exc_info=exc)
    return http_error(InternalServerError(_("Something went wrong. Nothing was changed.")))


# Seconds a phone is asked to wait when the database stayed busy past a statement's wait.
BUSY_RETRY_SECONDS = 5


def _database_error(exc: sqlite3.OperationalError):
    """The database still locked by another connection after a statement's wait (a backup
    or a replica's snapshot holding it on a loaded machine): 503 with Retry-After, nothing
    changed (the request's transaction rolled back), a line in the log without a
    traceback. Any other database error is unexpected (500, logged with its traceback)."""
    if "locked" not in str(exc) and "busy" not in str(exc):
        return _unexpected(exc)
    current_app.logger.warning(
        "the database stayed locked past its wait (%s %s): answered 503",
        request.method,
        request.path,
    )
    unavailable = ServiceUnavailable(
        _("The server is busy just now. Nothing was changed; try again in a moment.")
    )
    unavailable.retry_after = BUSY_RETRY_SECONDS
    return http_error(unavailable)


# Seconds a phone is asked to wait when the server's keys cannot be used: its host must
# put them right, which takes longer than a busy moment.
KEYS_RETRY_SECONDS = 300
# The key problems this process has logged (each once; a handful at most).
_LOGGED_KEY_PROBLEMS: set[str] = set()


def _secrets(exc: SecretsProblem):
    """The server's keys unusable since it started (a key file removed or corrupt, the
    folder moved away): 503 with Retry-After, never a 500; the log names the file once."""
    if exc.message not in _LOGGED_KEY_PROBLEMS and len(_LOGGED_KEY_PROBLEMS) < 100:
        _LOGGED_KEY_PROBLEMS.add(exc.message)
        current_app.logger.error(
            "%s; links cannot be made or shown until it is put right (docs/hosting.md, "
            '"What to keep besides the database")',
            exc.message,
        )
    unavailable = ServiceUnavailable(
        _(
            "The server cannot make or open links just now: its keys need its host's "
            "attention. Nothing was changed; try again later."
        )
    )
    unavailable.retry_after = KEYS_RETRY_SECONDS
    unavailable.title = _("Not available just now")  # not busy: waiting for its host
    return http_error(unavailable)


def problem_text(problem: transfer.ImportProblem) -> str:
    """A refused file's problem in the page's language: where, the field and the rule."""
    return _(
        "%(where)s, field %(field)s: %(reason)s",
        where=translate(problem.where),
        field=problem.field,
        reason=translate(problem.message),
    )


def init_app(app: Flask) -> None:
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(NotStored, _not_stored)
    app.register_error_handler(LookAlike, _look_alike)
    app.register_error_handler(SecretsProblem, _secrets)
    app.register_error_handler(sqlite3.OperationalError, _database_error)
    app.register_error_handler(Exception, _unexpected)
