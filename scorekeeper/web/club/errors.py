"""How a club night refuses a request (microblog's ``errors`` of an area): ``NightRefused``,
which a view shows on its own page naming the field, and the blueprint's handlers, which
answer a refusal that leaves a view as the API does under ``/api/`` (``{"error",
"field"}``, through the API's one error module) and as an error page elsewhere. Every
answer of the area is ``Cache-Control: private, no-store``: each one is for a member of
the group, or carries a key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint
from werkzeug.exceptions import HTTPException, NotFound, UnprocessableEntity

from ... import db, json_input
from ...engine import EngineError
from ...problems import Problem
from ..api import errors as api_errors
from ..errors import http_error, wants_json
from ..forms import FieldProblem
from ..i18n import translate


class NightRefused(Problem):
    """A request the night refuses: ``field`` and the message, in the table's words."""


def _page_refusal(exc: Any) -> HTTPException:
    if isinstance(exc, api_errors.ApiError):
        refused = HTTPException(str(exc.message))
        refused.code = exc.status
        return refused
    if isinstance(exc, db.NotFound):
        return NotFound()
    return UnprocessableEntity(translate(exc.message))


def _answered(api_answer: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def answer(exc: Any) -> Any:
        if wants_json():
            return api_answer(exc)
        return http_error(_page_refusal(exc))

    return answer


def init_blueprint(bp: Blueprint) -> None:
    """Gives the area's blueprint its refusals (see the module) and private answers."""
    bp.register_error_handler(api_errors.ApiError, _answered(api_errors.refused))
    bp.register_error_handler(EngineError, _answered(api_errors.unprocessable))
    bp.register_error_handler(FieldProblem, _answered(api_errors.unprocessable))
    bp.register_error_handler(json_input.JsonProblem, _answered(api_errors.unreadable))
    bp.register_error_handler(db.NotFound, _answered(api_errors.not_found))
    bp.after_request(api_errors.private)
