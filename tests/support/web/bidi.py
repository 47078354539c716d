"""Helpers of tests/web/test_bidi.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from jinja2 import nodes

from tests.support.translations import ENV, TRANSLATORS, VISIBLE_ATTRIBUTES

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


def source_of(node) -> str:
    if isinstance(node, nodes.Name):
        return node.name
    if isinstance(node, nodes.Getattr):
        return f"{source_of(node.node)}.{node.attr}"
    return type(node).__name__


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


NAMES = ["נועה", "דני", "Rotem", "אביגיל בן-דוד"]


GAME_NAME = "ערב שישי"


NOTES = "קלפים חדשים"


USER_STRINGS = [*NAMES, GAME_NAME, NOTES]


FSI, PDI = "\u2068", "\u2069"


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
