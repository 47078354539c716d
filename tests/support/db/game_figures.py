"""Helpers of tests/db/test_game_figures.py."""

from __future__ import annotations

import random

from big_db import random_hand

from scorekeeper import db, game_play
from scorekeeper.db import figures as kept
from scorekeeper.engine import get_game
from tests.support.app import game_in_new_group
from tests.support.play import records as drawn_records

POOL = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay", "Gus"]


def bid_whist_hand(rng: random.Random, settings):
    """A legal random Bid Whist hand, through the game's own ``record_from_dict``."""
    rules = get_game("bid-whist")
    while True:
        level = rng.randrange(3, 8)
        body = {"bidder": rng.randrange(4), "bid": f"{level}{rng.choice('UDN')}"}
        if body["bid"].endswith("N"):
            body["direction"] = rng.choice(["uptown", "downtown"])
        else:
            body["trump"] = rng.choice("SHDC")
        body["books"] = rng.randrange(0, 14)
        try:
            return rules.record_from_dict(settings, body)
        except Exception:  # an illegal shape: draw again
            continue


def simulated_draw(key: str, rng: random.Random):
    """Another game's preset, its settings, and a draw of its hands in the order its own
    simulation deals them (each legal where it falls in a game started by seat 0)."""
    rules = get_game(key)
    preset = rules.default_preset
    settings = rules.preset(preset)
    hands = iter(drawn_records(rules, settings, 10, rng.randrange(1 << 30)))
    return preset, settings, lambda _rng, _settings: next(hands)


def random_games(database, rng: random.Random, key: str, count: int) -> list[int]:
    ids = []
    for _ in range(count):
        if key == "israeli-whist":
            from scorekeeper.engine.israeli_whist import PRESETS

            preset, settings = "pagat-german", PRESETS["pagat-german"]
            draw = random_hand
        elif key == "bid-whist":
            from scorekeeper.engine.bid_whist import PRESETS

            preset = next(iter(PRESETS))
            settings = PRESETS[preset]
            draw = bid_whist_hand
        else:
            preset, settings, draw = simulated_draw(key, rng)
        rules = get_game(key)
        players = rng.sample(POOL, rules.seats)
        # A simulated deal is dealt by seat (deal index mod seats): the game starts there.
        first = rng.randrange(rules.seats) if key in ("israeli-whist", "bid-whist") else 0
        game_id, _key = game_in_new_group(
            database,
            players,
            preset,
            settings,
            first,
            key,
        )
        for _number in range(rng.randrange(0, 9)):
            game = db.load_game(database, game_id)
            if game.status != "in_progress":
                break
            if rng.random() < 0.25:
                away = [n for n in POOL if n not in game.seated]
                db.change_seat(database, game_id, rng.randrange(len(players)), rng.choice(away))
            try:
                game_play.add_hand(database, game_id, draw(rng, settings))
            except Exception:  # noqa: BLE001  a hand the game refuses (after its end)
                break
        ids.append(game_id)
    return ids


def replayed(database, ids):
    return [kept.recorded(game, hands) for game, hands in db.load_games_with_hands(database, ids)]
