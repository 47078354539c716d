"""Helpers of tests/web/review/test_evenings.py, which other tests use too."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper import db
from scorekeeper.engine.registry import table_game
from tests.support.play import long_settings, simulates
from tests.support.play import records as drawn_records
from tests.support.stored import new_group

START = datetime(2026, 3, 6, 19, 0, tzinfo=UTC)


NAMES = ("Ann", "Ben", "Cat", "Dan", "Eli", "Fay", "Gil", "Hen")


def stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def imported(game, settings, records, players, first: datetime, minutes: float = 4.0):
    """A game of ``records`` (seat 0 dealing first) as ``db.import_games`` takes it, its
    first hand recorded at ``first`` and the next ones ``minutes`` apart."""
    progress = game.replay(settings, 0, records)
    stamps = [stamp(first + timedelta(minutes=minutes * i)) for i in range(len(records))]
    hands = tuple(
        db.ImportedHand(i, record, 1, stamps[i - 1], stamps[i - 1])
        for i, record in enumerate(records, 1)
    )
    revisions = tuple(
        db.Revision(h.number, 1, "recorded", h.record.to_dict(), h.created_at) for h in hands
    )
    return db.ImportedGame(
        id=None,
        created_at=stamps[0] if stamps else stamp(first),
        updated_at=stamps[-1] if stamps else stamp(first),
        name=None,
        notes=None,
        game=game.key,
        rules=game.default_preset,
        settings=settings,
        first_dealer=0,
        players=tuple(players),
        hands=hands,
        progress=progress,
        revisions=revisions,
    )


def sheet(points_per_round, players, first: datetime, minutes: float = 4.0, **knobs):
    """A round sheet (any-game) of the given rounds' points: finished after them (its
    goal is that many rounds) unless ``knobs`` say otherwise."""
    game = table_game("any-game", len(players))
    knobs = {"goal": "rounds", "rounds": len(points_per_round), **knobs}
    settings = game.preset("any-game").with_changes(knobs)
    records = [game.record_from_dict(settings, {"points": list(p)}) for p in points_per_round]
    return imported(game, settings, records, players, first, minutes)


def simulated(key: str, seats: int, hands: int, first: datetime, players=None, seed: int = 3):
    """A game of ``key`` at ``seats`` of ``hands`` deals from its own simulation (a thrown-in
    deal first where it has one)."""
    game = table_game(key, seats)
    settings = long_settings(game, hands + 1)
    records = drawn_records(game, settings, max(hands, 200), seed)
    if not simulates(game):  # random hands at their places: kept in their order
        return imported(game, settings, records[:hands], players or NAMES[:seats], first)
    thrown = [r for r in records if r.thrown_in][:1]
    played = [r for r in records if not r.thrown_in]
    return imported(game, settings, (thrown + played)[:hands], players or NAMES[:seats], first)


def finished(key: str, seats: int, first: datetime, players=None, seed: int = 5):
    """A game of ``key`` at ``seats`` played from its own simulation under its default
    preset until it ends."""
    game = table_game(key, seats)
    settings = game.preset(game.default_preset)
    records = drawn_records(game, settings, 400, seed)
    for count in range(1, len(records) + 1):
        if game.replay(settings, 0, records[:count]).status == "finished":
            return imported(game, settings, records[:count], players or NAMES[:seats], first)
    raise AssertionError(f"{key} did not finish in {len(records)} deals")


def thrown_in_first(game):
    """``game`` (imported) with a thrown-in deal before its hands, dealt by seat 0."""
    rules = table_game(game.game, len(game.players))
    thrown = rules.record_from_dict(
        game.settings, {"thrown_in": True, "frisch_rounds": game.settings.frisch_rounds}
    )
    records = [thrown, *(hand.record for hand in game.hands)]
    first = datetime.fromisoformat(game.hands[0].created_at) - timedelta(minutes=4)
    return imported(rules, game.settings, records, game.players, first)


@pytest.fixture
def database(tmp_path):
    found = db.open_database(str(tmp_path / "evenings.db"))
    yield found
    found.close()


def stored(database, *games, group_id: int | None = None) -> list[int]:
    """Stores the games in one group (a new one unless given); returns their ids."""
    if group_id is None:
        group_id = db.create_group(database, None)[0].id
    return [game_id for game_id, _key in db.import_games(database, games, group_id)]


def store_in(client, *games) -> tuple[int, list[int]]:
    """Stores ``games`` in a new group this browser is a member of: (group, game ids)."""
    group_id, _key = new_group(client)
    database = db.open_database(client.application.config["DATABASE"])
    try:
        return group_id, stored(database, *games, group_id=group_id)
    finally:
        database.close()


def standings_rows(html: str) -> list[list[str]]:
    if 'id="standings"' not in html:
        return []
    table = html[
        html.index('id="standings"') : html.index("</table>", html.index('id="standings"'))
    ]
    rows = re.findall(r"<tr><td>(.*?)</tr>", table)
    return [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.split(r"</t[dh]><t[dh][^>]*>", row)]
        for row in rows
    ]
