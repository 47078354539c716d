"""The one base of the app's own errors: ``Problem(message, field)``.

Every error type of scorekeeper takes ``(message, field)`` in that order, then whatever
else it carries (``ImportProblem``'s ``where``, ``ApiError``'s ``status``,
``Conflict``'s ``current`` hand), and keeps them as ``.message`` and ``.field``: so one
handler per blueprint turns any of them, or an engine error (``EngineError`` takes the
same two), into a page's error or the API's ``{"error", "field"}``.

Flask-free, so that the data layer, the file formats and the command line raise them too.
"""

from __future__ import annotations


class Problem(Exception):
    """Something the app refuses: ``message`` says what is wrong, ``field`` where (None
    when no one field is to blame)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return str(self.message)


class CannotStart(Problem):
    """Why the server must not start (a folder it cannot keep private, its secrets
    missing): ``message`` names the file or folder and what to do; ``field`` the option
    that chose it (``--db``)."""
