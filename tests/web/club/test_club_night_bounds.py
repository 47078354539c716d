"""A club night is bounded (issue 54, finding 4): an imported night's players, tables,
hands and disputes each have a named limit (``scorekeeper/limits.py``) and a refusal
naming where; the same name twice among who sat out is refused naming it, not a SQLite
constraint error (500); a refused import changes nothing. And a night's tables are games
started: drawing a series or importing a night counts each table against the client's
new-games limit (``throttle.allow("game")``), so that one address cannot make 180 games in
seconds where ``/api/games`` refuses after 60."""

from __future__ import annotations

import json

from scorekeeper import db
from scorekeeper.limits import (
    CLUB_MAX_DISPUTES,
    CLUB_MAX_DISPUTES_PER_TABLE,
    CLUB_MAX_PLAYERS,
    CLUB_MAX_TABLES_PER_SERIES,
)
from tests.support.club_import import (
    _fresh_group,
    _tampered,
    _upload,
    played,  # noqa: F401  (fixtures)
)
from tests.support.club_pages import THIRTEEN, start_night
from tests.support.numbers_from_outside import a_table_played
from tests.support.web.club.club_night_bounds import (
    _both_refuse,
    _games,
    _limited_club,
    _many_disputes,
)


def test_a_night_of_60000_disputes_is_refused_naming_the_limit(played):  # noqa: F811
    (app, *_), _night, text = played
    document = json.loads(text)
    first = document["disputes"][0]
    one = {"game_id": first["game_id"], "hand": first["hand"], "name": first["name"]}
    document["disputes"] = [one] * 60_000
    bad = json.dumps(document, separators=(",", ":"))  # 2.6 MB: within an import's size
    _both_refuse(app, bad, "disputes", f"a night keeps at most {CLUB_MAX_DISPUTES} disputed hands")


def test_a_table_with_too_many_disputes_is_refused_naming_the_table(played):  # noqa: F811
    (app, *_), night, text = played
    bad = _tampered(text, _many_disputes(CLUB_MAX_DISPUTES_PER_TABLE + 1))
    says = f"a table's list has at most {CLUB_MAX_DISPUTES_PER_TABLE} disputed hands"
    _both_refuse(app, bad, "disputes", says, where="series 2, table 1")


def test_disputes_up_to_a_tables_limit_are_imported(played):  # noqa: F811
    (app, *_), _night, text = played
    fresh, fresh_id, auth = _fresh_group(app)
    good = _tampered(text, _many_disputes(CLUB_MAX_DISPUTES_PER_TABLE))
    answer = fresh.post(
        f"/api/groups/{fresh_id}/club/import",
        data=good,
        headers={**auth, "Content-Type": "application/json"},
    )
    assert answer.status_code == 201, answer.get_json()
    assert len(answer.get_json()["disputes"]) == CLUB_MAX_DISPUTES_PER_TABLE


def test_the_same_name_twice_among_who_sat_out_is_refused_naming_it(played):  # noqa: F811
    (app, *_), _night, text = played

    def twice(document):
        # Gast came for series 2: in series 1 no table seats them, so they may sit it out.
        document["sitting_out"]["1"] = ["Gast", "Gast"]

    bad = _tampered(text, twice)
    _both_refuse(app, bad, "sitting_out", "Gast is named twice among who sat out series 1")


def test_too_many_players_or_tables_are_refused_naming_the_limit(played):  # noqa: F811
    (app, *_), _night, text = played

    def crowd(document):
        document["players"] += [
            {"name": f"Gast {n}", "from_series": 1, "left_after": None}
            for n in range(CLUB_MAX_PLAYERS)
        ]

    _both_refuse(
        app, _tampered(text, crowd), "players", f"a night has at most {CLUB_MAX_PLAYERS} players"
    )

    def tables(document):
        document["tables"] += [dict(document["tables"][0])] * (2 * CLUB_MAX_TABLES_PER_SERIES)

    says = f"a series has at most {CLUB_MAX_TABLES_PER_SERIES} tables"
    _both_refuse(app, _tampered(text, tables), "tables", says)


def test_a_tables_disputes_from_its_form_stop_at_the_limit(club, monkeypatch):
    monkeypatch.setattr("scorekeeper.db.club.CLUB_MAX_DISPUTES_PER_TABLE", 3)
    monkeypatch.setattr("scorekeeper.web.club.lists.CLUB_MAX_DISPUTES_PER_TABLE", 3)
    app, client, _group_id, _key = club
    page, name = a_table_played(club)
    body = {"action": "dispute", "name": name, "hand": "2"}
    statuses = [client.post(page, data=body).status_code for _ in "1234"]
    assert statuses == [302, 302, 302, 400]
    refused = client.post(page, data=body)
    assert "at most 3 disputed hands" in refused.get_data(as_text=True)
    with app.app_context():
        held = db.get_db().execute("SELECT count(*) FROM club_disputes").fetchone()[0]
    assert held == 3


# --- a night's tables are games started ----------------------------------------------------


def test_drawing_a_series_counts_each_table_as_a_game_started(tmp_path):
    app, client, group_id, key = _limited_club(tmp_path, burst=10)
    assert start_night(client, group_id).status_code == 302  # 4 tables: 6 games left
    assert start_night(client, group_id).status_code == 302  # 2 left
    refused = start_night(client, group_id)
    assert refused.status_code == 429
    assert "A phone may start 10 games at once" in refused.get_data(as_text=True)
    assert refused.headers["Retry-After"]
    assert _games(app) == 8
    with app.app_context():
        assert db.get_db().execute("SELECT count(*) FROM club_nights").fetchone()[0] == 2
    body = {"game": "skat", "players": THIRTEEN, "series": 1, "deals_per_player": 1}
    auth = {"Authorization": f"Bearer {key}"}
    api = client.post(f"/api/groups/{group_id}/club", json=body, headers=auth)
    assert api.status_code == 429
    assert api.get_json()["field"] == "game"
    assert "A phone may start 10 games at once" in api.get_json()["error"]
    assert _games(app) == 8


def test_a_night_of_more_tables_than_a_client_may_ever_start_at_once_is_refused(tmp_path):
    app, client, group_id, key = _limited_club(tmp_path, burst=30)
    crowd = [f"Spieler {n}" for n in range(1, 241)]  # 60 tables of four
    body = {"game": "skat", "players": crowd, "series": 1, "deals_per_player": 1}
    auth = {"Authorization": f"Bearer {key}"}
    answer = client.post(f"/api/groups/{group_id}/club", json=body, headers=auth)
    assert answer.status_code == 429
    assert answer.get_json() == {
        "error": "A phone may start 30 games at once, then one every 10 minutes.",
        "field": "game",
    }
    assert _games(app) == 0


def test_importing_a_night_counts_each_table_as_a_game_started(played, tmp_path):  # noqa: F811
    _club, _night, text = played  # 8 tables: 4 in each of two series
    app, client, group_id, key = _limited_club(tmp_path / "limited", burst=12)
    auth = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    first = client.post(f"/api/groups/{group_id}/club/import", data=text, headers=auth)
    assert first.status_code == 201, first.get_json()
    again = client.post(f"/api/groups/{group_id}/club/import", data=text, headers=auth)
    assert again.status_code == 429
    assert again.get_json()["field"] == "game"
    page = _upload(client, group_id, text)
    assert page.status_code == 429
    assert "A phone may start 12 games at once" in page.get_data(as_text=True)
    assert _games(app) == 8
