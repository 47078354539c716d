"""Helpers of tests/web/club/test_routes.py."""

from __future__ import annotations


def _routes(group_id, night_id):
    return [
        ("get", f"/groups/{group_id}/club"),
        ("post", f"/groups/{group_id}/club"),
        ("get", f"/groups/{group_id}/club/{night_id}"),
        ("get", f"/groups/{group_id}/club/{night_id}/standings"),
        ("get", f"/groups/{group_id}/club/{night_id}/standings?projector=1"),
        ("post", f"/groups/{group_id}/club/{night_id}/next"),
    ]
