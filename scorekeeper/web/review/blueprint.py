"""The ``review`` blueprint that every page of looking back registers its routes on."""

from flask import Blueprint

bp = Blueprint("review", __name__)
