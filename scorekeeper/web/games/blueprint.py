"""The ``games`` blueprint that every view of a game registers its routes on: starting one
and its scoreboard (``routes``), its hands (``hands``), its sheets (``sheets``), its links
(``share``), its result card (``card``) and the rules pages (``rules``)."""

from flask import Blueprint

bp = Blueprint("games", __name__)
