"""Helpers of tests/web/games/test_revisions.py."""

import re

from tests.support.shared import bearer
from tests.support.stored import viewed


def stored_hand(client, game_id, number):
    return client.get(viewed(client, game_id)).get_json()["hands"][number - 1]


def delete_with(client, game_id, key, revision, how):
    path, headers, body = f"/api/games/{game_id}/hands/3", bearer(key), None
    if how == "query":
        path += f"?revision={revision}"
    elif how == "body":
        body = {"revision": revision}
    else:
        headers |= {"If-Match": f'"{revision}"'}
    return client.delete(path, json=body, headers=headers)


def revision_in(page: str) -> str:
    return re.search(r'name="revision" type="hidden" value="(\d+)"', page)[1]
