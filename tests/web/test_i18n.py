"""Language choice: Accept-Language first, a remembered choice over it, RTL for Hebrew."""

import pytest

from tests.support.app import join_group


@pytest.mark.parametrize(
    ("accept", "lang", "direction"),
    [
        ("he-IL,he;q=0.9,en;q=0.5", "he", "rtl"),
        ("de-DE,de;q=0.8", "de", "ltr"),
        ("fr-FR,fr;q=0.9", "fr", "ltr"),
        ("fr-CA,fr;q=0.9,en;q=0.5", "fr", "ltr"),
        ("es-ES,es;q=0.9", "en", "ltr"),
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


def test_unknown_language_is_refused_naming_the_field(client):
    refused = client.post("/language", data={"language": "xx", "next": "/"})
    assert refused.status_code == 422
    said = refused.get_data(as_text=True).replace("\u2068", "").replace("\u2069", "")
    assert "Language must be one of English, עברית, Deutsch, or Français, not xx." in said
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="de"' in page


def test_changing_language_needs_a_post(client):
    assert client.get("/language?language=he").status_code == 405


@pytest.fixture
def guarded_app(tmp_path):
    from scorekeeper.web import create_app
    from tests.support.app import app_config

    return create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))


def test_language_buttons_work_on_a_scoreboard_cached_for_another_phone(guarded_app):
    first, second = guarded_app.test_client(), guarded_app.test_client()
    with guarded_app.app_context():
        from scorekeeper import db
        from scorekeeper.engine.israeli_whist import preset

        game_id, _key = db.create_game(
            db.get_db(),
            list("ABCD"),
            "standard",
            preset("standard"),
            0,
            group_id=db.create_group(db.get_db(), None)[0].id,
        )
    path = f"/games/{game_id}"
    for phone in (first, second):
        join_group(phone, game_id)
    assert first.get(path).status_code == 200  # fills the shared page cache
    assert second.get(path).status_code == 200  # served from it
    response = second.post(
        "/language",
        data={"language": "he", "next": path},
        headers={"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
    )
    assert response.status_code == 303
    assert 'lang="he" dir="rtl"' in second.get(path).get_data(as_text=True)
    assert '<html lang="en"' in first.get(path).get_data(as_text=True)


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "https://evil.example"},
        {"Referer": "https://evil.example/page"},
    ],
)
def test_another_site_cannot_switch_the_language(guarded_app, headers):
    client = guarded_app.test_client()
    response = client.post("/language", data={"language": "he", "next": "/"}, headers=headers)
    assert response.status_code == 303
    assert '<html lang="en"' in client.get("/").get_data(as_text=True)


def test_other_forms_still_need_their_csrf_token(guarded_app):
    client = guarded_app.test_client()
    response = client.post("/games/new", data={"player_0": "A"})
    assert response.status_code == 400


TEMPLATE = (
    '{{ _("Game %(id)d", id=7) }}|{{ ngettext("%(num)d hand", "%(num)d hands", n) }}|'
    '{{ _("From hand %(number)d: %(change)s", number=2, change=name) }}'
)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Game 7|3 hands|From hand 2: &lt;b&gt;Eve&lt;/b&gt;"),
        ("de", "Partie 7|3 Spiele|Ab Spiel 2: &lt;b&gt;Eve&lt;/b&gt;"),
        ("fr", "Partie 7|3 donnes|À partir de la donne 2\u00a0: &lt;b&gt;Eve&lt;/b&gt;"),
    ],
)
def test_templates_translate_from_the_pages_catalogue_as_flask_babel_does(app, language, expected):
    """A template's _() and ngettext() read the catalogue the page's context holds; a
    template rendered without it (a macro imported without context) looks it up. Either
    way: translated, the values escaped, the sentence formatted."""
    from flask import render_template_string

    with app.test_request_context(headers={"Accept-Language": language}):
        app.preprocess_request()
        with_context = render_template_string(TEMPLATE, n=3, name="<b>Eve</b>")
        alone = app.jinja_env.from_string(TEMPLATE).render(n=3, name="<b>Eve</b>")
    assert with_context == alone == expected
