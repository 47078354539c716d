"""Helpers of tests/cli/test_cli_games.py."""

from scorekeeper.engine.core.game import seat_counts


def listed(game) -> dict:
    """What ``scorekeeper games --json`` says of a registered game: its key, name, number
    of players (and the fewest and most, where the table chooses), and its presets."""
    counts = list(seat_counts(game))
    return {
        "key": game.key,
        "name": str(game.name),
        "seats": game.seats,
        **({"seat_range": [counts[0], counts[-1]]} if len(counts) > 1 else {}),
        "default_preset": game.default_preset,
        "presets": list(game.presets),
    }
