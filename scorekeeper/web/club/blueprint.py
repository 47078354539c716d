"""The ``club`` blueprint that every view of a club night registers its routes on: its
pages (``routes``, ``organiser``), its files (``files``) and its JSON API (``api``)."""

from flask import Blueprint

bp = Blueprint("club", __name__)
