"""A game's name and notes (``web/review/notes.py``, ``/games/<id>/details``) through the Flask
test client: only with the edit key, saved and shown, their lengths checked, the form CSRF-
protected."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.review import (
    NAMES,
    played,  # noqa: F401  (fixtures)
    text_of,
)
from tests.support.stored import viewed


def test_name_and_notes_need_the_edit_key(client, played):
    assert client.get(f"/games/{played[0]}/details").status_code == 403
    response = client.post(f"/games/{played[0]}/details", data={"name": "x"})
    assert response.status_code == 403


def test_name_and_notes_are_saved_and_shown(editor):
    client, game_id = editor
    form = client.get(f"/games/{game_id}/details")
    assert form.status_code == 200 and 'name="notes"' in text_of(form)
    response = client.post(
        f"/games/{game_id}/details",
        data={"name": "  Friday   at Noa's ", "notes": "She brought\r\nthe cards.\x07"},
    )
    assert response.status_code == 302
    history = text_of(client.get("/history", follow_redirects=True))
    assert "Friday at Noa&#39;s" in history
    export = json.loads(client.get(f"/games/{game_id}/export.json").data)
    assert export["games"][0]["notes"] == "She brought\nthe cards."


@pytest.mark.parametrize(
    ("data", "field"),
    [({"name": "x" * 81, "notes": ""}, "name"), ({"name": "", "notes": "y" * 2001}, "notes")],
)
def test_name_and_notes_lengths_are_checked(editor, data, field):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/details", data=data)
    assert response.status_code == 422
    assert re.search(r'class="err">[^<]*at most', text_of(response))


def test_the_details_form_is_csrf_protected(tmp_path, make_game):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    client = app.test_client()
    created = client.post("/api/games", json={"players": NAMES, "rules": "standard"}).get_json()
    client.get(f"/games/{created['id']}/edit/{created['edit_key']}")
    response = client.post(f"/games/{created['id']}/details", data={"name": "forged"})
    assert response.status_code == 400
    assert client.get(viewed(client, created["id"])).get_json()["name"] is None
