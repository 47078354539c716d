"""The rules printed on a score sheet say what they mean (issue 56): "Bockspiele 0" read as
nothing to a Skat table, where 0 is one round, a deal by each player; a rule that does not
apply (what Kontra does to an overbid game, where nobody says Kontra; the Bock round's
length, where no Bock is played) is not printed. Every registered game's printed rules,
under each preset, hold no bare 0."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES, get_game
from scorekeeper.engine.core.language import words_in
from tests.support.web.games.printed_rules_words import printed_rules, skat_game


def test_skat_without_kontra_and_bock_prints_neither_rule(client, make_game):
    rules = printed_rules(client, skat_game(make_game), "de")
    assert "Bockspiele" not in rules, rules
    assert not any("Kontra" in label and "überreizt" in label.lower() for label in rules), rules
    assert rules.get("Kontra und Re") == "nein"
    english = printed_rules(client, skat_game(make_game), "en")
    assert "Bock deals" not in english and "Kontra on an overbid game" not in english


def test_skats_bock_round_of_one_deal_each_is_said_in_words(client, make_game):
    game_id = skat_game(make_game, kontra=True, bock_after=["kontra_lost"], bock_deals=0)
    german = printed_rules(client, game_id, "de")
    assert german["Bockspiele"] == "eine Runde, jeder gibt einmal"
    english = printed_rules(client, game_id, "en")
    assert english["Bock deals"] == "one round, a deal by each player"
    assert "Kontra on an overbid game" in english
    assert printed_rules(client, game_id, "he")  # every line in Hebrew too
    counted = skat_game(make_game, bock_after=["kontra_lost"], bock_deals=6)
    assert printed_rules(client, counted, "en")["Bock deals"] == "6"


def test_doppelkopf_without_bock_prints_no_bock_rule(client, make_game):
    game_id, _ = make_game(game="doppelkopf", rules="ddv", players=["A", "B", "C", "D"])
    rules = printed_rules(client, game_id, "en")
    assert [label for label in rules if "Bock" in label] == ["Bock after"]


PRESETS = [(key, preset) for key, game in GAMES.items() for preset in game.presets]


@pytest.mark.parametrize(("key", "preset"), PRESETS)
@pytest.mark.parametrize("language", ("en", "de", "he"))
def test_no_printed_rule_is_a_bare_zero(key, preset, language):
    game = get_game(key)
    words = words_in(language)
    for line in game.rules_lines(game.preset(preset)):
        value = words.shown(line.value)
        assert value.strip() != "0", (words.shown(line.label), value)
        assert not value.startswith("0 ×"), (words.shown(line.label), value)
