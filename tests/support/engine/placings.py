"""Helpers of tests/engine/test_placings.py."""

from __future__ import annotations

from scorekeeper.engine import get_game

ANY_GAME = get_game("any-game")


def sheet(goal: str, rounds: list[list[int]], **knobs):
    """A round sheet of four players after ``rounds``, ended after them."""
    settings = ANY_GAME.preset(ANY_GAME.default_preset).with_changes(
        {"goal": goal, "rounds": len(rounds), **knobs}
    )
    records = [ANY_GAME.record_from_dict(settings, {"points": points}) for points in rounds]
    return ANY_GAME.replay(settings, 0, records)


def to_the_end(game, settings, records):
    """The game after ``records`` up to the hand that finishes it, or after all of them
    when none does (None for none): the replay of the shortest finished run of them,
    found by halving, not by replaying every run in turn (300 replays of up to 300 hands
    for a game no bot finishes). A game refuses a hand after its end (ValueError), so a run
    that is refused or finished ends at or after that hand."""

    def ended(count: int) -> bool:
        try:
            return game.replay(settings, 0, records[:count]).status == "finished"
        except ValueError:
            return True

    if not records:
        return None
    if not ended(len(records)):
        return game.replay(settings, 0, records)
    low, high = 1, len(records)
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if ended(middle) else (middle + 1, high)
    return game.replay(settings, 0, records[:low])  # refused here: refused in turn too
