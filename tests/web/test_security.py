"""Redirects, shared page caches, durability and the headers every response carries."""

import pytest

from scorekeeper import db
from scorekeeper.web import create_app
from tests.support.app import app_config, join_group, stored_game
from tests.support.pages import hand_form, text_of
from tests.support.web.security import leaves_the_site

# --- redirects take only same-site paths --------------------------------------------------

HOSTILE_NEXT = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example/",
    "HTTPS:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\x00/evil.example",
    "",
    "x" * 5000,
]


@pytest.mark.parametrize("target", HOSTILE_NEXT)
def test_the_language_switch_never_redirects_off_the_site(client, target):
    response = client.post("/language", data={"language": "de", "next": target})
    assert response.status_code == 303
    assert not leaves_the_site(response.headers["Location"]), response.headers["Location"]


@pytest.mark.parametrize("target", ["/games/2?x=1", "/history?player=No%C3%A9&from=2024-05-01"])
def test_the_language_switch_goes_back_where_the_player_was(client, target):
    response = client.post("/language", data={"language": "de", "next": target})
    assert response.headers["Location"] == target


@pytest.mark.parametrize("target", HOSTILE_NEXT)
def test_safe_path_checks_what_werkzeug_will_send(target):
    from scorekeeper.web.responses import safe_path

    assert safe_path(target, "/home") == "/home" or not leaves_the_site(safe_path(target, "/"))


# --- cached pages hold nothing from one visitor's request ---------------------------------


@pytest.mark.parametrize("query", ["?x=1", "?next=//evil.example", '?a="><script>x</script>'])
def test_a_query_string_never_reaches_another_visitors_scoreboard(app, make_game, query):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    first, second = app.test_client(), app.test_client()
    for phone in (first, second):
        join_group(phone, game_id)
    assert first.get(f"/games/{game_id}{query}").status_code == 200
    page = text_of(second.get(f"/games/{game_id}"))
    assert f'name="next" value="/games/{game_id}"' in page
    assert "x=1" not in page and "evil.example" not in page and "script>x" not in page


def test_the_scheme_a_visitor_used_never_reaches_anothers_scoreboard(app, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    first, second = app.test_client(), app.test_client()
    for phone in (first, second):
        join_group(phone, game_id)
    first.get(f"/games/{game_id}", base_url="https://localhost")
    page = text_of(second.get(f"/games/{game_id}"))
    token = stored_game(second, game_id).view_token
    assert f"http://localhost/view/{token}" in page and "https://" not in page


@pytest.mark.parametrize("part", ["", "/live"])
def test_a_cached_part_is_the_page_rendered_afresh(tmp_path, part):
    """Whatever an earlier request looked like, the cached page is the one a fresh render
    gives: the cache key covers everything the page depends on."""
    cached = create_app(app_config(tmp_path / "a"))
    fresh = create_app(app_config(tmp_path / "b", PAGE_CACHE_SIZE=0))
    bodies = []
    for app in (cached, fresh):
        client = app.test_client()
        client.post("/api/games", json={"players": ["a", "b", "c", "d"], "first_dealer": 0})
        app.test_client().get(
            f"/games/1{part}?x=1&next=/evil",
            base_url="https://localhost",
            headers={"X-Forwarded-Host": "evil.example", "Accept-Language": "en"},
        )
        bodies.append(text_of(app.test_client().get(f"/games/1{part}")))
    assert bodies[0] == bodies[1]


# --- durability ---------------------------------------------------------------------------


def test_a_save_is_on_disk_before_it_is_acknowledged(app):
    """synchronous=FULL: under WAL, NORMAL would fsync only at checkpoints, and a power cut
    could lose hands the phone was told were saved."""
    with app.app_context():
        assert db.get_db().execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    keeper = app.extensions["scorekeeper.wal_keeper"]
    assert keeper.execute("PRAGMA synchronous").fetchone()[0] == 2


# --- headers on every response ------------------------------------------------------------


def test_every_response_limits_browser_features_and_openers(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    etag = client.get(f"/games/{game_id}/live").headers["ETag"]
    responses = [
        client.get("/"),
        client.get(f"/games/{game_id}"),
        client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag}),  # 304
        client.get(f"/api/games/{game_id}"),
        client.get("/api/games/999"),
        client.get("/nowhere"),
        client.get("/sw.js"),
        client.get("/manifest.webmanifest"),
        client.get("/static/app.css"),
        client.get(f"/games/{game_id}/qr/view.svg"),
        client.post("/language", data={"language": "en", "next": "/"}),
    ]
    assert [r.status_code for r in responses] == [
        200, 200, 304, 200, 404, 404, 200, 200, 200, 200, 303,
    ]  # fmt: skip
    for response in responses:
        policy = response.headers.get("Permissions-Policy", "")
        assert "screen-wake-lock=(self)" in policy and "camera=()" in policy
        assert "geolocation=()" in policy and "microphone=()" in policy
        assert response.headers.get("Cross-Origin-Opener-Policy") == "same-origin"
        response.close()  # the static file's
