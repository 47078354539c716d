"""A request the kept page built wrong is refused by the phone's calls
(``scorekeeper/pages/phone.py``), naming what cannot be read, and the text it gives is
drawn as text, never markup (issue 34)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.registry import GAMES
from tests.support.kept_requests import RULES, SEATED, SETTINGS, new_game_request
from tests.support.phone_calls import GAME_KEYS, NAMES, answered
from tests.support.play import records

SCRIPT, ESCAPED = "<script>x</script>", "&lt;script&gt;x&lt;/script&gt;"


NOWHERE = {"players": SEATED, "changes": [{"from_hand": 2, "seat": 9, "name": "Eve"}]}
WRONG = [
    ("sheet", {"seating": {"players": ["Ann"], "changes": []}}, "request", "seating"),
    ("sheet", {"seating": NOWHERE}, "request", "seat 9"),
    ("sheet", {"pending": "one"}, "request", "one"),
    ("form", {"language": "es"}, "language", "es"),
    ("form", {"language": "he", "players": ["Ann"]}, "players", ""),
    ("form", {"values": ["not", "a", "mapping"]}, "request", ""),
    ("form", {"problems": ["no field"]}, "request", ""),
]


@pytest.mark.parametrize(("call", "more", "field", "said"), WRONG)
def test_a_request_the_kept_page_built_wrong_is_refused_naming_what(call, more, field, said):
    """A seating, a queue mark, a language, players, entries or refusals the kept page
    built wrong: refused, naming what cannot be read (the ``field``, and ``said``)."""
    (answer,) = answered(new_game_request(call, **more))
    assert answer["field"] == field and said in answer["error"], answer


def test_text_the_kept_page_gives_is_drawn_as_text_never_markup():
    """The sheet's ``pending_mark``, and the entries and refusals the ``form`` call draws
    (in the boxes, beside them and in the summary): text, never markup; a field the form
    does not have is not drawn."""
    hands = [r.to_dict() for r in records(RULES, SETTINGS, 2, seed=34)]
    name = RULES.hand_form(SETTINGS, SEATED).fields[0].name
    values, problems = {name: SCRIPT, "stranger": "<b>in</b>"}, [{"field": name, "error": SCRIPT}]
    marked, drawn = answered(
        new_game_request("sheet", hands=hands, pending=1, pending_mark=SCRIPT),
        new_game_request("form", values=values, problems=problems, said=[SCRIPT]),
    )
    assert "<script>" not in marked["hands_html"] + marked["legend_html"]
    assert marked["hands_html"].count(ESCAPED) == 2  # hand 2: title, words
    assert 'class="pending"' in marked["hands_html"] and 'id="h1"' in marked["hands_html"]
    assert "<script>" not in drawn["html"] and "<b>in" not in drawn["html"]
    assert drawn["html"].count(ESCAPED) == 4  # box, beside, summary twice
    assert f'<a href="#{name}">{ESCAPED}' in drawn["head_html"]
    assert "stranger" not in drawn["html"]


@pytest.mark.parametrize("language", ["he", "en"])
def test_only_an_editing_phone_of_a_started_game_not_over_keeps_it_by_itself(
    client, make_game, language
):
    """The scoreboard marks Keep to start by itself (``data-auto``, issue 44) for a phone
    with the edit key once a hand is recorded, and not once the game is over; a phone
    with only the view link has no Keep at all."""
    from tests.support.phone_calls import Played

    game = Played(client, make_game, "oh-hell", language, 4, lasting=2)

    def auto() -> bool:
        page = client.get(f"/games/{game.id}").get_data(as_text=True)
        assert 'id="keep"' in page
        return "data-auto" in page and 'id="keep-ask"' in page

    assert not auto()  # nothing recorded yet
    game.play(1)
    assert auto()
    game.play(3)
    assert game.count == 2 and not auto()  # over after 2 hands
    viewer = client.application.test_client()
    view = client.get(f"/api/games/{game.id}", headers=game.auth).get_json()["view_url"]
    page = viewer.get(view, follow_redirects=True).get_data(as_text=True)
    assert 'id="keep"' not in page and "data-auto" not in page and "keep-ask" not in page


@pytest.mark.parametrize("language", ["he", "en"])
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_question_to_remove_a_refused_hand_shows_the_hand_as_the_server_says_it(
    app, key, language
):
    """A queued hand the game no longer takes: the question to remove it from the phone
    shows the hand in one line, as the server's pages describe a hand (issue 44)."""
    from markupsafe import escape

    from scorekeeper.web.service import describe
    from tests.support.game_page_matrix import LANGUAGES as ACCEPT

    rules = GAMES[key]
    settings = rules.preset(rules.default_preset)
    seated = list(NAMES[: rules.seats])
    hand = records(rules, settings, 1, seed=44)[0].to_dict()
    state = rules.replay(settings, 0, []).state.to_dict()
    asked = {"call": "sheet", "game": key, "seats": rules.seats, "settings": settings.to_dict()}
    asked |= {"state": state, "players": seated, "language": language, "hands": []}
    refused = {"number": 1, "said": ["No."], "hand": hand}
    (sheet,) = answered(asked | {"refused": refused})
    with app.test_request_context(headers={"Accept-Language": ACCEPT[language]}):
        said = describe(rules, hand, seated, settings)
    assert said and f'<p class="drop-hand"><b>{escape(said)}</b></p>' in sheet["html"]
    (plain,) = answered(asked | {"refused": {"number": 1, "said": ["No."]}})
    assert "drop-hand" not in plain["html"] and 'id="drop-yes"' in plain["html"]
