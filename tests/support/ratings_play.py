"""Games of one group played through the API for the ratings' tests, and the ratings the
``openskill`` library gives for them when called directly (docs/rules/ratings.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

LIBRARY = PlackettLuce()  # the library's default constants, as docs/rules/ratings.md says


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


Member = str | Sequence[tuple[str, float]]
"""A seat in a team: one player's name, or a seat that changed hands as its sitters, each
(name, share of the game's hands they sat there)."""

Event = tuple[Sequence[Sequence[Member]], Sequence[float]]
"""(teams of seats, scores), as the library is called."""


def blended(sitters: Sequence[tuple[str, float]], current: dict[str, Any]) -> Any:
    """A shared seat as one library player (docs/rules/ratings.md): mu the shares' mean of its
    sitters' mu, sigma squared the shares' mean of their sigma squared."""
    ratings = [(current.get(name) or LIBRARY.rating(), share) for name, share in sitters]
    mu = sum(share * rating.mu for rating, share in ratings)
    variance = sum(share * rating.sigma**2 for rating, share in ratings)
    return LIBRARY.rating(mu=mu, sigma=math.sqrt(variance))


def library_ratings(events: Sequence[Event]) -> dict[str, Any]:
    """Each player's rating after ``events`` in order, by the library alone: a player who
    sat a whole game is what the library makes of them; a sitter of a shared seat moves by
    their share of what it makes of the seat's blend (sigma squared shrinking by their
    share of the seat's shrinking, never growing)."""
    current: dict[str, Any] = {}
    games: dict[str, int] = {}
    for teams, scores in events:
        rated = [
            [
                current.get(member) or LIBRARY.rating()
                if isinstance(member, str)
                else blended(member, current)
                for member in team
            ]
            for team in teams
        ]
        after = LIBRARY.rate(rated, scores=list(scores))
        moved: dict[str, Any] = {}
        for team, olds, news in zip(teams, rated, after, strict=True):
            for member, old, new in zip(team, olds, news, strict=True):
                if isinstance(member, str):
                    moved[member] = new
                    continue
                kept = min(1.0, new.sigma**2 / old.sigma**2)
                for name, share in member:
                    mine = current.get(name) or LIBRARY.rating()
                    mu = mine.mu + share * (new.mu - old.mu)
                    sigma = mine.sigma * math.sqrt(1 - share * (1 - kept))
                    moved[name] = LIBRARY.rating(mu=mu, sigma=sigma)
        for name, rating in moved.items():
            current[name] = rating
            games[name] = games.get(name, 0) + 1
    return {name: (rating, games[name]) for name, rating in current.items()}


def assert_matches(answer: dict[str, dict[str, Any]], events: Sequence[Event]) -> None:
    """The API's ratings are the library's (``library_ratings``), to the last bit of mu
    and sigma."""
    expected = library_ratings(events)
    assert set(answer) == set(expected)
    for name, (rating, games) in expected.items():
        row = answer[name]
        assert row["mu"] == rating.mu and row["sigma"] == rating.sigma, name
        assert row["games"] == games
        assert row["rating"] == round(rating.mu - 3 * rating.sigma, 1)
        assert row["provisional"] is (games < 5)
