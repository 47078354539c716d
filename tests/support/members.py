"""Helpers of tests/web/groups/test_members.py, which other tests use too."""

from __future__ import annotations

import re

from scorekeeper import db
from tests.support.groups_privacy import Browser
from tests.support.live import SERVED


def text(page: str) -> str:
    """A page's words, without its tags (names are isolated in <bdi>)."""
    return re.sub("<[^>]+>", "", page)


def invite_of(base: str, group_id: int) -> str:
    database = db.open_database(SERVED[base])
    try:
        return db.load_group(database, group_id).invite
    finally:
        database.close()


def joined(base: str, group_id: int, label: str) -> Browser:
    phone = Browser(base)
    status, page = phone.post_form(f"/join/{invite_of(base, group_id)}", {"label": label})
    assert status == 200 and f"/groups/{group_id}" in page, page[:300]
    return phone
