"""The history of games (``web/review/history.py``) through the Flask test client: every game with
its facts, filtered by player and date, tampered filters refused with a message, a game's
duration from its first hand to its last."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from babel.dates import format_date

from scorekeeper.web.review.history import duration_text
from tests.support.review import (
    played,  # noqa: F401  (fixtures)
    text_of,
)


def test_history_lists_every_game_with_its_facts(client, played, make_game):
    house, _ = make_game(
        "israeli-whist",
        rules="pagat-german",
        players=["Ann", "Bob", "Cy", "Dee"],
        settings={"miss_step": 5},
    )
    page = text_of(client.get("/history", follow_redirects=True))
    # The day in the page's language (words69, issue 69): "Nov 28, 2026", not 2026-11-28.
    today = format_date(datetime.now(UTC).date(), "medium", locale="en")
    items = re.findall(r"<li>(.*?)</li>", page, re.S)
    assert len(items) == 3
    newest, second, first = items
    assert "<bdi>Ann</bdi> · <bdi>Bob</bdi> · <bdi>Cy</bdi> · <bdi>Dee</bdi>" in newest
    assert "+ house rules" in newest
    assert "0 hands" in newest and "In progress" in newest and "duration –" in newest
    assert "Winner: <bdi>Dana</bdi> 19" in second and "1 hand" in second
    assert "Pagat (German page)" in second and "house rules" not in second
    assert f"Game {played[0]} · {today} · duration 0 min" in first and "6 hands" in first
    assert "<bdi>Avi</bdi> · <bdi>Bat</bdi> · <bdi>Gil</bdi> · <bdi>Dana</bdi>" in first
    assert "In progress" in first
    said = {"Accept-Language": "he"}
    in_hebrew = text_of(client.get("/history", headers=said, follow_redirects=True))
    first = re.findall(r"<li>(.*?)</li>", in_hebrew, re.S)[-1]
    assert format_date(datetime.now(UTC).date(), "medium", locale="he") in first
    assert datetime.now(UTC).date().isoformat() not in first


def test_history_filters_by_player_and_date(client, played, make_game):
    make_game("israeli-whist", rules="pagat-german", players=["Ann", "Bob", "Cy", "Dee"])
    today = datetime.now(UTC).date()
    by_player = text_of(client.get("/history?player=Gil", follow_redirects=True))
    assert len(re.findall(r"<li>", by_player)) == 2 and "Ann" not in by_player.split("<ul")[-1]
    assert '<option value="Gil" selected>\u2068Gil\u2069</option>' in by_player
    same_day = text_of(client.get(f"/history?from={today}&to={today}", follow_redirects=True))
    assert len(re.findall(r"<li>", same_day)) == 3
    later = client.get(f"/history?from={today + timedelta(days=1)}", follow_redirects=True)
    assert later.status_code == 200 and "No games match these filters." in text_of(later)
    earlier = text_of(
        client.get(f"/history?to={today - timedelta(days=1)}&player=Ann", follow_redirects=True)
    )
    assert "No games match these filters." in earlier


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("from=2024-02-30", "2024-02-30 is not a date"),
        ("to=yesterday", "yesterday is not a date"),
        ("from=20240101", "20240101 is not a date"),
        ("from=2024-05-02&to=2024-05-01", "the end date is before the start date"),
        ("player=Zed", "nobody called \u2068Zed\u2069 has played here"),
        ("player=" + "z" * 5000, "nobody called"),
        ("from=%00", "is not a date"),
    ],
)
def test_history_refuses_tampered_filters_with_a_message(client, played, query, message):
    response = client.get(f"/history?{query}", follow_redirects=True)
    assert response.status_code == 400
    assert message in text_of(response)
    assert '<ul class="games' not in text_of(response)


@pytest.mark.parametrize(
    ("first", "last", "text"),
    [
        (None, None, "–"),
        ("2024-05-01T20:00:00+00:00", "2024-05-01T20:00:59+00:00", "0 min"),
        ("2024-05-01T20:00:00+00:00", "2024-05-01T20:45:00+00:00", "45 min"),
        ("2024-05-01T20:00:00+00:00", "2024-05-01T22:05:00+00:00", "2 h 05 min"),
        ("2024-05-01T23:30:00+00:00", "2024-05-02T01:00:00+00:00", "1 h 30 min"),
    ],
)
def test_duration_is_first_to_last_hand(app, first, last, text):
    with app.test_request_context():
        assert duration_text(first, last) == text
