"""Issue 41, part 3: a knob is declared once, on its settings field, refuses nonsense by
its own name and rule, and reads in the form's words.

The snapshot of every game's knobs, words and presets taken before the knobs moved onto
their fields (``knob-descriptions.json``) held that move; it went with issue 67, as every
new game and every changed word had to edit it while the pages' and rules' own tests say
what each knob shows.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

import pytest

from scorekeeper.engine.core.errors import InvalidSettings
from scorekeeper.engine.core.game import Knob
from scorekeeper.engine.core.knobs import DECLARED, KnobKinds, knob, rules_lines_of
from scorekeeper.engine.core.messages import msg
from scorekeeper.engine.core.settings import TABLE, SettingsBase
from scorekeeper.engine.registry import GAMES
from tests.support.toy_game import GAME as TOY

ALL_GAMES = {**GAMES, TOY.key: TOY}


SETTINGS = sorted(
    {type(p) for game in ALL_GAMES.values() for p in game.presets.values()},
    key=lambda settings: settings.__qualname__,
)


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda settings: settings.__qualname__)
def test_every_field_of_every_game_is_a_knob_declared_once(settings: type) -> None:
    """Each field carries its knob (``knob``), or says it is no house rule but who sits at
    the table (``table_field``): no table of labels, help, groups or kinds beside it; and
    the settings stay a frozen, slotted dataclass."""
    undeclared = [
        f.name for f in fields(settings) if DECLARED not in f.metadata and TABLE not in f.metadata
    ]
    assert undeclared == []
    assert settings.__dataclass_params__.frozen
    assert "__slots__" in vars(settings)


@pytest.mark.parametrize(
    ("key", "name"),
    [
        (key, k.name)
        for key, game in sorted(ALL_GAMES.items())
        for k in game.preset(game.default_preset).knobs_for_table()
    ],
)
def test_every_knob_refuses_nonsense_by_its_name(key: str, name: str) -> None:
    """Whatever the knob's kind, a value of no kind is refused naming the knob."""
    game = ALL_GAMES[key]
    settings = game.preset(game.default_preset)
    with pytest.raises(InvalidSettings) as refused:
        settings.with_changes({name: "nonsense!"})
    assert refused.value.field == name
    assert refused.value.message.startswith(name)


@dataclass(frozen=True, slots=True)
class Rules(SettingsBase):
    """One knob of every kind, as a game declares them."""

    target: int = knob(
        10, label=msg("Target score"), help=msg("ends it"), group="end", low=1, high=50
    )
    fast: bool = knob(False, label=msg("Fast"), help=msg("quick"), group="play")
    lead: str = knob(
        "left",
        label=msg("Opener"),
        help=msg("who leads"),
        group="play",
        choices={"left": msg("left of the dealer"), "dealer": msg("the dealer")},
    )
    steps: tuple[int, ...] | None = knob(
        None,
        label=msg("Steps"),
        help=msg("three"),
        group="scoring",
        low=0,
        high=9,
        length=3,
        optional=True,
    )
    after: tuple[str, ...] = knob(
        (),
        label=None,
        help=msg("any of a, b, c"),
        group="bock",
        choices=("a", "b", "c"),
        kind="choice_list",
    )


def test_the_kinds_and_the_knobs_are_read_from_the_fields() -> None:
    assert Rules.kinds() == KnobKinds(
        names=("target", "fast", "lead", "steps", "after"),
        bools=("fast",),
        choices={"lead": ("left", "dealer")},
        ranges={"target": (1, 50), "steps": (0, 9)},
        lists={"steps": 3},
        optional=("steps",),
        list_choices={"after": ("a", "b", "c")},
    )
    assert Rules.knobs() == (
        Knob(
            "target", msg("ends it"), "int", low=1, high=50, label=msg("Target score"), group="end"
        ),
        Knob("fast", msg("quick"), "bool", label=msg("Fast"), group="play"),
        Knob(
            "lead",
            msg("who leads"),
            "choice",
            ("left", "dealer"),
            label=msg("Opener"),
            choice_labels=(msg("left of the dealer"), msg("the dealer")),
            group="play",
        ),
        Knob(
            "steps",
            msg("three"),
            "int_list",
            low=0,
            high=9,
            optional=True,
            length=3,
            label=msg("Steps"),
            group="scoring",
        ),
        Knob("after", msg("any of a, b, c"), "choice_list", ("a", "b", "c"), group="bock"),
    )
    assert Rules.knobs({"target": 20})[0].high == 20
    read = Rules.from_dict(
        {"target": " 12", "fast": "yes", "lead": "Dealer", "steps": "1, 2,3", "after": "c,a"}
    )
    assert read == Rules(12, True, "dealer", (1, 2, 3), ("a", "c"))
    assert read.to_dict() == {
        "target": 12,
        "fast": True,
        "lead": "dealer",
        "steps": [1, 2, 3],
        "after": ["a", "c"],
    }
    assert Rules.from_dict({"steps": "none", "after": "none"}) == Rules()


def test_the_rules_lines_are_the_knobs_in_the_forms_words() -> None:
    lines = rules_lines_of(Rules(fast=True, lead="dealer", after=("b",)), Rules.knobs())
    assert [(str(line.label), str(line.value)) for line in lines] == [
        ("Target score", "10"),
        ("Fast", "yes"),
        ("Opener", "the dealer"),
        ("Steps", "None"),
        ("any of a, b, c", "b"),
    ]
    assert str(rules_lines_of(Rules(), Rules.knobs())[-1].value) == "none"


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("target", "ten", "target must be a whole number, not 'ten'"),
        ("target", 51, "target must be between 1 and 50, not 51"),
        ("fast", "maybe", "fast must be yes or no, not 'maybe'"),
        ("lead", "right", "lead must be one of left, dealer, not 'right'"),
        ("steps", "1,2", "steps must be 3 whole numbers separated by commas, not '1,2'"),
        ("steps", "1,2,10", "steps must be between 0 and 9, not 10"),
        ("after", "a,d", "after must be a list of a, b, c, not 'a,d'"),
        ("after", [1], "after must be a list of a, b, c, not […]"),
        (
            "colour",
            "red",
            "'colour' is not a rule setting; known settings: target, fast, lead, steps, after",
        ),
    ],
)
def test_a_bad_value_is_refused_naming_the_knob_and_the_rule(
    name: str, value: Any, message: str
) -> None:
    with pytest.raises(InvalidSettings) as refused:
        Rules().with_changes({name: value})
    assert (refused.value.field, refused.value.message) == (name, message)


# The groups the app titles for every game (``web/games.py``'s GROUP_TITLES).
APP_GROUPS = {"deal", "scoring", "play", "end", "rules"}


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_every_group_the_form_shows_has_a_title(key: str) -> None:
    """A group of knobs on the new-game form is titled in the table's words, never by its
    code name (Doppelkopf's Bock hands were under "bock")."""
    game = ALL_GAMES[key]
    shown = {
        knob.group
        for knob in game.preset(game.default_preset).knobs_for_table()
        if knob.name not in type(game.preset(game.default_preset)).seat_knobs()
        and knob.name != "target"
        and knob.kind != "choice_list"
    }
    assert shown - APP_GROUPS - set(game.page_words.group_titles) == set()


def test_a_number_knob_needs_its_range() -> None:
    with pytest.raises(ValueError, match="range"):
        knob(1, label=msg("Points"), help=msg("points"), group="scoring", low=0)


@dataclass(frozen=True)
class Ruled(SettingsBase):
    """Knobs with rules of their own, declared on them (issue 41)."""

    deals: int | None = knob(
        None,
        label=msg("Deals"),
        help=msg("deals"),
        group="end",
        low=0,
        high=40,
        optional=True,
        rule=lambda deals: deals % 4 == 0,
        refusal=msg("deals must be a multiple of 4, not %(number)d"),
    )
    lead: str = knob(
        "left",
        label=msg("Opener"),
        help=msg("who leads"),
        group="play",
        choices=("left", "dealer"),
        refusal=msg("lead must be 'left' or 'dealer', not %(value)s"),
    )


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("deals", "6", "deals must be a multiple of 4, not 6"),
        ("deals", 41, "deals must be between 0 and 40, not 41"),
        ("deals", "x", "deals must be a whole number, not 'x'"),
        ("lead", " Right", "lead must be 'left' or 'dealer', not ' Right'"),
        ("lead", 3, "lead must be one of left, dealer, not 3"),
    ],
)
def test_a_knob_refuses_by_its_own_rule_in_its_own_words(
    name: str, value: Any, message: str
) -> None:
    """A rule beyond the kind, and its words, are declared on the knob: the kind's own
    refusals stay the kind's, and a value the rule allows (or an unset one) reads."""
    with pytest.raises(InvalidSettings) as refused:
        Ruled().with_changes({name: value})
    assert (refused.value.field, str(refused.value.message)) == (name, message)
    assert Ruled.from_dict({"deals": "8", "lead": "Dealer"}) == Ruled(8, "dealer")
    assert Ruled.from_dict({"deals": "none"}).deals is None
    with pytest.raises(InvalidSettings, match="multiple of 4"):
        Ruled(deals=6).check_knobs()


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_no_game_reads_its_knobs_in_code_of_its_own(key: str) -> None:
    """A knob's rule is declared on it: no game's settings override ``coerce_knob``."""
    settings = type(ALL_GAMES[key].preset(ALL_GAMES[key].default_preset))
    assert settings.coerce_knob.__func__ is SettingsBase.coerce_knob.__func__
