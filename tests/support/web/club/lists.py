"""Helpers of tests/web/club/test_lists.py."""

from __future__ import annotations

from scorekeeper import db


def member_named(app, group_id: int, label: str):
    """A phone that joined the group under ``label``, its name in the group."""
    with app.app_context():
        group = db.load_group(db.get_db(), group_id)
    phone = app.test_client()
    answer = phone.post(f"/join/{group.invite}", data={"label": label})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return phone
