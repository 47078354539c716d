"""Words that follow a number (issue 43, item 7): one player "is ahead", partners "are";
one card dealt is "the one card", never "the 1 cards"."""

from __future__ import annotations

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.core.bidding import bidding_rules, hook_problems
from scorekeeper.engine.core.game import HandPlace
from tests.support.app import SEAT_NAMES
from tests.support.web.words_by_number import finish_page

# Wizard's first round deals one card; with the hook the dealer (the first player) may not
# bid what makes the bids total it.
ONE_CARD = {
    "en": "Avi may not bid 0: the bids would total the one card dealt.",
    "de": "Avi darf nicht 0 ansagen: die Ansagen ergäben die eine ausgeteilte Karte.",
    "he": "Avi לא יכול להכריז 0: סכום ההכרזות יהיה בדיוק הקלף האחד שחולק.",
}
LANGUAGE = {"en": "en", "de": "de-DE", "he": "he-IL"}


@pytest.mark.parametrize("language", list(LANGUAGE))
def test_the_hook_says_one_card_in_the_singular(client, make_game, language):
    game_id, key = make_game(
        game="wizard",
        players=["Avi", "Bat", "Gil"],
        rules=get_game("wizard").default_preset,
        settings={"hook": "on"},
    )
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    form = {"number": "1", "trump": "none", "bids_0": "0", "bids_1": "1", "bids_2": "0"}
    form |= {"tricks_0": "0", "tricks_1": "1", "tricks_2": "0"}
    answer = client.post(
        f"/games/{game_id}/hands/preview",
        data=form,
        headers={"Accept-Language": LANGUAGE[language]},
    )
    assert answer.get_json()["problem"] == ONE_CARD[language].replace("Avi", "\u2068Avi\u2069")
    # The API and the command line say it by seat, as the engine does.
    ((field, problem),) = hook_problems([0, 1, 0], 1, dealer=0)
    assert (field, str(problem)) == (
        "bids[0]",
        "Seat 1 (the dealer) may not bid 0: the bids would total the 1 card dealt",
    )
    ((_, problem),) = hook_problems([2, 0, 1, 2], 5, dealer=3)
    assert str(problem).endswith("the bids would total the 5 cards dealt")


@pytest.mark.parametrize("game", ["wizard", "oh-hell"])
def test_the_forms_hook_sentence_follows_the_cards_dealt(game):
    """The hand form's sentence for the disabled key: "the one card" in a round of one."""
    rules = get_game(game)
    settings = rules.preset(rules.default_preset)
    progress = rules.replay(settings, 0, [])
    place = HandPlace(progress.next_number, progress.dealer, progress.state)
    spec = rules.hand_form(settings, ["Ann", "Bo", "Cy", "Dee"], place)
    assert spec.texts["why-hook-one"] == (
        "{name} may not bid {n}: the bids would total the one card dealt."
    )
    assert bidding_rules(4, 1, 0, hook=True)["forbid"][0]["why"] == "why-hook-one"
    assert bidding_rules(4, 5, 0, hook=True)["forbid"][0]["why"] == "why-hook"


AHEAD = {
    "en": ("is ahead and wins the game.", "are ahead and win the game."),
    "de": ("liegt vorn und gewinnt die Partie.", "liegen vorn und gewinnen die Partie."),
    "he": ("מוביל/ה ומנצח/ת במשחק.", "מובילים ומנצחים במשחק."),
}


@pytest.mark.parametrize("language", ["en", "de", "he"])
def test_finish_now_says_one_player_is_ahead_and_partners_are(
    client, make_game, post_hand, language
):
    one, many = AHEAD[language]
    alone = finish_page(client, make_game, post_hand, "skat", SEAT_NAMES[:3], 3, language)
    assert one in alone and many not in alone
    partners = finish_page(client, make_game, post_hand, "bid-whist", SEAT_NAMES, 2, language)
    assert many in partners and one not in partners
