"""The JSON API's one error module: how every API blueprint (the games' and groups' ``api``,
the club's ``club.api``) refuses a request, and reads the body and the group's key it
refuses on. Every refusal is ``{"error": message, "field": name}``: 400 for a body that is
not a JSON object, 401 for a group's route without a key, 404 for what does not exist or
may not be read (the same answer), 422 for a value the engine or the shape check refuses;
every answer is ``Cache-Control: private, no-store``. ``init_blueprint`` gives a blueprint
all of that; a blueprint adds only what is its own (the games' 409 with the hand as
stored)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from ... import db, json_input
from ...engine import EngineError
from ...problems import Problem
from ..access import bearer_key
from ..errors import json_error
from ..forms import FieldProblem
from ..responses import PRIVATE


class ApiError(Problem):
    """A request the API refuses, answered with ``status``."""

    def __init__(self, message: str, field: str | None = None, status: int = 422) -> None:
        super().__init__(message, field)
        self.status = status


def refused(exc: ApiError):
    """An ``ApiError`` as its answer (401 names the scheme the key is sent in)."""
    response = json_error(exc.status, exc.message, exc.field)
    if exc.status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


def unprocessable(exc: EngineError | FieldProblem):
    """A value the engine or the shape check refuses."""
    return json_error(422, exc.message, exc.field)


def unreadable(exc: json_input.JsonProblem):
    """A body that is not JSON at all (400), or a value in it past json_input's limits."""
    if exc.field in ("encoding", "json"):
        return json_error(400, f"the body must be a JSON object; {exc.message}", "body")
    return json_error(422, exc.message, exc.field)


def not_found(exc: db.NotFound):
    return json_error(404, exc.message, exc.field)


def private(response: Response) -> Response:
    """No cache keeps an answer of the API: each one carries or was read with a key, an
    invite or a token."""
    response.headers["Cache-Control"] = PRIVATE
    return response


def init_blueprint(bp: Blueprint) -> None:
    """Answers every refusal of ``bp`` as the API does, and keeps its answers private."""
    bp.register_error_handler(ApiError, refused)
    bp.register_error_handler(EngineError, unprocessable)
    bp.register_error_handler(FieldProblem, unprocessable)
    bp.register_error_handler(json_input.JsonProblem, unreadable)
    bp.register_error_handler(db.NotFound, not_found)
    bp.after_request(private)


def body(allowed: set[str]) -> dict[str, Any]:
    """The request's JSON object, read within json_input's limits; raises ApiError or
    JsonProblem."""
    found = json_input.loads(request.get_data(cache=True)) if request.is_json else None
    if not isinstance(found, dict):
        raise ApiError("the body must be a JSON object", "body", 400)
    unknown = sorted(set(found) - allowed)
    if unknown:
        raise ApiError(
            f"unknown field {unknown[0]!r}; known fields: {', '.join(sorted(allowed))}",
            unknown[0],
        )
    return found


# Compared against when there is no such group, so that an unknown id takes as long to
# refuse as a wrong key.
NO_GROUP = db.Group(0, None, "", "0" * 64, 0, "")


def group_key() -> str:
    """The request's ``Authorization: Bearer`` key; 401 without one."""
    key = bearer_key()
    if key is None:
        raise ApiError(
            "a group's games need its key: send 'Authorization: Bearer <group key>'",
            "Authorization",
            401,
        )
    return key


def group_key_required(group_id: int) -> db.Group:
    """The group whose key is this request's ``Authorization: Bearer``: 401 without a
    key, 404 for an unknown group or a wrong key alike."""
    key = group_key()
    group = db.load_group(db.get_db(), group_id)
    matched = db.group_key_matches(group or NO_GROUP, key)
    if group is None or not matched:
        raise db.NotFound(f"there is no group {group_id}", "id")
    return group
