"""game_play between the app and db: the data layer stores what a game's rules give and
knows no game's columns; a hand saved through the web walks once; every view that changes
a game asks for it and its edit key in one decorator."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import db, game_play
from scorekeeper.engine import GAMES
from scorekeeper.web import create_app
from scorekeeper.web.access import edit_required
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import app_config
from tests.support.game_play import HAND_COLUMNS, check_rows, hands_of, started
from tests.support.play import simulates
from tests.support.toy_game import GAME as TOY

FIXTURES = Path(__file__).parents[1] / "fixtures"
EVERY_GAME = [*GAMES.values(), TOY]


@pytest.fixture
def database(tmp_path, monkeypatch):
    monkeypatch.setitem(GAMES, TOY.key, TOY)
    opened = db.migrate(str(tmp_path / "play.db"))
    yield opened
    opened.close()


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.key)
def test_a_hand_is_stored_as_its_record_in_the_columns_every_game_shares(database, game):
    game_id = started(database, game)
    hands = hands_of(game, 6)
    for record in hands:
        game_play.add_hand(database, game_id, record)
    check_rows(database, game_id)
    # An edit writes the hand's row anew, and the hand keeps when it was first recorded.
    first = db.query(database, "SELECT created_at FROM hands WHERE number = 1").fetchone()[0]
    # Simulated deals stand anywhere in a long game; random hands are drawn for their
    # places (Wizard's round r deals r cards), so each is edited into its own.
    first_edit, second_edit = (hands[-1], hands[0]) if simulates(game) else hands[:2]
    game_play.replace_hand(database, game_id, 1, first_edit)
    game_play.replace_hand(database, game_id, 2, second_edit)
    check_rows(database, game_id)
    assert db.query(database, "SELECT created_at FROM hands WHERE number = 1").fetchone()[0] == (
        first
    )


def test_the_data_layer_names_no_games_columns():
    """db/ stores a hand without knowing any game's columns; only the migrations, which
    made them, name them."""
    words = ("frisch", "declarer", "over_under", "contract", "tricks", "revokes", "bid", "books")
    folder = Path(db.__file__).parent
    for path in folder.glob("*.py"):
        if path.name == "migrations.py":
            continue
        text = path.read_text(encoding="utf-8").lower()
        assert [word for word in words if word in text.replace("revokes the old", "")] == [], path


def test_an_old_file_keeps_every_hand_row_as_it_was(tmp_path):
    """The migrations that rebuild ``hands`` (m010) and drop its flat columns (m031) keep
    every row, id and index as it was, in the columns that stay."""
    path = tmp_path / "old.db"
    shutil.copyfile(FIXTURES / "scorekeeper-v1.db", path)
    with sqlite3.connect(path) as old:
        columns = [row[1] for row in old.execute("PRAGMA table_info(hands)")]
        columns = [column for column in columns if column in HAND_COLUMNS]
        before = old.execute(f"SELECT {', '.join(columns)} FROM hands ORDER BY id").fetchall()
        seats = "SELECT hand_id, seat, points, total FROM hand_seats ORDER BY hand_id, seat"
        seated = old.execute(seats).fetchall()
    assert before
    upgraded = db.migrate(str(path))
    try:
        after = upgraded.execute(f"SELECT {', '.join(columns)} FROM hands ORDER BY id").fetchall()
        assert after == before
        assert upgraded.execute(seats).fetchall() == seated
        unique = [index.columns for index in upgraded["hands"].indexes if index.unique]
        assert ["game_id", "number"] in unique
        assert upgraded.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        upgraded.close()


@pytest.fixture
def one_hand_played(tmp_path):
    """A phone that opened the edit link of an Israeli Whist game (pagat-german) with one
    hand saved: (its client, the game's id)."""
    client = create_app(app_config(tmp_path)).test_client()
    created = client.post(
        "/api/games", json={"players": ["Ann", "Bob", "Cat", "Dan"], "rules": "pagat-german"}
    ).get_json()
    client.post(
        f"/api/games/{created['id']}/hands",
        json=WORKED_EXAMPLE,
        headers={"Authorization": f"Bearer {created['edit_key']}"},
    )
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return client, created["id"]


@pytest.fixture
def game_play_calls(monkeypatch):
    """The names of ``game_play``'s functions that the test calls through, as they are
    called: ``game_play_calls(*names)`` starts counting them and returns the list."""
    calls: list[str] = []

    def counting(*names: str) -> list[str]:
        for name in names:
            real = getattr(game_play, name)
            monkeypatch.setattr(
                game_play,
                name,
                lambda *a, _real=real, _name=name, **k: calls.append(_name) or _real(*a, **k),
            )
        return calls

    return counting


def test_a_hand_saved_on_the_form_resumes_the_game_once(one_hand_played, game_play_calls):
    """form → view → game_play (the engine, the store) → redirect: the save resumes the
    game from the last hand's state once, and nothing replays it."""
    client, game_id = one_hand_played
    calls = game_play_calls("resume_game", "progress_of", "current_progress", "record_entered")
    form = {
        "number": "2",
        "declarer": "2",
        "level": "7",
        "denomination": "C",
        "frisch_rounds": "0",
        **{f"contract_{seat}": str(n) for seat, n in enumerate(WORKED_EXAMPLE["contracts"])},
        **{f"tricks_{seat}": str(n) for seat, n in enumerate(WORKED_EXAMPLE["tricks"])},
        **{f"revokes_{seat}": "0" for seat in range(4)},
        "save": "Save",
    }
    response = client.post(f"/games/{game_id}/hands/new", data=form)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert calls == ["record_entered", "resume_game"]


def test_a_refused_hand_reads_its_place_once_and_is_drawn_on_the_form_it_was_checked_on(
    tmp_path, monkeypatch
):
    """A hand the rules refuse is checked on the form for its place, and the page that
    says so is drawn on that same form: the place (a stored state read) is read once, not
    once for the check and again for the page; a page with no hand posted reads it once."""
    app = create_app(app_config(tmp_path))
    client = app.test_client()
    created = client.post(
        "/api/games", json={"players": ["Ann", "Bob", "Cat", "Dan"], "rules": "pagat-german"}
    ).get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    places = []
    real = game_play.place_of
    monkeypatch.setattr(game_play, "place_of", lambda *a, **k: places.append(a[2]) or real(*a, **k))
    assert client.get(f"/games/{created['id']}/hands/new").status_code == 200
    assert places == [1]
    form = {
        "number": "1",
        "declarer": "2",
        "level": "7",
        "denomination": "C",
        "frisch_rounds": "0",
        **{f"contract_{seat}": "13" for seat in range(4)},
        **{f"tricks_{seat}": "13" for seat in range(4)},
        **{f"revokes_{seat}": "0" for seat in range(4)},
        "save": "Save",
    }
    places.clear()
    refused = client.post(f"/games/{created['id']}/hands/new", data=form)
    assert refused.status_code == 422
    assert "13" in refused.get_data(as_text=True)
    assert places == [1]


def test_the_hand_form_and_a_refused_post_of_it_resume_nothing(one_hand_played, game_play_calls):
    """The form for the next hand, and a post of it the rules refuse, stand on the last
    hand's stored state (its place) alone: whether the game is over and which hand is next
    are the game's row, as the last save wrote them and as the save reads them, so
    neither page resumes or replays the game."""
    client, game_id = one_hand_played
    calls = game_play_calls("resume_game", "progress_of", "current_progress", "recent_progress")
    page = client.get(f"/games/{game_id}/hands/new")
    assert page.status_code == 200
    assert 'name="number" type="hidden" value="2"' in page.get_data(as_text=True)
    refused = client.post(
        f"/games/{game_id}/hands/new",
        data={"number": "2", "declarer": "2", "level": "7", "denomination": "C"},
    )
    assert refused.status_code == 422
    assert calls == []


# Every view that changes a game, with a URL of game ``{id}`` (hand 1 where it needs one).
EDITING_VIEWS = {
    "games.preview_hand": ("POST", "/games/{id}/hands/preview"),
    "games.record_hand": ("GET", "/games/{id}/hands/new"),
    "games.edit_hand": ("GET", "/games/{id}/hands/1/edit"),
    "games.delete_hand": ("GET", "/games/{id}/hands/1/delete"),
    "games.rematch": ("POST", "/games/{id}/rematch"),
    "games.change_seat": ("GET", "/games/{id}/seats"),
    "games.finish": ("GET", "/games/{id}/finish"),
    "games.edit_qr": ("GET", "/games/{id}/qr/edit.svg"),
    "games.edit_code": ("GET", "/games/{id}/share/edit"),
    "games.new_edit_link": ("GET", "/games/{id}/share/new-link"),
    "review.details": ("GET", "/games/{id}/details"),
    "offline.snapshot": ("GET", "/games/{id}/offline"),
    "offline.send_hands": ("POST", "/games/{id}/offline/hands"),
    "offline.kept_page": ("GET", "/games/{id}/kept"),
}
# A club table's signing page is not edit_required: a member of the group signs there for
# their own name on their own phone (issue 56); tests/web/club/test_lists.py tries who may.


def test_every_view_that_changes_a_game_is_edit_required(app):
    wrapper = edit_required(lambda: None).__code__  # every decorated view runs this code
    decorated = {
        endpoint for endpoint, view in app.view_functions.items() if view.__code__ is wrapper
    }
    # The API's writes are the same decorator's, by their Bearer key (tests/test_api.py).
    assert {e for e in decorated if not e.startswith("api.")} == set(EDITING_VIEWS)
    assert {e for e in decorated if e.startswith("api.")} == {
        "api.update_game",
        "api.add_hand",
        "api.replace_hand",
        "api.delete_hand",
        "api.change_seat",
        "api.finish_game",
    }


@pytest.mark.parametrize("endpoint", EDITING_VIEWS)
def test_an_editing_view_is_404_without_the_game_and_403_without_its_key(
    client, make_game, post_hand, endpoint
):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    assert post_hand(game_id, key, WORKED_EXAMPLE).status_code == 201
    method, url = EDITING_VIEWS[endpoint]
    missing = client.open(url.format(id=game_id + 1), method=method)
    assert missing.status_code == 404
    refused = client.open(url.format(id=game_id), method=method)
    assert refused.status_code == 403
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    assert client.open(url.format(id=game_id), method=method).status_code not in (403, 404)


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.key)
def test_a_hand_stored_before_a_stricter_rule_opens_as_it_was_saved(database, game, monkeypatch):
    """Every game: hands an earlier version stored open with the same points and totals
    after the game's checks grow stricter (here: refusing every hand), and the game
    resumes; only a new entry is refused."""
    game_id = started(database, game)
    for record in hands_of(game, 5):
        game_play.add_hand(database, game_id, record)
    db.hands.stored_record.cache_clear()
    before = game_play.progress_of(
        db.load_game(database, game_id), db.load_hands(database, game_id)
    )
    refused = [("hand", "a rule added since")]
    monkeypatch.setattr(type(game), "check", lambda self, settings, hand, ctx: refused)
    db.hands.stored_record.cache_clear()
    after = game_play.progress_of(db.load_game(database, game_id), db.load_hands(database, game_id))
    assert [h.record for h in after.hands] == [h.record for h in before.hands]
    assert [h.totals for h in after.hands] == [h.totals for h in before.hands]
    assert after.next_number == before.next_number
    db.hands.stored_record.cache_clear()
