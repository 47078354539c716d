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
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from jinja2 import nodes

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.translations import ENV, TEMPLATES, TRANSLATORS, VISIBLE_ATTRIBUTES

FSI, PDI = "\u2068", "\u2069"

# --- the templates, read --------------------------------------------------------------------

# An identifier naming text a player typed, alone or as part of a longer one
# (``names``, ``row.dealer``, ``game.notes``, ``table.players``).
USER_TEXT = {
    "name",
    "names",
    "player",
    "players",
    "opponent",
    "notes",
    "winner",
    "dealer",
    "declarer",
    "opener",
    "leaders",
}
# Filters that isolate; "isolate" (FSI…PDI) is the only one allowed where HTML cannot go.
ISOLATING = {"bdi", "isolate", "list_of"}
PLAIN_ISOLATING = {"isolate", "list_of"}
# Filters that print no text of their argument's: a count, JSON for a script.
NOT_TEXT = {"length", "count", "int", "float", "round", "abs", "tojson", "urlencode"}
# Elements whose content is text only: a <bdi> there would show as "<bdi>".
TEXT_ONLY = ("title", "option", "textarea")


def is_user_text(identifier: str) -> bool:
    return any(part in USER_TEXT for part in identifier.split("_"))


def mentions_user_text(node: nodes.Node) -> bool:
    """Whether an expression reads anything named as user text (``names``, ``g.leaders``)."""
    for found in node.find_all((nodes.Name, nodes.Getattr)):
        identifier = found.name if isinstance(found, nodes.Name) else found.attr
        if is_user_text(identifier):
            return True
    return isinstance(node, nodes.Name | nodes.Getattr) and is_user_text(
        node.name if isinstance(node, nodes.Name) else node.attr
    )


def _isolating_filter(node: nodes.Filter) -> str | None:
    """The isolating filter a Filter node applies (``name|bdi``, ``names|map("bdi")``)."""
    if node.name in ISOLATING:
        return node.name
    if node.name == "map" and node.args and isinstance(node.args[0], nodes.Const):
        return node.args[0].value if node.args[0].value in ISOLATING else None
    return None


def _text_only(html: str, in_title_block: bool) -> bool:
    if in_title_block:
        return True
    lowered = html.lower()
    return any(lowered.rfind(f"<{tag}") > lowered.rfind(f"</{tag}") for tag in TEXT_ONLY)


def bare_user_text(source: str) -> list[str]:
    """User text a template prints without isolation, or isolated with HTML where HTML
    cannot go (a <title>, an <option>, an attribute a player reads)."""
    from tests.support.translations import attribute_being_written

    found: list[str] = []
    html: list[str] = []
    # Names that are not user text whatever they are called: {% set x %}...{% endset %}
    # (HTML checked where it was built), and loop variables over something else
    # ({% for code, name in languages.items() %}).
    not_user: list[str] = []

    def where() -> tuple[str | None, bool]:
        tail = "".join(html[-20:])
        return attribute_being_written(tail), bool(re.search(r"<bdi[^>]*>\s*$", tail))

    def visit(node, shown: bool, isolated: str | None, title: bool) -> None:
        if node is None:
            return
        if isinstance(node, nodes.For):
            names = [n.name for n in node.target.find_all(nodes.Name)]
            if isinstance(node.target, nodes.Name):
                names = [node.target.name]
            plain = [] if mentions_user_text(node.iter) else names
            not_user.extend(plain)
            for child in [*node.body, *node.else_]:
                visit(child, shown, isolated, title)
            del not_user[len(not_user) - len(plain) :]
            return
        if isinstance(node, nodes.TemplateData):
            html.append(node.data)
            return
        if isinstance(node, nodes.Block):
            for child in node.body:
                visit(child, shown, isolated, title or node.name == "title")
            return
        if isinstance(node, nodes.AssignBlock):
            not_user.append(node.target.name)
            for child in node.body:
                visit(child, shown, isolated, title)
            return
        if isinstance(node, nodes.Output):
            for child in node.nodes:
                if isinstance(child, nodes.TemplateData):
                    html.append(child.data)
                    continue
                attribute, in_bdi = where()
                if attribute is not None and attribute not in VISIBLE_ATTRIBUTES:
                    continue  # a value, a link: not text a player reads as such
                plain = attribute is not None or _text_only("".join(html[-20:]), title)
                visit(child, True, "bdi" if in_bdi and not plain else None, plain)
            return
        if not shown:
            for child in node.iter_child_nodes():
                visit(child, False, None, title)
            return
        if isinstance(node, nodes.Filter):
            if node.name in NOT_TEXT:
                return
            applied = _isolating_filter(node)
            visit(node.node, True, applied or isolated, title)
            return
        if isinstance(node, nodes.Call):
            translator = isinstance(node.node, nodes.Name) and node.node.name in TRANSLATORS
            for kw in node.kwargs:
                visit(kw.value, translator, None, title)
            return
        if isinstance(node, nodes.CondExpr):
            visit(node.expr1, True, isolated, title)
            visit(node.expr2, True, isolated, title)
            return
        if isinstance(node, nodes.Getitem):
            visit(node.node, True, isolated, title)
            return
        if isinstance(node, nodes.Name | nodes.Getattr):
            identifier = node.name if isinstance(node, nodes.Name) else node.attr
            local = isinstance(node, nodes.Name) and identifier in not_user
            if not is_user_text(identifier) or local:
                return
            text = f"{{{{ {source_of(node)} }}}}"
            if isolated is None:
                found.append(f"{text} is not isolated")
            elif title and isolated not in PLAIN_ISOLATING:
                found.append(f"{text} needs |isolate where HTML cannot go")
            return
        for child in node.iter_child_nodes():
            visit(child, True, isolated, title)

    for child in ENV.parse(source).body:
        visit(child, False, None, False)
    return found


def source_of(node) -> str:
    if isinstance(node, nodes.Name):
        return node.name
    if isinstance(node, nodes.Getattr):
        return f"{source_of(node.node)}.{node.attr}"
    return type(node).__name__


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

NAMES = ["נועה", "דני", "Rotem", "אביגיל בן-דוד"]
GAME_NAME = "ערב שישי"
NOTES = "קלפים חדשים"
USER_STRINGS = [*NAMES, GAME_NAME, NOTES]
STRANGER = "צביקה"


class _Bare(HTMLParser):
    """Every place a page's text holds a user string outside <bdi> and FSI…PDI.

    Attributes and a textarea's content are values, not text; the chart (SVG, each name
    its own <text>) and scripts' JSON are left out."""

    def __init__(self, strings: list[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.strings = strings
        self.open: list[str] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("br", "input", "meta", "link", "col", "img"):
            self.open.append(tag)

    def handle_endtag(self, tag):
        while self.open and self.open.pop() != tag:
            pass

    def handle_data(self, data):
        if any(tag in self.open for tag in ("svg", "script", "style", "template", "textarea")):
            return
        for text in self.strings:
            for match in re.finditer(re.escape(text), data):
                before, after = data[: match.start()], data[match.end() :]
                in_bdi = self.open[-1:] == ["bdi"] and not before.strip() and not after.strip()
                isolated = before.endswith(FSI) and after.startswith(PDI)
                if not (in_bdi or isolated):
                    self.found.append(f"{text!r} in <{self.open[-1]}>: {data.strip()[:60]!r}")


def bare_names(html: str, strings: list[str] = USER_STRINGS) -> list[str]:
    parser = _Bare(strings)
    parser.feed(html)
    parser.close()
    return parser.found


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
