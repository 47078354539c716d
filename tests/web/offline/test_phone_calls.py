"""A kept phone's calls (``scorekeeper/pages/phone.py``, issue 34) give what the server's pages
and form give, byte for byte, in each language and game (bad requests: test_kept_requests.py)."""

from __future__ import annotations

import html as markup
import re

import pytest
from babel import Locale

from scorekeeper import db
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.language import AND_LISTS, LANGUAGES, OR_LISTS, words_in
from scorekeeper.web import i18n
from tests.support.game_page_matrix import plain_text
from tests.support.phone_calls import GAME_KEYS, NAMES, Played, answered, same_rows
from tests.support.web.offline.phone_calls import bad_values, drawn_alike


def test_the_engine_lists_join_as_babel_does():
    for language in LANGUAGES:
        patterns = Locale.parse(language).list_patterns
        for style, ours in (("standard", AND_LISTS), ("or", OR_LISTS)):
            found = patterns[style]
            assert (found["2"], found["end"]) == ours[language], (language, style)
            assert found["start"] == found["middle"] == "{0}, {1}"
    assert set(LANGUAGES) == set(i18n.LANGUAGES)
    assert {language for language in LANGUAGES if words_in(language).rtl} == i18n.RTL_LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_phone_draws_and_refuses_as_the_server_does(client, make_game, key, language):
    """The phone's sheet is the server's before the first hand, after three, after a deal thrown
    in and at the end; so are its hand form (empty, to edit, refused), hand taken and preview."""
    game = Played(client, make_game, key, language, 4)
    assert game.sheet()["count"] == 0
    game.play(3)
    assert game.sheet()["status"] == "in_progress"
    form = answered(game.request("form"))[0]
    assert "error" not in form, form
    assert drawn_alike(form, game.get(f"/games/{game.id}/hands/new"))
    last = game.count  # the form to edit the last hand played, at its place
    edit = answered(game.request("form", state=game.state(last - 1), hand=game.bodies[last - 1]))[0]
    assert drawn_alike(edit, game.get(f"/games/{game.id}/hands/{last}/edit"))
    assert edit["number"] == last

    # The next hand entered (thrown in by its button, if so), then entries the form refuses:
    # taken or refused and previewed as the server does, a refused one's form drawn again.
    place = HandPlace.after(game.rules.state_from_dict(game.state()))
    spec = game.rules.hand_form(game.settings, game.players, place)
    body = game.bodies[game.count]
    expected = game.rules.record_from_dict(game.settings, body, place)
    good = {k: "" if v is None else v for k, v in game.rules.hand.form_values(body).items()}
    action = spec.actions[0].name if expected.thrown_in else None
    for values in [good, *bad_values(game, spec, good, place)]:
        thrown = values is good and action
        entry = {"values": {}, "action": action} if thrown else {"values": values}
        took, preview = answered(
            game.request("entered", **entry), game.request("preview_entered", **entry)
        )
        server = game.post_form({action: "1"} if thrown else values, preview=True)
        status = 200 if values is good else 422
        assert (server.status_code, server.get_json()) == (status, preview), values
        if values is good:
            assert took["hand"] == expected.to_dict(), took
            continue
        assert took["error"] == took["problems"][0]["error"]
        again = answered(game.request("form", values=values, problems=took["problems"]))[0]
        server = game.post_form(values)
        assert server.status_code == 422 and "error-summary" in again["head_html"], values
        assert drawn_alike(again, server.get_data(as_text=True)), values

    # A deal thrown in on the form (where the game has it), saved as the phone reads it.
    for action in spec.actions[:1]:
        thrown = answered(game.request("entered", values={}, action=action.name))[0]
        assert game.post_form({action.name: "1"}).status_code == 302, action
        game.count += 1
        assert f'id="h{game.count}"' in game.sheet()["hands_html"]
        assert game.snapshot["hands"][-1]["hand"] == thrown["hand"]
        with client.application.app_context():
            stored = db.load_hand(db.get_db(), game.id, game.count).record.to_dict()
        assert stored == thrown["hand"]

    # A game played to its end under its own rules (one that ends in sixty hands).
    ended = Played(client, make_game, key, language, 60, lasting=None)
    ended.play(len(ended.bodies))
    sheet = ended.sheet()
    if sheet["status"] == "finished":
        assert 'class="banner' in sheet["banner_html"] and not sheet["turn_html"].strip()
        # No form for a hand after the end: the server sends the table back, saying why.
        over = answered(ended.request("form"))[0]
        assert over["field"] == "hand"
        back = client.get(f"/games/{ended.id}/hands/new", follow_redirects=True)
        flashed = re.search(r'<p class="flash[^>]*>(.*?)</p>', back.get_data(as_text=True))
        assert plain_text(over["error"]) == plain_text(markup.unescape(flashed[1]))


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_phone_names_who_sat_for_each_hand_as_the_server_does(client, make_game, key):
    """Another player takes seat 1 after hand 2: the phone's sheet names who sat for each hand
    and says over hand 3 who took whose seat, as the server's does. One language a game."""
    game = Played(client, make_game, key, LANGUAGES[GAME_KEYS.index(key) % 3], 5)
    game.play(2)
    seat = {"seat": 1, "name": "Zoë Montgomery"}
    changed = client.post(f"/api/games/{game.id}/seats", json=seat, headers=game.auth)
    assert changed.status_code == 201, changed.get_json()
    game.play(2)
    sheet, html = game.sheet(), game.get(f"/games/{game.id}")
    assert game.snapshot["substitutions"] == [{"from_hand": 3, **seat}]
    # One line of the seat's change on the server's sheet, over hand 3 only on the phone's.
    assert html.count('class="seat-change"') == 1
    (change,) = re.findall(r'<tr class="seat-change"><td[^>]*>(.*?)</td>', sheet["hands_html"])
    paired = any(len(side) > 1 for side in game.rules.sides) or game.rules.row_layout == "across"
    assert sheet["hands_html"].index(change) < sheet["hands_html"].index('id="h3"') or paired
    assert "3" in plain_text(change) and change.index("Zoë Montgomery") < change.index(NAMES[1])
    # Without the seating every hand is drawn as the table sits now.
    assert not paired or not same_rows(game.sheet(seated=False), html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_long_game_kept_on_a_phone_shows_every_hand(client, make_game, language):
    """A long game's phone sheet, from the snapshot's start and state, shows all its 64
    hands (the server's scoreboard shows the last 60, and links to the rest: issue 44)."""
    game = Played(client, make_game, "oh-hell", language, 64, lasting=64)
    game.play(64)
    shown = re.findall(r'id="h(\d+)"', game.sheet()["hands_html"])
    assert len(game.snapshot["hands"]) == 64 and game.snapshot["shown_from"] == 1
    assert shown == [str(n) for n in range(1, 65)]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_kept_hand_a_stricter_rule_refuses_still_draws_on_the_phone(
    client, make_game, key, monkeypatch
):
    """A phone keeping a game whose stored hands today's rules refuse (a check added since
    they were saved) draws them as the server does, not an error."""
    game = Played(client, make_game, key, "en", 4)
    game.play(4)
    before = game.sheet()["hands_html"]
    refused = [("hand", "a rule added since")]
    monkeypatch.setattr(type(game.rules), "check", lambda self, settings, hand, ctx: refused)
    db.hands.stored_record.cache_clear()
    assert game.sheet()["hands_html"] == before
    db.hands.stored_record.cache_clear()
