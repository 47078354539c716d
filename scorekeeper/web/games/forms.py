"""A game's forms: the new game's (one class per registered game, its fields from the
game's seats, presets and knobs), a change of seat, and the hand form.

There is one hand form, ``HandForm``: what the page posts besides its entries (the CSRF
token, the hand's number, the revision of a hand being edited), which draws itself as the
engine's page model (``engine.pages.form``, whose entries are the engine's to check and
draw).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l
from wtforms import Field, IntegerField, StringField
from wtforms.validators import Optional
from wtforms.widgets import HiddenInput

from ...engine import EngineError, Game, Knob, get_game
from ...engine import msg as engine_msg
from ...engine.core.game import seat_counts, table_knobs
from ...engine.pages.form import HandFormPage, Problems, Table, hand_form
from ..forms import (
    ConfirmForm,
    KeyField,
    MenuField,
    PageForm,
    WholeNumberField,
    lazy_words,
    options,
    preset_label,
)
from ..i18n import translate

# The seats before the players have names, e.g. on the first-dealer keys; and the players'
# fields, for games of up to eight.
SEAT_ORDINALS = (
    _l("1st"),
    _l("2nd"),
    _l("3rd"),
    _l("4th"),
    _l("5th"),
    _l("6th"),
    _l("7th"),
    _l("8th"),
)
PLAYER_LABELS = (
    _l("1st player"),
    _l("2nd player"),
    _l("3rd player"),
    _l("4th player"),
    _l("5th player"),
    _l("6th player"),
    _l("7th player"),
    _l("8th player"),
)


# The parts of the house rules that every game may have (the new game's form and the
# rules page title them alike); a game titles its own groups
# (``PageWords.group_titles``).
GROUP_TITLES = {
    "deal": _l("The deal"),
    "scoring": _l("Scoring"),
    "play": _l("Play"),
    "end": _l("End of the game"),
    "rules": _l("Other rules"),
}


def knob_label(game: Game, name: str) -> Any:
    """A knob's short name on the new-game form (the knobs of ``game``'s table)."""
    knob = next((k for k in table_knobs(game) if k.name == name), None)
    return lazy_words(knob.label or engine_msg(name)) if knob is not None else name


MAX_NAMES_PAST = 16
"""How many names past a new-game form's last box it looks for (a post that names more
players than the game seats)."""


class NewGameForm(PageForm):
    """A new game of ``game``: made for a game by ``new_game_form_for``, with a name field
    (``player_0``…) and a first-dealer key for each of its seats; for a game whose number
    of players is chosen now (``seat_range``), ``game`` is the game at its most players
    and the names typed say how many play."""

    game: Game
    fewest: int = 0
    """How many names the form needs: every seat's, but for a game with a range."""
    house_rule_knobs: tuple[str, ...] = ()

    def player_fields(self) -> list[Field]:
        return [self[f"player_{s}"] for s in range(self.game.seats)]

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' checks, and no name past the form's last box: a post naming more
        players than the game seats (a script, an older page) is refused as the API
        refuses it, never started with the names that fit."""
        valid = super().validate(extra_validators)
        past = [
            s
            for s in range(self.game.seats, self.game.seats + MAX_NAMES_PAST)
            if (request.form.get(f"player_{s}") or "").strip()
        ]
        if past:
            try:
                self.game.seated(past[-1] + 1)
            except EngineError as exc:
                last = self.player_fields()[-1]
                last.errors = [*last.errors, translate(exc.message)]
                valid = False
        return valid

    def error_links(self) -> list[tuple[str, str]]:
        """Every problem on the form, in page order, with the id of the element it is on."""
        fields = self.player_fields()
        fields += [self.first_dealer, self.rules, *self.target_fields(), *self.start_fields()]
        fields += self.knob_fields()
        return [(field.id, message) for field in fields for message in field.errors]

    def target_fields(self) -> list[Field]:
        """The target's field, where the game is a race to one (Oh Hell is not)."""
        return [self["target"]] if "target" in self._fields else []

    def target_value(self) -> Any:
        """The target typed, or None (blank: the preset's; or a game without one)."""
        return self["target"].data if "target" in self._fields else None

    def player_names(self) -> list[str]:
        """The names as typed; for a game with a range, without the blank fields after the
        last name typed (those the game needs at least stay, to be named as missing)."""
        names = [field.data or "" for field in self.player_fields()]
        while len(names) > self.fewest and not names[-1].strip():
            names.pop()
        return names

    def knob_fields(self) -> list[Field]:
        return [self[name] for name in self.house_rule_knobs]

    def knob_changes(self) -> dict[str, Any]:
        """The house rules the table set; blank fields keep the preset's value."""
        return {
            name: self[name].data
            for name in self.house_rule_knobs
            if self[name].data not in (None, "")
        }

    def start_fields(self) -> list[Field]:
        """The carried-over totals, one per side."""
        return [self[f"start_{side}"] for side in range(len(self.game.sides))]

    def starting_totals(self) -> list[Any] | None:
        """The totals the game starts from, one per side (a blank box is 0); None when all
        are blank. For a game with a range (one seat a side), those of the players named."""
        values = [field.data for field in self.start_fields()]
        if self.fewest < self.game.seats:
            values = values[: len(self.player_names())]
        if all(value in (None, "") for value in values):
            return None
        return [0 if value in (None, "") else value for value in values]

    def preset_description(self, name: str) -> Any:
        words = self.game.preset_words.get(name)
        return lazy_words(words[1]) if words else ""


def _knob_field(game: Game, knob: Knob) -> Field:
    """A field for one knob, by its kind; blank keeps the preset's value."""
    label = knob_label(game, knob.name)
    as_preset = ("", _l("as the preset"))
    if knob.kind == "choice":
        words = [lazy_words(word) for word in knob.choice_labels] or list(knob.choices)
        choices = [as_preset, *zip(knob.choices, words, strict=True)]
    elif knob.kind == "bool":
        choices = [as_preset, ("yes", _l("yes")), ("no", _l("no"))]
    elif knob.kind == "int" and not knob.optional:
        return WholeNumberField(label, validators=[Optional()])
    else:
        # Lists, and numbers that may be unset ("none"): the engine reads the text.
        return StringField(label, validators=[Optional()], filters=[_strip])
    return MenuField(label, choices=options(choices), validators=[Optional()])


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


@functools.cache
def _new_game_form_class(key: str) -> type[NewGameForm]:
    # A game whose number of players is chosen now offers a name field for its most.
    registered = get_game(key)
    counts = seat_counts(registered)
    game = registered.seated(counts[-1])
    every = table_knobs(game)
    seated = type(game.preset(game.default_preset)).seat_knobs()
    # The target has its own field; a knob the names seated decide, none; a list of choices
    # (Doppelkopf's Bock events) is set by the preset, or through the API and --set, since
    # a text box would ask the table for the choices' code names.
    knobs = tuple(
        knob
        for knob in every
        if knob.name != "target" and knob.name not in seated and knob.kind != "choice_list"
    )
    fields: dict[str, Any] = {
        **{f"player_{s}": StringField(PLAYER_LABELS[s]) for s in range(game.seats)},
        "first_dealer": KeyField(
            _l("First dealer"),
            choices=options(
                [("random", _l("Random")), *((str(s), SEAT_ORDINALS[s]) for s in range(game.seats))]
            ),
            default="random",
        ),
        "rules": KeyField(
            _l("Rules"),
            choices=options((name, preset_label(game, name)) for name in game.presets),
            default=game.default_preset,
        ),
        **{knob.name: _knob_field(game, knob) for knob in knobs},
        **{
            f"start_{index}": WholeNumberField(_l("Starting total"), validators=[Optional()])
            for index in range(len(game.sides))
        },
    }
    if any(knob.name == "target" for knob in every):
        # Blank, as a house rule's box: the preset chosen sets its own target (Pinochle's
        # double deck 500, Coinche 2000), and a number typed is the table's own.
        fields["target"] = WholeNumberField(_l("Target score"), validators=[Optional()])
    form_class = type("NewGameForm", (NewGameForm,), fields)
    form_class.game = game
    form_class.fewest = counts[0]
    form_class.house_rule_knobs = tuple(knob.name for knob in knobs)
    return form_class


def new_game_form_for(game: Game) -> NewGameForm:
    """The new-game form for one of the registered games, read from the request."""
    return _new_game_form_class(game.key)()


# --- one hand -----------------------------------------------------------------------------


class HandForm(PageForm):
    """What a hand form posts besides its entries: the CSRF token, the hand's number and
    the revision of a hand being edited. The entries are the engine's to check
    (``engine.pages.form``: their shape, then the rules) and to draw again."""

    number = WholeNumberField(widget=HiddenInput(), validators=[Optional()])
    revision = WholeNumberField(widget=HiddenInput(), validators=[Optional()])

    def set_hidden(self, name: str, value: int) -> None:
        """Changes a hidden field after a submit, so the page sends the new value next time."""
        self[name].data = value
        self[name].raw_data = [str(value)]

    def page(
        self,
        table: Table,
        problems: Problems = (),
        stored: Mapping[str, Any] | None = None,
    ) -> HandFormPage:
        """The form drawn as the engine's page model for its table: empty, with what was
        posted and its ``problems`` once submitted, or to edit ``stored`` (a hand's body)."""
        entered = request.form if self.is_submitted() else None
        return hand_form(table, entered, problems, stored)


class SeatChangeForm(PageForm):
    """A player leaves and another takes the seat, from the next hand on."""

    seat = KeyField(_l("Who leaves"), choices=[])
    name = StringField(_l("Who takes the seat"))

    def setup(
        self, seated: Sequence[str], taken: Sequence[int] | None = None, joins: bool = False
    ) -> SeatChangeForm:
        """The keys of the players at the table (``taken``, None: every seat), and with
        ``joins`` one more for a player who joins with nobody leaving."""
        at_table = range(len(seated)) if taken is None else taken
        pairs = [(str(s), seated[s]) for s in at_table]
        pairs += [(JOINS, _l("Nobody: a player joins"))] if joins else []
        self.seat.choices = options(pairs)
        return self


JOINS = "joins"  # the seat key of a player who joins a table that grows


class DeleteHandForm(ConfirmForm):
    """The "Delete hand" button with the revision of the hand the player was shown, so that
    a hand changed (or deleted and recorded again) on another phone meanwhile is kept."""

    revision = IntegerField(widget=HiddenInput(), validators=[Optional()])
