"""The kept page's own views (issue 46): whose phone it is, the kept board around the
sheet, the "remove this hand from this phone" question and the clash of two versions of a
hand, drawn from the engine's page models (``engine/pages/kept.py``) by one template
(``templates/_kept.html``), alike by the server (Flask) and by the phone's renderer
(``scorekeeper/pages``, under Pyodide); ``static/keep.js`` only puts them in place."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest
from babel.messages.mofile import read_mo
from markupsafe import Markup

from scorekeeper.engine import GAMES
from scorekeeper.engine.pages import kept
from scorekeeper.pages import phone, render
from scorekeeper.web.offline import phone_engine
from tests.support.game_page_matrix import simulated_hands
from tests.support.kept_requests import new_game_request
from tests.support.phone_calls import GAME_KEYS, NAMES, answered
from tests.support.web.offline.kept import SPADES, served, spades_save

LANGUAGES = ("he", "en", "de")
SCRIPT = "<script>alert('x')</script>"
HEBREW = 'נועה בת-"שבע"'
# A clash as web/offline.py answers it: the server's version scored, the phone's as sent.
ANSWER = {
    "error": "hand 2 is recorded",
    "message": "Hand 2 was recorded on another phone while this one was offline.",
    "index": 0,
    "number": 2,
    "conflict": {
        "number": 2,
        "sides": [SCRIPT, HEBREW],
        "server": {"hand": {}, "points": [19, -20], "text": "7♣ made", "revision": 4},
        "phone": {"hand": {}},
    },
}
MODELS = {
    "whose": kept.whose([SCRIPT, HEBREW, "Ben"]),
    "dropper": kept.dropper(3, ["The game is over: Ann & Cat won.", SCRIPT]),
    "clash": kept.clash(ANSWER),
    "back": None,
}
# The words each view says, in each language (from the catalogues, by hand).
SAID = {
    "whose": {"en": "Whose phone is this?", "he": "של מי הטלפון הזה?"},
    "dropper": {"en": "Remove hand 3 from this phone", "de": "Spiel 3 von diesem Handy entfernen"},
    "clash": {"en": "On this phone", "he": "לשמור את זו"},
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("view", sorted(MODELS))
def test_the_server_and_the_phone_draw_a_kept_view_alike(app, view, language):
    models = () if MODELS[view] is None else (MODELS[view],)
    drawn = render.kept(language, view, *models)
    assert drawn == served(app, language, view, *models)
    assert "<script>" not in drawn and "{" not in drawn
    for where, words in SAID.get(view, {}).items():
        if where == language:
            assert words in drawn, drawn


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_server_and_the_phone_draw_the_kept_board_alike(app, language):
    parts = {p: Markup(f"<i>{p}</i>") for p in ("tiles", "banner", "turn", "head", "hands")}
    parts["legend"] = Markup("<p class=legend>L</p>")
    model = kept.Board("Record hand 5", 4, kept.dropper(5, ["No."]), 3, paired=False)
    drawn = render.kept(language, "board", model, parts)
    assert drawn == served(app, language, "board", model, parts)
    assert drawn.index('id="drop"') < drawn.index('<section class="board">')
    assert 'id="record">Record hand 5</button>' in drawn
    assert re.search(r'<p class="muted" id="kept-known">[^<]*1–4[^<]*</p>', drawn)
    assert "<tbody><i>hands</i></tbody></table>" in drawn
    paired = kept.Board(None, 0, None, 0, paired=True)
    bare = render.kept(language, "board", paired, parts)
    assert "record" not in bare and "kept-known" not in bare and "<table" not in bare


def test_names_are_escaped_in_every_kept_view():
    whose = render.kept("en", "whose", MODELS["whose"])
    escaped = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
    assert f'value="{escaped}"' in whose and f'<bdi dir="auto">{escaped}</bdi>' in whose
    assert 'value="נועה בת-&#34;שבע&#34;"' in whose
    clash = render.kept("he", "clash", MODELS["clash"])
    assert clash.count(escaped) == 2 and "<script" not in clash
    dropper = render.kept("de", "dropper", MODELS["dropper"])
    assert f"<li>{escaped}</li>" in dropper and 'role="alert"' in dropper


def test_the_clash_shows_both_versions_each_with_its_points():
    drawn = render.kept("he", "clash", MODELS["clash"])
    server, phone_side = drawn.split('id="version-phone"')
    assert 'id="version-server"' in server and "7♣ made" in server
    # Points as players write them, kept left to right on a Hebrew page.
    assert "<b>\u2066+19\u2069</b>" in server and "<b>\u2066\u221220\u2069</b>" in server
    assert 'id="keep-server"' in server and 'data-revision="4"' in server
    # The phone's version could not be scored where the game is now: no points, no text.
    assert "<b></b>" in phone_side and 'id="keep-phone" data-revision="4"' in phone_side
    assert "<h3>בשרת</h3>" in server and "<h3>בטלפון הזה</h3>" in phone_side


@pytest.mark.parametrize(
    "answer",
    [{}, {"conflict": {}}, {"conflict": {"sides": ["A"], "server": {}}}],
    ids=["no clash", "no sides", "no phone"],
)
def test_a_clash_the_page_built_wrong_is_refused_in_words(answer):
    request = {**new_game_request("clash", language="en"), "answer": answer}
    (refused,) = answered(request)
    assert refused["field"] == "request" and "cannot be read" in refused["error"]


def test_the_phone_draws_the_kept_board_and_the_question_on_top():
    rules = GAMES[GAME_KEYS[0]]
    base = new_game_request("sheet", language="de", pending=0, pending_mark="m")
    refused = {"number": 1, "said": ["Die Partie ist vorbei."]}
    (sheet,) = answered({**base, "earlier": 0, "refused": refused})
    html = sheet["html"]
    assert html.index("Die Partie ist vorbei.") < html.index('<section class="board">')
    assert "Spiel 1 von diesem Handy entfernen" in html and "kept-known" not in html
    assert sheet["tiles_html"] in html and sheet["banner_html"] in html
    assert all(name in html for name in NAMES[: rules.seats])
    (later,) = answered({**base, "earlier": 4})
    assert 'id="kept-known"' in later["html"] and "1–4" in later["html"]
    assert 'id="drop"' not in later["html"]


def test_the_phone_form_follows_the_queued_hands_and_asks_to_remove_a_refused_one():
    hands = simulated_hands(GAMES[GAME_KEYS[0]], 2, seed=5)
    base = new_game_request("form", language="he")
    (follows,) = answered({**base, "hands": hands, "drop": 3})
    assert follows["number"] == 3, follows
    (resumed,) = answered({**base, "call": "resume", "hands": hands})
    assert follows["state"] == resumed["state"] != base["state"]
    assert 'id="kept-to-board"' in follows["back_html"]
    assert "הסרת יד 3 מהטלפון הזה" in follows["drop_html"]
    (fresh,) = answered(base)
    assert fresh["number"] == 1 and "drop_html" not in fresh
    (wrong,) = answered({**base, "hands": [{"nonsense": 1}]})
    assert "error" in wrong and wrong.get("number") == 1, wrong


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_kept_page_asks_whose_phone_among_the_seated(editor, language):
    client, game_id = editor
    page = client.get(f"/games/{game_id}/kept", headers={"Accept-Language": language})
    html = page.get_data(as_text=True)
    question = re.search(r'<template id="kept-whose">(.*?)</template>', html, re.S).group(1)
    setup = json.loads(re.search(r'id="kept-setup">(.*?)</script>', html, re.S).group(1))
    seated = client.get(setup["snapshot"]).get_json()["seated"]
    assert re.findall(r'value="([^"]*)"', question) == seated
    assert SAID["whose"][language] in question


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_kept_page_names_only_its_own_languages_words_file(editor, language):
    """The kept page's worker loads, and Keep downloads, the words file of the page's
    language only (none for English): a table that changes language gets the new one with
    the page in its language (issue 44)."""
    client, game_id = editor
    asked = {"Accept-Language": language, "Accept-Encoding": "br"}  # as Chromium asks
    page = client.get(f"/games/{game_id}/kept", headers=asked)
    assert "Content-Encoding" not in page.headers
    html = page.get_data(as_text=True)
    setup = json.loads(re.search(r'id="kept-setup">(.*?)</script>', html, re.S).group(1))
    assert setup["language"] == language
    named = setup["engine"]["words"]
    assert list(named) == ([] if language == "en" else [language])
    words = [item["url"] for item in setup["downloads"] if "/engine/words-" in item["url"]]
    assert words == list(named.values())
    for url in words:
        sent = client.get(url, headers={"Accept-Encoding": "br"})
        assert sent.status_code == 200 and sent.headers["Content-Encoding"] == "br"
        (item,) = [item for item in setup["downloads"] if item["url"] == url]
        assert item["sent"] == len(sent.data) < item["size"]
    # Every other part of the engine is the same whatever the language.
    others = {k: v for k, v in setup["engine"].items() if k != "words"}
    english = client.get(f"/games/{game_id}/kept", headers={"Accept-Language": "en"})
    text = english.get_data(as_text=True)
    plain = json.loads(re.search(r'id="kept-setup">(.*?)</script>', text, re.S).group(1))
    assert others == {k: v for k, v in plain["engine"].items() if k != "words"}


def test_a_stranger_with_the_view_link_is_shown_no_kept_page(app, make_game):
    game_id, _ = make_game(
        "israeli-whist", rules="pagat-german", players=[SCRIPT, "Ben", "Cat", "Dan"]
    )
    stranger = app.test_client()
    page = stranger.get(f"/games/{game_id}/kept")
    assert page.status_code in (403, 404)
    assert "kept-whose" not in page.get_data(as_text=True)


@pytest.mark.parametrize("language", ["he", "de"])
def test_the_phones_engine_says_the_kept_views_words_in_its_language(language):
    """The engine's zip carries the template and the language's words file (the cut
    catalogue) every word of it: a phone without the network says them as the server's
    page does."""
    body, _ = phone_engine.build_engine_zip(phone_engine.ENGINE)
    packed = zipfile.ZipFile(io.BytesIO(body))
    template = packed.read("templates/_kept.html")
    words, _ = phone_engine.build_words(phone_engine.ENGINE)[language]
    catalogue = read_mo(io.BytesIO(words))
    words = phone_engine.template_messages([template])
    assert "Remove hand %(number)d from this phone" in words
    untranslated = [w for w in words if not (catalogue.get(w) and catalogue.get(w).string)]
    assert not untranslated
    assert phone.CALLS["clash"] is phone.clash


@pytest.mark.browser
@pytest.mark.parametrize("language", ["he"])
def test_a_refused_hand_is_removed_from_the_kept_board_too(browser, live_server, language):
    """The phone records hand 2 offline while another phone ends the game. Back online the
    server will not take it: its form asks to remove it; back on the kept board the same
    question heads the board, drawn by the phone's engine, and answers there: "Keep it"
    folds it, "Remove it" removes the hand, and the phone is back on the server's
    scoreboard, the game as the server ended it."""
    from tests.support.browser import api
    from tests.support.game_page_matrix import enter, entry_of
    from tests.support.offline_phone import ENGINE_TIMEOUT, kept_offline, record_offline

    rules = GAMES["bid-whist"]
    settings = rules.preset(rules.default_preset)
    drawn = simulated_hands(rules, 12, seed=11)
    played = [h for h in drawn if not rules.record_from_dict(settings, h).thrown_in][:2]
    names = [HEBREW, SCRIPT, "דנה", "Carl"]
    body = {"game": rules.key, "players": names, "rules": rules.default_preset, "first_dealer": 0}
    created = api(live_server, "POST", "/api/games", body)
    game_id, key = created["id"], created["edit_key"]
    api(live_server, "POST", f"/api/games/{game_id}/hands", played[0], key)
    with kept_offline(browser, live_server, language, created, "דנה") as page:
        record_offline(page, entry_of(rules, played[1], names), enter)
        api(live_server, "POST", f"/api/games/{game_id}/finish", {}, key)
        page.context.set_offline(False)
        page.locator("#kept-entry #drop").wait_for(timeout=ENGINE_TIMEOUT)
        page.locator("#kept-to-board").click()
        board = page.locator("#kept-board")
        board.locator("#drop").wait_for(timeout=ENGINE_TIMEOUT)
        assert "<script>" not in board.inner_html()
        assert board.locator(".error-summary").inner_text().count(SCRIPT) == 1
        ask = board.locator("#drop-ask")
        board.locator("#drop").click()
        assert ask.is_visible() and not board.locator("#drop").is_visible()
        board.locator("#drop-no").click()
        assert not ask.is_visible() and board.locator("#drop").is_visible()
        board.locator("#drop").click()
        board.locator("#drop-yes").click()
        page.locator("#live").wait_for(timeout=ENGINE_TIMEOUT)  # the server's scoreboard
    now = api(live_server, "GET", f"/api/games/{game_id}?explain=0", None, key)
    assert [h["number"] for h in now["hands"]] == [1] and now["status"] == "finished"


KEPT_SAVE = {"Accept": "application/json", "X-Scorekeeper-Kept": "1"}


def test_a_save_answers_a_phone_that_keeps_the_game_with_the_game_as_saved(client, make_game):
    """The phone's kept copy takes the hand from the save's own answer, so that a network
    gone the moment after cannot leave it a hand behind: the snapshot the phone would ask
    for next, with the hand; without the header (a phone that does not keep the game) the
    answer stays small."""
    game_id, key = make_game(game=SPADES.key, rules=SPADES.default_preset, players=NAMES[:4])
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    answer = spades_save(client, game_id, KEPT_SAVE).get_json()
    kept_copy = answer["kept"]
    assert answer["saved"] is True and answer["next"] == f"/games/{game_id}"
    asked = client.get(f"/games/{game_id}/offline").get_json()
    assert [h["number"] for h in kept_copy["hands"]] == [1] and kept_copy["next_number"] == 2
    # Without the views drawn from it (issue 69), which the scoreboard asks for next: the
    # save is not held for their drawing.
    assert "drawn" not in kept_copy and "drawn" in asked
    assert {k: v for k, v in kept_copy.items() if k != "csrf_token"} == {
        k: v for k, v in asked.items() if k not in ("csrf_token", "drawn")
    }
    plain = spades_save(client, game_id, {"Accept": "application/json"}, number="2")
    assert plain.get_json() == {"saved": True, "next": f"/games/{game_id}"}


def test_a_save_refused_or_not_allowed_answers_no_snapshot(app, client, make_game):
    """A hand the rules refuse is answered with its form, not the game; a phone without
    the edit key (a stranger, or a member of the game's group who only watches) gets
    neither the game nor a hand saved, whatever it asks for."""
    game_id, key = make_game(game=SPADES.key, rules=SPADES.default_preset, players=NAMES[:4])
    for other in (app.test_client(), client):  # a stranger; the group's member, no key
        refused = spades_save(other, game_id, KEPT_SAVE)
        assert refused.status_code in (403, 404)
        assert b"csrf_token" not in refused.data and b"tricks_0" not in refused.data
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    wrong = spades_save(client, game_id, KEPT_SAVE, tricks_0="9")
    assert wrong.status_code == 422 and b'"kept"' not in wrong.data
    assert client.get(f"/games/{game_id}/offline").get_json()["hands"] == []


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_server_answers_a_clash_drawn_as_the_phone_draws_it(client, make_game, language):
    """Back online, a queued hand another phone recorded meanwhile: the 409 carries both
    versions drawn by the server, as the phone's engine draws them from the same answer,
    so that a page opened offline shows them without waiting for its engine to start."""
    game_id, key = make_game(game=SPADES.key, rules=SPADES.default_preset, players=NAMES[:4])
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    assert spades_save(client, game_id, {}).status_code == 302  # hand 1, on the server
    mine = {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    sent = client.post(
        f"/games/{game_id}/offline/hands",
        json={"by": NAMES[0], "hands": [{"number": 1, "after": 0, "hand": mine}]},
        headers={"Accept-Language": language},
    )
    answer = sent.get_json()
    assert sent.status_code == 409 and answer["conflict"]
    assert answer["html"] == render.kept(language, "clash", kept.clash(answer))
    assert 'id="keep-phone"' in answer["html"] and SAID["clash"].get(language, "") in answer["html"]


# --- this phone's copy: the hands it holds that the server has not got (issue 44) ----------
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_kept_board_offers_the_phones_copy_while_it_holds_hands_the_server_has_not(
    app, language
):
    """The button shows while a hand is queued or was removed from the queue, and then says
    how many removed hands the copy keeps, in the page's language (one or several); the
    server draws the board as the phone does."""
    base = new_game_request("sheet", language=language, pending=0, pending_mark="m", earlier=0)
    (none,) = answered(base)
    assert 'id="kept-copy"' not in none["html"]
    (queued,) = answered({**base, "copy": {"queued": 1, "removed": 0}})
    assert 'id="kept-copy"' in queued["html"] and 'id="kept-removed"' not in queued["html"]
    said = {
        "en": ("Save this phone's copy", "This phone's copy keeps the 2 hands removed from it."),
        "he": ("שמירת העותק של הטלפון הזה", "העותק כולל את 2 הידיים שהוסרו מהטלפון הזה."),
        "de": ("Kopie dieses Handys sichern", "enthält die 2 von diesem Handy entfernten"),
    }[language]
    (removed,) = answered({**base, "copy": {"queued": 0, "removed": 2}})
    assert all(words in removed["html"] for words in said), removed["html"]
    (one,) = answered({**base, "language": "en", "copy": {"removed": 1}})
    assert "This phone's copy keeps the hand removed from it." in one["html"]
    parts = {p: Markup("") for p in ("tiles", "banner", "turn", "head", "hands", "legend")}
    model = kept.Board(None, 0, None, 0, False, copy=True, removed=2)
    drawn = render.kept(language, "board", model, parts)
    assert drawn == served(app, language, "board", model, parts)


def test_the_phones_copy_holds_the_queued_and_removed_hands_in_the_tables_words():
    """The file keeps each hand as entered (what the server's API takes) and in one line
    as the page says it, in the phone's language; a removed hand also what the server said
    of it and when it was removed. Names from the table stay as they are."""
    rules = GAMES[GAME_KEYS[0]]
    settings = rules.preset(rules.default_preset)
    first, second = simulated_hands(rules, 2, seed=3)
    record = rules.record_from_dict(settings, first).to_dict()
    later = rules.record_from_dict(settings, second).to_dict()
    queued = [{"number": 3, "hand": second, "record": later}]
    removed = [
        {
            "number": 2,
            "hand": first,
            "record": record,
            "said": [f"The game is over: {HEBREW} won."],
            "removed_at": "2026-11-26T21:00:00.000Z",
        },
    ]
    request = new_game_request("copy", id=7, by=HEBREW, queued=queued, removed=removed)
    request["language"] = "he"
    (copy,) = answered(request)
    assert copy["filename"] == "scorekeeper-game-7-phone-copy.json"
    document = json.loads(copy["text"])
    assert document["format"] == "scorekeeper-phone-copy" and document["version"] == 1
    assert document["game"] == {"id": 7, "game": rules.key, "players": request["players"]}
    assert document["phone"] == HEBREW
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:]{8}\+00:00", document["saved_at"])
    (kept_hand,) = document["removed"]
    assert kept_hand["number"] == 2 and kept_hand["hand"] == first
    assert kept_hand["said"] == [f"The game is over: {HEBREW} won."]
    assert kept_hand["removed_at"] == "2026-11-26T21:00:00.000Z"
    line = phone.engine.described(request, record)
    assert kept_hand["described"] == line and re.search("[\u0590-\u05ff]", line), line
    (still,) = document["queued"]
    assert still["number"] == 3 and still["hand"] == second and still["described"]
    assert "said" not in still
    (wrong,) = answered({**request, "id": "seven"})
    assert wrong["field"] == "request" and "error" in wrong
