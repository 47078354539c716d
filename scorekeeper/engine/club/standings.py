"""One standings across a night's tables: each player's points from every table they
sat at, by the night's scoring, with ties broken by a stated rule.

- ``points``: a player's total at each table (each partner their side's): Skat's list
  under Seeger-Fabian counts those points already, Doppelkopf its points.
- ``placing``: points for the place at each table: at a table of n players the first
  scores n, the second n − 1, and so on; players level at a table share the better
  place.
- **Ties:** players level on points are ranked by their best single series (the highest;
  the lowest where the lowest total wins); level on that too, they share the place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.seats import placings_of


@dataclass(frozen=True, slots=True)
class TableList:
    """A table's list as it stands: its series and number, the players drawn to it in
    seat order, each seat's total so far, and the hands recorded."""

    series: int
    table: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    hands: int = 0
    sat: tuple[int, ...] | None = None
    """The hands each player sat, where a seat changed hands mid-list (else each sat
    ``hands``)."""

    def points(self, scoring: str, lowest_wins: bool) -> tuple[int, ...]:
        """Each seat's points for the standings under ``scoring``."""
        if scoring == "placing":
            places = placings_of(self.totals, (), lowest_wins)
            return tuple(len(self.players) + 1 - place for place in places)
        return tuple(self.totals)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line: place (shared when level), name, points, the points of each
    series they played (by series number), the tables and hands they played."""

    place: int
    name: str
    points: int
    series: dict[int, int]
    tables: int
    hands: int
    best: int = 0
    """Their best single series: what ranks players level on points."""
    level: bool = False
    """Whether another player has the same points, so that ``best`` decides (or they
    share the place): a phone shows it beside the name, where the series are hidden."""


def standings(
    lists: Iterable[TableList], scoring: str = "points", lowest_wins: bool = False
) -> list[Standing]:
    """Every player of ``lists`` placed, best first (see the module's rules); a player
    with no table yet is not listed."""
    points: dict[str, int] = {}
    series: dict[str, dict[int, int]] = {}
    tables: dict[str, int] = {}
    hands: dict[str, int] = {}
    for table in lists:
        sat = table.sat or (table.hands,) * len(table.players)
        points_of = table.points(scoring, lowest_wins)
        for name, value, played in zip(table.players, points_of, sat, strict=True):
            points[name] = points.get(name, 0) + value
            by_series = series.setdefault(name, {})
            by_series[table.series] = by_series.get(table.series, 0) + value
            tables[name] = tables.get(name, 0) + 1
            hands[name] = hands.get(name, 0) + played
    better = 1 if lowest_wins and scoring == "points" else -1
    pick = min if better == 1 else max
    # Each player's key once (their points, then their best single series), and the
    # places in one pass over the sorted keys: a night of 240 players is read ten times
    # a second while its tables save (issue 45's p99).
    keys = {name: (better * points[name], better * pick(series[name].values())) for name in points}
    order = sorted(points, key=lambda name: (keys[name], name.casefold()))
    found = []
    place = 0
    counted: dict[int, int] = {}
    for value in points.values():
        counted[value] = counted.get(value, 0) + 1
    for index, name in enumerate(order):
        if index == 0 or keys[name] != keys[order[index - 1]]:
            place = index + 1
        found.append(
            Standing(
                place=place,
                name=name,
                points=points[name],
                series=dict(sorted(series[name].items())),
                tables=tables[name],
                hands=hands[name],
                best=pick(series[name].values()),
                level=counted[points[name]] > 1,
            )
        )
    return found
