"""Hearts and the round sheet on the pages (issue 30, items 1, 2, 9 and 14), through the
real app and its SQLite file, JavaScript off: a scored round is no throw-in, Hearts is one
choice on New game and is called Hearts everywhere, a moon is one tap, refusals name the
player with numbers the right way round, and the sheet says "round" throughout."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.engine import GAMES
from tests.support.app import stored_game
from tests.support.games.any_game.hearts_pages import in_language, saved_line, start, text_of
from tests.support.new_games_refusals import NAMES, new_game, summary
from tests.support.stored import join

LANGUAGES = {"en": "en", "he": "he", "de": "de"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", ["any-game", "hearts"])
def test_1_a_scored_round_is_announced_with_its_points_not_as_thrown_in(
    app, client, language, rules
):
    game_id, _ = start(client, rules)
    values = {"save": "1", "points_0": "3", "points_1": "13", "points_2": "10", "points_3": "0"}
    line = saved_line(client, game_id, values, language)
    thrown = in_language(
        app, language, "Hand %(number)d: thrown in; %(dealer)s deals again.", number=1, dealer="Bob"
    )
    assert thrown.split(":")[1].split(";")[0].strip() not in line
    assert line.startswith(in_language(app, language, "Round %(number)d", number=1))
    assert "Ann" in line and "+13" in line


def test_hearts_is_one_choice_on_new_game_and_opens_on_its_preset(client):
    chooser = client.get("/games/new").get_data(as_text=True)
    assert 'href="/games/new?game=any-game&amp;rules=hearts"' in chooser
    assert ">Hearts</a>" in chooser
    form = client.get("/games/new?game=any-game&rules=hearts").get_data(as_text=True)
    assert re.search(
        r'<input[^>]*checked[^>]*value="hearts"|<input[^>]*value="hearts"[^>]*checked', form
    )
    # The heading names the game as its preset does (Hearts, not "Any other game").
    assert re.search(r'<h1>[^<]*<small id="game-title">Hearts</small></h1>', form)
    values = {f"player_{s}": name for s, name in enumerate(NAMES)}
    made = client.post(
        "/games/new?game=any-game", data={**values, "rules": "hearts", "first_dealer": "0"}
    )
    assert made.status_code == 302, text_of(made)
    game_id = int(made.headers["Location"].rsplit("/", 1)[1])
    stored = client.get(f"/api/games/{game_id}").get_json()
    assert stored["rules"] == "hearts"
    assert stored["settings"]["moon"] == "others_plus_26"
    assert stored["settings"]["round_total"] == 26 and stored["settings"]["goal"] == "low_target"


@pytest.mark.parametrize(
    ("language", "title", "rules_label"),
    [("en", "Hearts", "Rules: Hearts"), ("he", "הארטס", "הארטס"), ("de", "Hearts", "Hearts")],
)
def test_a_hearts_game_is_called_hearts_on_its_pages(client, language, title, rules_label):
    game_id, key = start(client)
    auth = {"Authorization": f"Bearer {key}"}
    headers = {"Accept-Language": language}
    for body in (
        {"points": [3, 13, 10, 0]},
        {"moon": 1},
        {"points": [13, 0, 13, 0]},
        {"points": [25, 0, 1, 0]},
        {"points": [25, 0, 1, 0]},
        {"points": [25, 0, 1, 0]},  # Ann reaches 117: Bob wins with 13
    ):
        assert (
            client.post(f"/api/games/{game_id}/hands", json=body, headers=auth).status_code == 201
        )
    board = text_of(client.get(f"/games/{game_id}", headers=headers))
    assert f" · {title} · " in board
    assert "any-game" not in board and "Any other game" not in board
    printed = text_of(client.get(f"/games/{game_id}/print", headers=headers))
    assert printed.startswith(title) or f" {title} " in printed
    assert rules_label in printed and "any-game" not in printed
    card = client.get(f"/games/{game_id}/result", headers=headers)
    assert card.status_code == 200
    assert title in text_of(card) and "Any other game" not in text_of(card)


def test_a_name_given_under_name_and_notes_heads_the_result_card(client):
    game_id, key = start(client)
    auth = {"Authorization": f"Bearer {key}"}
    client.post(
        f"/games/{game_id}/details", data={"name": "Hearts night", "notes": "", "save": "1"}
    )
    for _ in range(4):  # 25 a round: Ann reaches 100 and Bob wins
        client.post(f"/api/games/{game_id}/hands", json={"points": [25, 0, 1, 0]}, headers=auth)
    card = text_of(client.get(f"/games/{game_id}/result"))
    assert "Hearts night" in card


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_moon_is_one_tap_on_the_shooter_without_javascript(app, client, language):
    game_id, _ = start(client)
    headers = {"Accept-Language": language}
    form = client.get(f"/games/{game_id}/hands/new", headers=headers).get_data(as_text=True)
    assert 'name="moon"' in form and 'value="1"' in form
    line = saved_line(client, game_id, {"save": "1", "moon": "1"}, language)
    assert in_language(app, language, "%(name)s shot the moon", name="Bob") in line
    stored = client.get(f"/api/games/{game_id}").get_json()
    assert stored["totals"] == [26, 0, 26, 26]
    assert stored["hands"][0]["moon"] == 1


def test_a_typed_moon_and_a_wrong_total_are_refused_naming_the_player(client):
    game_id, _ = start(client)
    refused = client.post(
        f"/games/{game_id}/hands/new",
        data={"save": "1", "points_0": "0", "points_1": "0", "points_2": "26", "points_3": "0"},
    )
    assert refused.status_code == 422
    assert summary(refused) == [
        (
            "points_2",
            "Cat took all 26 points: that is shooting the moon; record it with the moon key "
            "instead",
        )
    ]
    refused = client.post(
        f"/games/{game_id}/hands/new",
        data={"save": "1", "points_0": "10", "points_1": "10", "points_2": "5", "points_3": "0"},
    )
    assert summary(refused) == [
        ("points_3", "The round totals 25, not 26: Dan's points would have to be +1.")
    ]


def test_in_hebrew_a_negative_number_in_a_refusal_keeps_its_minus_on_the_left(client):
    game_id, _ = start(client, "any-game", settings={"round_total": 26})
    refused = client.post(
        f"/games/{game_id}/hands/new",
        data={"save": "1", "points_0": "26", "points_1": "26", "points_2": "26", "points_3": "0"},
        headers={"Accept-Language": "he"},
    )
    page = refused.get_data(as_text=True)
    # −52, isolated left to right inside the Hebrew sentence, and the player named.
    assert "\u2066\u221252\u2069" in html.unescape(page)
    message = dict(summary(refused))["points_3"]
    assert "Dan" in message and "seat" not in message and "מושב" not in message


@pytest.mark.parametrize("language", LANGUAGES)
def test_14_the_round_sheet_says_round_throughout(app, client, language):
    game_id, _ = start(client, "any-game")
    headers = {"Accept-Language": language}
    board = text_of(client.get(f"/games/{game_id}", headers=headers))
    assert in_language(app, language, "Record round %(number)d", number=1) in board
    assert in_language(app, language, "No rounds yet.") in board
    for hand_word in ("Record hand %(number)d", "No hands yet."):
        assert in_language(app, language, hand_word, number=1) not in board
    form = text_of(client.get(f"/games/{game_id}/hands/new", headers=headers))
    assert in_language(app, language, "Round %(number)d", number=1) in form
    assert in_language(app, language, "Save round") in form
    assert in_language(app, language, "Hand %(number)d", number=1) not in form


@pytest.mark.parametrize("language", LANGUAGES)
def test_14_the_round_sheets_other_pages_say_round_too(app, client, language):
    game_id, key = start(client, "any-game")
    auth = {"Authorization": f"Bearer {key}"}
    client.post(f"/api/games/{game_id}/hands", json={"points": [3, 13, 10, 0]}, headers=auth)
    headers = {"Accept-Language": language}
    pages = {
        f"/games/{game_id}/hands/1/why": "Round %(number)d: how it was scored",
        f"/games/{game_id}/hands/1/delete": "Delete round %(number)d?",
        f"/games/{game_id}/revisions": "Round %(number)d",
    }
    for path, words in pages.items():
        page = text_of(client.get(path, headers=headers))
        assert in_language(app, language, words, number=1) in page, path
    deleted = client.post(
        f"/games/{game_id}/hands/1/delete", data={"revision": "1"}, headers=headers
    )
    assert deleted.status_code == 302
    board = client.get(f"/games/{game_id}", headers=headers).get_data(as_text=True)
    said = in_language(
        app, language, "Round %(number)d deleted. It is kept under Revisions.", number=1
    )
    assert html.escape(said, quote=False) in board or said in html.unescape(board)


@pytest.mark.parametrize("language", ["he", "de", "en"])
def test_9_new_game_shows_preset_labels_not_keys(client, language):
    """No preset's key on any game's new-game page. In English a key of one plain word is
    also the word itself ("euchre", "rubber", "standard"): there only a key no sentence
    would hold (``pagat-german``) is looked for; in Hebrew and German, every key."""
    presets = {preset for game in GAMES.values() for preset in game.presets}
    if language == "en":
        presets = {preset for preset in presets if not preset.isalpha()}
    for key in GAMES:
        page = text_of(client.get(f"/games/new?game={key}", headers={"Accept-Language": language}))
        for raw in sorted(presets):
            assert f" {raw} " not in f" {page} ", (key, raw)


@pytest.mark.parametrize("language", ["he", "de", "en"])
def test_14_bidding_groups_are_titled_in_the_pages_language(client, language):
    headers = {"Accept-Language": language}
    for key in ("spades", "oh-hell"):
        page = client.get(f"/games/new?game={key}", headers=headers).get_data(as_text=True)
        legends = re.findall(r'<fieldset class="knobs"><legend>(.*?)</legend>', page)
        assert legends and not {"auction", "bidding"} & set(legends), legends
        assert all(legend[0].isupper() or not legend[0].isascii() for legend in legends), legends


def test_14_the_losing_total_reads_left_to_right_in_hebrew(client):
    page = client.get("/games/new?game=spades", headers={"Accept-Language": "he"}).get_data(
        as_text=True
    )
    box = re.search(r'<input[^>]*name="lose_at"[^>]*>', page).group(0)
    assert 'dir="ltr"' in box and 'placeholder="-200"' in box
    assert re.search(r'data-knob="lose_at".*?<output dir="auto">-200</output>', page, re.S)


def test_the_ratings_of_a_group_that_played_hearts_are_called_hearts(client):
    game_id, key = start(client)
    auth = {"Authorization": f"Bearer {key}"}
    for _ in range(4):
        client.post(f"/api/games/{game_id}/hands", json={"points": [25, 0, 1, 0]}, headers=auth)
    group_id = stored_game(client, game_id).group_id
    join(client, group_id)
    for language, title in (("en", "Hearts"), ("he", "הארטס")):
        headers = {"Accept-Language": language}
        page = client.get(f"/groups/{group_id}/ratings?game=any-game", headers=headers)
        assert f"<small>{title}</small>" in page.get_data(as_text=True)
        assert "Any other game" not in text_of(page)


@pytest.mark.parametrize(
    ("key", "language", "label"),
    [
        ("spades", "de", "Spades"),
        ("spades", "en", "Spades"),
        ("oh-hell", "en", "Oh Hell"),
        ("bid-whist", "en", "Bid Whist"),
        ("israeli-whist", "en", "Standard"),
        ("any-game", "de", "Rundenblatt"),
    ],
)
def test_9_the_scoreboard_and_print_name_the_rules_not_their_key(client, key, language, label):
    game_id, _ = new_game(client, key, rules=key if key != "israeli-whist" else "standard")
    headers = {"Accept-Language": language}
    board = text_of(client.get(f"/games/{game_id}", headers=headers))
    assert f" · {label} · " in board, board[:200]
    printed = text_of(client.get(f"/games/{game_id}/print", headers=headers))
    assert label in printed and f" {key} " not in printed


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_each_round_says_where_the_cards_went_and_the_moon_names_its_shooter(
    app, client, language
):
    """Issue 43, item 10: the form says where the cards go in the round being entered, each
    row where they went, and the moon's row who shot it; the print sheet too."""
    game_id, _ = start(client)
    headers = {"Accept-Language": language}

    def said(message, **params):
        return in_language(app, language, message, **params)

    form = text_of(client.get(f"/games/{game_id}/hands/new", headers=headers))
    assert said("Pass three cards to the left") in form
    board = text_of(client.get(f"/games/{game_id}", headers=headers))
    assert said("Pass three cards to the left") in board  # the turn line, before round 1
    values = {"save": "1", "points_0": "3", "points_1": "13", "points_2": "10", "points_3": "0"}
    saved_line(client, game_id, values, language)
    form = text_of(client.get(f"/games/{game_id}/hands/new", headers=headers))
    assert said("Pass three cards to the right") in form
    saved_line(client, game_id, {"save": "1", "moon": "2"}, language)
    board = text_of(client.get(f"/games/{game_id}", headers=headers))
    assert said("pass left") in board
    moon = said("%(name)s shot the moon", name="Cat")
    assert f"{said('pass right')} · {moon}" in board
    assert said("Pass three cards across") in board  # round 3 next
    printed = text_of(client.get(f"/games/{game_id}/print", headers=headers))
    assert moon in printed and said("pass left") in printed


def test_10_the_passing_rotation_is_a_knob_through_the_api_and_the_command_line(client, capsys):
    """A table that never passes across sets ``passing`` when it starts the game; the API
    keeps it and the rows follow it; ``scorekeeper rules`` lists it with Hearts' default."""
    from scorekeeper.cli import entry

    made = client.post(
        "/api/games",
        json={
            "game": "any-game",
            "rules": "hearts",
            "players": NAMES,
            "settings": {"passing": "left_right_hold"},
        },
    )
    assert made.status_code == 201, made.get_json()
    game_id, key = made.get_json()["id"], made.get_json()["edit_key"]
    auth = {"Authorization": f"Bearer {key}"}
    for _ in range(3):
        client.post(f"/api/games/{game_id}/hands", json={"points": [3, 13, 10, 0]}, headers=auth)
    game = client.get(f"/api/games/{game_id}", headers=auth).get_json()
    assert game["settings"]["passing"] == "left_right_hold"
    board = text_of(client.get(f"/games/{game_id}/edit/{key}", follow_redirects=True))
    assert "3 hold" in board and "pass across" not in board
    refused = client.post(
        "/api/games",
        json={"game": "any-game", "rules": "hearts", "players": NAMES, "settings": {"passing": 4}},
    )
    assert refused.status_code == 422 or refused.status_code == 400
    assert refused.get_json()["field"] == "settings.passing"
    assert entry(["rules", "--game", "any-game", "hearts"]) == 0
    out = capsys.readouterr().out
    assert "passing      left_right_across_hold" in out
