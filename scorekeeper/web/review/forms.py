"""The forms of looking back at a game: its name and notes."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import StringField, SubmitField, TextAreaField

from ..forms import PageForm


class GameDetailsForm(PageForm):
    """A game's name and notes."""

    name = StringField(_l("Name"))
    notes = TextAreaField(_l("Notes"))
    save = SubmitField(_l("Save"))
