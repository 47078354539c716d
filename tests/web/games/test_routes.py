"""A game's own pages (``web/games/routes.py``) through the Flask test client, as a phone
without JavaScript uses them: the home page, the new-game form, the scoreboard with its view
and edit links, the live scoreboard's poll, the revisions page. The hand form is
test_hands.py's, sharing test_share.py's, the installable app tests/web/offline/test_pwa.py's."""

import re

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import partnered
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import stored_game
from tests.support.pages import (
    NEW_GAME,
    dump,
    editor_at_15,  # noqa: F401  (fixtures)
    hand_form,
    sizes_dropped,
    text_of,
)
from tests.support.play import records as drawn_records
from tests.support.stored import game_count, viewed
from tests.support.web.games.routes import live_etag_in, unit
from tests.support.web.games.shared import errors_in, iso, summary_links

# --- the live scoreboard ------------------------------------------------------------------


def test_the_scoreboard_names_its_live_part_and_the_etag_it_is_at(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    page = text_of(client.get(f"/games/{game_id}"))
    assert f'data-live="/games/{game_id}/live"' in page
    live = client.get(f"/games/{game_id}/live")
    assert live.headers["ETag"] == live_etag_in(page)
    assert live.headers["Cache-Control"] == "private, no-cache"


def test_the_live_part_is_a_fragment_of_the_scoreboard(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    fragment = text_of(client.get(f"/games/{game_id}/live"))
    assert "<html" not in fragment and "<body" not in fragment
    assert '<ol class="totals">' in fragment and 'id="h1"' in fragment
    page = text_of(client.get(f"/games/{game_id}"))
    assert fragment.strip() in page


def test_polling_answers_304_until_a_hand_is_saved_edited_or_deleted(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    auth = {"Authorization": f"Bearer {key}"}
    etag = client.get(f"/games/{game_id}/live").headers["ETag"]
    unchanged = client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["ETag"] == etag

    seen = {etag}
    for change in (
        lambda: post_hand(game_id, key, WORKED_EXAMPLE),
        lambda: client.put(
            f"/api/games/{game_id}/hands/1", json={**WORKED_EXAMPLE, "bid": "7S"}, headers=auth
        ),
        lambda: client.delete(f"/api/games/{game_id}/hands/1", headers=auth),
    ):
        assert change().status_code < 300
        response = client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag})
        assert response.status_code == 200
        etag = response.headers["ETag"]
        assert etag not in seen
        seen.add(etag)
    assert "No hands yet" in text_of(response)


def test_the_live_part_differs_for_the_editor_and_for_the_view_link(client, editor, post_hand):
    editor_client, game_id = editor
    mine = editor_client.get(f"/games/{game_id}/live")
    viewer = client.application.test_client()
    viewer.get(f"/view/{stored_game(viewer, game_id).view_token}")
    theirs = viewer.get(f"/games/{game_id}/live")
    assert 'id="record"' in text_of(mine) and 'id="record"' not in text_of(theirs)
    assert mine.headers["ETag"] != theirs.headers["ETag"]


def test_the_live_part_follows_the_language(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    english = client.get(f"/games/{game_id}/live", headers={"Accept-Language": "en"})
    hebrew = client.get(f"/games/{game_id}/live", headers={"Accept-Language": "he"})
    assert english.headers["ETag"] != hebrew.headers["ETag"]
    again = client.get(
        f"/games/{game_id}/live",
        headers={"Accept-Language": "he", "If-None-Match": english.headers["ETag"]},
    )
    assert again.status_code == 200


def test_the_live_part_travels_gzipped(client, make_game, post_hand):
    game_id, key = make_game(
        "israeli-whist", rules="pagat-german", players=["A" * 30, "B" * 30, "C" * 30, "D" * 30]
    )
    for _ in range(3):
        post_hand(game_id, key, WORKED_EXAMPLE)
    response = client.get(f"/games/{game_id}/live", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"


@pytest.mark.parametrize(
    ("path", "status"),
    [("/games/99/live", 404), ("/games/abc/live", 404), ("/games/1/live/x", 404)],
)
def test_a_tampered_poll_gets_an_answer_not_a_crash(client, make_game, path, status):
    make_game("israeli-whist", rules="pagat-german")
    assert client.get(path).status_code == status


@pytest.mark.parametrize("etag", ['"', "W/", "*", 'W/"x", "y"', "\x00", "a" * 5000])
def test_odd_if_none_match_headers_are_harmless(client, make_game, etag):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    response = client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag})
    assert response.status_code in (200, 304)


def test_a_scoreboard_with_a_message_is_never_stored(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    shown = client.get(f"/games/{game_id}")
    assert "Hand 1" in text_of(shown) and 'class="flash saved"' in text_of(shown)
    assert shown.headers["Cache-Control"] == "private, no-store"
    assert "ETag" not in shown.headers
    assert client.get(f"/games/{game_id}").headers["Cache-Control"] == "private, no-cache"


def test_a_background_copy_never_rewrites_the_phones_cookie(editor):
    """The service worker keeps copies of pages in the background (static/sw.js). Such a
    copy, fetched with the cookie the phone had before it opened a form, must not answer
    with that older cookie: the form's Save would then be refused as expired. The
    message the copy's page held is still shown on the phone's next page."""
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    copy = client.get(f"/games/{game_id}", headers={"Scorekeeper-Copy": "1"})
    assert copy.status_code == 200 and copy.headers.getlist("Set-Cookie") == []
    shown = client.get(f"/games/{game_id}")
    assert 'class="flash saved"' in text_of(shown) and shown.headers.getlist("Set-Cookie")
    worker = client.get("/sw.js").get_data(as_text=True)
    assert 'const COPY = "Scorekeeper-Copy";' in worker


def test_only_a_page_that_says_something_once_is_marked_to_be_fetched_again(editor):
    """The phone's service worker fetches a page again, to keep it without its message,
    only where the server marks it so (Scorekeeper-Said-Once): the scoreboard with a
    message after a save. A page never kept (the home page, a group's) and the scoreboard
    with no message are not marked, so a phone asks the server for them once."""
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    said = client.get(f"/games/{game_id}")
    assert 'class="flash saved"' in text_of(said)
    assert said.headers["Scorekeeper-Said-Once"] == "1"
    assert "no-store" in said.headers["Cache-Control"]
    plain = client.get(f"/games/{game_id}")
    assert 'class="flash' not in text_of(plain) and "Scorekeeper-Said-Once" not in plain.headers
    home = client.get("/")
    assert "no-store" in home.headers["Cache-Control"]
    assert "Scorekeeper-Said-Once" not in home.headers
    worker = client.get("/sw.js").get_data(as_text=True)
    assert 'const SAID_ONCE = "Scorekeeper-Said-Once";' in worker
    assert "response.headers.get(SAID_ONCE)" in worker


# --- QR codes -----------------------------------------------------------------------------


# --- the installable app ------------------------------------------------------------------


# --- the hand form's save -----------------------------------------------------------------


def test_no_new_get_changes_anything(editor, app):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    before = dump(app)
    for path in (
        f"/games/{game_id}/live",
        f"/games/{game_id}/qr/view.svg",
        f"/games/{game_id}/qr/edit.svg",
        f"/games/{game_id}/share/edit",
        f"/games/{game_id}/share/edit?show=1",
        "/manifest.webmanifest",
        "/sw.js",
        "/offline",
    ):
        assert client.get(path).status_code == 200, path
    assert dump(app) == before


def test_home_without_games(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Start a game" in text_of(response)
    # A browser in no group sees no group's games: only how to start one (issue 21).
    assert "Start a group" in text_of(response)
    assert "No game in progress" not in text_of(response)


def test_home_lists_games_in_progress_and_finished(client, make_game, post_hand):
    playing, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(playing, key, WORKED_EXAMPLE)
    finished, key2 = make_game(
        "israeli-whist", rules="pagat-german", players=["Ann", "Bob", "Cy", "Dee"], target=15
    )
    post_hand(finished, key2, WORKED_EXAMPLE)
    # Home lists the group's games in progress; its page, finished games too (issue 21).
    home = sizes_dropped(text_of(client.get("/")))
    # Each game says which game it is, and each name is a unit of its own.
    assert '<span class="kind">Israeli Whist</span>' in home
    assert " · ".join(unit("South", "West", "North", "East")) in home
    assert f"Leading: {unit('West')[0]} 19" in home
    assert " · ".join(unit("Ann", "Bob", "Cy", "Dee")) not in home
    group = re.search(r'href="(/groups/\d+)"', home)[1]
    page = sizes_dropped(text_of(client.get(group)))
    in_progress, done = page.split("<h2>Finished</h2>")
    assert " · ".join(unit("South", "West", "North", "East")) in in_progress
    assert f"Leading: {unit('West')[0]} 19" in in_progress
    assert " · ".join(unit("Ann", "Bob", "Cy", "Dee")) in done
    assert f"Winner: {unit('Bob')[0]} 19" in done
    assert re.search(r"[A-Z][a-z]{2} \d{1,2}, \d{4} · 1 hand", page)  # Babel's date, not ISO


def test_new_game_form_suggests_names_already_used(client, make_game):
    make_game("israeli-whist", rules="pagat-german", players=["Avi", "Batya", "Chen", "Dana"])
    page = text_of(client.get("/games/new?game=israeli-whist"))
    assert '<option value="Batya">' in page
    assert "House rules" in page and "Target score" in page
    for preset in ("standard", "pagat-german", "elhanani"):
        assert f'value="{preset}"' in page


def test_new_game_starts_and_this_browser_can_edit(client):
    response = client.post("/games/new", data={**NEW_GAME, "miss_step": "7", "opener": "left"})
    assert response.status_code == 302
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    board = text_of(client.get(f"/games/{game_id}"))
    assert "Record hand 1" in board
    assert "Elhanani + house rules" in board and "to 150" in board
    assert "<b><bdi>Cy</bdi></b> deals, <b><bdi>Dee</bdi></b> opens" in board
    settings = client.get(viewed(client, game_id)).get_json()["settings"]
    assert settings["miss_step"] == 7 and settings["opener"] == "left"
    assert settings["target"] == 150 and settings["all_fail_void"] is True


def test_random_first_dealer_is_a_seat(client):
    client.post("/games/new", data={**NEW_GAME, "first_dealer": "random"})
    assert client.get(viewed(client, 1)).get_json()["first_dealer"] in range(4)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"player_2": ""}, "the 3rd player needs a name"),
        ({"player_3": "ann"}, f"two players are called {iso('ann')}"),
        ({"player_0": "x" * 31}, "at most 30 characters"),
        ({"target": "0"}, "Target score must be between 1 and 100000"),
        ({"target": "lots"}, "Target score must be a whole number, not"),
        ({"target": "٣"}, "Target score must be a whole number, not"),
        ({"target": "1_000"}, "Target score must be a whole number, not"),
        ({"miss_step": "--1"}, "Miss step must be a whole number, not"),
        ({"zero_over": "9" * 5000}, "Zero over has more than 18 digits"),
        ({"miss_step": "-5"}, "Miss step must be between 0 and 1000"),
        ({"frisch_rounds": "9"}, "Frisch rounds must be between 0 and 3"),
        (
            {"rising_minimum": "maybe"},
            "Rising minimum must be one of \u2068yes\u2069 or \u2068no\u2069, "
            "not \u2068maybe\u2069.",
        ),
        (
            {"rules": "bridge"},
            "Rules must be one of \u2068Standard\u2069, \u2068Pagat (German page)\u2069, or "
            "\u2068Elhanani\u2069",
        ),
        (
            {"first_dealer": "7"},
            "First dealer must be one of \u2068Random\u2069, \u20681st\u2069, \u20682nd\u2069, "
            "\u20683rd\u2069, or \u20684th\u2069, not \u20687\u2069.",
        ),
    ],
)
def test_new_game_errors_are_shown_beside_the_field(client, changes, message):
    response = client.post("/games/new", data={**NEW_GAME, **changes})
    assert response.status_code == 422
    assert any(message in error for error in errors_in(response)), errors_in(response)
    assert 'value="Bob"' in text_of(response)  # what was typed is kept
    assert game_count(client) == 0


def test_scoreboard_shows_the_worked_example(editor, post_hand, make_game):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(number=1))
    assert response.status_code == 302
    page = text_of(client.get(f"/games/{game_id}"))
    assert (
        f"Hand 1 (under): {iso('South')} −20 · {iso('West')} +19 · {iso('North')} −10 · "
        f"{iso('East')} −40"
    ) in page
    assert re.findall(
        r'<li(?: class="lead")?><span><bdi class="p" dir="auto">(\w+)</bdi></span><b>([^<]+)</b>',
        page,
    ) == [
        ("South", "−20"),
        ("West", "19"),
        ("North", "−10"),
        ("East", "−40"),
    ]
    assert '<li class="lead"><span><bdi class="p" dir="auto">West</bdi></span>' in page
    assert '<span class="n">7♣</span> <em class="under">under</em>' in page
    why = f'<a class="why" href="/games/{game_id}/hands/1/why#s2">'
    assert f'<td class="d x"><span class="e">7/8</span> {why}<i>−10</i></a><b>−10</b></td>' in page
    why = why.replace("#s2", "#s0")
    assert f'<td class="k x"><span class="e">2/0</span> {why}<i>−20</i></a><b>−20</b></td>' in page
    assert "<b><bdi>West</bdi></b> deals, <b><bdi>West</bdi></b> opens" in page


def test_red_suits_are_marked_red(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form({**WORKED_EXAMPLE, "bid": "7H"}))
    assert '<span class="r n">7♥</span>' in text_of(client.get(f"/games/{game_id}"))


def test_the_view_link_is_read_only(client, editor):
    _, game_id = editor
    viewer = client.application.test_client()
    assert viewer.get(f"/games/{game_id}").status_code == 404  # not before the view link
    view_link = re.search(
        r'href="http://localhost(/view/[^"]+)"', text_of(client.get(f"/games/{game_id}"))
    )
    assert viewer.get(view_link[1]).headers["Location"] == f"/games/{game_id}"
    page = text_of(viewer.get(f"/games/{game_id}"))
    assert "Record hand" not in page and "/edit" not in page
    assert viewer.get(f"/games/{game_id}/hands/new").status_code == 403
    response = viewer.post(f"/games/{game_id}/hands/new", data=hand_form())
    assert response.status_code == 403
    assert "edit link" in text_of(response)
    assert viewer.get(viewed(viewer, game_id)).get_json()["hands"] == []


def test_the_edit_link_lets_another_phone_record(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    phone = client.application.test_client()
    assert (
        phone.get(f"/games/{game_id}/edit/{key}x").status_code == 404
    )  # as for no game (issue 29)
    response = phone.get(f"/games/{game_id}/edit/{key}")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/games/{game_id}"
    page = text_of(phone.get(f"/games/{game_id}"))
    assert "can now record" in page and "Record hand 1" in page
    # The scoreboard is cached, so the link shows only behind "Show the edit link's QR code".
    assert key not in page and f"/games/{game_id}/share/edit" in page


def test_a_key_opens_only_its_own_game(client, make_game):
    first, key = make_game("israeli-whist", rules="pagat-german")
    second, _ = make_game("israeli-whist", rules="pagat-german")
    assert client.get(f"/games/{second}/edit/{key}").status_code == 404
    client.get(f"/games/{first}/edit/{key}")
    assert client.get(f"/games/{second}/hands/new").status_code == 403


def test_a_tie_at_the_target_plays_on(editor_at_15):
    client, game_id = editor_at_15
    tie = {"declarer": 2, "bid": "5C", "contracts": [3, 3, 5, 0], "tricks": [3, 3, 6, 1]}
    assert client.post(f"/games/{game_id}/hands/new", data=hand_form(tie)).status_code == 302
    page = text_of(client.get(f"/games/{game_id}"))
    assert f"Tie at the top: {iso('South')} and {iso('West')} on 19. Play on!" in page
    assert "Record hand 2" in page
    south = {"declarer": 0, "bid": "5S", "contracts": [5, 1, 3, 3], "tricks": [5, 0, 4, 4]}
    client.post(f"/games/{game_id}/hands/new", data=hand_form(south))
    page = text_of(client.get(f"/games/{game_id}"))
    assert "<bdi>South</bdi> wins with 54!" in page and "Record hand" not in page
    response = client.get(f"/games/{game_id}/hands/new")
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("changes", "anchor"),
    [
        ({"player_1": ""}, "player_1"),
        ({"player_3": "ann"}, "player_3"),
        ({"target": "x"}, "target"),
    ],
)
def test_a_refused_new_game_opens_on_a_summary(client, changes, anchor):
    names = {f"player_{s}": name for s, name in enumerate(("Ann", "Bo", "Cy", "Di"))}
    form = {**names, "rules": "standard", "first_dealer": "random", **changes}
    response = client.post("/games/new", data=form)
    assert response.status_code == 422
    [(found, message)] = summary_links(response)
    assert found == anchor and f'id="{anchor}"' in text_of(response)
    assert message in errors_in(response)


def test_revisions_show_every_version(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    client.post(f"/games/{game_id}/hands/1/edit", data=hand_form(revokes_0="1"))
    client.post(f"/games/{game_id}/hands/1/delete")
    page = text_of(client.get(f"/games/{game_id}/revisions"))
    assert page.count("<b>Hand 1</b>") == 3
    assert [m for m in re.findall(r'class="tag">(\w+)<', page)] == [
        "recorded",
        "edited",
        "deleted",
    ]
    # Each player by name beside their contract and tricks, each figure said by its word
    # (never a bare "2 0"), a revoke and its penalty beside its player.
    revoked = '<bdi>South</bdi> contract 2, took 0, <span class="rv">1 revoke: −100</span>'
    assert revoked in page
    assert "<bdi>East</bdi> contract 0, took 2</span>" in page
    # Without JavaScript the time is UTC and says so; the script has it as datetime.
    assert re.search(
        r'<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ" data-local>'
        r"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\u202f[AP]M UTC</time>",  # Babel's, not ISO
        page,
    )


def test_the_scoreboard_answers_304_until_the_game_changes(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    first = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert ", ".join(first.headers.getlist("Vary")).count("Accept-Encoding") == 1
    again = client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    post_hand(game_id, key, WORKED_EXAMPLE)
    changed = client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and "−40" in text_of(changed)
    assert changed.headers["ETag"] != etag


PARTNERED = [game for game in GAMES.values() if partnered(game)]


@pytest.mark.parametrize("game", PARTNERED, ids=lambda game: game.key)
def test_lists_name_the_game_and_lead_by_side(client, make_game, game):
    """A partnership game on home says which game it is, with the name its table gave
    it, and its leader is a side: both partners, with the side's total once (four seats
    with two totals read as a four-way tie)."""
    players = ["Ann", "Bob", "Cat", "Dan"][: game.seats]
    settings = game.preset(game.default_preset)
    hand = next(r for r in drawn_records(game, settings, 50, 5) if not r.thrown_in).to_dict()
    game_id, key = make_game(game.key, game.default_preset, players)
    bearer = {"Authorization": f"Bearer {key}"}
    assert client.post(f"/api/games/{game_id}/hands", json=hand, headers=bearer).status_code == 201
    client.patch(f"/api/games/{game_id}", json={"name": "Friday rematch"}, headers=bearer)
    home = sizes_dropped(text_of(client.get("/")))
    assert f'<span class="kind">{unit("Friday rematch")[0]} · {game.name.template}</span>' in home
    leading = re.search(r'<span class="lead">Leading: (.*?)</span>', home)[1]
    sides = [" &amp; ".join(unit(*(players[s] for s in side))) for side in game.sides]
    shown = [side for side in sides if side in leading]
    assert shown and leading.count(" &amp; ") == len(shown)
    assert all(re.search(re.escape(side) + r" [−\d]", leading) for side in shown)
