"""Every game's hand form refuses in the table's words (issue 30, item 3), in every language.

For every registered game (and the toy game of tests/support/toy_game.py), found through the
registry: an empty Save, a number a seat's box does not take, and a whole hand that breaks
one of the game's rules are posted to the hand form as a phone without JavaScript posts
them. What the page says back names the player by name and the thing as the game calls
it: never an API field (``bids[0]``), an API notation (``4U``, ``C, D, H, S``,
``0..13``), a code name (``frisch_rounds``) or a seat by number. An empty Save says once
what to enter first. The API keeps its field names for the same hands.
"""

from __future__ import annotations

import re
from itertools import islice

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.progress import first_state
from scorekeeper.web.i18n import named
from tests.support.game_page_matrix import simulated_hands
from tests.support.shared import LANGUAGES
from tests.support.toy_game import GAME as TOY
from tests.support.web.games.table_words import (
    NAMES,
    games,
    good_entry,
    in_table_words,
    in_the_hand,
    post,
    problems_of,
    seat_field,
    spec_of,
    start,
)


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(GAMES, TOY.key, TOY)


@pytest.mark.parametrize("game", games(), ids=lambda g: g.key)
@pytest.mark.parametrize("language", LANGUAGES)
def test_an_empty_save_says_once_what_to_enter_first(registered, client, game, language):
    game_id, players, (_, settings) = start(client, game)
    response = post(client, game_id, language, {"save": "1", "number": "1"})
    assert response.status_code == 422
    problems = problems_of(response)
    assert len(problems) == 1, problems
    anchor, message = problems[0]
    assert not in_table_words(game, message)
    page = response.get_data(as_text=True)
    assert f'id="{anchor}"' in page
    # The box it links to is a seat's (as the form describes it): the message names that
    # seat's player.
    described = spec_of(game, players, settings).field_named(anchor)
    if described is not None and described.seat is not None and described.seat < len(players):
        assert players[described.seat] in message, message
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []


@pytest.mark.parametrize("game", games(), ids=lambda g: g.key)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_value_a_seat_does_not_take_names_the_player(registered, client, game, language):
    game_id, players, (_, settings) = start(client, game)
    spec = spec_of(game, players, settings)
    # A seat's box; in a game without one, its first box (named by its label).
    described = seat_field(spec) or spec.fields[0]
    bad = str(described.high + 1) if described.is_count else "99"
    response = post(client, game_id, language, {"save": "1", "number": "1", described.name: bad})
    assert response.status_code == 422
    problems = problems_of(response)
    said = [message for anchor, message in problems if anchor == described.name]
    assert said, problems
    if described.seat is not None:
        assert players[described.seat] in said[0], said
    for _, message in problems:
        assert not in_table_words(game, message)


# The toy game's one field names the deal's winner: any seat may win, so no value of its
# form breaks a rule (``test_every_value_of_the_toys_form_is_a_hand``).
BREAKABLE = [game for game in games() if game.key != TOY.key]


def test_every_value_of_the_toys_form_is_a_hand(registered, client):
    game_id, players, (_, settings) = start(client, TOY)
    spec = spec_of(TOY, players, settings)
    (winner,) = [f for f in spec.fields if not f.folded]
    for number, choice in enumerate(winner.choices, start=1):
        data = {winner.name: choice.value, "save": "1", "number": str(number)}
        assert post(client, game_id, "en", data).status_code in (302, 303), choice.value
    assert len(client.get(f"/api/games/{game_id}").get_json()["hands"]) == len(winner.choices)


@pytest.mark.parametrize("game", BREAKABLE, ids=lambda g: g.key)
def test_a_hand_breaking_a_rule_is_refused_in_the_table_words(registered, client, game):
    """One value changed in a good hand until the game refuses it (a seat's values first,
    then the hand's own, each the first four others its box offers, then one past its
    highest): said in every language without an API field, notation, code name or seat
    number; the API's answer to the same hand still names its field as the API does."""
    game_id, players, (edit_key, settings) = start(client, game)
    spec = spec_of(game, players, settings)
    good = good_entry(game, players, settings)
    assert good is not None, f"{game.key}: no simulated hand is entered with Save"
    refused = None
    shown = [f for f in spec.fields if not f.folded]
    seats_first = [f for f in shown if f.seat is not None][::-1] + [
        f for f in shown if f.seat is None
    ]
    for described in seats_first:
        # The first four other values, taken as they come: a number box's range may be
        # the whole of what a hand allows (a million), not a list worth building; then
        # one past the box's highest, which no hand may hold.
        values = (
            [c.value for c in described.choices]
            if described.choices
            else [
                *islice((str(n) for n in range(described.low, described.high + 1)), 5),
                str(described.high + 1),
            ]
        )
        others = [v for v in values if v != good.get(described.name)]
        for value in [*others[:4], *others[4:][-1:]] if not described.choices else others[:4]:
            data = {**good, described.name: value, "save": "1", "number": "1"}
            if not in_the_hand(game, settings, good, data):
                continue  # a box the hand does not read (another seat's card points)
            if post(client, game_id, "en", data).status_code == 422:
                refused = data
                break
            # Another good hand (Skat's card points, 80 or 81): saved; taken back.
            if client.get(f"/api/games/{game_id}").get_json()["hands"]:
                auth = {"Authorization": f"Bearer {edit_key}"}
                assert (
                    client.delete(f"/api/games/{game_id}/hands/1", headers=auth).status_code < 300
                )
        if refused:
            break
    assert refused is not None, f"{game.key}: no value of its form breaks a rule"
    for language in LANGUAGES:
        problems = problems_of(post(client, game_id, language, refused))
        assert problems
        for _, message in problems:
            assert not in_table_words(game, message)
    body = game.hand.form_body(game.context(settings), refused, None)
    answer = client.post(
        f"/api/games/{game_id}/hands",
        json=body,
        headers={"Authorization": f"Bearer {edit_key}"},
    )
    assert answer.status_code == 422
    assert answer.get_json()["field"]
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []


# --- the next thing the table must do (issue 30, item 6) -------------------------------------


@pytest.mark.parametrize("game", games(), ids=lambda g: g.key)
def test_the_scoreboard_and_the_form_say_what_the_next_deal_needs(registered, client, game):
    """A game whose deals differ (Oh Hell's cards, each player's phase in Phase 10) says the
    next one on the scoreboard, with who deals and who bids first, and under the hand form's
    title, as its paper sheet prints it on the hand's line; a game dealt alike every hand
    says nothing more. The first deal's note is the game's at its start (its state)."""
    game_id, players, (_, settings) = start(client, game)
    note = game.deal_note(settings, HandPlace(1, 0, first_state(game, 0, None)))
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    turn = re.search(r'<p class="turn">(.*?)</p>', board, re.S)
    title = re.search(r"<h1>(.*?)</h1>", form, re.S)
    assert title
    if note is None:
        assert 'class="deal"' not in board and 'class="deal"' not in form
        return
    with client.application.test_request_context():  # in English, each seat by its player
        said = str(named(note, players))
    assert turn and said in turn.group(1)
    assert players[0] in turn.group(1)  # who deals, on the same line
    assert said in title.group(1)


def test_oh_hell_says_the_cards_of_each_deal_in_every_language(client):
    """Oh Hell's first deal of four players is ten cards: said in the page's language."""
    body = {"game": "oh-hell", "players": list(NAMES[:4]), "first_dealer": 0}
    created = client.post("/api/games", json=body).get_json()
    game_id = created["id"]
    assert client.get(f"/games/{game_id}/edit/{created['edit_key']}").status_code == 302
    words = {"en": "Deal 10 cards", "he": "לחלק 10 קלפים לכל אחד", "de": "10 Karten austeilen"}
    for language, said in words.items():
        headers = {"Accept-Language": LANGUAGES[language]}
        board = client.get(f"/games/{game_id}", headers=headers).get_data(as_text=True)
        form = client.get(f"/games/{game_id}/hands/new", headers=headers).get_data(as_text=True)
        assert said in board and said in form, language


@pytest.mark.parametrize("game", games(), ids=lambda g: g.key)
def test_the_legend_names_only_marks_the_scoreboard_shows(registered, client, game):
    """The legend's mark for whom a hand is about (the bidders, the declarer) stands only
    where a row carries it: Spades' and Oh Hell's rows mark no one, so their legends
    said "bidders" and "dealer" (twice) of nothing (issue 30, item 15)."""
    game_id, _, (edit_key, settings) = start(client, game)
    hands = simulated_hands(game, 2, long=True)
    for hand in hands:
        answer = client.post(
            f"/api/games/{game_id}/hands",
            json=hand,
            headers={"Authorization": f"Bearer {edit_key}"},
        )
        assert answer.status_code == 201, answer.get_json()
    views = game.hand_views(
        game.replay(settings, 0, [game.record_from_dict(settings, h) for h in hands])
    )
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    legend = re.search(r'<p class="legend">(.*?)</p>', board, re.S)
    assert legend
    marks_about = any(view.about is not None for view in views)
    assert ('<span class="d">' in legend.group(1)) == marks_about
    assert legend.group(1).count('class="k"') <= 1
