"""Language choice: Accept-Language first, a remembered choice over it, RTL for Hebrew."""

import pytest


@pytest.mark.parametrize(
    ("accept", "lang", "direction"),
    [
        ("he-IL,he;q=0.9,en;q=0.5", "he", "rtl"),
        ("de-DE,de;q=0.8", "de", "ltr"),
        ("fr-FR,fr;q=0.9", "en", "ltr"),
        ("", "en", "ltr"),
    ],
)
def test_language_follows_the_browser(client, accept, lang, direction):
    page = client.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)
    assert f'<html lang="{lang}" dir="{direction}">' in page


def test_a_chosen_language_is_remembered_over_the_browser(client):
    response = client.post("/language", data={"language": "he", "next": "/games/new"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/games/new")
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert 'lang="he" dir="rtl"' in page


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "javascript:x"])
def test_language_switch_never_redirects_off_site(client, target):
    response = client.post("/language", data={"language": "de", "next": target})
    assert response.status_code == 303
    assert response.headers["Location"] in ("/", "http://localhost/")


def test_unknown_language_is_ignored(client):
    client.post("/language", data={"language": "xx", "next": "/"})
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert 'lang="de"' in page


def test_changing_language_needs_a_post(client):
    assert client.get("/language?language=he").status_code == 405
