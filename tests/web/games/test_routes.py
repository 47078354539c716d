"""At the table, through the Flask test client: the live scoreboard's poll, the QR codes,
the installable app (manifest, icons, service worker) and the hand form's save answer."""

import json
import re

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES, stored_game
from tests.support.pages import dump, hand_form, text_of

# --- the live scoreboard ------------------------------------------------------------------


def live_etag_in(page: str) -> str:
    return re.search(r'id="live" data-live="[^"]+" data-etag="([^"]+)"', page)[1].replace(
        "&#34;", '"'
    )


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


# --- QR codes -----------------------------------------------------------------------------


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


# --- the installable app ------------------------------------------------------------------


def test_pages_link_the_manifest_icons_and_both_colour_schemes(client):
    page = text_of(client.get("/"))
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="color-scheme" content="light dark">' in page
    assert re.search(r'<link rel="icon" href="/static/icons/icon-192.png\?v=\w+">', page)


def test_the_manifest_makes_the_app_installable(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.mimetype == "image/png"
        assert png.data.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = int.from_bytes(png.data[16:20]), int.from_bytes(png.data[20:24])
        assert f"{width}x{height}" == icon["sizes"]
        png.close()


def test_the_manifest_speaks_the_players_language(client):
    hebrew = json.loads(client.get("/manifest.webmanifest", headers={"Accept-Language": "he"}).data)
    assert (hebrew["lang"], hebrew["dir"]) == ("he", "rtl")


def test_the_service_worker_is_served_from_the_root_and_never_cached(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"
    script = text_of(response)
    shell = json.loads(re.match(r"const SHELL = (\[.*?\]);", script)[1])
    assert "/offline" in shell
    assert any(url.startswith("/static/app.css?v=") for url in shell)
    assert any(url.startswith("/static/app.js?v=") for url in shell)
    assert not any("sw.js" in url for url in shell)
    for url in shell:
        response = client.get(url)
        assert response.status_code == 200, url
        response.close()


def test_the_offline_page_says_so(client):
    response = client.get("/offline")
    assert response.status_code == 200 and "offline" in text_of(response).lower()


# --- the hand form's save -----------------------------------------------------------------


def test_the_hand_form_carries_what_its_scripts_need(editor):
    client, game_id = editor
    page = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert 'id="save-offline"' in page and 'id="retry"' in page
    assert 'id="draft-note"' in page and "data-submitted" not in page
    assert re.search(r'<script src="/static/draft.js\?v=\w+">', page)
    refused = client.post(f"/games/{game_id}/hands/new", data=hand_form(tricks_3="9"))
    assert refused.status_code == 422 and "data-submitted" in text_of(refused)


@pytest.mark.parametrize("path", ["/games/{id}/hands/new", "/games/{id}/hands/1/edit"])
def test_a_save_asked_for_as_json_is_confirmed_as_json(editor, path):
    client, game_id = editor
    if "edit" in path:
        client.post(f"/games/{game_id}/hands/new", data=hand_form())
    response = client.post(
        path.format(id=game_id),
        data=hand_form(number=1) | ({"revision": "1"} if "edit" in path else {}),
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200
    assert response.get_json() == {"saved": True, "next": f"/games/{game_id}"}
    # The message is kept for the scoreboard the script goes to next.
    assert 'class="flash saved"' in text_of(client.get(f"/games/{game_id}"))


def test_a_refused_save_asked_for_as_json_is_still_the_form(editor):
    client, game_id = editor
    response = client.post(
        f"/games/{game_id}/hands/new",
        data=hand_form(tricks_3="9"),
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 422 and response.mimetype == "text/html"


def test_a_browser_save_still_redirects(editor):
    client, game_id = editor
    response = client.post(
        f"/games/{game_id}/hands/new",
        data=hand_form(),
        headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"},
    )
    assert response.status_code == 302


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
