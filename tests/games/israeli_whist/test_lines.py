"""Israeli Whist's tally and deal checker after issue 41's last cut: a deal nobody
declared counts alike from its dict and from its result, and a deal that is not by the
rules is reported, never raised."""

import copy
import dataclasses

from scorekeeper.engine import get_game
from tests.support.israeli_deal_checker import verify_deal

GAME = get_game("israeli-whist")
PASS_ROUNDS = dataclasses.replace(GAME.preset("standard"), all_pass="pass_round", frisch_rounds=0)


def test_a_pass_round_counts_alike_from_its_dict_and_its_result():
    results = list(GAME.simulation.results(PASS_ROUNDS, 400, seed=5, bots="heuristic"))
    assert any(result.pass_round for result in results)
    from_dicts, from_results = GAME.simulation.tally(), GAME.simulation.tally()
    for result in results:
        from_dicts.add(result.to_dict())
        from_results.add_result(result)
    assert from_dicts.lines() == from_results.lines()
    assert from_dicts.thrown_in == sum(result.declarer is None for result in results)


def test_an_exchange_where_none_is_due_is_reported_not_raised():
    settings = GAME.preset("standard")
    deal = next(
        d
        for d in GAME.simulation.deals(settings, 200, seed=3)
        if not d["thrown_in"] and not d["exchanges"]
    )
    wrong = copy.deepcopy(deal)
    wrong["exchanges"] = [[hand[:3] for hand in deal["deal"]]]
    problems = verify_deal(settings, wrong)
    assert any("exchanged only after all four players pass" in p for p in problems), problems
    assert verify_deal(settings, deal) == []
