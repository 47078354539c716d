"""An evening's result card (issue 22) through the Flask test client: its short text in
English, Hebrew and German for an evening of several registered games, the standings'
order and figures as the evening's page shows them, "so far" while a game is still being
played, and the card for the group's members only."""

from __future__ import annotations

import html
from datetime import timedelta

import pytest
from babel.dates import format_date

from scorekeeper import db
from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import seat_counts
from scorekeeper.evenings import load_evening
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.evening_card import played_to_the_end
from tests.support.evenings import NAMES, START, sheet, standings_rows, store_in
from tests.support.result_card import model_of, text_box
from tests.support.web.review.evening_card import note, plain
from tests.support.web.shared import in_language

LANGUAGES = ("en", "he", "de")
OUR_TABLE = {"en": "Our table", "he": "השולחן שלנו", "de": "Unser Tisch"}
FSI, LRI, PDI, LRM, RLM = "\u2068", "\u2066", "\u2069", "\u200e", "\u200f"
HEBREW = "נועה בן-דויד"


@pytest.fixture
def site(tmp_path):
    app = create_app(app_config(tmp_path))
    return app, app.test_client()


def test_the_short_text_of_a_hand_worked_evening_in_every_language(site):
    """Three round sheets (the second lowest wins): Ann and Ben level on places at 1.7,
    Ann ahead on wins; Cat third at 2.0. Every line as the catalogue writes it."""
    _app, client = site
    players = ("Ann", HEBREW, "Cat")
    group, ids = store_in(
        client,
        sheet([(10, 10, 1)], players, START),
        sheet([(1, 5, 9)], players, START + timedelta(hours=1)),
        sheet([(1, 5, 5)], players, START + timedelta(hours=2), goal="rounds_low"),
    )
    expected = {
        "en": [
            f"Evening of Mar 6, 2026 · {FSI}Our table{PDI}",
            "March 6, 2026",
            "The average place over the evening's games (1 is first)",
            f"1. {FSI}Ann{PDI}: 1.7 (3 games · 2 wins)",
            f"2. {FSI}{HEBREW}{PDI}: 1.7 (3 games · 1 win)",
            f"3. {FSI}Cat{PDI}: 2.0 (3 games · 1 win)",
            f"{FSI}Ann{PDI} wins the evening!",
        ],
        "he": [
            f"ערב 6 במרץ 2026 · {FSI}השולחן שלנו{PDI}",
            format_date(START.date(), format="long", locale="he"),
            "המקום הממוצע במשחקי הערב (1 הוא הראשון)",
            f"1. {FSI}Ann{PDI}: {LRI}1.7{PDI} (3 משחקים · 2 ניצחונות)",
            f"2. {FSI}{HEBREW}{PDI}: {LRI}1.7{PDI} (3 משחקים · ניצחון אחד)",
            f"3. {FSI}Cat{PDI}: {LRI}2.0{PDI} (3 משחקים · ניצחון אחד)",
            f"הניצחון בערב: {FSI}Ann{PDI}!",
        ],
        "de": [
            f"Abend vom 06.03.2026 · {FSI}Unser Tisch{PDI}",
            "6. März 2026",
            "Platz im Schnitt über die Partien des Abends (1 ist der erste)",
            f"1. {FSI}Ann{PDI}: 1,7 (3 Partien · 2 Siege)",
            f"2. {FSI}{HEBREW}{PDI}: 1,7 (3 Partien · ein Sieg)",
            f"3. {FSI}Cat{PDI}: 2,0 (3 Partien · ein Sieg)",
            f"{FSI}Ann{PDI} gewinnt den Abend!",
        ],
    }
    path = f"/groups/{group}/evenings/{ids[0]}/result"
    for language in LANGUAGES:
        page = in_language(client, language, path)
        assert page.status_code == 200, language
        assert page.headers["Cache-Control"] == "private, no-cache"
        mark = RLM if language == "he" else LRM
        text = text_box(page.get_data(as_text=True))
        assert text.split("\n") == [mark + line for line in expected[language]], language
        # The evening's page carries the same card, folded, its button leading here.
        evening = in_language(client, language, f"/groups/{group}/evenings/{ids[0]}")
        board = evening.get_data(as_text=True)
        assert text_box(board) == text
        assert f'href="{path}" data-send' in board
        assert '<details class="card-text-fold">' in board
        assert "/static/card.js" in board or "card.js" in board
        assert evening.headers["Cache-Control"] == "private, no-cache"
        model = model_of(board)
        assert model["file"] == f"evening-{ids[0]}.png"
        assert model["group"] == OUR_TABLE[language]
        assert [(r["place"], r["names"], r["won"]) for r in model["rows"]] == [
            ("1", ["Ann"], True),
            ("2", [HEBREW], False),
            ("3", ["Cat"], False),
        ]


def test_an_evening_of_every_kind_lists_the_evenings_standings_in_every_language(site):
    """Every registered game in one evening, finished, with players who sit at several of
    them (partners at Bid Whist and Spades, a Hebrew name): the card's rows are the
    standings of the evening's page, in its order, with its figures."""
    _app, client = site
    everyone = ("Ann", HEBREW, "Cat", "Dan", "Eli", "Fay", "Gil", "Hen")
    games = []
    for turn, (key, registered) in enumerate(GAMES.items()):
        seats = seat_counts(registered)[0]
        players = tuple(everyone[(turn + seat) % len(everyone)] for seat in range(seats))
        games.append(played_to_the_end(key, seats, START + timedelta(hours=turn), players))
    group, ids = store_in(client, *games)
    database = db.open_database(client.application.config["DATABASE"])
    try:
        found = load_evening(database, group, ids[0])
    finally:
        database.close()
    assert {played.game.key for played in found.played} == set(GAMES)
    assert not found.going_on
    standings = found.figures.standings
    assert {s.name for s in standings} == {n for game in games for n in game.players}
    leaders = [s.name for s in standings if s.rank == 1]
    for language in LANGUAGES:
        page = in_language(client, language, f"/groups/{group}/evenings/{ids[0]}")
        board = page.get_data(as_text=True)
        table = standings_rows(board)
        assert [row[1] for row in table] == [s.name for s in standings]
        lines = text_box(board).split("\n")
        mark = RLM if language == "he" else LRM
        assert all(line.startswith(mark) for line in lines)
        assert OUR_TABLE[language] in lines[0]
        # Rank, name, average place, games and wins as the evening's table shows them,
        # in its order.
        assert [plain(line) for line in lines[3:-1]] == [
            f"{rank}. {name}: {average} ({note(language, int(games), int(wins))})"
            for rank, name, average, games, wins in table
        ]
        winner = plain(lines[-1])
        assert all(name in winner for name in leaders)
        assert WINS[language][len(leaders) > 1] in winner


WINS = {
    "en": ("wins the evening!", "share the evening's win!"),
    "he": ("הניצחון בערב:", "הניצחון בערב משותף:"),
    "de": ("gewinnt den Abend!", "teilen sich den Sieg des Abends!"),
}


def test_an_evening_going_on_has_a_card_that_says_so_far(site):
    """A finished sheet and a sheet still being played: the card's standings are the
    finished game's, "so far"; before any game finishes there is no card yet."""
    _app, client = site
    players = NAMES[:3]
    group, ids = store_in(
        client,
        sheet([(5, 1, 3)], players, START),
        sheet([(1, 2, 3)], players, START + timedelta(hours=1), rounds=3),
    )
    expected = {
        "en": ("Standings so far, a game still being played", "Ann leads so far."),
        "he": ("הטבלה עד עכשיו, משחק עדיין נמשך", "בראש עד עכשיו: Ann."),
        "de": ("Tabelle bisher, eine Partie läuft noch", "Ann liegt bisher vorn."),
    }
    for language in LANGUAGES:
        page = in_language(client, language, f"/groups/{group}/evenings/{ids[0]}/result")
        assert page.status_code == 200
        lines = [plain(line) for line in text_box(page.get_data(as_text=True)).split("\n")]
        caption, leads = expected[language]
        comma = "," if language == "de" else "."  # the language's decimal sign
        assert lines[2].startswith(caption)
        assert lines[3:6] == [
            f"1. Ann: 1{comma}0 ({note(language, 1, 1)})",
            f"2. Cat: 2{comma}0 ({note(language, 1, 0)})",
            f"3. Ben: 3{comma}0 ({note(language, 1, 0)})",
        ]
        assert lines[-1] == leads
    # An evening none of whose games has finished: no card, and its page says why.
    group, ids = store_in(client, sheet([(1, 2)], NAMES[:2], START, rounds=2))
    board = client.get(f"/groups/{group}/evenings/{ids[0]}").get_data(as_text=True)
    assert "data-send" not in board and "card-model" not in board and "card.js" not in board
    answer = client.get(f"/groups/{group}/evenings/{ids[0]}/result")
    assert answer.status_code == 409
    assert "No game of this evening has finished yet" in answer.get_data(as_text=True)


def test_a_shared_win_of_the_evening_names_every_leader(site):
    _app, client = site
    group, ids = store_in(client, sheet([(3, 3, 1)], NAMES[:3], START))
    text = text_box(client.get(f"/groups/{group}/evenings/{ids[0]}/result").get_data(True))
    lines = [plain(line) for line in text.split("\n")]
    assert lines[3:] == [
        "1. Ann: 1.0 (1 game · 1 win)",
        "1. Ben: 1.0 (1 game · 1 win)",
        "3. Cat: 3.0 (1 game · 0 wins)",
        "Ann and Ben share the evening's win!",
    ]


def test_an_evenings_card_is_for_the_groups_members_only(tmp_path):
    app = create_app(app_config(tmp_path))
    member = app.test_client()
    group, ids = store_in(
        member,
        sheet([(1, 2)], ("Zephyrine", "Quillon"), START),
        sheet([(2, 1)], ("Zephyrine", "Quillon"), START + timedelta(hours=1)),
    )
    path = f"/groups/{group}/evenings/{ids[0]}/result"
    assert member.get(path).status_code == 200
    # A later game's id leads to the evening's own address.
    later = member.get(f"/groups/{group}/evenings/{ids[1]}/result")
    assert later.status_code == 302 and later.headers["Location"] == path
    stranger = app.test_client()
    for asked in (path, f"/groups/{group}/evenings/{ids[1]}/result"):
        answer = stranger.get(asked)
        assert answer.status_code == 404
        assert "Zephyrine" not in answer.get_data(as_text=True)
    other = app.test_client()
    other_group, other_ids = store_in(other, sheet([(1, 2)], NAMES[:2], START))
    assert other.get(path).status_code == 404
    answer = other.get(f"/groups/{other_group}/evenings/{ids[0]}/result")
    assert answer.status_code == 404
    assert "Zephyrine" not in html.unescape(answer.get_data(as_text=True))
    assert member.get(f"/groups/{group}/evenings/{other_ids[0]}/result").status_code == 404
    assert member.get(f"/groups/{group}/evenings/0/result").status_code == 404


MORE = {
    "en": "and 2 more players: see the text",
    "he": "ועוד 2 שחקנים: ראו בטקסט",
    "de": "und 2 weitere Spieler: siehe Text",
}


def test_the_picture_shows_eight_players_and_the_text_names_them_all(site):
    """Ten players in one evening: the picture has room for the first eight and says how
    many more the text names; the text lists all ten."""
    _app, client = site
    ten = (*NAMES, "Ivy", "Jon")
    group, ids = store_in(
        client,
        sheet([tuple(range(8, 0, -1))], ten[:8], START),
        sheet([(1, 2)], ten[8:], START + timedelta(hours=1)),
    )
    for language in LANGUAGES:
        board = in_language(client, language, f"/groups/{group}/evenings/{ids[0]}").get_data(True)
        model = model_of(board)
        assert len(model["rows"]) == 8
        assert model["more"] == MORE[language]
        lines = text_box(board).split("\n")
        assert len(lines) == 3 + 10 + 1
        assert {plain(line).split(": ")[0].split(". ")[1] for line in lines[3:-1]} == set(ten)
    # Eight or fewer: no such line.
    group, ids = store_in(client, sheet([tuple(range(8))], ten[:8], START))
    board = client.get(f"/groups/{group}/evenings/{ids[0]}").get_data(as_text=True)
    assert model_of(board)["more"] is None and len(model_of(board)["rows"]) == 8
