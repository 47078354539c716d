"""Printable score sheets: the HTML through the test client, and real PDFs from Chromium."""

from __future__ import annotations

import re

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.live import view_path
from tests.support.web.games.sheets import _game_with_hands, _pdf_pages, says
from tests.support.web.shared import text_of

# --- the HTML -----------------------------------------------------------------------------


def test_game_sheet_has_every_column_and_no_navigation(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    post_hand(game_id, key, {"thrown_in": True, "frisch_rounds": 0})
    page = text_of(client.get(f"/games/{game_id}/print"))
    rows = re.findall(r"<tbody>(.*?)</tbody>", page, re.S)[0].split("</tr>")
    # Hand 1: South deals, North declares 7C; contracts, tricks, points and totals by seat.
    cells = re.findall(r"<td[^>]*>(?:<bdi>)?([^<]*)(?:</bdi>)?</td>", rows[0])
    assert cells[:5] == ["1", "South", "North", "7♣", "under"]
    assert cells[5:] == [
        *("2", "0", "−20", "−20"),
        *("3", "3", "+19", "19"),
        *("7", "8", "−10", "−10"),
        *("0", "2", "−40", "−40"),
    ]
    assert "thrown in" in rows[1] and "<bdi>West</bdi>" in rows[1]
    assert "Players, in order of play:" in page and "Rules: Pagat (German page)" in page
    assert "10 + n²" in page and "+30 over, +50 under" in page
    assert "Forbidden number" in page and "Not finished." in page
    assert 'class="skc"' in page  # the chart
    assert "<nav" not in page and "<button" not in page and "<form" not in page
    assert 'class="screen-only"' in page  # the way back, hidden on paper by print.css


def test_sheet_rows_keep_numbers_left_to_right_and_shrink_a_long_total(
    client, make_game, post_hand
):
    game_id, key = make_game(
        game="any-game", rules="any-game", players=["Ann", "Bob", "Cat"], settings={"goal": "open"}
    )
    for _ in range(2):
        assert post_hand(game_id, key, {"points": [999_999, -999_999, 3]}).status_code == 201
    rows = re.findall(r"<tr>.*?</tr>", text_of(client.get(f"/games/{game_id}/print")))
    # Round 2: Ann's total of seven characters prints smaller, as Bob's; Cat's 6 does not.
    assert rows[-1].endswith(
        '<td class="p">+999999</td><td class="t long">1999998</td>'
        '<td class="p">−999999</td><td class="t long">−1999998</td>'
        '<td class="p">+3</td><td class="t">6</td></tr>'
    )
    hebrew = text_of(client.get(f"/games/{game_id}/print", headers={"Accept-Language": "he"}))
    last = re.findall(r"<tr>.*?</tr>", hebrew)[-1]
    assert '<td class="p">\u2066+3\u2069</td><td class="t">\u20666\u2069</td>' in last


def test_a_thrown_in_hand_has_empty_cells_under_a_name_that_changed(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    changed = client.post(
        f"/api/games/{game_id}/seats",
        json={"seat": 3, "name": "Dana <Levi>"},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert changed.status_code == 201
    post_hand(game_id, key, {"thrown_in": True, "frisch_rounds": 0})
    third = post_hand(
        game_id, key, WORKED_EXAMPLE, declarer=3, contracts=[2, 3, 0, 7], tricks=[0, 3, 2, 8]
    )
    assert third.status_code == 201, third.get_json()
    rows = re.findall(r"<tr><td>\d.*?</tr>", text_of(client.get(f"/games/{game_id}/print")))
    # Hand 2: dealt by North, thrown in (no bid, so the outcome takes both columns), each
    # side's entry and points empty, its total carried.
    assert rows[1] == (
        '<tr><td>2</td><td class="who"><bdi>West</bdi></td><td class="who"><bdi></bdi></td>'
        '<td colspan="2" class="ou">thrown in</td>'
        '<td class="s"></td><td></td><td class="p"></td><td class="t">−20</td>'
        '<td class="s"></td><td></td><td class="p"></td><td class="t">19</td>'
        '<td class="s"></td><td></td><td class="p"></td><td class="t">−10</td>'
        '<td class="s"></td><td></td><td class="p"></td><td class="t">−40</td></tr>'
    )
    # Hand 3: the name that took seat 3, escaped, as the declarer: in a box print.css
    # sizes by its 11 letters, or its longer line of two ("Dana", "<Levi>").
    cell = '<td class="who"><div class="fit l11 m6"><bdi>Dana &lt;Levi&gt;</bdi></div></td>'
    assert cell + '<td class="bid' in rows[2]


def test_game_sheet_names_the_winner(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=15)
    post_hand(game_id, key, WORKED_EXAMPLE)
    assert "Winner: <bdi>West</bdi>" in text_of(client.get(f"/games/{game_id}/print"))


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # The scoring as formulas, then every other knob that applies (rising minimum
        # only with Frisch rounds), as the new-game form words them.
        ("standard", ["10 + n²", "+25 over, +50 under", "Rising minimum</th><td>yes<"]),
        ("pagat-german", ["10 + n²", "+30 over, +50 under", "−50 + 10·(t−1)"]),
        ("elhanani", ["n²", "−5 per trick", "the hand scores 0", "−25 + 5·(t−1)"]),
    ],
)
def test_blank_sheet_has_the_presets_scoring(client, rules, expected):
    response = client.get(f"/sheets/blank?rules={rules}")
    assert response.status_code == 200
    page = text_of(response)
    for text in expected:
        assert text in page, text
    assert "Forbidden number" in page and "A tie at the end</th><td>play on<" in page
    assert page.count("<tr><td>") == 32
    assert "<nav" not in page and "<button" not in page


def test_game_sheet_writes_house_rules_as_the_table_plays_them(client, make_game):
    game_id, _ = make_game(
        "israeli-whist",
        rules="pagat-german",
        settings={"failed_zero_first": 30, "failed_zero_step": -5},
    )
    page = text_of(client.get(f"/games/{game_id}/print"))
    assert "−30 − 5·(t−1)" in page and "Pagat (German page) + house rules" in page


def test_blank_sheet_defaults_to_standard(client):
    assert "Rules: Standard" in text_of(client.get("/sheets/blank"))


@pytest.mark.parametrize("rules", ["bridge", "", "STANDARD", "x" * 500, "%00"])
def test_blank_sheet_refuses_an_unknown_preset(client, rules):
    response = client.get(f"/sheets/blank?rules={rules}")
    assert response.status_code == 400
    assert "There is no rules preset called" in text_of(response)


def test_new_game_page_links_a_blank_sheet_per_preset(client):
    page = text_of(client.get("/games/new?game=israeli-whist"))
    for rules in ("standard", "pagat-german", "elhanani"):
        assert f'href="/sheets/blank?rules={rules}&amp;game=israeli-whist"' in page


# --- PDFs from Chromium -------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_forty_hands_print_on_one_page(page, live_server, paper):
    game_id = _game_with_hands(live_server, 40)
    page.goto(view_path(live_server, game_id))
    pages = _pdf_pages(page, f"/games/{game_id}/print", paper)
    assert len(pages) == 1
    text = pages[0]
    for phrase in ("Shira Ben-David", "Eitan Mizrahi", "Pagat (German page)", "Forbidden number"):
        assert says(text, phrase), phrase
    assert says(text, "Not finished.")
    assert re.search(r"\b40 \S", text)  # the last hand's row
    assert "Back to the scoreboard" not in text  # no navigation on paper


@pytest.mark.browser
def test_more_hands_break_across_pages_with_the_header_repeated(page, live_server):
    game_id = _game_with_hands(live_server, 60)
    page.goto(view_path(live_server, game_id))
    pages = _pdf_pages(page, f"/games/{game_id}/print", "A4")
    assert len(pages) == 2
    for text in pages:
        assert says(text, "Dealer Declarer Bid O/U")
        assert says(text, "Wassim Haddad")
    assert re.search(r"\b60 \S", pages[1]) and says(pages[1], "Not finished.")


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_blank_sheet_prints_on_one_page(page, live_server, paper):
    pages = _pdf_pages(page, "/sheets/blank?rules=elhanani", paper)
    assert len(pages) == 1
    text = pages[0]
    assert says(text, "Rules: Elhanani") and says(text, "Forbidden number")
    assert says(text, "Dealer Declarer Bid O/U") and says(text, "the hand scores 0")
    assert "Back to the new game" not in text


def test_the_print_sheet_explains_each_score_on_request(client, make_game):
    from tests.games.israeli_whist.worked import WORKED_EXAMPLE

    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.post(
        f"/api/games/{game_id}/hands",
        json=WORKED_EXAMPLE,
        headers={"Authorization": f"Bearer {key}"},
    )
    plain_sheet = text_of(client.get(f"/games/{game_id}/print"))
    assert 'id="workings"' not in plain_sheet and 'id="with-workings"' in plain_sheet
    sheet = text_of(client.get(f"/games/{game_id}/print?explain=1"))
    workings = sheet[sheet.index('id="workings"') :]
    assert '<li value="1">' in workings
    assert "<bdi>West</bdi></b>: 3 made: 10 + 3² = +19" in workings
    assert "<bdi>North</bdi></b>: 8 tricks over a contract of 7: −10 × 1 = −10" in workings
    hebrew = text_of(
        client.get(f"/games/{game_id}/print?explain=1", headers={"Accept-Language": "he"})
    )
    assert "איך חושבה כל תוצאה" in hebrew and "<bdi>West</bdi></b>: " in hebrew
