"""Phase two: speaking order, the forbidden number and the declarer's contract."""

import pytest

from scorekeeper.engine import IllegalAction
from scorekeeper.engine.israeli_whist import preset, speaking_order
from scorekeeper.engine.israeli_whist.contracts import ContractPhase, declarer_contracts

STANDARD = preset("standard")
PAGAT = preset("pagat-german")


@pytest.mark.parametrize(
    ("settings", "declarer", "order"),
    [
        (STANDARD, 2, [2, 3, 0, 1]),
        (STANDARD, 0, [0, 1, 2, 3]),
        (PAGAT, 2, [3, 0, 1]),
        (PAGAT, 3, [0, 1, 2]),
    ],
)
def test_speaking_order(settings, declarer, order):
    assert speaking_order(settings, declarer) == order


def test_worked_example_phase_two():
    # North (2) declares 7C under pagat-german: E 0, S 2, then West may not say 4.
    phase = ContractPhase(PAGAT, declarer=2, level=7)
    assert phase.to_speak == 3
    phase.apply(0)
    phase.apply(2)
    assert phase.to_speak == 1
    assert phase.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    with pytest.raises(IllegalAction, match="may not say 4: the contracts would total exactly 13"):
        phase.apply(4)
    phase.apply(3)
    assert phase.is_terminal()
    assert phase.contracts == [2, 3, 7, 0]


def test_declarer_may_raise_but_not_lower():
    phase = ContractPhase(STANDARD, declarer=1, level=6)
    assert phase.legal_actions() == list(range(6, 14))
    with pytest.raises(IllegalAction, match="at least the bid level 6"):
        phase.apply(5)
    phase.apply(8)
    assert phase.to_speak == 2


def test_declarer_fixed_at_level_does_not_speak():
    phase = ContractPhase(PAGAT, declarer=1, level=9)
    assert phase.named == {1: 9}
    assert phase.to_speak == 2
    assert list(declarer_contracts(PAGAT, 9)) == [9]


def test_nothing_forbidden_when_the_others_exceed_thirteen():
    phase = ContractPhase(STANDARD, declarer=0, level=13)
    for contract in (13, 1, 0):
        phase.apply(contract)
    assert phase.legal_actions() == list(range(14))  # the last bidder may say any number


def test_only_the_last_bidder_is_constrained():
    phase = ContractPhase(STANDARD, declarer=0, level=5)
    phase.apply(5)
    assert phase.legal_actions() == list(range(14))
    phase.apply(8)
    assert phase.legal_actions() == list(range(14))
    phase.apply(0)
    assert phase.legal_actions() == [n for n in range(14) if n != 0]


@pytest.mark.parametrize("contract", ["3", None, 2.5])
def test_a_contract_that_is_not_a_number_is_refused_naming_the_seat(contract):
    # The phase refuses by its legal contracts, changing nothing (it once compared the
    # value with 0 and 13 and failed with a TypeError).
    phase = ContractPhase(STANDARD, declarer=1, level=6)
    phase.apply(6)
    with pytest.raises(IllegalAction) as refused:
        phase.apply(contract)
    assert refused.value.field == "contracts[2]"
    assert str(refused.value).startswith("contracts[2] must be a whole number from 0 to 13, not ")
    assert phase.to_speak == 2 and phase.named == {1: 6}


def test_a_turn_s_legal_contracts_are_worked_out_once(monkeypatch):
    # A bot asks for the legal contracts and apply checks its choice against the very
    # list: once per turn (apply used to work them out again).
    worked_out = []
    real = ContractPhase.choices

    def counted(phase, seat):
        worked_out.append(seat)
        return real(phase, seat)

    monkeypatch.setattr(ContractPhase, "choices", counted)
    phase = ContractPhase(STANDARD, declarer=2, level=7)
    while not phase.is_terminal():
        legal = phase.legal_actions()
        assert phase.legal_actions() is legal
        phase.apply(legal[-1])
    assert worked_out == [2, 3, 0, 1]
    assert phase.contracts == [13, 13, 13, 13]


@pytest.mark.parametrize("settings", [STANDARD, PAGAT])
def test_random_contracts_in_the_phase_s_own_loop_are_those_random_bots_name(settings):
    # play_random draws as a random bot's choose_contract does, one 32-bit draw per
    # seat, from the same legal contracts, the forbidden number left out.
    import random

    from scorekeeper.engine.israeli_whist.bots import IsraeliRandomBot

    forbidden_seen = 0
    for seed in range(300):
        declarer, level = seed % 4, 5 + seed % 9
        drawn, asked = random.Random(seed), random.Random(seed)
        by_loop = ContractPhase(settings, declarer, level)
        by_loop.play_random(drawn.getrandbits)
        by_bots = ContractPhase(settings, declarer, level)
        for seat in by_bots.order:
            by_bots.apply(IsraeliRandomBot(seat, asked).choose_contract(by_bots, [], 0))
        assert by_loop.is_terminal()
        assert by_loop.contracts == by_bots.contracts
        assert sum(by_loop.contracts) != 13
        forbidden_seen += sum(by_loop.contracts) - by_loop.contracts[(declarer + 3) % 4] <= 13
        assert drawn.getrandbits(32) == asked.getrandbits(32)
    assert forbidden_seen  # some last bidders had a number forbidden
