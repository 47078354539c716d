"""Bid Whist at the table, through the pages as a phone without JavaScript posts them (the
Flask test client and a real SQLite file): New game with its sides, the hand form as a
plain form, the scoreboard by side, edits and deletes, sheets, History by game, careers
and head-to-head kept apart from Israeli Whist's."""

from __future__ import annotations

import re

import pytest

from tests.support.bid_whist_web import plain, text_of
from tests.support.games.bid_whist.web import checked, hand, new_game, title_of


@pytest.fixture
def bw(client):
    """A Bid Whist game started from the New game page; (client, game id)."""
    return client, new_game(client)


UP_4H_11 = {"bidder": "1", "level": "4", "kind": "U", "trump": "H", "books": "11"}  # B +5


def test_new_game_shows_the_sides_and_the_target_of_21(client):
    page = text_of(client.get("/games/new?game=bid-whist"))
    assert 'id="sides"' in page and page.count('data-seat="') >= 4
    assert 'placeholder="21"' in page  # blank: the preset's 21
    assert 'name="jokers"' in page and 'name="frisch_rounds"' not in page


def test_a_bid_whist_game_is_played_through_the_plain_form(bw):
    client, game_id = bw
    api = client.get(f"/api/games/{game_id}").get_json()
    assert api["game"] == "bid-whist" and api["settings"]["target"] == 21
    assert hand(client, game_id, **UP_4H_11).status_code == 302
    board = plain(client.get(f"/games/{game_id}"))
    assert "Ann & Cat 0" in board and "Bob & Dan 5" in board
    assert "Hand 2: Bob deals, Cat bids first" in board
    assert "4 uptown ♥" in board and "made" in board
    # A no-trump bid names a direction; a trump left over from a changed mind is ignored.
    nt = {"bidder": "2", "level": "5", "kind": "NT", "trump": "S", "direction": "low"}
    assert hand(client, game_id, **nt, books="9").status_code == 302
    api = client.get(f"/api/games/{game_id}").get_json()
    assert api["totals"] == [-10, 5]
    assert api["hands"][1]["bid"] == "5NT" and api["hands"][1]["direction"] == "low"


def test_a_refused_bid_whist_hand_names_its_fields_and_keeps_them(bw):
    client, game_id = bw
    response = hand(client, game_id, bidder="0", level="4", kind="U")
    assert response.status_code == 422
    page = text_of(response)
    links = re.findall(r'<a href="#([^"]+)">', page[: page.index("<fieldset")])
    # What is missing is said once, at the first box left empty, in the table's words.
    assert links == ["trump"]
    assert "Still missing: Trump, and 1 more entry." in page
    assert checked(page, "level", "4") and checked(page, "kind", "U")
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []


def test_everyone_passed_is_one_button_and_the_deal_passes_on(bw):
    client, game_id = bw
    page = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert 'id="thrown-in"' in page and "Everyone passed: throw in" in page
    response = client.post(f"/games/{game_id}/hands/new", data={"number": "1", "thrown_in": "1"})
    assert response.status_code == 302
    board = plain(client.get(f"/games/{game_id}"))
    assert "thrown in" in board and "Hand 2: Bob deals" in board


def test_edit_refills_the_bid_and_changes_the_totals(bw):
    client, game_id = bw
    assert hand(client, game_id, **UP_4H_11).status_code == 302
    page = text_of(client.get(f"/games/{game_id}/hands/1/edit"))
    for name, value in UP_4H_11.items():
        assert checked(page, name, value), name
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
    edited = client.post(
        f"/games/{game_id}/hands/1/edit",
        data={**UP_4H_11, "books": "9", "number": "1", "revision": revision, "save": "1"},
    )
    assert edited.status_code == 302
    assert client.get(f"/api/games/{game_id}").get_json()["totals"] == [0, -4]
    deleted = client.post(f"/games/{game_id}/hands/1/delete", data={"revision": "2"})
    assert deleted.status_code == 302
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []


def test_the_form_preview_says_made_or_set_with_the_points(bw):
    client, game_id = bw
    made = client.post(f"/games/{game_id}/hands/preview", data=UP_4H_11).get_json()
    # Each partner isolated, so a Hebrew name beside a Latin one keeps its place.
    names = ["\u2068Ann\u2069 & \u2068Cat\u2069", "\u2068Bob\u2069 & \u2068Dan\u2069"]
    assert made == {"points": [0, 5], "names": names, "result": "made"}
    short = client.post(f"/games/{game_id}/hands/preview", data={**UP_4H_11, "books": "9"})
    assert short.get_json()["result"] == "set" and short.get_json()["points"] == [0, -4]


def test_sheets_print_books_needed_and_taken_per_side(bw):
    client, game_id = bw
    hand(client, game_id, **UP_4H_11)
    sheet = plain(client.get(f"/games/{game_id}/print"))
    assert "Players, in order of play: Ann · Bob · Cat · Dan" in sheet
    assert "Nd Bks Pts Tot Nd Bks Pts Tot" in sheet
    assert "Ann & Cat" in sheet and "Bidder" in sheet
    blank = plain(client.get("/sheets/blank?game=bid-whist"))
    assert "Bid Whist" in blank and "No-trump made, B books 2·(B − 6)" in blank
    assert client.get("/sheets/blank?game=bid-whist&rules=standard").status_code == 400


def test_history_names_the_game_and_filters_by_it(bw, make_game):
    client, game_id = bw
    make_game("israeli-whist", rules="pagat-german")  # an Israeli Whist game
    every = plain(client.get("/history", follow_redirects=True))
    assert "Bid Whist · Game 1" in every and "Israeli Whist · Game 2" in every
    only = plain(client.get("/history?game=bid-whist", follow_redirects=True))
    assert "Bid Whist · Game 1" in only and "Game 2" not in only
    refused = client.get("/history?game=chess", follow_redirects=True)
    assert refused.status_code == 400 and "there is no game called chess" in plain(refused)


def test_careers_and_head_to_head_keep_the_games_apart(bw, make_game):
    client, game_id = bw
    hand(client, game_id, **UP_4H_11)
    make_game("israeli-whist", rules="pagat-german", players=["Ann", "Bob", "Eve", "Fay"])
    page = text_of(client.get("/players/Ann", follow_redirects=True))
    assert "Career in Israeli Whist" in page and "Career in Bid Whist" in page
    assert page.count("<table") == 2
    h2h = plain(client.get("/players?player=Ann&player=Bob&game=bid-whist", follow_redirects=True))
    assert "hands 0–1 of 1" in h2h  # Bob's side scored in the one Bid Whist hand
    iw = plain(
        client.get("/players?player=Ann&player=Bob&game=israeli-whist", follow_redirects=True)
    )
    assert "of 1" not in iw


def test_statistics_per_side_and_per_player(bw):
    client, game_id = bw
    hand(client, game_id, **UP_4H_11)
    nt = {"bidder": "2", "level": "5", "kind": "NT", "direction": "low", "books": "9"}
    hand(client, game_id, **nt)
    page = text_of(client.get(f"/games/{game_id}/stats"))
    sides = plain(client.get(f"/games/{game_id}/stats"))
    assert 'id="side-figures"' in page and 'id="player-figures"' in page
    assert "Uptown bids 1/2 (50%)" in sides and "No-trump bids 1/2 (50%)" in sides
    side_table = page[page.index('id="side-figures"') : page.index('id="player-figures"')]
    # Each partner isolated, so that a Hebrew name beside a Latin one keeps its place.
    assert "\u2068Ann\u2069 &amp; \u2068Cat\u2069" in side_table
    assert "\u2068Bob\u2069 &amp; \u2068Dan\u2069" in side_table
    assert re.search(r"Sets</th><td>1</td><td>0</td>", side_table)


def test_finish_now_asks_first_and_the_side_ahead_wins(bw):
    client, game_id = bw
    board = text_of(client.get(f"/games/{game_id}"))
    assert 'id="finish"' not in board  # nothing to finish before the first hand
    hand(client, game_id, **UP_4H_11)
    board = text_of(client.get(f"/games/{game_id}"))
    assert 'id="finish"' in board
    # The row names who dealt and who bid, as a column is a side.
    assert re.search(
        r'class="who"><span class="k"><bdi>Ann</bdi></span> <span class="d"><bdi>Bob', board
    )
    ask = plain(client.get(f"/games/{game_id}/finish"))
    assert "Finish the game now?" in ask and "Bob & Dan are ahead and win the game." in ask
    assert client.get(f"/api/games/{game_id}").get_json()["status"] == "in_progress"
    done = client.post(f"/games/{game_id}/finish")
    assert done.status_code == 302
    api = client.get(f"/api/games/{game_id}").get_json()
    assert api["status"] == "finished" and api["winner"] == 1
    assert "Bob & Dan win with 5!" in plain(client.get(f"/games/{game_id}"))
    again = client.get(f"/games/{game_id}/finish")
    assert again.status_code == 302


def test_finish_now_with_the_sides_level_plays_on(bw):
    client, game_id = bw
    hand(client, game_id, **UP_4H_11)  # B +5
    hand(client, game_id, bidder="0", level="4", kind="D", trump="C", books="11")  # A +5
    ask = plain(client.get(f"/games/{game_id}/finish"))
    assert "The sides are level" in ask
    client.post(f"/games/{game_id}/finish")
    api = client.get(f"/api/games/{game_id}").get_json()
    assert api["status"] == "in_progress"
    assert "Play on" in plain(client.get(f"/games/{game_id}"))


def test_an_israeli_whist_game_has_no_finish_now(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{game_id}/edit/{key}")
    assert 'id="finish"' not in text_of(client.get(f"/games/{game_id}"))
    assert client.get(f"/games/{game_id}/finish").status_code == 302


def test_the_rows_escape_the_names_they_show(client):
    """The scoreboard's rows name who dealt, who bid and who took a seat: a name that
    looks like markup is shown as typed, never run as markup."""
    tricky = ["<b>Ann</b>", 'Bob "B" & co', "Cat", "<img src=x onerror=alert(1)>"]
    game_id = new_game(client, tricky)
    hand(client, game_id, **UP_4H_11)
    assert (
        client.post(f"/games/{game_id}/seats", data={"seat": "2", "name": "<i>Eve</i>"}).status_code
        == 302
    )
    hand(client, game_id, **UP_4H_11)
    board = text_of(client.get(f"/games/{game_id}"))
    assert "<img" not in board and "<b>Ann" not in board and "<i>Eve" not in board
    # Hand 1: Ann dealt and Bob bid, on the line that says the hand across the table;
    # hand 2 follows the change of seat, which is its own row.
    assert re.search(
        r'<tbody id="h1"><tr class="about"><th colspan="2" scope="rowgroup"><a href="[^"]+">1'
        r'</a>.*<small class="who"><span class="k"><bdi>&lt;b&gt;Ann&lt;/b&gt;</bdi></span> '
        r'<span class="d"><bdi>Bob &#34;B&#34; &amp; co</bdi></span></small></th>',
        board,
    )
    assert re.search(
        r'<tbody id="h2"><tr class="seat-change"><td colspan="2">From hand 2: '
        r'\u2068&lt;i&gt;Eve&lt;/i&gt;\u2069 for \u2068Cat\u2069</td></tr><tr class="about">',
        board,
    )


# --- issue 18: what a Bid Whist evening found ------------------------------------------------


def test_every_page_title_names_bid_whist_not_israeli_whist(bw):
    client, game_id = bw
    assert hand(client, game_id, **UP_4H_11).status_code == 302
    for path in (
        "",
        "/hands/new",
        "/hands/1/edit",
        "/hands/1/delete",
        "/hands/1/why",
        "/revisions",
        "/stats",
        "/print",
        "/seats",
        "/finish",
        "/details",
    ):
        title = title_of(client.get(f"/games/{game_id}{path}"))
        assert title.endswith("Bid Whist") and "Israeli" not in title, (path, title)
    assert title_of(client.get("/games/new?game=bid-whist")).endswith("· Bid Whist")
    assert (
        title_of(client.get("/history?game=bid-whist", follow_redirects=True))
        == "History · Bid Whist"
    )
    assert title_of(client.get("/")) == "Games · Scorekeeper"


def test_bid_whist_pages_use_bid_whist_words(bw):
    client, game_id = bw
    assert hand(client, game_id, **UP_4H_11, reneges_1="1").status_code == 302
    revisions = plain(client.get(f"/games/{game_id}/revisions"))
    assert "contract" not in revisions.lower()
    form = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert "revoke" not in plain(client.get(f"/games/{game_id}/hands/new")).lower()
    assert '<template id="count-more">One more: {what}</template>' in form
    assert 'data-label="Reneges for \u2068Ann &amp; Cat\u2069"' in form
    sheet = plain(client.get(f"/games/{game_id}/print"))
    # The scoring lines say a made bid's points; no table repeats them per level.
    assert "Contract" not in sheet and "Made exactly" not in sheet
    assert "Uptown or downtown made, B books B − 6" in sheet
    israeli = plain(client.get("/sheets/blank?game=israeli-whist"))
    assert "Contract 1 2 3" in israeli and "Made 11 14 19" in israeli


def test_the_house_rules_are_named_in_words(client):
    page = plain(client.get("/games/new?game=bid-whist"))
    for code in (
        "all_pass",
        "minimum_level",
        "downtown_over_uptown",
        "redeal",
        "void_only",
        "bidders_lose",
        "wins_game",
    ):
        assert code not in page, code
    assert "When all pass" in page and "Lowest bid" in page
    assert "thrown in, the deal passes on" in page and "the bidders lose the points" in page


def test_the_defenders_cell_shows_their_books_alone(bw):
    """The defenders need no books: their cell shows the books they took, not a dash to
    decode before them ("–/2", issue 30)."""
    client, game_id = bw
    assert hand(client, game_id, **UP_4H_11).status_code == 302
    board = text_of(client.get(f"/games/{game_id}"))
    assert '<span class="e">2</span>' in board and "–/2" not in board
    assert '<span class="e">10/11</span>' in board  # the bidders: needed/taken


def test_the_banner_says_which_side_went_out(bw):
    client, game_id = bw
    # Bob & Dan bid 7 no-trump five times and are set each time: −14 a hand, −70 < −21.
    lost = {"bidder": "1", "level": "7", "kind": "NT", "direction": "high", "books": "6"}
    assert hand(client, game_id, **lost).status_code == 302
    assert hand(client, game_id, **lost).status_code == 302
    board = plain(client.get(f"/games/{game_id}"))
    assert "Bob & Dan went out at −28: Ann & Cat win with 0!" in board


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"level": "2"}, "Level must be one of 3–7, not 2."),
        ({"books": "0"}, "the kitty included must be one of 1–13, not 0."),
        ({"books": "14"}, "the kitty included must be one of 1–13, not 14."),
        ({"books": "ten"}, "the kitty included must be one of 1–13, not ten."),
        ({"bidder": "7"}, "Bidder must be one of Ann, Bob, Cat, or Dan, not 7."),
    ],
)
def test_a_refused_key_names_the_field_and_what_it_may_be(bw, changes, message):
    client, game_id = bw
    response = hand(client, game_id, **{**UP_4H_11, **changes})
    assert response.status_code == 422
    assert message in plain(response)
    assert "Not a valid choice" not in text_of(response)
