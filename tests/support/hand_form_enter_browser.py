"""Helpers of tests/browser/test_hand_form_enter_browser.py."""

from __future__ import annotations

from tests.support.game_page_matrix import entry_of, simulated_hands

# The numbers of the steps the form shows, in order (a step nothing is asked in yet is
# hidden: Skat's before a game is picked).
STEP_NUMBERS = """() => Array.from(document.querySelectorAll("#hand .step"))
  .filter((step) => step.checkVisibility())
  .map((step) => step.querySelector("h2 > span, h2 > .head > span").textContent.trim())"""


def numbered_in_order(page) -> bool:
    shown = page.evaluate(STEP_NUMBERS)
    return shown == [str(n) for n in range(1, len(shown) + 1)]


def played_entry(game, players):
    """The first played hand (not thrown in) of the game's simulation, as the form enters it
    by Save."""
    for hand in simulated_hands(game, 6, long=True):
        entry = entry_of(game, hand, players)
        if entry.action is None and not hand.get("thrown_in"):
            return entry
    raise AssertionError(f"{game.key}: no played hand among the first six")
