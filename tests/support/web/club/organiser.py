"""Helpers of tests/web/club/test_organiser.py."""

from __future__ import annotations

from tests.support.app import join_group


def _path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def _member(app, group_id):
    phone = app.test_client()
    join_group(phone, group_id=group_id)
    return phone


def play_series_with_api_keys(client, night, series):
    from tests.support.club_pages import play_table

    keys = {k["game_id"]: k["edit_key"] for k in night["keys"]}
    for table in [t for t in night["tables"] if t["series"] == series]:
        play_table(client, table["game_id"], keys[table["game_id"]], table["players"], {})
