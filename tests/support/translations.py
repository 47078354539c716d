"""Helpers of tests/web/test_translations.py, which other tests use too."""

from __future__ import annotations

import pathlib
import re

from jinja2 import Environment

ROOT = pathlib.Path(__file__).resolve().parents[2]


TEMPLATES = sorted((ROOT / "templates").glob("*.html"))


TRANSLATORS = {"_", "gettext", "ngettext", "pgettext", "npgettext"}


# Attributes whose text a player reads or a screen reader speaks.
VISIBLE_ATTRIBUTES = {
    "title",
    "placeholder",
    "alt",
    "label",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "aria-placeholder",
    "aria-valuetext",
}


ENV = Environment(extensions=["jinja2.ext.i18n"])


def attribute_being_written(html: str) -> str | None:
    """None when ``html`` ends outside a tag; else the attribute whose quoted value it
    ends inside ("" between attributes), e.g. "class" for ``<li class="key``."""
    start = html.rfind("<")
    if start < 0 or ">" in html[start:]:
        return None
    quoted = re.search(r'([\w:-]+)\s*=\s*"[^"]*$', html[start:])
    return quoted.group(1) if quoted else ""
