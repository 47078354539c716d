"""One word for one thing in every catalogue (issue 69), held to
``scorekeeper/translations/glossary.toml``; and each catalogue's plural rule picking the
singular exactly where CLDR says the language does (French "0 donne", Hebrew and German "0
ידיים", "0 Spiele")."""

from __future__ import annotations

import gettext
import re

import pytest
from babel import Locale
from babel.messages.catalog import Catalog

from tests.support.web.glossary import CONCEPTS, GLOSSARY, catalogue, english_of, two_words

LANGUAGES = tuple(GLOSSARY["languages"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_uses_one_word_for_each_thing(language):
    assert two_words(catalogue(language), language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_glossary_names_only_entries_the_catalogue_has(language):
    """An entry named under ``other_sense`` that the catalogue no longer has is a stale
    exception: it would let a new entry of the same English through unread."""
    have = {english_of(message) for message in catalogue(language) if message.id}
    for concept in CONCEPTS.values():
        for sense, ids in concept.get(language, {}).get("other_sense", {}).items():
            assert set(ids) <= have, (sense, sorted(set(ids) - have))


@pytest.mark.parametrize(
    ("language", "english", "translated", "concept", "word"),
    [
        ("he", "Save the deal", "שמירת החלוקה", "deal", "חלוקה"),
        ("he", "%(num)d disputed hand", "יד אחת במחלוקת", "dispute", "מחלוקת"),
        ("de", "The game is over", "Das Spiel ist vorbei", "game", "Spiel"),
        ("de", "Deal %(number)d", "Partie %(number)d", "deal", "Partie"),
        ("de", "Settle the dispute", "Den Einspruch entscheiden", "dispute", "Einspruch"),
        ("fr", "Settle the dispute", "Régler le litige", "dispute", "litige"),
        ("fr", "Contract made", "Annonce réussie", "contract", "annonce réussie"),
    ],
)
def test_a_second_word_for_one_thing_is_caught(language, english, translated, concept, word):
    found = Catalog(locale=language)
    found.add(english, translated)
    found.add("Which game is the table playing?", "Welches Spiel spielt der Tisch?")
    found.add("This phone keeps recording hands.", "Dieses Handy trägt weiter Spiele ein.")
    assert two_words(found, language) == [(concept, word, english)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_singular_is_where_cldr_puts_it(language):
    """gettext's plural rule of each catalogue picks the singular (form 0) for exactly the
    numbers CLDR calls "one": 0 and 1 in French, 1 in Hebrew and German. (Hebrew's
    "two" takes the plural form: "2 ידיים", the figure written.)"""
    rule = gettext.c2py(catalogue(language).plural_expr)
    locale = Locale.parse(language)
    for n in range(0, 2001):
        assert (rule(n) == 0) == (locale.plural_form(n) == "one"), n


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_says_what_its_english_plural_says(language):
    """Each plural entry has both forms, and its plural form keeps every value the English
    plural names ("%(num)d hands" never shows as "ידיים" without its number)."""
    for message in catalogue(language):
        if not message.id or not message.pluralizable:
            continue
        assert len(message.string) == 2 and all(message.string), message.id
        named = {a or b for a, b in PLACEHOLDER.findall(message.id[1])}
        kept = {a or b for a, b in PLACEHOLDER.findall(message.string[1])}
        assert named <= kept, (message.id[1], message.string[1])


# A player's name then a French past participle agreeing with it ("Noa est nommé"): the
# participle takes a gender the name does not tell, so the sentence says it another way.
AGREES_WITH_A_NAME = re.compile(
    r"(?:^|[.!?:]\s)%\((?:name|player|other|by|declarer|taker|dealer)\)s"
    r" (?:est|a été|était|sera)(?: déjà| deux fois)?"
    r" (?!à\b|la\b|le\b|les\b|en\b)\w+(?:é|ée|és|ées)\b"
)


def test_no_french_participle_guesses_a_players_gender():
    wrong = [
        (english_of(message), message.string)
        for message in catalogue("fr")
        if message.id and message.string and not message.pluralizable
        if AGREES_WITH_A_NAME.search(message.string)
    ]
    assert wrong == []


# An article the sentence puts before a game's name ("Les règles du %(game)s"): a French
# or German game's name takes its own gender (la belote, le tarot; der Doppelkopf, das
# Skat), which the sentence cannot know. The name brings its own, written whole for each
# game in the catalogue ("de la belote", "beim Skat": engine/core/names_in_sentences.py).
ARTICLE_BEFORE_A_GAME = {
    "fr": re.compile(r"\b(?:du|de la|le|la|les|au|aux|à la|des) %\((?:game|kind)\)s"),
    "de": re.compile(r"\b(?:der|die|das|des|dem|den|beim|im|vom|zum|zur) %\((?:game|kind)\)s"),
}


@pytest.mark.parametrize("language", sorted(ARTICLE_BEFORE_A_GAME))
def test_no_sentence_puts_an_article_before_a_games_name(language):
    rule = ARTICLE_BEFORE_A_GAME[language]
    wrong = []
    for message in catalogue(language):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wrong += [text for text in strings if message.id and text and rule.search(text)]
    assert wrong == []
    assert rule.search("Les règles du %(game)s") or rule.search("die Regeln des %(game)s")
