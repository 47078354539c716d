"""Sharing a game (``web/games/share.py``) through the Flask test client: the view link's QR code
on the scoreboard, the QR codes as SVG files encoding the links, the edit link's code only with
the edit key and after a confirmation, and the LAN address a page opened on the serving machine
shares."""

from __future__ import annotations

import re

from tests.support.app import SEAT_NAMES, stored_game
from tests.support.pages import text_of


def test_the_scoreboard_shows_the_view_links_qr_code_inline(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    page = text_of(client.get(f"/games/{game_id}"))
    svg = re.search(r"<svg [^>]*class=\"qr\"[^>]*>.*?</svg>", page, re.S)
    assert svg and 'role="img"' in svg[0] and 'aria-label="' in svg[0]
    assert f"http://localhost/view/{stored_game(client, game_id).view_token}" in page


def test_the_view_qr_code_is_an_svg_file(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    response = client.get(f"/games/{game_id}/qr/view.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.data.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    assert b"<path" in response.data and b"<script" not in response.data


def test_the_qr_codes_encode_the_links(client, make_game, monkeypatch):
    from scorekeeper.web.games import share

    made = []
    monkeypatch.setattr(share, "qr_svg", lambda url: made.append(url) or "<svg ></svg>")
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{game_id}/qr/view.svg")
    client.get(f"/games/{game_id}/edit/{key}")
    client.get(f"/games/{game_id}/qr/edit.svg")
    assert made == [
        f"http://localhost/view/{stored_game(client, game_id).view_token}",
        f"http://localhost/games/{game_id}/edit/{key}",
    ]


def test_the_edit_qr_code_needs_the_edit_key(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    for path in (f"/games/{game_id}/qr/edit.svg", f"/games/{game_id}/share/edit"):
        assert client.get(path).status_code == 403, path
        assert client.get(path + "?show=1").status_code == 403, path
    page = text_of(client.get(f"/games/{game_id}"))
    assert "/share/edit" not in page and key not in page


def test_the_edit_qr_code_comes_after_a_confirmation(editor):
    client, game_id = editor
    board = text_of(client.get(f"/games/{game_id}"))
    assert f'href="/games/{game_id}/share/edit"' in board
    warning = client.get(f"/games/{game_id}/share/edit")
    assert warning.status_code == 200
    assert 'class="qr"' not in text_of(warning)
    assert f'href="/games/{game_id}/share/edit?show=1"' in text_of(warning)
    shown = client.get(f"/games/{game_id}/share/edit?show=1")
    assert 'class="qr"' in text_of(shown)
    # The page holds the key: no cache may keep it.
    assert shown.headers["Cache-Control"] == "private, no-store"
    svg = client.get(f"/games/{game_id}/qr/edit.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert svg.headers["Cache-Control"] == "private, no-store"


def test_a_page_opened_on_the_serving_machine_shares_the_lan_address(tmp_path):
    from scorekeeper.web import create_app
    from tests.support.app import app_config

    app = create_app(app_config(tmp_path, LAN_URL="http://192.168.1.20:5000/"))
    client = app.test_client()
    created = client.post("/api/games", json={"players": SEAT_NAMES, "rules": "standard"})
    game_id, key = created.get_json()["id"], created.get_json()["edit_key"]
    token = stored_game(client, game_id).view_token
    for host in ("127.0.0.1:5000", "table.local:5000"):  # a session per host
        client.get(f"/games/{game_id}/edit/{key}", base_url=f"http://{host}")
    local = text_of(client.get(f"/games/{game_id}", base_url="http://127.0.0.1:5000"))
    assert f'href="http://192.168.1.20:5000/view/{token}"' in local
    remote = text_of(client.get(f"/games/{game_id}", base_url="http://table.local:5000"))
    assert f'href="http://table.local:5000/view/{token}"' in remote
