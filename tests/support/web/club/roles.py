"""Helpers of tests/web/club/test_roles.py."""

from __future__ import annotations

from tests.support.club_roles import NINE, ClubNight


def _play_series(club: ClubNight, phone=None) -> dict[str, int]:
    """Every table of the latest series played through, with the organiser's keys (or
    ``phone``'s); each player's Seeger-Fabian points worked by hand."""
    night, _games = club.stored()
    points: dict[str, int] = {}
    for table in night.tables_of(night.series):
        club.play(phone or club.organiser, table, points)
    return points


def _draw_next(phone, club: ClubNight, present=NINE):
    asked = phone.post(f"{club.base}/next", data={"present": list(present)})
    assert asked.status_code == 200 and 'id="confirm-draw"' in asked.get_data(as_text=True)
    return phone.post(f"{club.base}/next", data={"present": list(present), "confirmed": "1"})
