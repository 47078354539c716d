"""Every string a player sees goes through gettext, and every catalogue translates all of them.

The template check reads each template twice: its HTML, with every Jinja tag taken out, must
hold no letters outside tags (nor in attributes a player sees or hears: placeholder, title,
aria-label...); and its Jinja expressions must not print a string literal that is not inside
``_()``, ``gettext`` or ``ngettext``. The catalogue check extracts the strings afresh, as
``make translations`` does, and wants a translation for each in every language.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po, write_po
from jinja2 import nodes

from scorekeeper.web.i18n import LANGUAGES as OFFERED
from tests.support.translations import (
    ENV,
    ROOT,
    TEMPLATES,
    TRANSLATORS,
    VISIBLE_ATTRIBUTES,
    attribute_being_written,
)

TRANSLATIONS = ROOT / "scorekeeper" / "translations"
# Every language the app offers but English, in which the strings are written.
LANGUAGES = tuple(code for code in OFFERED if code != "en")

# --- templates ------------------------------------------------------------------------------

# Keyword arguments that become such attributes when a form field is rendered.
VISIBLE_KEYWORDS = {"title", "placeholder", "alt", "label", "aria_label"}
LETTER = re.compile(r"[^\W\d_]")
# Short codes that are not words: suit letters for the engine (D, H), WTForms field types.
CODE = re.compile(r"^(?:[A-Z]{1,2}|[A-Za-z]+Field)$")


def has_letters(text: str) -> bool:
    return bool(LETTER.search(text))


def without_placeholders(text: str) -> str:
    """The text without ``%s``, ``%(name)d`` or ``{name}``, which are not words."""
    return re.sub(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[a-z%]|\{\w+\}", "", text)


def looks_like_prose(text: str) -> bool:
    """A word for people rather than a name for code: it has a space or a capital."""
    if not has_letters(text) or CODE.match(text):
        return False
    return bool(re.search(r"[A-Z]", text) or re.search(r"\w\s+\w", text))


def html_without_jinja(source: str) -> str:
    """The template's own text: every ``{{ }}``, ``{% %}`` and ``{# #}`` removed, and the
    inside of ``{% trans %}`` blocks too, since gettext translates those."""
    kept = []
    skipping: list[str] = []
    tokens = [(kind, value) for _line, kind, value in ENV.lex(source) if kind != "whitespace"]
    for index, (kind, value) in enumerate(tokens):
        if kind == "name" and index and tokens[index - 1][0] == "block_begin":
            following = tokens[index + 1][1] if index + 1 < len(tokens) else ""
            # A block named like "body_class" holds a CSS class, not words.
            if value == "trans" or (value == "block" and "class" in following):
                skipping.append("endtrans" if value == "trans" else "endblock")
            elif value == "block" and skipping:
                skipping.append("endblock")
            elif skipping and value == skipping[-1]:
                skipping.pop()
        if kind == "data" and not skipping:
            kept.append(value)
    return "".join(kept)


class _VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._skip: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip.append(tag)
        values = dict(attrs)
        for name, value in attrs:
            if not value:
                continue
            shown = name in VISIBLE_ATTRIBUTES or (
                name == "value"
                and (tag == "button" or values.get("type") in ("submit", "button", "reset"))
            )
            if (shown and has_letters(value)) or (
                name.startswith("data-") and looks_like_prose(value)
            ):
                self.found.append(f'<{tag} {name}="{value}">')

    def handle_endtag(self, tag):
        if self._skip and self._skip[-1] == tag:
            self._skip.pop()

    def handle_data(self, data):
        if not self._skip and has_letters(data):
            self.found.append(data.strip())


def untranslated_html(source: str) -> list[str]:
    parser = _VisibleText()
    parser.feed(html_without_jinja(source))
    parser.close()
    return parser.found


SHOWN, STORED, CODE_ONLY = "shown", "stored", "code"
# Filters whose arguments end up in the page: "a · b", a default value.
PRINTING_FILTERS = {"join", "default", "d", "replace", "format"}


def _children(node: nodes.Node, mode: str):
    """Each child with how its strings count: printed, kept for later, or code."""
    if isinstance(node, nodes.Output):
        return [(child, SHOWN) for child in node.nodes]
    if isinstance(node, nodes.CondExpr):
        return [(node.test, CODE_ONLY), (node.expr1, mode), (node.expr2, mode)]
    if isinstance(node, nodes.Getitem):
        return [(node.node, mode), (node.arg, CODE_ONLY)]
    if isinstance(node, nodes.Getattr | nodes.Compare | nodes.Test | nodes.Not):
        return [(child, CODE_ONLY) for child in node.iter_child_nodes()]
    if isinstance(node, nodes.Pair):
        return [(node.key, CODE_ONLY), (node.value, mode)]
    if isinstance(node, nodes.Filter):
        children = [(node.node, mode)]
        shown_args = mode if node.name in PRINTING_FILTERS else STORED
        children += [(arg, shown_args) for arg in [*node.args, *(k.value for k in node.kwargs)]]
        return children
    if isinstance(node, nodes.Call):
        children = [(node.node, CODE_ONLY)]
        children += [(arg, STORED if mode != CODE_ONLY else mode) for arg in node.args]
        children += [
            (kw.value, SHOWN if kw.key in VISIBLE_KEYWORDS else STORED) for kw in node.kwargs
        ]
        return children
    if isinstance(node, nodes.Assign | nodes.For | nodes.With | nodes.Macro):
        return [(child, STORED) for child in node.iter_child_nodes()]
    return [(child, mode) for child in node.iter_child_nodes()]


def untranslated_literals(source: str) -> list[str]:
    """String literals a template prints, or keeps to print, without gettext. A literal
    printed inside an attribute counts only if a player sees that attribute."""
    found: list[str] = []
    html: list[str] = []  # the template's own HTML so far, in source order

    def visit(node: nodes.Node | None, mode: str) -> None:
        if node is None:
            return
        if isinstance(node, nodes.TemplateData):
            html.append(node.data)
            return
        if (
            isinstance(node, nodes.Call)
            and isinstance(node.node, nodes.Name)
            and node.node.name in TRANSLATORS
        ):
            return
        if isinstance(node, nodes.Const) and isinstance(node.value, str):
            text = without_placeholders(node.value)
            attribute = attribute_being_written("".join(html[-20:]))
            if mode == SHOWN and attribute is not None and attribute not in VISIBLE_ATTRIBUTES:
                mode = STORED if attribute.startswith("data-") else CODE_ONLY
            if (mode == SHOWN and has_letters(text)) or (mode == STORED and looks_like_prose(text)):
                found.append(repr(text))
            return
        for child, child_mode in _children(node, mode):
            visit(child, child_mode)

    visit(ENV.parse(source), CODE_ONLY)
    return found


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_templates_show_no_untranslated_text(template):
    source = template.read_text(encoding="utf-8")
    problems = untranslated_html(source) + untranslated_literals(source)
    assert problems == [], f"{template.name}: wrap these in _(): {problems}"


@pytest.mark.parametrize(
    "source",
    [
        "<p>Hello</p>",
        "<h1>{{ title }} deals</h1>",
        '<input placeholder="Your name">',
        '<button aria-label="Close">×</button>',
        '<input type="submit" value="Save">',
        '<p data-text="Offline: reload">',
        "{{ 'Winner' if won else _('Leading') }}",
        '{{ names|join(" and ") }}',
        '{{ "%d hands" % n }}',
        '{{ {"a": "Long description"}[key] }}',
        '{% for label in ["Contracts", "Tricks"] %}{{ label }}{% endfor %}',
        "{{ field(placeholder='e.g. Noa') }}",
        "{{ total }} point{{ 's' if total != 1 }}",
    ],
)
def test_the_template_check_finds_untranslated_text(source):
    assert untranslated_html(source) + untranslated_literals(source)


@pytest.mark.parametrize(
    "source",
    [
        "<p>{{ _('Hello') }}</p>",
        '<p>{{ ngettext("%(num)d hand", "%(num)d hands", n) }} · #</p>',
        "{% trans %}Hello {{ name }}{% endtrans %}",
        '<input placeholder="{{ _(\'Name\') }}" class="wide" name="player_0">',
        "{{ url_for('games.home') }} {{ keys(form.denomination, 'trumps', red=('D', 'H')) }}",
        '{% if field.type == "SelectField" %}{{ field() }}{% endif %}',
        '<script>const words = {"a": 1};</script><p data-knob="miss_step"></p>',
        '{{ names|join(" · ") }} {{ "%s_%d" % (kind, seat) }}',
    ],
)
def test_the_template_check_passes_translated_text(source):
    assert untranslated_html(source) + untranslated_literals(source) == []


# --- catalogues -----------------------------------------------------------------------------


def extract_messages(tmp_path) -> Catalog:
    """Every translatable string in the code and templates, as ``make translations`` finds
    them (babel.cfg), written to a .pot file under ``tmp_path`` and read back."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    catalog = Catalog(project="scorekeeper")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    pot = tmp_path / "messages.pot"
    with open(pot, "wb") as out:
        write_po(out, catalog)
    with open(pot, "rb") as back:
        return read_po(back)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Catalog:
    return extract_messages(tmp_path_factory.mktemp("pot"))


def catalogue(language: str) -> Catalog:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=language)


def test_extraction_finds_the_strings_of_every_layer(extracted):
    ids = {m.id for m in extracted if m.id}
    # engine (msg), a form label (_l), a view (_), a template, a plural in a template
    assert "%(field)s must add up to %(total)d, not %(sum)d" in ids
    assert "Target score" in ids
    assert "The game is over. Edit a hand to change the result." in ids
    assert "Start a game" in ids
    assert ("%(num)d hand", "%(num)d hands") in ids


def test_extraction_misses_no_message_of_the_engine(extracted):
    """Every message the engine's sources name in a marker's call, read from their syntax
    tree (``phone_build.engine_messages``, which cuts the phone's words files), is one
    Babel extracts: Babel takes any call whose name is a marker for one and skips the
    markers inside it, so a function that shares a marker's name (a ``refusal`` beside
    ``Message.refusal``) hid "no such call" from every catalogue."""
    from scorekeeper.web.offline.phone_build import ENGINE, engine_messages

    said = {
        form for m in extracted if m.id for form in (m.id if isinstance(m.id, tuple) else [m.id])
    }
    named = engine_messages(sorted(ENGINE.rglob("*.py")))
    assert len(named) > 500
    assert sorted(named - said) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_is_translated(extracted, language):
    translations = catalogue(language)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        found = translations.get(message.id, context=message.context)
        strings = () if found is None else found.string
        strings = (strings,) if isinstance(strings, str) else strings
        if found is None or found.fuzzy or not strings or not all(strings):
            missing.append(message.id)
    assert missing == [], f"{language}: untranslated or fuzzy, run `make translations`: {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_their_placeholders(language):
    """Each translation fills in the same %(name)s and {name} placeholders as its English;
    only a singular may leave out the number (%(num)d), as in "one name"."""
    translations = catalogue(language)
    problems = [(m.id, [str(e) for e in errors]) for m, errors in translations.check()]
    for message in translations:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        wanted = placeholders(ids[-1])
        for form in strings:
            found = placeholders(form)
            if found != wanted and not (len(ids) > 1 and found == wanted - {"%(num)"}):
                problems.append((message.id, form))
    assert problems == []


def placeholders(text: str) -> set[str]:
    """The %(name) and {name} placeholders in a message."""
    return set(re.findall(r"%\(\w+\)|\{\w+\}", text or ""))


def _plain(string: str | tuple | list) -> str | tuple:
    return string if isinstance(string, str) else tuple(string)


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogues_match_their_sources(language):
    """The app reads the .mo files, which make builds from the .po files."""
    mo = TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo"
    assert mo.exists(), f"{mo} is missing: run `make catalogs`"
    with open(mo, "rb") as compiled:
        built = {(_plain(m.id), m.context): _plain(m.string) for m in read_mo(compiled) if m.id}
    source = {
        (_plain(m.id), m.context): _plain(m.string)
        for m in catalogue(language)
        if m.id and not m.fuzzy and (m.string if isinstance(m.string, str) else all(m.string))
    }
    assert built == source, f"{mo} is out of date: run `make catalogs`"
