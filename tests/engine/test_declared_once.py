"""What several games wrote each for itself and now declare to the core: a side or nobody
(``SideOf(nobody=...)``), a hand's figures in one column (``HandSummary.in_one_column``),
a refusal in the API's words and the table's (``Message.refusal``), the end of a game of
so many deals (``GameBase.end_words``), and a field asked under a knob that names it
(``only_if="announcements"``)."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.base import GameBase
from scorekeeper.engine.core.display import Label
from scorekeeper.engine.core.form import Choice
from scorekeeper.engine.core.messages import Seat, msg
from scorekeeper.engine.core.schema import Context, HandSummary, PerSide, Refused, SideOf

CTX = Context(settings=None, seats=4, sides=((0, 2), (1, 3)))
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def bare() -> SideOf:
    """Pinochle's side whose tricks held no counter: a side, or nobody."""
    return SideOf("bare", msg("Took a trick but no counter"), nobody="—")


# --- a side, or nobody ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "typed"),
    [({}, None), ({"bare": None}, None), ({"bare": "A"}, 0), ({"bare": " b "}, 1)],
)
def test_a_side_or_nobody_reads_nobody_where_the_body_leaves_it_out_or_null(body, typed, bare):
    assert bare.read_in(body, CTX) == typed


def test_a_side_or_nobody_still_refuses_what_is_no_side(bare):
    with pytest.raises(Refused) as refused:
        bare.read_in({"bare": "C"}, CTX)
    assert refused.value.problems[0][0] == "bare"
    assert "must be a side, A or B" in str(refused.value.problems[0][1])


def test_a_side_or_nobody_is_left_out_of_a_stored_hand_while_nobody(bare):
    assert not bare.written(None)
    assert bare.written(0) and bare.dump(0) == "A"


def test_the_form_offers_nobody_first_already_tapped_and_reads_it_back(bare):
    (field,) = bare.form_fields(CTX, PLAYERS)
    assert field.choices == (
        Choice("none", "—"),
        Choice("A", "Ann & Cat", "wide"),
        Choice("B", "Bob & Dan", "wide"),
    )
    assert field.default == "none"
    assert bare.from_form({"bare": "none"}, CTX) is None
    assert bare.from_form({"bare": "B"}, CTX) == "B"
    assert bare.from_form({}, CTX) is None


def test_a_side_without_nobody_is_unchanged():
    plain = SideOf("makers", msg("Makers"))
    (field,) = plain.form_fields(CTX, PLAYERS)
    assert [c.value for c in field.choices] == ["A", "B"] and field.default is None
    with pytest.raises(Refused):
        plain.read_in({}, CTX)


def test_a_csv_cell_of_nobody_is_empty_and_a_side_is_named_by_its_players(bare):
    assert bare.cell(None, PLAYERS, CTX) == ""
    assert bare.cell(1, PLAYERS, CTX) == "Bob & Dan"


def test_random_hands_draw_nobody_mostly_and_each_side_now_and_then(bare):
    rng = random.Random(3)
    drawn = [bare.draw(CTX, rng) for _ in range(200)]
    assert drawn.count(None) > 100 and {"A", "B"} <= set(drawn)
    assert all(bare.read_in({"bare": value}, CTX) in (None, 0, 1) for value in drawn)


# --- a hand's figures in one column ---------------------------------------------------------


def test_a_hands_figures_stand_in_its_column_and_the_mark_also_where_it_is_shared():
    outcome = Label((msg("made"),))
    summary = HandSummary.in_one_column(
        1, 4, 1, None, outcome, ("56",), True, msg("56 card points"), marked=[3]
    )
    assert summary.about == 1 and summary.outcome == outcome
    assert summary.entries == ((), ("56",), (), ())
    assert summary.made == (None, True, None, True)
    assert summary.said == (None, "56 card points", None, None)


# --- a refusal in both voices ---------------------------------------------------------------


def test_a_refusal_names_the_field_its_api_words_name_first_and_keeps_the_tables_words():
    said = msg("bare_trick: that side took counters, which save its meld already")
    field, refusal = said.refusal("%(one)s took counters.", one=Seat(2))
    assert field == "bare_trick" and refusal is said
    assert str(refusal.table) == "2 took counters." and refusal.table.params["one"] == 2


def test_a_refusal_of_a_listed_field_names_the_item():
    field, _ = msg("left[2]: not 205").refusal(msg("Too many points."))
    assert field == "left[2]"


# --- the end of a game of so many deals -----------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        (SimpleNamespace(deals=0), "until the table finishes"),
        (SimpleNamespace(deals=12), "12 deals"),
        (SimpleNamespace(target=500), "to 500"),
        (SimpleNamespace(target=1000, deals=8), "to 1000"),  # Belote: the target, or deals
    ],
)
def test_a_game_ends_at_its_target_or_after_its_deals_or_when_the_table_finishes(settings, said):
    assert GameBase.end_words(None, settings) == said


@pytest.mark.parametrize("key", ["french-tarot", "schafkopf"])
def test_the_games_of_so_many_deals_say_so(key):
    game = GAMES[key]
    settings = game.preset(game.default_preset)
    assert game.end_words(settings) == "until the table finishes"
    assert game.end_words(replace(settings, deals=12)) == "12 deals"


# --- a field asked under a house rule names the rule ----------------------------------------


@pytest.mark.parametrize(("announcements", "asked"), [(True, True), (False, False)])
def test_a_field_under_a_knob_is_asked_only_while_the_knob_is_on(announcements, asked):
    tierce = PerSide("tierce", msg("Tierce (20)"), 0, 4, only_if="announcements")
    table = Context(SimpleNamespace(announcements=announcements), 4, ((0, 2), (1, 3)))
    assert tierce.applies(table) is asked


def test_belote_asks_its_contract_and_announcements_only_under_their_knobs():
    belote = GAMES["belote"]
    classic = belote.context(belote.preset("classic"))
    coinche = belote.context(belote.preset("coinche"))
    asked = {name: belote.hand.field(name).applies for name in ("contract", "tierce", "taker")}
    assert {name: applies(classic) for name, applies in asked.items()} == {
        "contract": False,
        "tierce": False,
        "taker": True,
    }
    assert all(applies(coinche) for applies in asked.values())
