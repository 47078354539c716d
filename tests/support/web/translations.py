"""Helpers of tests/web/test_translations.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po
from jinja2 import nodes

from tests.support.translations import (
    ENV,
    ROOT,
    TRANSLATORS,
    VISIBLE_ATTRIBUTES,
    attribute_being_written,
)

TRANSLATIONS = ROOT / "scorekeeper" / "translations"


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


# Filters whose arguments end up in the page: "a · b", a default value.
PRINTING_FILTERS = {"join", "default", "d", "replace", "format"}


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


def catalogue(language: str) -> Catalog:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=language)


def placeholders(text: str) -> set[str]:
    """The %(name) and {name} placeholders in a message."""
    return set(re.findall(r"%\(\w+\)|\{\w+\}", text or ""))


def _plain(string: str | tuple | list) -> str | tuple:
    return string if isinstance(string, str) else tuple(string)


SHOWN, STORED, CODE_ONLY = "shown", "stored", "code"


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
