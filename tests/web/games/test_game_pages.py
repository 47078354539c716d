"""What a game hands the pages through the Game interface: its view of each hand, the rules
lines and notes of a score sheet, and its statistics' figures. The app only translates and
prints them, so a template holds no rule of its own."""

from __future__ import annotations

import pathlib

import pytest

from scorekeeper.engine import Message
from scorekeeper.engine.core.display import Label, Notation, mean_figure
from tests.games.israeli_whist.worked import WORKED_EXAMPLE, WORKED_POINTS
from tests.support.web.games.game_pages import GAME, replayed

TEMPLATES = pathlib.Path(__file__).resolve().parents[3] / "templates"


def test_a_played_hand_is_one_row_of_entries_points_and_totals():
    _, progress = replayed({**WORKED_EXAMPLE, "revokes": [0, 1, 0, 0]})
    (view,) = GAME.hand_views(progress)
    assert (view.number, view.dealer, view.about) == (1, 0, 2)
    assert view.bid == Label(("7", "♣"))
    assert [str(p) for p in view.outcome.pieces] == ["under"] and view.outcome.css == "under"
    assert [seat.entry for seat in view.seats] == [("2", "0"), ("3", "3"), ("7", "8"), ("0", "2")]
    # West made 3/3 for +19; the revoke's 100 is apart from those points, in the total.
    assert [seat.points for seat in view.seats] == WORKED_POINTS
    assert [seat.made for seat in view.seats] == [False, True, False, False]
    assert [seat.total for seat in view.seats] == [-20, -81, -10, -40]
    penalty = view.seats[1].penalty
    assert penalty is not None and penalty.points == -100
    assert str(penalty.label) == "1 revoke: \u2212100"
    assert view.penalised


def test_a_thrown_in_deal_has_no_entries_and_keeps_the_totals():
    _, progress = replayed(WORKED_EXAMPLE, {"thrown_in": True, "frisch_rounds": 0})
    view = GAME.hand_views(progress)[1]
    assert view.bid is None and view.about is None
    assert str(view.outcome) == "thrown in" and view.outcome.css == ""
    assert [(s.entry, s.points, s.made) for s in view.seats] == [((), None, None)] * 4
    assert [s.total for s in view.seats] == WORKED_POINTS
    assert [hand.totals for hand in progress.hands] == [tuple(WORKED_POINTS)] * 2


@pytest.mark.parametrize(("bid", "css", "text"), [("7H", "r", "7♥"), ("7S", "", "7♠")])
def test_red_suits_are_marked_for_the_page(bid, css, text):
    _, progress = replayed({**WORKED_EXAMPLE, "bid": bid})
    label = GAME.hand_views(progress)[0].bid
    assert (label.css, str(label)) == (css, text)


def test_no_trump_is_a_translatable_piece():
    _, progress = replayed({**WORKED_EXAMPLE, "bid": "7NT"})
    pieces = GAME.hand_views(progress)[0].bid.pieces
    assert pieces[0] == "7" and isinstance(pieces[1], Message) and pieces[1].template == "NT"


@pytest.mark.parametrize("rules", sorted(GAME.presets))
def test_rules_lines_are_messages_notation_or_numbers(rules):
    settings = GAME.preset(rules)
    lines = GAME.rules_lines(settings)
    for line in lines:
        assert isinstance(line.label, Message)
        assert isinstance(line.value, Message | Notation | int), line
    # The scoring as formulas, then every other knob that applies: the minimum rises only
    # where there are Frisch rounds, and the game's end is said whole.
    labels = [str(line.label) for line in lines]
    assert len(lines) == 14 + (settings.frisch_rounds > 0)
    assert ("Rising minimum" in labels) == (settings.frisch_rounds > 0)
    assert labels[-3:] == ["Target score", "Hand limit", "A tie at the end"]
    assert lines[-3].value == settings.target


def test_the_declarer_note_follows_the_raise_knob():
    raising = GAME.preset("standard").with_changes({"declarer_may_raise": True})
    fixed = raising.with_changes({"declarer_may_raise": False})
    note = "The declarer's contract is their bid level."
    assert note not in [str(n) for n in GAME.rules_notes(raising)]
    assert note in [str(n) for n in GAME.rules_notes(fixed)]
    assert str(GAME.rules_notes(raising)[0]).startswith("Forbidden number")


def test_the_points_table_is_the_scoring_of_each_exact_contract():
    table = GAME.paper.points_table(GAME.preset("elhanani"))
    assert [n for n, _ in table] == list(range(1, 14))
    assert table[2] == (3, 9)  # n² under elhanani, no bonus


def test_templates_state_no_rule_of_a_game():
    for name in (
        "paper.html",
        "sheet.html",
        "blank_sheet.html",
        "game_stats.html",
        "_scoreboard_live.html",
    ):
        source = (TEMPLATES / name).read_text(encoding="utf-8")
        for rule in ("Forbidden number", "declarer_may_raise", "bid level", "exactly that many"):
            assert rule not in source, (name, rule)


def test_the_sheet_prints_the_games_rules_lines_in_the_pages_language(client):
    page = client.get("/sheets/blank?rules=standard", headers={"Accept-Language": "he"})
    html = page.get_data(as_text=True)
    # Points inside a Hebrew sentence stay left to right.
    assert "\u2066+25\u2069" in html and "\u2066+50\u2069" in html
    assert "Forbidden number" not in html  # translated, as the rest


def test_the_statistics_page_says_the_games_terms(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    html = client.get(f"/games/{game_id}/stats").get_data(as_text=True)
    for note in GAME.figures.notes:
        assert f'<p class="muted">{note}</p>' in html.replace("&#39;", "'")


@pytest.mark.parametrize(
    ("value", "sign", "shown"),
    [
        (None, False, "–"),
        (2.25, False, "2.2"),
        (-0.04, True, "0.0"),
        (-3.0, True, "\u22123.0"),
        (3.0, True, "+3.0"),
    ],
)
def test_a_mean_is_one_decimal_with_true_signs(value, sign, shown):
    assert mean_figure(value, sign) == shown


@pytest.mark.parametrize(
    ("changes", "formula"),
    [
        ({}, "10 + n²"),
        ({"made_per_trick": 5, "made_squared": False}, "10 + 5·n"),
        ({"exact_bonus": 0, "made_per_trick": 10}, "10·n + n²"),
        ({"exact_bonus": 0, "made_squared": False}, "0"),
    ],
)
def test_the_exact_contract_formula_counts_every_scoring_knob(changes, formula):
    """The printed sheet's "Exact contract n ≥ 1" is the scoring the table plays: the bonus,
    the points per trick and n², each only where its knob has it."""
    settings = GAME.preset("standard").with_changes(changes)
    lines = {str(line.label): line.value for line in GAME.rules_lines(settings)}
    assert str(lines["Exact contract n ≥ 1"]) == formula
