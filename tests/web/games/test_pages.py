"""Every page through the Flask test client, as a phone without JavaScript uses it."""

import re

import pytest

from scorekeeper.web import create_app
from tests.support.app import SEAT_NAMES, app_config
from tests.support.pages import NEW_GAME, dump, hand_form, text_of
from tests.support.stored import viewed

# --- home and new game --------------------------------------------------------------------


# --- scoreboard and edit link -------------------------------------------------------------


# --- recording a hand without JavaScript --------------------------------------------------


# --- the error summary at the top of a refused form (issue 8, item 7) ------------------------


# --- editing, deleting, revisions ---------------------------------------------------------


# --- safety -------------------------------------------------------------------------------


def test_html_in_names_is_shown_as_text(client):
    name = '<script>alert("x")</script>'
    response = client.post("/games/new", data={**NEW_GAME, "player_0": name})
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    pages = [
        client.get("/"),
        client.get(f"/games/{game_id}"),
        client.get(f"/games/{game_id}/hands/new"),
        client.get(f"/games/{game_id}/hands/1/edit"),
        client.get(f"/games/{game_id}/revisions"),
        client.get(f"/games/{game_id}/hands/1/delete"),
        client.get("/games/new?game=israeli-whist"),
    ]
    for response in pages:
        page = text_of(response)
        assert "<script>alert" not in page, response.request.path
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in text_of(pages[1])


def test_forms_need_a_csrf_token(tmp_path):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    client = app.test_client()
    response = client.post("/games/new", data=NEW_GAME)
    assert response.status_code == 400
    assert "The form expired" in text_of(response)
    page = text_of(client.get("/games/new?game=israeli-whist"))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/games/new", data={**NEW_GAME, "csrf_token": token})
    assert response.status_code == 302
    for path in ("/games/1/hands/new", "/games/1/hands/1/edit", "/games/1/hands/1/delete"):
        assert client.post(path, data=hand_form()).status_code == 400


def test_no_get_changes_anything(editor, app):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    before = dump(app)
    paths = [
        "/",
        "/games/new",
        f"/games/{game_id}",
        f"/games/{game_id}/hands/new",
        f"/games/{game_id}/hands/1/edit",
        f"/games/{game_id}/hands/1/delete",
        f"/games/{game_id}/revisions",
        f"/api/games/{game_id}",
        f"/api/games/{game_id}/score?contracts=2,3,7,0&tricks=0,3,8,2",
    ]
    for path in paths:
        assert client.get(path).status_code == 200, path
    # A listing needs a group's key (issue 21).
    assert client.get("/api/games").status_code == 401
    assert dump(app) == before


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("get", "/games/abc", 404),
        ("get", "/games/0", 404),
        ("get", "/games/-1", 404),
        ("get", "/games/99999999999999999999999999", 404),
        ("get", "/games/9223372036854775808", 404),
        ("get", "/games/1/hands/0/edit", 404),
        ("get", "/games/1/hands/99999999999999999999999/edit", 404),
        ("get", "/games/1/hands/5/delete", 404),
        ("get", "/games/2/hands/new", 404),
        ("get", "/games/1/edit/", 404),
        ("get", "/games/1/edit/%00%ff", 404),
        ("get", "/games/1/edit/" + "k" * 5000, 404),
        ("get", "/games/1/revisions/x", 404),
        ("get", "/static/../scorekeeper/db.py", 404),
        ("get", "/nothing-here", 404),
        ("delete", "/games/1", 405),
        ("post", "/games/1", 405),
        ("put", "/games/new", 405),
    ],
)
def test_tampered_urls_get_a_page_not_a_crash(editor, method, path, status):
    client, _ = editor
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert "text/html" in response.content_type
    assert "Traceback" not in text_of(response)


@pytest.mark.parametrize(
    "changes",
    [
        {"number": "abc"},
        {"number": "-5"},
        {"number": "99999999999999999999999999"},
        {"revision": "x"},
        {"declarer": "9"},
        {"declarer": "<b>"},
        {"level": "99999999999999999999"},
        {"contract_0": "-1"},
        {"tricks_0": "1e9"},
        {"revokes_0": "x"},
        {"revokes_0": "99999999999999999999"},
        {"revokes_0": "14"},
        {"revokes_0": "٣"},
        {"revokes_0": "--1"},
        {"revokes_0": "9" * 5000},
        {"number": "²"},
        {"revision": "9" * 5000},
        {"declarer": "--0"},
        {"level": "٧"},
        {"frisch_rounds": "-1"},
        {"thrown_in": "yes", "frisch_rounds": "x"},
    ],
)
def test_tampered_form_values_get_an_answer_not_a_crash(editor, changes):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(**changes))
    assert response.status_code in (302, 409, 422)
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    response = client.post(f"/games/{game_id}/hands/1/edit", data=hand_form(**changes))
    assert response.status_code in (302, 409, 422)


@pytest.mark.parametrize("body", ["[1, 2]", '"x"', "[" * 33 + "1" + "]" * 33, "[" * 5000, "7"])
@pytest.mark.parametrize("page", ["/games/new", "/games/{id}/hands/new", "/games/{id}/details"])
def test_a_form_posted_as_json_gets_an_answer_not_a_crash(editor, page, body):
    """Pages read forms only: Flask-WTF would read a JSON body, and fail on this one."""
    client, game_id = editor
    response = client.post(page.format(id=game_id), data=body, content_type="application/json")
    assert response.status_code in (200, 302, 422)  # details: saved unchanged, as if empty
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []


def test_an_oversized_body_is_refused(editor):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data={"declarer": "x" * 100_000})
    assert response.status_code == 413


def test_responses_carry_security_headers_and_compress(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    response = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert client.get(f"/games/{game_id}").headers.get("Content-Encoding") is None


def test_a_static_file_is_the_same_whatever_the_cookie(client, make_game):
    """A phone's HTTP cache keeps a static file (at its content's hash) whatever cookie
    it holds: without ``Vary: Cookie``, a page that sets a new cookie (Keep's CSRF token)
    no longer makes the phone fetch app.css and the scripts again (issue 44)."""
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{game_id}/edit/{key}")  # the phone now has a session cookie
    page = client.get(f"/games/{game_id}")
    assert "Cookie" in page.headers.get("Vary", "")
    static_url = client.application.jinja_env.globals["static_url"]
    with client.application.test_request_context():
        names = ("app.css", "app.js", "keep.js", "icons/icon-192.png")
        addresses = [static_url(name) for name in names]
    for address in addresses:
        response = client.get(address, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, address
        assert "Cookie" not in response.headers.get("Vary", ""), address
        assert "Set-Cookie" not in response.headers, address
        assert "max-age=31536000" in response.headers["Cache-Control"], address


def test_pages_link_nothing_outside_the_app(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{game_id}/edit/{key}")
    for path in ("/", "/games/new", f"/games/{game_id}", f"/games/{game_id}/hands/new"):
        page = text_of(client.get(path))
        for url in re.findall(r'(?:src|href)="([^"]+)"', page):
            assert url.startswith(("/", "#", "data:", "http://localhost/")), (path, url)
    assert SEAT_NAMES[0] in text_of(client.get(f"/games/{game_id}"))
