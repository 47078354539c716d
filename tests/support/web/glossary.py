"""Helpers of tests/web/test_glossary.py."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import scorekeeper

TRANSLATIONS = Path(scorekeeper.__file__).parent / "translations"


GLOSSARY = tomllib.loads((TRANSLATIONS / "glossary.toml").read_text(encoding="utf-8"))


def catalogue(language: str) -> Catalog:
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return read_po(handle)


def english_of(message) -> str:
    return " ".join(message.id) if isinstance(message.id, tuple) else message.id


def said(concept: dict, english: str) -> bool:
    return any(re.search(pattern, english, re.I) for pattern in concept["english"])


CONCEPTS = {name: body for name, body in GLOSSARY.items() if name != "languages"}


def two_words(found: Catalog, language: str) -> list[tuple[str, str, str]]:
    """Every (concept, forbidden word, English source) where ``found`` calls a concept by a
    word the glossary forbids for it in ``language``."""
    setting = GLOSSARY["languages"][language]
    prefixes = setting.get("prefixes", "")
    flags = 0 if setting.get("case_sensitive") else re.I
    problems = []
    for message in found:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or not any(strings):
            continue
        english, text = english_of(message), " | ".join(strings)
        for name, concept in CONCEPTS.items():
            words = concept.get(language)
            if words is None or not said(concept, english):
                continue
            if any(english in ids for ids in words.get("other_sense", {}).values()):
                continue
            # A word that is another concept's, when the English says that one too.
            others = [
                CONCEPTS[other][language]["word"]
                for other in CONCEPTS
                if other != name and language in CONCEPTS[other] and said(CONCEPTS[other], english)
            ]
            kept = text
            for phrase in words.get("allowed", ()):
                kept = kept.replace(phrase, " ")
            for word in words["not"]:
                if any(word.startswith(other) for other in others):
                    continue
                if re.search(rf"(?<!\w){prefixes}{re.escape(word)}(?!\w)", kept, flags):
                    problems.append((name, word, english))
    return problems
