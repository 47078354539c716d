"""Bridge kept as its paper (issue 43): the rubber's score pad (We and They, the premiums
above the line, the trick scores below it with a line under each game, the games won,
vulnerability on each deal's row), the result entered as the table says it ("made +1",
"down 2") and stored as a trick count, a Chicago whose passed-out deal takes no number,
the deal as Bridge's word, and deal-by-deal scoring as at duplicate through the engine,
the API, the form and ``scorekeeper score``."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import get_game
from scorekeeper.engine.bridge.settings import BOARD_VULNERABLE, PRESETS
from tests.support.app import join_group
from tests.support.bridge_rules import PASSED, RUBBER_7, deal, form_values, play, stored_hands
from tests.support.games.bridge.pad import grid_of, pad_of, result_form, saved_lines, text_of
from tests.support.print_columns import entry_column_widths

CHICAGO = PRESETS["chicago"]
DUPLICATE = {**CHICAGO.to_dict(), "duplicate": True, "deals": 16, "fourth_deal_bonus": None}


# --- the rubber pad ------------------------------------------------------------------------


def test_the_rubber_is_drawn_as_a_pad_we_they_above_and_below_the_line(client):
    _, game_id, _ = play(client, "rubber", RUBBER_7)
    page = client.get(f"/games/{game_id}?all=1").get_data(as_text=True)
    assert pad_of(page) == [
        ["pad-head", "The score pad"],
        ["we", "We Ann & Cat", "They Bob & Dan"],
        ["label", "Above the line"],
        ["above", "530", ""],  # deal 5: an overtrick and the rubber's 500, nearest the line
        ["above", "500", ""],  # deal 4: B two down doubled vulnerable
        ["above", "", "30"],  # deal 2: B's overtrick
        ["the-line", "Below the line"],
        ["below", "120", ""],
        ["game-line", "game", ""],  # a line under A's first game
        ["below", "", "100"],
        ["game-line", "", "game"],
        ["below", "60", ""],
        ["below", "60", ""],
        ["game-line rubber", "rubber", ""],
        ["label", "Games won by the side"],
        ["sum", "2", "1"],
        ["label", "Total"],
        ["sum total", "1270", "130"],
    ]


def test_each_deal_row_says_who_was_vulnerable(client):
    _, game_id, _ = play(client, "rubber", RUBBER_7[:3])
    page = text_of(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "neither vulnerable · made · game" in page  # deal 1
    assert "Ann & Cat vulnerable · made +1 · game" in page
    assert "both vulnerable · made" in page  # deal 3


def test_the_pad_is_german_and_hebrew_too(client):
    _, game_id, _ = play(client, "rubber", RUBBER_7[:2])
    german = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"})
    rows = pad_of(german.get_data(as_text=True))
    assert ["we", "Wir Ann & Cat", "Sie Bob & Dan"] in rows and [
        "the-line",
        "Unter dem Strich",
    ] in rows
    assert ["game-line", "Partie", ""] in rows
    hebrew = client.get(f"/games/{game_id}", headers={"Accept-Language": "he"})
    assert ["we", "אנחנו Ann & Cat", "הם Bob & Dan"] in pad_of(hebrew.get_data(as_text=True))


def test_a_chicago_pad_is_the_scorers_grid_deal_vulnerable_we_they(client):
    deals = [deal(0, "2S", 8), PASSED, deal(1, "1NT", 7), deal(0, "2C", 8), deal(1, "2H", 8)]
    _, game_id, _ = play(client, "chicago", deals)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'class="bridge-pad chicago-pad"' in page
    assert grid_of(page) == [
        ["", "Deal", "Vulnerable", "We Ann & Cat", "They Bob & Dan"],
        ["deal", "1 Ann", "none", "60", ""],
        ["deal", "2 Bob", "They", "", "40"],  # Bob deals again
        ["deal", "3 Cat", "We", "540", ""],
        ["deal cycle-end", "4 Dan", "both", "", "160"],
        ["sum total", "Total", "600", "200"],
    ]
    # Each row in one sentence for a screen reader.
    said = re.findall(r'<span class="vh">(.*?)</span>', page.split("chicago-grid")[1])
    assert [text_of(s) for s in said[:4]] == [
        "deal 1 · Ann deals · neither vulnerable",
        "deal 2 · Bob deals · Bob & Dan vulnerable",
        "deal 3 · Cat deals · Ann & Cat vulnerable",
        "deal 4 · Dan deals · both vulnerable",
    ]
    printed = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    assert grid_of(printed) == grid_of(page)
    german = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"})
    assert grid_of(german.get_data(as_text=True))[:2] == [
        ["", "Spiel", "In Gefahr", "Wir Ann & Cat", "Sie Bob & Dan"],
        ["deal", "1 Ann", "keine", "60", ""],
    ]


def test_a_chicago_row_says_the_deal_and_vulnerability(client):
    _, game_id, _ = play(client, "chicago", [deal(0, "2S", 8), deal(1, "1NT", 7)])
    text = text_of(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "deal 1 · neither vulnerable · made" in text
    assert "deal 2 · Bob & Dan vulnerable · made" in text


# --- Chicago: a passed-out deal takes no deal number (item 8) -----------------------------


def test_a_passed_out_chicago_deal_takes_no_number_the_fourth_deal_ends_it(client):
    deals = [deal(0, "2S", 8), PASSED, deal(1, "1NT", 7), deal(0, "2C", 8)]
    answers, game_id, _ = play(client, "chicago", deals)
    assert answers[-1]["status"] == "in_progress"
    text = text_of(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "passed out, dealt again" in text
    assert "deal 3 · Ann & Cat vulnerable · made" in text  # the third deal played, A's dealer
    assert "Deal 4 of 4" in text and "Hand 5" not in text and "Deal 5" not in text
    form = text_of(client.get(f"/games/{game_id}/hands/new").get_data(as_text=True))
    assert "Next deal" in form and "Deal 4 of 4" in form and "Hand 5" not in form
    answers, _, _ = play(client, "chicago", [*deals, deal(1, "2H", 8)])
    assert answers[-1]["status"] == "finished"


# --- the result as the table says it ------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "result", "tricks", "points"),
    [
        ("4S", "0", 10, [120, 0]),
        ("4S", "+1", 11, [150, 0]),
        ("3NT", "-2", 7, [0, 100]),
        ("7NT", "-13", 0, [0, 650]),
        ("1C", "+6", 13, [140, 0]),
    ],
)
def test_the_form_reads_the_result_and_stores_tricks(app, client, contract, result, tricks, points):
    _, game_id, _ = play(client, "rubber", [])
    response = client.post(
        f"/games/{game_id}/hands/new", data=result_form(deal(0, contract, 0), result)
    )
    assert response.status_code == 302
    assert stored_hands(app)[-1]["tricks"] == tricks  # as every earlier version stored it
    assert client.get(f"/api/games/{game_id}").get_json()["hands"][0]["points"] == points


def test_the_form_offers_made_overtricks_and_undertricks_keys(client):
    _, game_id, _ = play(client, "rubber", [])
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    values = re.findall(r'name="tricks" type="radio" value="([^"]+)"', page)
    assert values == ["0", *(f"+{n}" for n in range(1, 7)), *(f"-{n}" for n in range(1, 14))]
    assert "Result against the contract" in page and "\u22122" in page


def test_an_edit_shows_the_stored_tricks_as_the_result(client):
    _, game_id, _ = play(client, "rubber", [deal(0, "3NT", 7)])
    page = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'<input checked id="tricks-\d+" name="tricks" type="radio" value="-2">', page)


def test_a_result_past_13_tricks_is_refused_in_the_tables_words(app, client):
    _, game_id, _ = play(client, "rubber", [])
    response = client.post(f"/games/{game_id}/hands/new", data=result_form(deal(0, "4S", 0), "+4"))
    assert response.status_code == 422
    assert "That result would give the declarer" in text_of(response.get_data(as_text=True))
    assert stored_hands(app) == []


# --- deal by deal, as at duplicate (a house rule) ------------------------------------------


def test_board_vulnerability_is_the_standard_rotation():
    letters = {(False, False): "-", (True, False): "N", (False, True): "E", (True, True): "B"}
    assert "".join(letters[v] for v in BOARD_VULNERABLE) == "-NEBNEB-EB-NB-NE"


# (the deals before, the deal, its points) with DUPLICATE: boards 1 (none), 2 (A), 3 (B)
DUPLICATE_WORKED = {
    "a part-score, 50 for it": ([], deal(0, "2S", 8), [110, 0]),
    "a game not vulnerable": ([], deal(0, "4S", 10), [420, 0]),
    "1NT doubled made, not vulnerable": ([], deal(0, "1NT", 7, doubled=1), [180, 0]),
    "no carry-over: two part-scores are no game": (
        [deal(0, "2S", 8)], deal(0, "2S", 8), [110, 0]),
    "a game vulnerable on board 2": ([deal(1, "1C", 7)], deal(0, "4S", 10), [620, 0]),
    "a small slam vulnerable": ([PASSED], deal(0, "6D", 12), [1370, 0]),
    "3NT by B vulnerable on board 3": ([PASSED, PASSED], deal(1, "3NT", 9), [0, 600]),
    "down one, not vulnerable": ([], deal(0, "3NT", 8), [0, 50]),
}  # fmt: skip


@pytest.mark.parametrize("case", DUPLICATE_WORKED)
def test_duplicate_scores_through_the_api(client, case):
    before, hand, points = DUPLICATE_WORKED[case]
    answers, _, _ = play(client, "chicago", [*before, hand], DUPLICATE)
    assert answers[-1]["points"] == points


def test_duplicate_through_the_form(client):
    _, game_id, _ = play(client, "chicago", [deal(1, "1C", 7)], DUPLICATE)
    page = text_of(client.get(f"/games/{game_id}/hands/new").get_data(as_text=True))
    assert "Board 2" in page and "Vulnerable: Ann & Cat" in page
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(deal(0, "4S", 10)))
    assert response.status_code == 302
    assert client.get(f"/api/games/{game_id}").get_json()["hands"][1]["points"] == [620, 0]


@pytest.mark.parametrize(
    ("hand", "vulnerable", "points"),
    [(["2", "S", "8"], False, [110, 0]), (["4", "S", "10"], True, [620, 0])],
)
def test_duplicate_on_the_command_line(capsys, hand, vulnerable, points):
    level, strain, tricks = hand
    args = ["score", "--game", "bridge", "--rules", "chicago", "--set", "duplicate=yes"]
    args += ["--declarer", "0", "--level", level, "--strain", strain, "--tricks", tricks]
    assert entry([*args, *(["--vulnerable"] if vulnerable else []), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == points


def test_duplicate_needs_no_deal_count_and_old_settings_read_as_before():
    game = get_game("bridge")
    assert game.preset("rubber").duplicate is False
    stored = {k: v for k, v in CHICAGO.to_dict().items() if k != "duplicate"}
    assert type(CHICAGO).from_dict(stored) == CHICAGO  # a game stored before the knob
    assert CHICAGO.with_changes({"duplicate": "yes", "deals": None}).chicago


# --- no chance of winning made up without a history (item 7) ------------------------------


def test_a_new_bridge_seating_with_no_history_shows_no_chances(client):
    from tests.support.ratings_play import Table

    table = Table(client)
    join_group(client, group_id=table.id)
    query = "game=bridge&player=Ann&player=Bob&player=Cat&player=Dan"
    answer = client.get(f"/groups/{table.id}/ratings/chances?{query}")
    assert answer.status_code == 200
    assert answer.get_json()["sides"] == [] and answer.get_json()["fairest"] is None
    page = client.get(f"/groups/{table.id}/ratings?{query}").get_data(as_text=True)
    assert 'id="chances"' not in page and "50%" not in page


def test_the_printed_rules_say_duplicate_in_words_only_when_it_is_on(client):
    _, game_id, _ = play(client, "rubber", [])
    assert "as at duplicate" not in client.get(f"/games/{game_id}/print").get_data(as_text=True)
    _, game_id, _ = play(client, "chicago", [], DUPLICATE)
    page = text_of(client.get(f"/games/{game_id}/print").get_data(as_text=True))
    assert "Deal by deal, as at duplicate yes" in page and "False" not in page


def test_the_printed_sheet_carries_the_pad(client):
    _, game_id, _ = play(client, "rubber", RUBBER_7)
    page = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    rows = pad_of(page)
    assert ["we", "We Ann & Cat", "They Bob & Dan"] in rows and ["sum total", "1270", "130"] in rows
    assert ["game-line rubber", "rubber", ""] in rows


def test_hebrew_chicago_says_a_deal_in_the_glossarys_one_word_and_the_dealer_gender_neutral(
    client,
):
    """Hebrew calls a deal יד on every game's pages, bridge's too (the glossary,
    scorekeeper/translations/glossary.toml): never חלוקה beside it for the same thing."""
    _, game_id, _ = play(client, "chicago", [deal(0, "2S", 8)])
    hebrew = {"Accept-Language": "he"}
    form = text_of(client.get(f"/games/{game_id}/hands/new", headers=hebrew).get_data(as_text=True))
    assert "Bob מחלק/ת" in form and "היד הבאה" in form and "יד 2 מתוך 4" in form
    board = text_of(client.get(f"/games/{game_id}", headers=hebrew).get_data(as_text=True))
    assert "רישום היד הבאה" in board and "Bob מחלק/ת ומכריז/ה ראשון" in board
    for page in (form, board):
        assert not re.search(r"(?<!\w)ה?חלוק(ה|ות|ת)(?!\w)(?! מחדש)", page)


def test_duplicate_without_a_deal_count_is_open_and_its_pages_draw(client):
    settings = {**PRESETS["rubber"].to_dict(), "duplicate": True}
    answers, game_id, _ = play(client, "rubber", [deal(0, "4S", 10), deal(0, "4S", 10)], settings)
    assert [a["points"] for a in answers] == [[420, 0], [620, 0]]  # boards 1 and 2
    for path in ("", "/print", "/hands/new"):
        response = client.get(f"/games/{game_id}{path}")
        assert response.status_code == 200, path
    page = text_of(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "until the table stops" in page and "Board 3" in page
    printed = text_of(client.get(f"/games/{game_id}/print").get_data(as_text=True))
    assert "Rubbers" not in printed and "as at duplicate yes" in printed
    assert "board 2 · Ann & Cat vulnerable · made" in page


# --- the saved line and the printed pad (issue 43's leftovers) ------------------------------


@pytest.mark.parametrize(
    ("language", "passed", "fourth"),
    [
        (
            "en",
            "Passed out: Bob deals again.",
            "Deal saved (deal 4 · both vulnerable · made): Ann & Cat 0 · Bob & Dan +160",
        ),
        (
            "he",
            "כולם פאס: Bob מחלק/ת שוב.",
            "היד נשמרה (יד 4 · שני הצדדים פגיעים · התקיים): Ann & Cat 0 · Bob & Dan +160",
        ),
    ],
)
def test_a_chicago_deal_saved_is_named_by_its_place_never_by_its_row(
    client, language, passed, fourth
):
    """A passed-out deal is dealt again and takes no number: the line after saving says so
    in deal's words, and the fourth deal played (the fifth row) is "deal 4", at its own
    vulnerability, never "Deal 5" nor "deal 1"."""
    _, game_id, _ = play(client, "chicago", [deal(0, "2S", 8)])
    said = {"Accept-Language": language}
    new = f"/games/{game_id}/hands/new"
    answer = client.post(new, data={"thrown_in": "1"}, headers=said, follow_redirects=True)
    assert saved_lines(answer) == [passed]
    for hand in (deal(1, "1NT", 7), deal(0, "2C", 8), deal(1, "2H", 8)):
        answer = client.post(new, data=form_values(hand), headers=said, follow_redirects=True)
    assert saved_lines(answer) == [fourth]


def test_the_printed_sheet_keeps_four_digit_entries_whole(client):
    """Above the line a rubber's deal may score 1750: its column is as wide as that needs
    (3 em and up: print.css's w3, w3h...), where the narrow entry column cut it."""
    deals = [deal(0, "4S", 10), deal(1, "7NT", 13) | {"doubled": 2}, deal(0, "6H", 13)]
    deals[2] |= {"doubled": 2}
    answers, game_id, _ = play(client, "rubber", deals)
    assert max(max(a["above"]) for a in answers if a.get("above")) >= 1000
    printed = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    widths = entry_column_widths(printed)
    assert len(widths) == 4 and all(width >= 3 for width in widths), widths
    assert 'data-fit="100"' in printed
