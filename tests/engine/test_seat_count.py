"""No seat count outside the game that has it: a game declares its seats (``GameBase.seats``,
and a four-seat game may say ``SEATS = 4`` in its own package), and nothing else in the
application, core included, assumes a table of four (issue 55)."""

from __future__ import annotations

from tests.support.engine.seat_count import ROOT, four_seat_packages, offenders

"""A module that says the table has four seats."""
"""An import of a seat count from core (``core.seats.SEATS``)."""


def test_four_seat_games_are_found():
    names = {package.name for package in four_seat_packages()}
    assert {"israeli_whist", "bid_whist", "spades"} <= names


def test_no_seat_count_of_four_outside_a_four_seat_game():
    assert offenders(ROOT, four_seat_packages()) == []


def test_the_check_finds_a_four_outside_a_game(tmp_path):
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "deal.py").write_text("SEATS = 4\n")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "rules.py").write_text("SEATS = 4\n")
    (tmp_path / "names.py").write_text("from .engine.core.seats import SEATS\n")
    (tmp_path / "other.py").write_text("from ..core.seats import left_of, SEATS\n")
    found = offenders(tmp_path, {tmp_path / "game"})
    assert found == [
        f"{tmp_path.name}/core/deal.py",
        f"{tmp_path.name}/names.py",
        f"{tmp_path.name}/other.py",
    ]
