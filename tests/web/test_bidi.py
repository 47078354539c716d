"""Text the players typed is isolated everywhere, whatever the page's direction.

A name, a game's name or notes may be Hebrew on an English page or Latin on a Hebrew one.
Next to a number, an unisolated name takes the number into its own run: "נועה −20" on an
English page shows as "20− נועה". So every piece of it is isolated: in ``<bdi>`` in HTML,
between FSI and PDI in plain text (messages, flashes, titles, options).

Two checks hold every page to that: each template is read for user text printed without
the ``bdi`` or ``isolate`` filter (as ``test_translations`` reads them for text outside
gettext), and every page is rendered with Hebrew names and searched for a name that
stands bare.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.translations import TEMPLATES
from tests.support.web.bidi import (
    FSI,
    GAME_NAME,
    NAMES,
    NOTES,
    PDI,
    USER_STRINGS,
    bare_names,
    bare_user_text,
)

# --- the templates, read --------------------------------------------------------------------


@pytest.mark.parametrize("template", [pytest.param(path, id=path.name) for path in TEMPLATES])
def test_templates_isolate_user_text(template):
    problems = bare_user_text(template.read_text(encoding="utf-8"))
    assert problems == [], f"{template.name}: use |bdi (or |isolate in plain text): {problems}"


@pytest.mark.parametrize(
    "source",
    [
        "<td>{{ name }}</td>",
        "<h1>{{ game.name }}</h1>",
        "<p>{{ game.notes }}</p>",
        "{{ row.dealer }}",
        "{{ names[seat] }}",
        '{{ game.players|join(" · ") }}',
        '{{ _("%(name)s won.", name=winner) }}',
        "{{ name|ltr }}",
        "{% set x = 1 %}{{ names[x] if x else '' }}",
        "{% block title %}{{ name|bdi }}{% endblock %}",
        "<title>{{ game.name|bdi }}</title>",
        "<option>{{ name|bdi }}</option>",
        '<input placeholder="{{ name|bdi }}">',
        "{% for player in table.players %}<th>{{ player }}</th>{% endfor %}",
    ],
)
def test_the_check_finds_bare_user_text(source):
    assert bare_user_text(source)


@pytest.mark.parametrize(
    "source",
    [
        "<td>{{ name|bdi }}</td>",
        "<td><bdi>{{ names[seat] }}</bdi></td>",
        '{{ game.players|map("bdi")|join(" · ") }}',
        '{{ _("%(name)s won.", name=winner|bdi) }}',
        '{{ _("%(names)s tie.", names=tied.names|list_of) }}',
        "{% block title %}{{ name|isolate }}{% endblock %}",
        '<option value="{{ name }}">{{ name|isolate }}</option>',
        "<a href=\"{{ url_for('review.player', name=name) }}\">{{ name|bdi }}</a>",
        "{% set dealer %}<b>{{ names[d]|bdi }}</b>{% endset %}{{ _('%(d)s', d=dealer) }}",
        "{% for code, name in languages.items() %}<button>{{ name }}</button>{% endfor %}",
        "{{ form.name.label.text }} {{ form.name(maxlength=80) }} {{ game.players|length }}",
        "{% if name == chosen.player %}{{ _('Players') }}{% endif %}",
    ],
)
def test_the_check_passes_isolated_user_text(source):
    assert bare_user_text(source) == []


# --- the pages, rendered ------------------------------------------------------------------

STRANGER = "צביקה"


@pytest.fixture
def hebrew_game(client, make_game, post_hand):
    """A finished game of Hebrew and Latin names, with a name, notes and a revoke, and a
    second one still in progress; this client holds the first one's edit key."""
    game_id, key = make_game("israeli-whist", rules="pagat-german", players=NAMES, target=15)
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    client.patch(
        f"/api/games/{game_id}",
        json={"name": GAME_NAME, "notes": NOTES},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert post_hand(game_id, key, WORKED_EXAMPLE, revokes=[0, 0, 1, 0]).status_code == 201
    other, other_key = make_game(
        "israeli-whist", rules="pagat-german", players=[NAMES[0], NAMES[1], "Zed", "Yael"]
    )
    assert post_hand(other, other_key, WORKED_EXAMPLE).status_code == 201
    return game_id


PAGES = [
    "/",
    "/history",
    f"/history?player={NAMES[0]}",
    "/players",
    f"/players?player={NAMES[0]}&player={NAMES[1]}&player={NAMES[2]}",
    f"/players/{NAMES[0]}",
    "/games/{id}",
    "/games/{id}/live",
    "/games/{id}/print",
    "/games/{id}/stats",
    "/games/{id}/revisions",
    "/games/{id}/details",
    "/games/{id}/hands/1/delete",
    "/games/{id}/hands/1/edit",
    f"/players/{STRANGER}",  # nobody: the error page names them
]


@pytest.mark.parametrize("language", ["en", "de", "he"])
@pytest.mark.parametrize("path", PAGES)
def test_every_page_isolates_every_name(client, hebrew_game, path, language):
    response = client.get(
        quote(path.format(id=hebrew_game), safe="/?=&"),
        headers={"Accept-Language": language},
        follow_redirects=True,
    )
    assert response.status_code in (200, 404), path
    html = response.get_data(as_text=True)
    assert any(text in html for text in [*USER_STRINGS, STRANGER]), "no name on the page"
    assert bare_names(html, [*USER_STRINGS, STRANGER]) == []


def test_the_page_check_finds_a_bare_name():
    found = bare_names("<p>Totals: נועה 146 · <bdi>דני</bdi> 3</p>")
    assert len(found) == 1 and found[0].startswith("'נועה' in <p>")
    assert bare_names(f"<p>{FSI}נועה{PDI} −20</p><td><bdi>דני</bdi></td>") == []
    assert bare_names('<a href="/players/נועה"><svg><text>נועה</text></svg></a>') == []


def test_names_on_an_english_page_sit_in_bdi(client, hebrew_game):
    html = client.get(f"/games/{hebrew_game}/print").get_data(as_text=True)
    assert 'Totals: <span class="each"><bdi>נועה</bdi> −20</span>' in html
    board = client.get(f"/games/{hebrew_game}").get_data(as_text=True)
    assert '<li><span><bdi class="p" dir="auto">נועה</bdi></span><b>−20</b></li>' in board
    assert f'<h1 class="game-name"><bdi>{GAME_NAME}</bdi></h1>' in board


def test_the_saved_message_isolates_each_name_on_an_english_page(client, hebrew_game):
    from tests.support.pages import hand_form

    game_id = hebrew_game
    response = client.post(
        f"/games/{game_id}/hands/1/edit", data=hand_form(), follow_redirects=True
    )
    flash = re.search(r'<p class="flash saved" role="status">(.*?)</p>', response.get_data(True))
    assert flash is not None
    assert flash.group(1) == (
        f"Hand 1 (under): {FSI}נועה{PDI} −20 · {FSI}דני{PDI} +19 · {FSI}Rotem{PDI} −10 · "
        f"{FSI}אביגיל בן-דוד{PDI} −40"
    )


def test_a_hand_described_in_plain_text_isolates_the_declarer(app):
    from scorekeeper.engine import get_game
    from scorekeeper.web.service import describe

    with app.test_request_context(headers={"Accept-Language": "en"}):
        text = describe(
            get_game("israeli-whist"), {**WORKED_EXAMPLE, "bid": "6H", "declarer": 0}, NAMES
        )
    # The declarer and every player beside their contract and tricks isolated.
    assert text.startswith(
        f"{FSI}נועה{PDI} · Bid: 6♥ · under · {FSI}נועה{PDI}: contract 2, took 0 · "
    )
    for name in NAMES:
        assert f"{FSI}{name}{PDI}: " in text


def test_engine_messages_isolate_text_from_outside_the_catalogue(app):
    from scorekeeper.engine.core.messages import msg
    from scorekeeper.web.i18n import translate

    message = msg("two players are called %(name)s; tell them apart", name="נועה")
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert translate(message) == f"Zwei Spieler heißen {FSI}נועה{PDI}; unterscheidet sie"
    # The English text the API and the command line read is left as it was.
    assert str(message) == "two players are called נועה; tell them apart"
    counted = msg("tricks total %(total)d; they must total 13", total=12)
    with app.test_request_context():
        assert translate(counted) == "tricks total 12; they must total 13"
