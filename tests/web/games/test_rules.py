"""Each game's rules page (``/rules/<game>``, issue 43): in the page's language, drawn
from the engine's own words (the hand form's steps, the sheet's rules lines, the knobs as
declared once, a hand the engine works out), linked from the new-game page and the
game's pages; an unknown game or preset answered with a message that names the choices.
Its fit at 360 px, its words in Hebrew and German and its accessibility are checked with
every other page in tests/games/test_app_conformance.py (the page "rules")."""

from __future__ import annotations

import html
import pathlib
import re

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.knobs import declared_of
from scorekeeper.engine.core.language import words_in
from tests.support.web.games.rules import (
    fields_as_listed,
    plain,
    replayed,
    signed_outside_ltr,
    text_of,
)

LANGUAGE = {"en": "en", "de": "de-DE", "he": "he-IL"}
README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


@pytest.mark.parametrize("language", list(LANGUAGE))
@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.key)
def test_every_games_rules_in_every_language(client, game, language):
    answer = client.get(f"/rules/{game.key}", headers={"Accept-Language": LANGUAGE[language]})
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    text = text_of(page)
    words = words_in(language)
    assert str(words.translate(game.name)) in text
    # Every house rule with its label and help, in the language.
    for knob in game.preset(game.default_preset).knobs_for_table():
        assert f'id="knob-{knob.name}"' in page
        if knob.label is not None:
            assert plain(str(words.translate(knob.label))) in text, knob.name
    # Every step of the hand form, as the form names it.
    settings = game.presets[game.default_preset]
    players = [f"P{n}" for n in range(game.seats)]
    place = HandPlace.after(game.state_from_dict(game.replay(settings, 0, []).state.to_dict()))
    for step in game.hand_form(settings, players, place).steps:
        assert plain(str(words.translate(step.label))) in text, step.id
    # The sheet's rules lines.
    for line in game.rules_lines(settings):
        assert plain(str(words.shown(line.label))) in text
    # A hand the engine worked out: each player's points, and how for the one who scored.
    assert 'id="example"' in page
    example = page[page.index('id="example"') :]
    assert example.count("<li><b>") >= game.seats


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.key)
def test_each_preset_shows_its_own_values(client, game):
    """The preset chooser: each preset's page says that preset's value of each knob."""
    for name, settings in game.presets.items():
        page = client.get(f"/rules/{game.key}?rules={name}").get_data(as_text=True)
        assert 'aria-current="page"' in page
        for knob in game.preset(game.default_preset).knobs_for_table():
            block = page[page.index(f'id="knob-{knob.name}"') :]
            value = settings.to_dict()[knob.name]
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                shown = re.search(r'<b dir="auto">([^<]*)</b>', block)[1]
                zero = declared_of(settings)[knob.name].zero
                said = str(zero) if value == 0 and zero is not None else str(value)
                assert shown == said, (name, knob.name, shown)


@pytest.mark.parametrize("language", list(LANGUAGE))
@pytest.mark.parametrize("game", ["skat", "doppelkopf"])
def test_a_list_with_no_end_set_says_open_not_0(client, game, language):
    """ "Spiele 0" on the sheets and the rules page: the number of deals 0 is "open"."""
    open_word = {"en": "open", "de": "offen", "he": "פתוח"}[language]
    headers = {"Accept-Language": LANGUAGE[language]}
    settings = GAMES[game].presets[GAMES[game].default_preset]
    line = next(line for line in GAMES[game].rules_lines(settings) if line.value == "open")
    label = str(words_in(language).translate(line.label))
    for path in (f"/rules/{game}", f"/sheets/blank?game={game}"):
        page = client.get(path, headers=headers).get_data(as_text=True)
        cells = re.findall(r"<(?:th|dt)[^>]*>([^<]*)</(?:th|dt)>\s*<(?:td|dd)>([^<]*)", page)
        assert (label, open_word) in cells, (path, cells)


def test_an_unknown_game_names_the_games(client):
    answer = client.get("/rules/poker")
    assert answer.status_code == 404
    page = answer.get_data(as_text=True)
    assert "There is no game called poker" in page
    assert all(key in page for key in GAMES)


@pytest.mark.parametrize(
    "query",
    ["rules=nope", "rules=%3Cscript%3Ealert(1)%3C/script%3E", "rules=" + "x" * 5000, "rules="],
)
def test_a_tampered_preset_is_refused_naming_the_presets(client, query):
    answer = client.get(f"/rules/skat?{query}")
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "There is no rules preset called" in page
    assert all(name in page for name in GAMES["skat"].presets)
    assert "<script>alert" not in page
    assert "x" * 41 not in page[page.index("<main>") : page.index("</main>")]


def test_other_queries_and_methods_change_nothing(client):
    assert client.get("/rules/skat?rules=isko&rules=nope&x=%00").status_code == 200
    assert client.post("/rules/skat").status_code == 405
    assert client.get("/rules/").status_code == 404
    assert client.get("/rules/skat/extra").status_code == 404


def test_the_new_game_page_and_a_games_pages_link_to_its_rules(client, make_game):
    page = client.get("/games/new?game=doppelkopf").get_data(as_text=True)
    assert 'href="/rules/doppelkopf?rules=' in page
    game_id, key = make_game(game="skat", players=["Ann", "Bob", "Cat"], rules="isko")
    scoreboard = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'href="/rules/skat?rules=isko"' in scoreboard
    assert client.get("/rules/skat?rules=isko").status_code == 200


def test_the_readmes_first_paragraph_names_every_game_and_the_rules_page():
    first = re.sub(r"\s+", " ", README.read_text().split("\n\n")[1])
    for game in GAMES.values():
        assert str(game.name).lower() in first.replace("*", "").lower(), game.key
    assert "/rules/" in first
    assert "scorekeeper rules --game" in first
    assert "../" not in first  # a path outside the clone; tests/app/test_docs.py checks the rest


@pytest.mark.parametrize("language", list(LANGUAGE))
@pytest.mark.parametrize(
    "game",
    [
        g
        for g in GAMES.values()
        if any(k.kind == "choice_list" for k in g.preset(g.default_preset).knobs_for_table())
    ],
    ids=lambda g: g.key,
)
def test_a_list_knobs_choices_are_said_in_words_not_codes(client, game, language):
    """Skat's and Doppelkopf's "Bock after": each event as the table says it ("60 : 60",
    "a Grand Hand won"), never its code name (``tie_60``, ``grand_hand``)."""
    words = words_in(language)
    text = text_of(
        client.get(f"/rules/{game.key}", headers={"Accept-Language": LANGUAGE[language]}).get_data(
            as_text=True
        )
    )
    for knob in (
        k for k in game.preset(game.default_preset).knobs_for_table() if k.kind == "choice_list"
    ):
        assert len(knob.choice_labels) == len(knob.choices), knob.name
        for code, label in zip(knob.choices, knob.choice_labels, strict=True):
            said = plain(str(words.translate(label)))
            assert said in text, (knob.name, code)
            if code.lower() not in said.lower():  # German says "schwarz" as the code does
                assert code not in text, (knob.name, code)


# --- a rules sheet (issue 65): each field with its own choices, a first hand replayed -------


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.key)
def test_each_presets_sheet_lists_every_field_and_a_first_hand_the_engine_plays(client, game):
    for preset in game.presets:
        page = client.get(f"/rules/{game.key}?rules={preset}").get_data(as_text=True)
        fields_as_listed(game, preset, page)
        replayed(client, game, preset, page)


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.key)
def test_in_hebrew_every_signed_number_reads_left_to_right_with_its_minus(client, game):
    """ "−200" in a right-to-left line reads "200−" unless kept left to right; and a minus
    sign is U+2212, never a hyphen."""
    page = client.get(f"/rules/{game.key}", headers={"Accept-Language": "he-IL"}).get_data(True)
    main = page[page.index("<main>") : page.index("</main>")]
    main = re.sub(r'<(\w+)[^>]*dir="ltr"[^>]*>[^<]*</\1>', " ", main)
    main = re.sub(r'<b dir="auto">[^<\u0590-\u05ff]*</b>', " ", main)  # a value, no Hebrew
    main = re.sub(r'data-hand="[^"]*"', "", main)
    assert signed_outside_ltr(html.unescape(re.sub(r"<[^>]+>", " ", main))) == []
