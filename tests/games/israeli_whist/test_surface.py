"""Everything Israeli Whist says about a hand, pinned as the code before issue 41 said it,
so that moving the game onto the hand schema (``core/schema.py``) changes nothing a player,
the API, a file or the command line sees.

For a corpus of hand bodies (every Israeli Whist hand of the v1–v4 fixture exports, hands
of its own seeded simulation, and a worked example with each field made wrong in the ways
a form, the API or an import can make it wrong) under the presets and the house rules
that change what a hand is (pass rounds, the declarer's double miss, no raise, no Frisch),
the fixture holds a fingerprint of: the refusal (every field and message, its template,
values and table words) or the stored hand (``to_dict``, its keys in their order too),
its preview, explanation, one-line description, Revisions view, scoreboard row, CSV
cells and flat columns, the form's values to edit it and the body the form sends back,
and ``scorekeeper score``'s answer; for each rules, of the hand form as data; and the
command line's options. It keeps the stored hand, or the fields refused, in full, to
read a difference by.

The fixture was written by the code of commit 3ce2952 (before the move) with
``python -m tests.games.israeli_whist.test_surface OUT.json``, and written again once since, when
a penalty mark gained its ``tone`` (Skat's Seeger-Fabian points), after checking that
with an empty ``tone`` dropped every fingerprint was the old one. Never write it again to
make this test pass: a difference is a change a user or a file would see.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.errors import InvalidHand
from scorekeeper.engine.core.messages import Message
from tests.support.israeli_whist_surface import FIELDS

FIXTURE = Path(__file__).parents[2] / "fixtures" / "israeli-whist-surface.json"
GAME = GAMES["israeli-whist"]
PLAYERS = ("נועה", "Christopher", "<b>Zoë</b>", "Montgomery")
WORKED = {
    "thrown_in": False,
    "declarer": 2,
    "bid": "7C",
    "frisch_rounds": 0,
    "contracts": [2, 3, 7, 0],
    "tricks": [0, 3, 8, 2],
    "revokes": [0, 1, 0, 0],
}
WRONG = (
    None,
    "x",
    -1,
    14,
    2.5,
    True,
    [],
    [1, 2, 3],
    [1, 2, 3, "a"],
    [4, 4, 4, 1],
    [3, 3, 3, 3],
    [13, 0, 0, 0],
    "3, 3, 3, 4",
    "7X",
    "4C",
    "9nt",
    7,
    {"a": 1},
)


def rules() -> dict[str, Any]:
    """The presets, and the house rules that change what a hand is or how it reads."""
    standard = GAME.preset("standard")
    found = {name: GAME.preset(name) for name in GAME.presets}
    found |= {
        "pass-round": dataclasses.replace(standard, all_pass="pass_round"),
        "double-miss": dataclasses.replace(standard, declarer_miss_factor=2),
        "no-raise": dataclasses.replace(standard, declarer_may_raise=False),
        "no-frisch": dataclasses.replace(standard, frisch_rounds=0),
    }
    return found


def frozen(value: Any) -> Any:
    """``value`` as JSON that tells apart everything a page could: a Message by its
    template, plural, values and table words; a str or int of a kind of its own (notation,
    signed points, a seat) by its kind; a dataclass by its fields."""
    if isinstance(value, Message):
        return {
            "msg": value.template,
            "plural": value.plural,
            "params": frozen(value.params),
            "table": frozen(value.table),
        }
    if isinstance(value, enum.Enum):
        return [type(value).__name__, str(value)]
    if isinstance(value, bool) or value is None or type(value) in (int, float, str):
        return value
    if isinstance(value, str | int):
        return [type(value).__name__, str(value)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            "type": type(value).__name__,
            **{f.name: frozen(getattr(value, f.name)) for f in dataclasses.fields(value)},
        }
    if isinstance(value, Mapping):
        return {str(key): frozen(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [frozen(item) for item in value]
        return sorted(items, key=json.dumps) if isinstance(value, set | frozenset) else items
    return [type(value).__name__, str(value)]


def corpus() -> list[Any]:
    """The hand bodies: the fixture exports', the simulation's and the wrong ones."""
    bodies: list[Any] = []
    for version in (1, 2, 3, 4):
        path = Path(__file__).parents[2] / "fixtures" / f"scorekeeper-v{version}-export.json"
        for game in json.loads(path.read_text(encoding="utf-8"))["games"]:
            if game.get("game", "israeli-whist") == "israeli-whist":
                bodies += [
                    {key: value for key, value in hand.items() if key in FIELDS}
                    for hand in game["hands"]
                ]
    for settings in (GAME.preset("standard"), rules()["pass-round"]):
        for result in GAME.simulate_results(settings, 16, seed=41):
            bodies.append(result.record.to_dict())
    bodies += [None, [], "7C", {}, {"thrown_in": True}, {"pass_round": True}]
    bodies += [{"thrown_in": True, "frisch_rounds": n} for n in (0, 1, 3, "2", 4)]
    bodies += [{"pass_round": True, "tricks": [4, 3, 3, 3], "frisch_rounds": n} for n in (0, 3)]
    bodies += [{"pass_round": True, "tricks": [4, 3, 3, 3], "revokes": [0, 2, 0, 0]}]
    bodies += [{"pass_round": "yes", "tricks": [4, 3, 3, 3]}]
    level = {key: value for key, value in WORKED.items() if key != "bid"}
    bodies += [
        level | {"level": 7, "denomination": "C"},
        level | {"level": "8", "denomination": "nt"},
    ]
    for field in FIELDS:
        bodies.append({key: value for key, value in WORKED.items() if key != field})
        bodies += [WORKED | {field: wrong} for wrong in WRONG]
    return bodies


def surface_of(settings: Any, body: Any) -> dict[str, Any]:
    """Everything the game says of ``body`` under ``settings``."""
    try:
        record = GAME.record_from_dict(settings, body)
    except InvalidHand as exc:
        return {"refused": frozen(exc.errors)}
    stored = record.to_dict()
    values = GAME.form_values(stored)
    action = "throw_in" if record.thrown_in else "pass_round" if stored.get("pass_round") else None
    sent = GAME.form_body(settings, values, action)
    progress = GAME.replay(settings, 0, [record])
    replayed = progress.hands[0]
    found = {
        "stored": stored,
        "stored_text": json.dumps(stored, ensure_ascii=False),
        "again": GAME.record_from_dict(settings, stored).to_dict(),
        "preview": frozen(GAME.preview(settings, record)),
        "points": list(GAME.points(settings, record)),
        "explain": frozen(GAME.explain(settings, record)),
        "describe": frozen(GAME.describe_hand(stored, PLAYERS, settings)),
        "revision": frozen(GAME.revision_view(stored, PLAYERS, settings)),
        "row": frozen(GAME.hand_views(progress)),
        "csv": frozen(GAME.csv_values(replayed, PLAYERS)),
        "columns": frozen(GAME.table_columns(replayed)),
        "result": frozen(GAME.hand_result(replayed)),
        "form_values": values,
        "form_body": frozen(sent),
        "form_body_reads": GAME.record_from_dict(settings, sent).to_dict(),
    }
    if not record.thrown_in:
        given = {name: stored.get(name) for name in ("contracts", "tricks", "revokes")}
        if stored.get("pass_round"):
            given = {"pass_round": True, "tricks": stored["tricks"], "revokes": stored["revokes"]}
        elif settings.declarer_miss_factor != 1:
            given["declarer"] = stored["declarer"]
        try:
            found["command_line"] = frozen(GAME.score_typed(settings, given))
        except InvalidHand as exc:
            found["command_line"] = {"refused": frozen(exc.errors)}
    return found


def digest(value: Any) -> str:
    """A short fingerprint of ``value``'s JSON, so that the fixture stays small."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def pinned_form(found: dict[str, Any]) -> dict[str, Any]:
    """A body's answer as the fixture keeps it: the stored hand, or the fields refused,
    in full (to read a difference), and a fingerprint of all of it."""
    if "refused" in found:
        return {"refused": [field for field, _ in found["refused"]], "all": digest(found)}
    return {"stored": found["stored"], "all": digest(found)}


def surface() -> dict[str, Any]:
    """The whole surface: per rules, the form, the options and every body's answer."""
    bodies = corpus()
    found: dict[str, Any] = {
        "hand_fields": sorted(GAME.hand_fields),
        "csv_columns": frozen(GAME.csv_columns),
        "options": frozen(GAME.hand_options),
    }
    for name, settings in rules().items():
        found[name] = {
            "form": digest(frozen(GAME.hand_form(settings, PLAYERS))),
            "hands": [pinned_form(surface_of(settings, body)) for body in bodies],
        }
    return found


@pytest.fixture(scope="module")
def pinned() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def now() -> dict[str, Any]:
    return json.loads(json.dumps(surface(), ensure_ascii=False))


def test_the_corpus_reaches_every_kind_of_hand(now):
    """The corpus holds played hands, thrown-in deals, pass rounds and refusals."""
    hands = [hand for name in rules() for hand in now[name]["hands"]]
    stored = [hand["stored"] for hand in hands if "stored" in hand]
    assert any(hand.get("thrown_in") for hand in stored)
    assert any(hand.get("pass_round") for hand in stored)
    assert any("bid" in hand for hand in stored)
    assert sum("refused" in hand for hand in hands) > 500


def test_a_fingerprint_tells_a_changed_word():
    """A refusal worded another way has another fingerprint (the fixture keeps only
    fingerprints of most of what a hand shows)."""
    found = surface_of(GAME.preset("standard"), WORKED | {"tricks": [1, 1, 1, 1]})
    changed = json.loads(json.dumps(found).replace("total", "add up to"))
    assert pinned_form(changed)["all"] != pinned_form(found)["all"]


@pytest.mark.parametrize("part", ["hand_fields", "csv_columns", "options"])
def test_the_game_declares_its_hand_as_before(pinned, now, part):
    assert now[part] == pinned[part]


@pytest.mark.parametrize("name", list(rules()))
def test_the_form_is_drawn_as_before(pinned, now, name):
    assert now[name]["form"] == pinned[name]["form"]


@pytest.mark.parametrize("name", list(rules()))
def test_every_hand_reads_refuses_and_shows_as_before(pinned, now, name):
    for index, (was, is_) in enumerate(zip(pinned[name]["hands"], now[name]["hands"], strict=True)):
        assert is_ == was, f"{name}: body {index}: {corpus()[index]!r}"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(
        json.dumps(surface(), ensure_ascii=False, indent=0, sort_keys=True) + "\n",
        encoding="utf-8",
    )
