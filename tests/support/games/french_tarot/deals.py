"""Helpers of tests/games/french_tarot/test_deals.py."""

from __future__ import annotations

import random

from scorekeeper.engine.french_tarot.settings import CHIEN

# Each card's value in half points: the three bouts (the 21, the Petit, the Excuse), the
# kings, queens, knights and jacks, and 59 low cards (19 trumps, 40 in the suits).
BOUTS = ("21", "petit", "excuse")


VALUES = dict.fromkeys(BOUTS, 9)
VALUES |= {
    f"{rank}{n}": value for rank, value in zip("KQCJ", (9, 7, 5, 3), strict=True) for n in range(4)
}
VALUES |= {f"low{n}": 1 for n in range(59)}


def _pile(rng: random.Random, seats: int, contract: str, tricks_won: int) -> tuple[int, float]:
    """The taker's side's bouts and card points after a deal whose cards fell at random
    into the piles the rules make: the chien (the taker's but in a Garde contre; an écart
    of neither king nor bout in a Petite or Garde), ``tricks_won`` tricks of ``seats``
    cards to the taker's side, the rest to the defence, and the Excuse kept by a side
    that took no trick when it held it."""
    cards = list(VALUES)
    rng.shuffle(cards)
    aside = CHIEN[seats]
    if contract in ("petite", "garde"):  # the écart: low cards, queens, knights, jacks
        ecart = [c for c in cards if c not in BOUTS and not c.startswith("K")][:aside]
    else:
        ecart = cards[:aside]
    played = [c for c in cards if c not in ecart]
    ours = played[: tricks_won * seats] + (ecart if contract != "garde_contre" else [])
    kept = rng.random() < 0.5  # the Excuse was the side's with no trick, played early
    if tricks_won == (78 - aside) // seats and kept and "excuse" in ours:
        ours.remove("excuse")
    if tricks_won == 0 and kept and "excuse" not in ours:
        ours.append("excuse")
    return sum(c in BOUTS for c in ours), sum(VALUES[c] for c in ours) / 2


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _edit_key(path, game_id: int) -> str:
    from scorekeeper import db as storage

    database = storage.open_database(str(path))
    try:
        return storage.replace_edit_key(database, game_id)  # the old one was never kept
    finally:
        database.close()
