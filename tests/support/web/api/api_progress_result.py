"""Helpers of tests/web/api/test_api_progress_result.py."""

from tests.support.shared import NAMES


def start(client, game: str) -> tuple[int, dict[str, str]]:
    created = client.post("/api/games", json={"game": game, "players": NAMES, "first_dealer": 3})
    assert created.status_code == 201, created.get_json()
    answer = created.get_json()
    return answer["id"], {"Authorization": f"Bearer {answer['edit_key']}"}
