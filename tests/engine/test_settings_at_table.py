"""What the core derives for a table whose size is chosen at the start (issue 55): settings
read without the seat knob take the table's count, a knob's bound that follows the table
is the settings' (``SettingsBase.knobs_for_table``), and figures add up field by field,
a tuple item by item. Oh Hell wrote the first two as members of its own, outside the
``Game`` protocol; here a game that only declares them gets them."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.base import GameBase
from scorekeeper.engine.core.errors import InvalidSettings
from scorekeeper.engine.core.game import Knob, PageWords
from scorekeeper.engine.core.knobs import knob
from scorekeeper.engine.core.messages import msg
from scorekeeper.engine.core.schema import Context, Hand, HandSchema, SeatOf
from scorekeeper.engine.core.settings import SettingsBase
from scorekeeper.engine.core.stats import PerHand, Rate


@dataclass(frozen=True, slots=True)
class Round(SettingsBase):
    players: int = knob(
        4, label=msg("Players"), help=msg("at the table"), group="table", low=3, high=6, seated=True
    )
    rounds: int = knob(5, label=msg("Rounds"), help=msg("rounds"), group="deal", low=1, high=20)
    target: int = knob(50, label=msg("Target"), help=msg("to win"), group="end", low=1, high=1000)

    def knobs_for_table(self) -> tuple[Knob, ...]:
        return self.knobs({"rounds": 60 // self.players})


class Rounds(GameBase):
    key = "test-rounds"
    name = msg("Rounds")
    seats = 4
    seat_range = (3, 6)
    presets = {"rounds": Round()}
    preset_words = {"rounds": (msg("Rounds"), msg("a test"))}
    page_words = PageWords(
        msg("Winner"), msg("Result"), (), msg("legend"), msg("turn"), msg("w"), msg("cells")
    )
    hand = HandSchema(SeatOf("winner", msg("Winner")))

    def score(self, settings: Round, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return tuple(int(seat == hand.winner) for seat in range(ctx.seats))


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_settings_read_without_the_seat_knob_take_the_tables_count(seats):
    table = Rounds().seated(seats)
    assert table.settings_from_dict({}).players == seats
    assert table.settings_from_dict({"rounds": 2}) == Round(players=seats, rounds=2)


def test_a_seat_knob_given_is_read_as_given_and_refused_as_any_knob():
    table = Rounds().seated(5)
    assert table.settings_from_dict({"players": 3}).players == 3
    with pytest.raises(InvalidSettings) as refused:
        table.settings_from_dict({"players": "many", "rounds": 2})
    assert refused.value.field == "players"


@pytest.mark.parametrize(("seats", "most"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_a_knobs_bound_follows_the_table_as_the_settings_say(seats, most):
    knobs = {
        k.name: k
        for k in Rounds()
        .seated(seats)
        .preset(Rounds().seated(seats).default_preset)
        .knobs_for_table()
    }
    assert (knobs["rounds"].low, knobs["rounds"].high) == (1, most)
    assert knobs["target"].high == 1000


@pytest.mark.parametrize(("seats", "most"), [(3, 17), (4, 13), (5, 10), (7, 7)])
def test_oh_hells_longest_deal_is_52_over_its_players(seats, most):
    knobs = {
        k.name: k
        for k in GAMES["oh-hell"]
        .seated(seats)
        .preset(GAMES["oh-hell"].seated(seats).default_preset)
        .knobs_for_table()
    }
    assert knobs["max_cards"].high == knobs["fixed_cards"].high == most
    assert GAMES["oh-hell"].seated(seats).settings_from_dict({}).players == seats


@dataclass(frozen=True, slots=True)
class ByKind(PerHand):
    hands: int = 0
    points_sum: int = 0
    made: Rate = Rate()
    by_kind: tuple[Rate, ...] = (Rate(),) * 2


def test_figures_add_up_field_by_field_and_a_tuple_item_by_item():
    one = ByKind(1, 5, Rate(1, 1), (Rate(1, 1), Rate()))
    other = ByKind(2, -3, Rate(0, 1), (Rate(), Rate(0, 1)))
    assert one + other == ByKind(3, 2, Rate(1, 2), (Rate(1, 1), Rate(0, 1)))


def test_skat_read_at_a_table_of_four_is_for_four_and_its_presets_too():
    """Skat's settings without ``players`` read at a four-seat table were for three (the
    class's default), which the table then refused as another count than its own."""
    table = GAMES["skat"].seated(4)
    assert table.settings_from_dict({}).players == 4
    assert {p.players for p in table.presets.values()} == {4}
    table.settings_from_dict({"deals": 36}).check_table(table.seats)
