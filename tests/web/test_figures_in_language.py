"""Numbers and dates in the page's language (issue 69): decimals with the language's decimal
sign, dates as the language writes them, on every kind of page and print; and the phone's
engine, which has no Babel, writing a number as Babel's CLDR data does."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from babel.dates import format_date
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

from scorekeeper.engine.core.display import MINUS, DecimalFigure
from scorekeeper.engine.core.language import (
    DECIMAL_SIGNS,
    GROUP_SIGNS,
    LANGUAGES,
    decimal_text,
    words_in,
)
from scorekeeper.web import create_app
from scorekeeper.web.i18n import decimal, shown
from tests.support.app import app_config
from tests.support.evenings import START, sheet, store_in
from tests.support.web.figures_in_language import visible

ISO_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")
POINT_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d(?![\d.])")  # 1.7, never 1,7 nor a version
VALUES = (0.0, 0.04, -0.04, 0.05, 1.25, -1.75, 12.5, -999.95, 1234.5, -98765.43, 1234567.0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_engines_signs_are_cldrs(language):
    assert DECIMAL_SIGNS[language] == get_decimal_symbol(language)
    assert GROUP_SIGNS[language] == get_group_symbol(language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("digits", [1, 2])
@pytest.mark.parametrize("value", VALUES)
def test_the_engine_writes_a_decimal_as_babel_does(language, digits, value):
    """The phone's engine (no Babel under Pyodide) and Babel write one number alike: the
    digits, the decimal sign and the grouping; the minus is a true one on every page."""
    babel = format_decimal(value, "#,##0." + "0" * digits, locale=language)
    babel = babel.replace("\u200e", "").replace("-", MINUS)
    if babel.lstrip(MINUS).strip("0.,\u202f") == "":
        babel = babel.lstrip(MINUS)  # nothing signed that rounds to zero
    assert decimal_text(value, digits, language) == babel


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_and_the_phone_write_a_mean_alike(tmp_path, language):
    app = create_app(app_config(tmp_path))
    words = words_in(language)
    with app.test_request_context(headers={"Accept-Language": language}):
        for value in VALUES:
            figure = DecimalFigure(value, 1, sign=True)
            assert shown(figure) == words.shown(figure) == decimal(value, 1, sign=True)
            # The API's text: English, without grouping
            assert str(figure) == decimal_text(value, 1, "en", sign=True).replace(",", "")


@pytest.fixture
def evening(tmp_path):
    """Three round sheets of one evening in a group: Ann and Ben level at 1.7 places."""
    client = create_app(app_config(tmp_path)).test_client()
    players = ("Ann", "Ben", "Cat")
    group, ids = store_in(
        client,
        sheet([(10, 10, 1)], players, START),
        sheet([(1, 5, 9)], players, START + timedelta(hours=1)),
        sheet([(1, 5, 5)], players, START + timedelta(hours=2), goal="rounds_low"),
    )
    return client, group, ids


@pytest.mark.parametrize(("language", "mean"), [("fr", "1,7"), ("de", "1,7"), ("en", "1.7")])
def test_every_kind_of_page_writes_numbers_and_dates_in_its_language(evening, language, mean):
    client, group, ids = evening
    day = format_date(date(2026, 3, 6), "medium", locale=language)  # 6 mars 2026, 06.03.2026
    pages = {
        "evening": f"/groups/{group}/evenings/{ids[0]}",
        "evening's card": f"/groups/{group}/evenings/{ids[0]}/result",
        "print": f"/games/{ids[0]}/print",
        "history": f"/groups/{group}/history",
        "player": f"/groups/{group}/players/Ann",
        "statistics": f"/games/{ids[0]}/stats",
        "revisions": f"/games/{ids[0]}/revisions",
    }
    seen = {}
    for kind, path in pages.items():
        answer = client.get(path, headers={"Accept-Language": language})
        assert answer.status_code == 200, (kind, answer.status_code)
        seen[kind] = text = visible(answer.get_data(as_text=True))
        assert not ISO_DATE.findall(text), (kind, ISO_DATE.findall(text))
        if language != "en":
            assert not POINT_DECIMAL.findall(text), (kind, POINT_DECIMAL.findall(text))
    for kind in ("evening", "evening's card", "print", "history", "player", "revisions"):
        assert day in seen[kind], kind
    for kind in ("evening", "evening's card"):
        assert f"Ann{chr(0x2069)}: {mean}" in seen[kind] or f" {mean} " in seen[kind], kind
