"""The engine's messages in a page's language without Flask (issue 34: the phone draws its
pages itself when it has no network).

The server's pages translate a :class:`~.messages.Message` with Flask-Babel
(``web/i18n.py``'s ``named`` and ``shown``); :class:`Words` says it in the same words from
the same compiled catalogue with the standard library's ``gettext``, and isolates what
the players typed and what reads left to right exactly as those do, so a phone's page
and the server's say one sentence alike. It reads ``engine/catalogues/<language>.mo``
where the phone's worker wrote one (the language's words file, only the entries the
engine uses: ``web/offline/phone_engine.py``), else the app's whole catalogue,
``scorekeeper/translations/<language>/LC_MESSAGES/messages.mo``; in a phone that has
neither (its page's words file not fetched: offline, and not kept), English.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path
from typing import Any

from .display import MINUS, DecimalFigure, Label, Notation, SignedPoints
from .messages import Message, SeatName

LANGUAGES = ("en", "he", "de", "fr")
"""The languages the pages speak; English is the engine's own (no catalogue)."""
RTL_LANGUAGES = frozenset({"he"})
ENGINE = Path(__file__).resolve().parent.parent
PHONE_CATALOGUES = ENGINE / "catalogues"
APP_CATALOGUES = ENGINE.parent / "translations"

# A list of names ("A, B and C") and of choices ("A, B or C"): two items, and the last
# two of more (the others are joined by ", " in every language here), as Babel's locale
# data has them (the server's ``list_of``; a test holds them equal).
AND_LISTS = {
    "en": ("{0} and {1}", "{0}, and {1}"),
    "he": ("{0} \u05d5{1}", "{0} \u05d5{1}"),
    "de": ("{0} und {1}", "{0} und {1}"),
    "fr": ("{0} et {1}", "{0} et {1}"),
}
OR_LISTS = {
    "en": ("{0} or {1}", "{0}, or {1}"),
    "he": ("{0} \u05d0\u05d5 {1}", "{0} \u05d0\u05d5 {1}"),
    "de": ("{0} oder {1}", "{0} oder {1}"),
    "fr": ("{0} ou {1}", "{0} ou {1}"),
}

FSI, PDI, LRI = "\u2068", "\u2069", "\u2066"

# Each language's decimal sign and thousands separator, as CLDR has them (Babel's
# ``get_decimal_symbol`` and ``get_group_symbol``; the phone's engine has no Babel, so a
# test holds these equal to it): "1,234.5", "1.234,5", "1 234,5" (a narrow no-break space).
DECIMAL_SIGNS = {"en": ".", "he": ".", "de": ",", "fr": ","}
GROUP_SIGNS = {"en": ",", "he": ",", "de": ".", "fr": "\u202f"}


def decimal_text(value: float, digits: int, language: str, sign: bool = False) -> str:
    """``value`` to ``digits`` decimals as ``language`` writes it: its decimal sign, its
    thousands grouped, a true minus sign (and a plus sign when ``sign``): what Babel's
    ``format_decimal`` writes for the pattern ``#,##0.0`` (one ``0`` a digit), rounded as
    it rounds (the number as Python prints it, half to even: 0.05 is 0.0, 0.15 is 0.2), but
    for the minus, which is U+2212 on every page here. Nothing signed that rounds to zero."""
    rounded = Decimal(repr(abs(value))).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_EVEN)
    whole, _, part = f"{rounded:,f}".partition(".")
    text = whole.replace(",", GROUP_SIGNS[language])
    if part:
        text += DECIMAL_SIGNS[language] + part
    if not rounded:
        return text
    if value < 0:
        return MINUS + text
    return "+" + text if sign else text


class Partners(str):
    """A side's name made of its partners' names, each isolated already ("⁨Ann⁩ & ⁨Cat⁩"):
    the text around them, the "&", takes the page's direction. Isolated again as a whole,
    a side of a Hebrew and a Latin name would take the first name's direction, so the
    order of the partners would flip on a page of the other direction."""

    members: tuple[Partners, ...] = ()
    """Each partner alone, isolated, for a sentence that names one of them."""

    @classmethod
    def of(cls, names: Any) -> Partners:
        members = tuple(cls(isolate(name)) for name in names)
        side = cls(" & ".join(members))
        side.members = members
        return side


def isolate(text: Any) -> str:
    """Text a player typed, of either direction, kept whole inside a sentence in plain
    text: between FSI and PDI, on pages of every direction."""
    if isinstance(text, Partners):
        return text
    return f"{FSI}{text}{PDI}"


class UnknownLanguage(ValueError):
    """A language the pages do not speak."""


def words_in(language: str) -> Words:
    """The engine's words in ``language`` (one of ``LANGUAGES``), its catalogue read once.
    Raises UnknownLanguage for any other. A language whose catalogue is not there (a
    phone whose worker could not fetch its words file: offline, and not kept) speaks
    English, the engine's own words, rather than refuse the page; not remembered, so a
    words file written later is read (issue 44)."""
    if language not in LANGUAGES:
        raise UnknownLanguage(language)
    found = READ.get(language)
    if found is None:
        found = _read(language)
        if found is None:
            return words_in("en")
        READ[language] = found
    return found


READ: dict[str, Words] = {}
"""The words of each language read so far (``words_in``)."""


def _read(language: str) -> Words | None:
    if language == "en":
        return Words(language, gettext.NullTranslations())
    for path in (
        PHONE_CATALOGUES / f"{language}.mo",
        APP_CATALOGUES / language / "LC_MESSAGES" / "messages.mo",
    ):
        if path.is_file():
            with path.open("rb") as handle:
                return Words(language, gettext.GNUTranslations(handle))
    return None


class Words:
    """Sentences in one language, as the server's pages say them (``web/i18n.py``)."""

    def __init__(self, language: str, catalogue: gettext.NullTranslations) -> None:
        self.language = language
        self.catalogue = catalogue
        self.rtl = language in RTL_LANGUAGES

    def gettext(self, template: str, **values: Any) -> str:
        """``template`` translated, ``values`` put in (none: as it is, as Flask-Babel does)."""
        found = self.catalogue.gettext(template)
        return found % values if values else found

    def ngettext(self, singular: str, plural: str, num: int, **values: Any) -> str:
        values.setdefault("num", num)
        return self.catalogue.ngettext(singular, plural, num) % values

    def decimal(self, value: float, digits: int = 1, sign: bool = False) -> str:
        """A number with decimals in this language's writing (``decimal_text``)."""
        return decimal_text(value, digits, self.language, sign)

    def ltr(self, text: str) -> str:
        """Numbers and bids kept left to right inside a right-to-left sentence."""
        return f"{LRI}{text}{PDI}" if self.rtl else text

    def or_list(self, items: Sequence[str]) -> str:
        """Items as a sentence offers them, "A, B or C" ("A, B, or C" in English): the list
        patterns Babel's locale data gives the server's pages (``web/i18n.py``'s
        ``list_of(..., style="or")``)."""
        return self._listed(items, OR_LISTS[self.language])

    def and_list(self, items: Sequence[str]) -> str:
        """Names as a sentence lists them, "A, B and C" (``list_of``)."""
        return self._listed(items, AND_LISTS[self.language])

    @staticmethod
    def _listed(items: Sequence[str], patterns: tuple[str, str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        pair, end = patterns
        if len(items) == 2:
            return pair.format(*items)
        text = ", ".join(items[:-1])
        return end.format(text, items[-1])

    def named(self, text: Any, players: Sequence[str] = (), **params: Any) -> Any:
        """A :class:`Message` in this language, with every seat it names (``SeatName``) named
        by the player sitting there (``players`` in seat order); any other value as it is."""
        if not isinstance(text, Message):
            return text
        values = {name: self._parameter(value, players) for name, value in text.params.items()}
        values |= params
        if text.plural is not None:
            num = values.pop("num")
            return self.ngettext(text.template, text.plural, num, **values)
        if text.context is not None:
            found = self.catalogue.pgettext(text.context, text.template)
            return found % values if values else found
        return self.gettext(text.template, **values)

    def translate(self, text: Any, **params: Any) -> Any:
        return self.named(text, (), **params)

    def _parameter(self, value: Any, players: Sequence[str]) -> Any:
        if isinstance(value, SeatName):
            if 0 <= value < len(players):
                return isolate(players[value])
            return self.gettext("seat %(seat)d", seat=int(value) + 1)
        if isinstance(value, Message):
            return self.named(value, players)
        if isinstance(value, PageText):
            return value
        if isinstance(value, Label | Notation):
            return self.ltr(self.shown(value))
        if isinstance(value, SignedPoints):
            return self.ltr(str(value))
        return isolate(value) if isinstance(value, str) else value

    def shown(self, value: Any) -> str:
        """A game's text in this language: a Message translated, a Label's pieces one after
        the other, notation and numbers as they are."""
        if isinstance(value, Label):
            return "".join(str(self.translate(piece)) for piece in value.pieces)
        if isinstance(value, DecimalFigure):
            return self.decimal(value.value, value.digits, value.sign)
        return str(self.translate(value))


class PageText(str):
    """Text already in the page's language (a field's label): unlike a player's name or a
    value as typed, it needs no isolating inside a sentence."""
