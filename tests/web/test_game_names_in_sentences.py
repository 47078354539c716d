"""A game's name in a sentence as each language puts it (issue 69): French "les règles de
la belote", "on joue au skat", "une table de tarot", German "beim Skat"; never an article
put together with a name in code, nor a French name left without the article it needs
("Les règles du jeu de Belote", "Les règles du Belote"). The table of each game's name in
its three places (``engine/core/names_in_sentences.py``) holds every registered game and
every preset title that names what is played, each place written by every catalogue; the
pages and the engine's refusals say them so. Through the Flask client."""

from __future__ import annotations

import pytest

from scorekeeper.engine.core.errors import InvalidSettings
from scorekeeper.engine.core.language import LANGUAGES, words_in
from scorekeeper.engine.core.names_in_sentences import AT, NAMES_IN, OF_ONE, OF_THE, PLACES, name_in
from scorekeeper.engine.registry import GAMES
from tests.support.web.game_names_in_sentences import said

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
# How French and German begin a game's name in each place.
FRENCH_PLACES = {
    AT: ("à la ", "au ", "à l'", "à "),
    OF_THE: ("de la ", "du ", "de l'", "d'", "de "),
    OF_ONE: ("de ", "d'"),
}


def test_every_game_and_every_title_of_what_is_played_has_its_name_in_each_place():
    for game in GAMES.values():
        for name in (game.name, *game.preset_titles.values()):
            for place in PLACES:
                assert name_in(name, place).template == name.template
                assert name_in(name, place).context == place


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_catalogue_writes_each_name_in_each_place(language):
    """A place the catalogue left out would fall back to the English name: gettext keeps
    a msgctxt's entry under "context\x04msgid"."""
    catalogue = words_in(language).catalogue._catalog
    missing = [
        (place, english)
        for english in NAMES_IN
        for place in PLACES
        if not catalogue.get(f"{place}\x04{english}")
    ]
    assert missing == []


def test_french_and_german_put_the_article_and_preposition_each_name_needs():
    french, german = words_in("fr"), words_in("de")
    for english in NAMES_IN:
        for place in PLACES:
            found = french.shown(name_in(english, place))
            assert found.startswith(FRENCH_PLACES[place]), (place, found)
        assert german.shown(name_in(english, AT)).startswith(("beim ", "bei ")), english
    assert [french.shown(name_in("Belote", place)) for place in PLACES] == [
        "à la belote",
        "de la belote",
        "de belote",
    ]
    assert french.shown(name_in("Skat", OF_THE)) == "du skat"
    assert french.shown(name_in("Euchre", OF_ONE)) == "d'euchre"


@pytest.mark.parametrize(
    ("key", "headers", "link"),
    [
        ("belote", FRENCH, "Les règles de la belote :"),
        ("skat", FRENCH, "Les règles du skat :"),
        ("french-tarot", FRENCH, "Les règles du tarot :"),
        ("euchre", FRENCH, "Les règles de l'euchre :"),
        ("skat", GERMAN, "Die Regeln von Skat:"),
    ],
)
def test_the_new_game_page_links_the_games_rules_as_the_language_says_it(
    client, key, headers, link
):
    assert link in said(client.get(f"/games/new?game={key}", headers=headers))


@pytest.mark.parametrize(
    ("headers", "sentence"),
    [
        (FRENCH, "On joue au skat de 3 à 4 joueurs : demandez une feuille pour ce nombre."),
        (GERMAN, "Es spielen 3 bis 4 Spieler beim Skat: frag einen Block für so viele an."),
    ],
)
def test_a_sheet_for_a_table_the_game_does_not_seat_says_where_it_is_played(
    client, headers, sentence
):
    response = client.get("/sheets/blank?game=skat&players=9", headers=headers)
    assert response.status_code == 400
    assert sentence in said(response)


def test_the_engines_refusals_name_the_game_in_its_place():
    french = words_in("fr")
    with pytest.raises(InvalidSettings) as refused:
        GAMES["belote"].seated(9)
    assert french.shown(refused.value.message).startswith("On joue à la belote "), refused.value
