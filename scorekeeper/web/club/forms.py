"""A club night's forms (Flask-WTF, as every area's): they check shape only, each list
from outside under a named limit; each number goes as typed to the engine's one parser
(``engine.club.night_rules``, ``whole_or_none``), which names the field and its range;
what a night may be is the engine's to say, and who may post each form is the role's
(``roles``)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField
from wtforms import Field, HiddenField, StringField, SubmitField, TextAreaField
from wtforms.validators import Length, Optional, ValidationError

from ..forms import KeyField, MenuField, PageForm, options
from .service import MOST_PLAYERS

MAX_NOTE_LENGTH = 200
"""A dispute's note: what is wrong with the hand, in a line."""
MAX_NIGHT_NAME_LENGTH = 60
MAX_NAMES_TEXT = MOST_PLAYERS * 40
"""The players typed one to a line: every player a night may have, each name at most
``MAX_NAME_LENGTH`` characters, with room to spare."""
MAX_NAME_VALUES = MOST_PLAYERS * 2
"""Names posted one to a box (the players ticked), at most: twice the night's players."""


class NamesField(Field):
    """Names posted one to a box (the players ticked), each box possibly holding several
    one to a line (a list pasted): every line, in order, at most ``MAX_NAME_VALUES`` boxes
    and ``MAX_NAMES_TEXT`` characters. Cleaning and doubles are the night's
    (``service.read_players``)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if len(valuelist) > MAX_NAME_VALUES or sum(len(str(v)) for v in valuelist) > MAX_NAMES_TEXT:
            self.data = []
            raise ValueError(_l("A night has at most %(most)d players.", most=MOST_PLAYERS))
        self.data = [line for value in valuelist for line in str(value).splitlines()]

    def _value(self) -> str:
        return "\n".join(self.data or [])


def first_problems(form: Any) -> dict[str, str]:
    """A form's shape problems by field, the first of each, in the page's words."""
    return {name: str(errors[0]) for name, errors in form.errors.items() if errors}


def _no_longer_than(limit: int, words: Any) -> Length:
    return Length(max=limit, message=words)


class StartNightForm(PageForm):
    """A new night: its game and rules (chosen first, on the page's choice of game), its
    name, series, deals per player, target, how the standings count, and who is here."""

    game = HiddenField()
    rules = HiddenField()
    name = StringField(
        _l("Name of the night (optional)"),
        validators=[
            _no_longer_than(
                MAX_NIGHT_NAME_LENGTH,
                _l("The night's name is at most %(max)d characters.", max=MAX_NIGHT_NAME_LENGTH),
            )
        ],
    )
    # The night's numbers go to the engine as typed: its one parser reads them and says
    # what is wrong with the field's range ("Series must be a whole number from 1 to 12").
    series = StringField(_l("Series"))
    deals_per_player = StringField(_l("Deals per player in a series"))
    target = StringField(_l("Target score"))
    scoring = KeyField(
        _l("The standings count"),
        choices=options(
            [
                ("points", _l("Points: each player's total at their tables")),
                ("placing", _l("Places: points for each player's place at their table")),
            ]
        ),
        default="points",
    )
    player = NamesField(_l("Players present"))
    guests = TextAreaField(
        _l("Guests and anyone not listed, one name to a line"),
        validators=[_no_longer_than(MAX_NAMES_TEXT, _l("The list of names is too long."))],
    )
    everyone = SubmitField()  # "Everyone listed is here": the form again, every name ticked
    draw = SubmitField()  # "Draw the tables"


class NextSeriesForm(PageForm):
    """The next series: who is here (everyone who played, ticked, less those who left),
    the late arrivals typed one to a line, and whether the organiser confirmed the draw."""

    present = NamesField(_l("Players present for the next series"))
    late = TextAreaField(
        _l("Late arrivals, one name to a line"),
        validators=[_no_longer_than(MAX_NAMES_TEXT, _l("The list of names is too long."))],
    )
    confirmed = HiddenField()


class SignForm(PageForm):
    """A signature, a signature taken back, or a disputed hand, for a player of the table."""

    name = StringField(validators=[_no_longer_than(200, _l("The name is too long."))])
    action = HiddenField()
    sure = HiddenField()
    # The list as the player was shown it: the game's version, and its last hand
    # revision (to name the hands changed since, when the version is no longer the game's).
    version = HiddenField()
    revision = HiddenField()
    hand = StringField(_l("Hand number"))  # read against the list's hands (``lists``)
    note = StringField(
        _l("What is wrong (optional)"),
        validators=[
            _no_longer_than(
                MAX_NOTE_LENGTH,
                _l("The note is at most %(limit)d characters.", limit=MAX_NOTE_LENGTH),
            )
        ],
    )


class SettleForm(PageForm):
    """How a disputed hand was settled."""

    outcome = KeyField(
        _l("How is it settled?"),
        choices=options(
            [
                ("corrected", _l("Corrected on the table's game")),
                ("kept", _l("Kept as recorded")),
            ]
        ),
    )


class ImportForm(PageForm):
    """A night's file, as its standings page exports it."""

    file = FileField(_l("A club night's file (JSON), as its standings page exports it"))


class SecondOrganiserForm(PageForm):
    """The member the organiser names second organiser ("": none)."""

    second = MenuField(_l("Second organiser"), choices=[])


class TablePhoneForm(PageForm):
    """Where an organiser moves a table's recording: a member's phone, or "" for none
    (whichever player of the table takes it)."""

    to = MenuField(_l("The phone that records the table"), choices=[])


class TakeoverForm(PageForm):
    """A member's request to take the night over, or (``withdraw``) taken back."""

    withdraw = SubmitField()


class TakeoverAnswerForm(PageForm):
    """The organiser's answer to a request to take the night over."""

    answer = KeyField(
        choices=options([("hand_over", _l("Hand it over")), ("keep", _l("Keep organising"))])
    )


class GroupKeyForm(PageForm):
    """The group's key, typed by whoever holds it on a phone that did not make it."""

    key = StringField(_l("The group's key"), validators=[Optional()])

    def validate_key(self, field: Field) -> None:
        if field.data and len(field.data) > 200:
            raise ValidationError(_l("That is not the group's key."))
