"""The simulator's output, pinned deal by deal: a digest of every simulated deal's JSON,
the hand a table would record for it and that hand's points, for fixed seeds, each game
and each bot kind. Speed work on the simulator must leave these digests as they are; a
change of the simulation's design changes them on purpose, in its own commit. Israeli
Whist's were written again when its hands moved onto the plain schema (issue 55): the old
code's deals and points with its records rewritten (``db/plain_hands``) give them."""

import hashlib
import json

import pytest

from scorekeeper.engine import find_game
from scorekeeper.engine.core.simulation import deal_indices, deal_seed

DEALS = 400

# (game, rules preset, knob changes, bots) -> sha256 of the run's deals.
PINNED = {
    (
        "israeli-whist",
        "standard",
        "",
        "random",
    ): "86b528f521576212906b346e0c01b57b2be019e93d92da35917796873dfa24df",
    (
        "israeli-whist",
        "standard",
        "",
        "heuristic",
    ): "455a715b7b7bf1691d7488f62891cb187ac720a1ef41301a10507b8b91ebb84a",
    (
        "israeli-whist",
        "elhanani",
        "",
        "random",
    ): "cd2171d184635cfe2220b4adf10bed7844a0549d8f7ab4200589dd2fb10f9cac",
    (
        "israeli-whist",
        "pagat-german",
        "",
        "heuristic",
    ): "cec4d6528cf7946350ce330596d4fa97851c4b2c3635f2d114fac03a82e8a224",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "random",
    ): "88022fe40f27c738cf6c9f90ca27419493a4f7d35edcb3f1dfbb529435465928",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "heuristic",
    ): "6c001c3f012b86f67476fb1bf5a295068db62087c08c404429f39343c3b785ad",
    (
        "bid-whist",
        "bid-whist",
        "",
        "random",
    ): "54fe0e74dd2a22292e364c3cad6f127778fbbb15c211d11cb8aad388b9e0aaf0",
    (
        "bid-whist",
        "bid-whist",
        "",
        "heuristic",
    ): "f151db89e345e10529fe74fa400300aba16529c37d401afa16142c0996a2c0d6",
    (
        "bid-whist",
        "bid-whist",
        "jokers=1,nt_jokers=any_time,sport_kitty=yes",
        "random",
    ): "da8825d0972612c18a2ce78c74b697558f59aef24b73db5fa848148ceab7885e",
    (
        "bid-whist",
        "bid-whist",
        "jokers=1,nt_jokers=any_time,sport_kitty=yes",
        "heuristic",
    ): "6c124176966a7c2f0506bb8784f2467b4d10e5d5aedda6003477b973beebd8ae",
}


def settings_of(game, rules: str, changes: str):
    settings = game.preset(rules)
    if changes:
        settings = settings.with_changes(
            dict(item.split("=") for item in changes.split(","))  # type: ignore[arg-type]
        )
    return settings


def run_digest(game_key: str, rules: str, changes: str, bots: str, seed: int = 2026) -> str:
    """The sha256 of ``DEALS`` deals: each deal's JSON, its record and its points."""
    game = find_game(game_key, include_unlisted=True)
    settings = settings_of(game, rules, changes)
    digest = hashlib.sha256()
    for result in game.simulate_results(settings, DEALS, seed=seed, bots=bots):
        deal = result.to_dict()
        record = game.record_of_deal(deal)
        points = game.points(settings, record)
        line = json.dumps([deal, record.to_dict(), list(points)], sort_keys=True)
        digest.update(line.encode() + b"\n")
    return digest.hexdigest()


@pytest.mark.parametrize(("game_key", "rules", "changes", "bots"), sorted(PINNED))
def test_simulated_deals_are_pinned(game_key, rules, changes, bots):
    assert run_digest(game_key, rules, changes, bots) == PINNED[game_key, rules, changes, bots]


@pytest.mark.parametrize(
    ("game_key", "rules"), [("israeli-whist", "standard"), ("bid-whist", "bid-whist")]
)
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_a_share_of_a_run_is_those_deals_of_the_whole_run(game_key, rules, bots):
    game = find_game(game_key, include_unlisted=True)
    settings = game.preset(rules)
    whole = [r.to_dict() for r in game.simulate_results(settings, 40, seed=7, bots=bots)]
    shares = [
        [r.to_dict() for r in game.simulate_results(settings, part, seed=7, bots=bots)]
        for part in (range(0, 13), range(13, 14), range(14, 40))
    ]
    assert shares[0] + shares[1] + shares[2] == whole
    assert [deal["dealer"] for deal in whole] == [index % 4 for index in range(40)]
    # Every deal has its own shuffle: no two deals of the run are dealt alike.
    assert len({json.dumps(deal["deal"]) for deal in whole}) == 40


def test_deal_seeds_differ_for_every_seed_and_index():
    seeds = {deal_seed(seed, index) for seed in range(-50, 50) for index in range(50)}
    assert len(seeds) == 100 * 50
    with pytest.raises(ValueError, match="deal index -1"):
        deal_seed(1, -1)
    assert deal_indices(5) == range(5) and deal_indices(range(3, 9)) == range(3, 9)
    with pytest.raises(ValueError, match="deals is -2"):
        deal_indices(-2)
    with pytest.raises(ValueError, match="step 1"):
        deal_indices(range(0, 10, 2))
