"""What every page's form is built from: forms check shape only (text, numbers,
choices); the engine decides what is legal. ``PageForm`` (read from the form body only),
whole numbers read as the engine reads them, choices refused in players' words, the empty
``ConfirmForm`` for a POST button, and a preset's name. Each area's own forms live beside
its routes (``games/forms.py``, ``groups/forms.py``, ``review/forms.py``).
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
)
from wtforms.validators import StopValidation, ValidationError

from ..engine import Game, Message, ParseError, parse_int
from ..names import (  # noqa: F401  (re-exported: views import them from here)
    MAX_GAME_NAME_LENGTH,
    MAX_NAME_LENGTH,
    MAX_NOTES_LENGTH,
    PLAYER_ORDINALS,
    FieldProblem,
    clean_game_details,
    clean_name,
    clean_player_names,
)
from .i18n import PageText, choice_refused, translate


def options(pairs) -> list[SelectChoice]:
    """Choices for a radio or select field from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def said_as(field: Any) -> Any:
    """How a refusal names a field: its ``description`` where the form gives one (a seat's
    field names its player: "Bid for Noa"), else its label."""
    return field.description or field.label.text


class ChoiceProblem:
    """A choice field that refuses a value it does not offer in players' words: the field,
    the value sent and what it may be (WTForms says only "Not a valid choice.")."""

    def pre_validate(self, form: Any) -> None:
        try:
            super().pre_validate(form)  # type: ignore[misc]
        except ValidationError:
            # ``iter_choices`` reads the choices as WTForms does, whatever their shape: a view
            # may set them as (value, label) pairs, which have no ``.value``.
            offered = [str(c.label) for c in self.iter_choices() if c.value != ""]  # type: ignore[attr-defined]
            sent = str((self.raw_data or [""])[0])  # type: ignore[attr-defined]
            raise ValidationError(choice_refused(said_as(self), offered, sent)) from None


class KeyField(ChoiceProblem, RadioField):
    """A row of keys (radios)."""


class MenuField(ChoiceProblem, SelectField):
    """A drop-down menu."""


class PageForm(FlaskForm):
    """A form a page posts, read from the form body only.

    Flask-WTF also reads a JSON body as the form, and fails with a 500 on one that is no
    object or is nested too deep; pages are posted as forms, and JSON belongs to the API.
    """

    class Meta(FlaskForm.Meta):
        def wrap_formdata(self, form: Any, formdata: Any) -> Any:
            if request.is_json:
                return None
            return super().wrap_formdata(form, formdata)


class WholeNumberField(IntegerField):
    """A number box read by the engine's ``parse_int``, so a form takes exactly the numbers
    the API and the command line take (WTForms' ``int()`` would also read "٣" and "1_000"),
    and says what is wrong in the engine's words, naming the field by its label."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        try:
            self.data = parse_int(valuelist[0], self.name, label=PageText(said_as(self)))
        except ParseError as exc:
            self.data = None
            raise ValueError(translate(exc.message)) from None

    def pre_validate(self, form: Any) -> None:
        # Text that is no number needs one message, not a second one from a range check;
        # a blank box still goes on to Optional(), which lets it through.
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()


def lazy_words(message: Message) -> Any:
    """A label from the engine, translated when the page is rendered."""
    return _l(message.template)


def preset_label(game: Game, name: str) -> Any:
    """What players call a preset (the stored name when the game has no word for it)."""
    words = game.preset_words.get(name)
    return lazy_words(words[0]) if words else name


class ConfirmForm(PageForm):
    """An empty form: only the CSRF token, for a POST button such as "Delete hand"."""
