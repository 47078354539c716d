"""The installable app (``web/offline/pwa.py``) through the Flask test client: the manifest and
icons every page links, in the player's language, the service worker served from the root and
never cached, and the offline page."""

from __future__ import annotations

import json
import re

from tests.support.pages import text_of


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
