"""Euchre's rules, as RULES.md section 11 gives them: the knobs and the preset, and every
worked example scored by the pure function."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InvalidSettings
from scorekeeper.engine.euchre.settings import KNOBS, PRESETS, hand_points

S = PRESETS["euchre"]
LONE_DEFENCE = S.with_changes({"defend_alone": True})


def test_the_preset_is_the_published_game():
    assert S.to_dict() == {
        "target": 10,
        "stick_the_dealer": False,
        "defend_alone": False,
        "march": 2,
        "lone_march": 4,
        "euchre_points": 2,
        "lone_defender_euchre": 4,
    }
    assert [knob.name for knob in KNOBS] == list(S.to_dict())
    assert S.with_changes({"target": "15", "stick_the_dealer": "yes"}).target == 15


@pytest.mark.parametrize(("knob", "value"), [("target", 0), ("march", "two"), ("defend_alone", 3)])
def test_a_bad_knob_is_refused_naming_it(knob, value):
    with pytest.raises(InvalidSettings) as refused:
        S.with_changes({knob: value})
    assert refused.value.field == knob


# (settings, makers 0 A / 1 B, alone, defender alone, makers' tricks, points A and B)
WORKED = {
    "1: three tricks": (S, 0, False, False, 3, (1, 0)),
    "1: four tricks": (S, 0, False, False, 4, (1, 0)),
    "1: a march": (S, 0, False, False, 5, (2, 0)),
    "2: a lone march": (S, 0, True, False, 5, (4, 0)),
    "2: alone, four tricks": (S, 0, True, False, 4, (1, 0)),
    "2: alone, euchred": (S, 0, True, False, 2, (0, 2)),
    "3: B euchred": (S, 1, False, False, 2, (2, 0)),
    "4: a lone defender euchres": (LONE_DEFENCE, 0, True, True, 2, (0, 4)),
    "4: a lone march against a lone defender": (LONE_DEFENCE, 0, True, True, 5, (4, 0)),
}


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score(case):
    settings, makers, alone, defender_alone, tricks, points = WORKED[case]
    assert hand_points(settings, makers, alone, defender_alone, tricks) == points


def test_the_knobs_set_the_points():
    rules = S.with_changes({"march": 3, "lone_march": 5, "euchre_points": 1})
    assert hand_points(rules, 1, False, False, 5) == (0, 3)
    assert hand_points(rules, 1, True, False, 5) == (0, 5)
    assert hand_points(rules, 1, False, False, 0) == (1, 0)
