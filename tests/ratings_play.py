"""Games of one group played through the API for the ratings' tests, and the ratings the
``openskill`` library gives for them when called directly (RULES.md section 6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

LIBRARY = PlackettLuce()  # the library's default constants, as RULES.md section 6 says


class Table:
    """A group made through the API, and games started in it with its key."""

    def __init__(self, client) -> None:
        self.client = client
        made = client.post("/api/groups", json={"name": "Thursday"})
        assert made.status_code == 201, made.get_json()
        self.id = made.get_json()["id"]
        self.key = made.get_json()["key"]
        self.auth = {"Authorization": f"Bearer {self.key}"}
        self.edit_keys: dict[int, dict[str, str]] = {}

    def start(self, game: str, players: Sequence[str], **body: Any) -> int:
        created = self.client.post(
            "/api/games",
            json={"game": game, "players": list(players), "group": self.id, **body},
            headers=self.auth,
        )
        assert created.status_code == 201, created.get_json()
        game_id = created.get_json()["id"]
        self.edit_keys[game_id] = {"Authorization": f"Bearer {created.get_json()['edit_key']}"}
        return game_id

    def hand(self, game_id: int, hand: dict[str, Any]) -> dict[str, Any]:
        saved = self.client.post(
            f"/api/games/{game_id}/hands", json=hand, headers=self.edit_keys[game_id]
        )
        assert saved.status_code == 201, saved.get_json()
        return saved.get_json()

    def sheet(self, players: Sequence[str], *rounds: Sequence[int], **settings: Any) -> int:
        """A round sheet of ``rounds`` rounds (its goal ``rounds`` unless ``settings`` say
        otherwise), played to its end."""
        game_id = self.start(
            "any-game",
            players,
            settings={"goal": "rounds", "rounds": len(rounds), **settings},
        )
        for points in rounds:
            answer = self.hand(game_id, {"points": list(points)})
        assert answer["status"] == "finished", answer
        return game_id

    def seat(self, game_id: int, seat: int, name: str) -> None:
        changed = self.client.post(
            f"/api/games/{game_id}/seats",
            json={"seat": seat, "name": name},
            headers=self.edit_keys[game_id],
        )
        assert changed.status_code == 201, changed.get_json()

    def ratings(self, game: str) -> list[dict[str, Any]]:
        answer = self.client.get(f"/api/groups/{self.id}/ratings?game={game}", headers=self.auth)
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["game"] == game
        return answer.get_json()["ratings"]

    def by_player(self, game: str) -> dict[str, dict[str, Any]]:
        return {row["player"]: row for row in self.ratings(game)}


Event = tuple[list[list[str]], list[float], list[list[float]] | None]
"""(teams of names, scores, weights or None), as the library is called."""


def library_ratings(events: Sequence[Event]) -> dict[str, Any]:
    """Each player's rating after ``events`` in order, by the library alone."""
    current: dict[str, Any] = {}
    games: dict[str, int] = {}
    for teams, scores, weights in events:
        rated = [[current.get(name) or LIBRARY.rating() for name in team] for team in teams]
        options: dict[str, Any] = {"scores": scores}
        if weights is not None:
            options["weights"] = weights
        after = LIBRARY.rate(rated, **options)
        for team, new in zip(teams, after, strict=True):
            for name, rating in zip(team, new, strict=True):
                current[name] = rating
                games[name] = games.get(name, 0) + 1
    return {name: (rating, games[name]) for name, rating in current.items()}


def assert_matches(answer: dict[str, dict[str, Any]], events: Sequence[Event]) -> None:
    """The API's ratings are the library's, to the last bit of mu and sigma."""
    expected = library_ratings(events)
    assert set(answer) == set(expected)
    for name, (rating, games) in expected.items():
        row = answer[name]
        assert row["mu"] == rating.mu and row["sigma"] == rating.sigma, name
        assert row["games"] == games
        assert row["rating"] == round(rating.mu - 3 * rating.sigma, 1)
        assert row["provisional"] is (games < 5)
