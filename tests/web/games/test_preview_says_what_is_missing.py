"""The hand form's preview says what a hand still lacks (issue 43, item 9): by the thing's
name and the player's, as the save would, for every game, in the page's language; never
only "These entries cannot be scored yet"."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import GAMES
from tests.support.game_page_matrix import names_for, simulated_hands
from tests.support.web.games.preview_says_what_is_missing import LANGUAGE, previewed, started

STILL_MISSING = {"en": "Still missing: ", "de": "Es fehlt noch: ", "he": "עדיין חסר: "}


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.key)
def test_an_empty_hands_preview_names_what_to_enter_first(client, make_game, game):
    problem = previewed(client, started(client, make_game, game), {}, "en")
    assert problem.startswith(STILL_MISSING["en"]), problem


@pytest.mark.parametrize("language", list(LANGUAGE))
@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.key)
def test_a_hand_lacking_one_entry_hears_which_and_whose(client, make_game, game, language):
    """A played hand's form with its last box that has no default left empty: the preview
    names that one box, and the player it belongs to where it is a player's."""
    game_id = started(client, make_game, game)
    form = game.hand.form_values(simulated_hands(game, 1)[0])
    assert previewed(client, game_id, form, language) is None
    for last in reversed(form):
        problem = previewed(client, game_id, {**form, last: ""}, language)
        if problem is not None:
            break
    assert problem.startswith(STILL_MISSING[language]), problem
    if language == "en":
        assert "more entr" not in problem, problem
    seat = re.fullmatch(r".*_(\d)", last)
    if seat:
        assert names_for(game)[int(seat[1])] in problem, problem
