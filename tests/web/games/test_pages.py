"""Every page through the Flask test client, as a phone without JavaScript uses it."""

import json
import re

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import partnered
from scorekeeper.web import create_app
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES, app_config
from tests.support.pages import dump, hand_form, sizes_dropped, text_of
from tests.support.play import records as drawn_records
from tests.support.stored import game_count, viewed


def iso(name: str) -> str:
    """A player's name as a sentence in plain text holds it: between FSI and PDI."""
    return f"\u2068{name}\u2069"


def bdi(*names: str) -> list[str]:
    """Names as a page prints them: each in its own <bdi>."""
    return [f"<bdi>{name}</bdi>" for name in names]


def unit(*names: str) -> list[str]:
    """Names as a list of games prints them: each a unit of its own, isolated."""
    return [f'<bdi class="nm" dir="auto">{name}</bdi>' for name in names]


def errors_in(response) -> list[str]:
    return re.findall(r'class="err">([^<]*)<', text_of(response))


# --- home and new game --------------------------------------------------------------------


def test_home_without_games(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Start a game" in text_of(response)
    # A browser in no group sees no group's games: only how to start one (issue 21).
    assert "Start a group" in text_of(response)
    assert "No game in progress" not in text_of(response)


def test_home_lists_games_in_progress_and_finished(client, make_game, post_hand):
    playing, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(playing, key, WORKED_EXAMPLE)
    finished, key2 = make_game(
        "israeli-whist", rules="pagat-german", players=["Ann", "Bob", "Cy", "Dee"], target=15
    )
    post_hand(finished, key2, WORKED_EXAMPLE)
    # Home lists the group's games in progress; its page, finished games too (issue 21).
    home = sizes_dropped(text_of(client.get("/")))
    # Each game says which game it is, and each name is a unit of its own.
    assert '<span class="kind">Israeli Whist</span>' in home
    assert " · ".join(unit("South", "West", "North", "East")) in home
    assert f"Leading: {unit('West')[0]} 19" in home
    assert " · ".join(unit("Ann", "Bob", "Cy", "Dee")) not in home
    group = re.search(r'href="(/groups/\d+)"', home)[1]
    page = sizes_dropped(text_of(client.get(group)))
    in_progress, done = page.split("<h2>Finished</h2>")
    assert " · ".join(unit("South", "West", "North", "East")) in in_progress
    assert f"Leading: {unit('West')[0]} 19" in in_progress
    assert " · ".join(unit("Ann", "Bob", "Cy", "Dee")) in done
    assert f"Winner: {unit('Bob')[0]} 19" in done
    assert re.search(r"[A-Z][a-z]{2} \d{1,2}, \d{4} · 1 hand", page)  # Babel's date, not ISO


def test_new_game_form_suggests_names_already_used(client, make_game):
    make_game("israeli-whist", rules="pagat-german", players=["Avi", "Batya", "Chen", "Dana"])
    page = text_of(client.get("/games/new?game=israeli-whist"))
    assert '<option value="Batya">' in page
    assert "House rules" in page and "Target score" in page
    for preset in ("standard", "pagat-german", "elhanani"):
        assert f'value="{preset}"' in page


NEW_GAME = {
    "player_0": "Ann",
    "player_1": "Bob",
    "player_2": "Cy",
    "player_3": "Dee",
    "first_dealer": "2",
    "rules": "elhanani",
    "target": "150",
}


def test_new_game_starts_and_this_browser_can_edit(client):
    response = client.post("/games/new", data={**NEW_GAME, "miss_step": "7", "opener": "left"})
    assert response.status_code == 302
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    board = text_of(client.get(f"/games/{game_id}"))
    assert "Record hand 1" in board
    assert "Elhanani + house rules" in board and "to 150" in board
    assert "<b><bdi>Cy</bdi></b> deals, <b><bdi>Dee</bdi></b> opens" in board
    settings = client.get(viewed(client, game_id)).get_json()["settings"]
    assert settings["miss_step"] == 7 and settings["opener"] == "left"
    assert settings["target"] == 150 and settings["all_fail_void"] is True


def test_random_first_dealer_is_a_seat(client):
    client.post("/games/new", data={**NEW_GAME, "first_dealer": "random"})
    assert client.get(viewed(client, 1)).get_json()["first_dealer"] in range(4)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"player_2": ""}, "the 3rd player needs a name"),
        ({"player_3": "ann"}, f"two players are called {iso('ann')}"),
        ({"player_0": "x" * 31}, "at most 30 characters"),
        ({"target": "0"}, "Target score must be between 1 and 100000"),
        ({"target": "lots"}, "Target score must be a whole number, not"),
        ({"target": "٣"}, "Target score must be a whole number, not"),
        ({"target": "1_000"}, "Target score must be a whole number, not"),
        ({"miss_step": "--1"}, "Miss step must be a whole number, not"),
        ({"zero_over": "9" * 5000}, "Zero over has more than 18 digits"),
        ({"miss_step": "-5"}, "Miss step must be between 0 and 1000"),
        ({"frisch_rounds": "9"}, "Frisch rounds must be between 0 and 3"),
        (
            {"rising_minimum": "maybe"},
            "Rising minimum must be one of \u2068yes\u2069 or \u2068no\u2069, "
            "not \u2068maybe\u2069.",
        ),
        (
            {"rules": "bridge"},
            "Rules must be one of \u2068Standard\u2069, \u2068Pagat (German page)\u2069, or "
            "\u2068Elhanani\u2069",
        ),
        (
            {"first_dealer": "7"},
            "First dealer must be one of \u2068Random\u2069, \u20681st\u2069, \u20682nd\u2069, "
            "\u20683rd\u2069, or \u20684th\u2069, not \u20687\u2069.",
        ),
    ],
)
def test_new_game_errors_are_shown_beside_the_field(client, changes, message):
    response = client.post("/games/new", data={**NEW_GAME, **changes})
    assert response.status_code == 422
    assert any(message in error for error in errors_in(response)), errors_in(response)
    assert 'value="Bob"' in text_of(response)  # what was typed is kept
    assert game_count(client) == 0


# --- scoreboard and edit link -------------------------------------------------------------


def test_scoreboard_shows_the_worked_example(editor, post_hand, make_game):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(number=1))
    assert response.status_code == 302
    page = text_of(client.get(f"/games/{game_id}"))
    assert (
        f"Hand 1 (under): {iso('South')} −20 · {iso('West')} +19 · {iso('North')} −10 · "
        f"{iso('East')} −40"
    ) in page
    assert re.findall(
        r'<li(?: class="lead")?><span><bdi class="p" dir="auto">(\w+)</bdi></span><b>([^<]+)</b>',
        page,
    ) == [
        ("South", "−20"),
        ("West", "19"),
        ("North", "−10"),
        ("East", "−40"),
    ]
    assert '<li class="lead"><span><bdi class="p" dir="auto">West</bdi></span>' in page
    assert '<span class="n">7♣</span> <em class="under">under</em>' in page
    why = f'<a class="why" href="/games/{game_id}/hands/1/why#s2">'
    assert f'<td class="d x"><span class="e">7/8</span> {why}<i>−10</i></a><b>−10</b></td>' in page
    why = why.replace("#s2", "#s0")
    assert f'<td class="k x"><span class="e">2/0</span> {why}<i>−20</i></a><b>−20</b></td>' in page
    assert "<b><bdi>West</bdi></b> deals, <b><bdi>West</bdi></b> opens" in page


def test_red_suits_are_marked_red(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form({**WORKED_EXAMPLE, "bid": "7H"}))
    assert '<span class="r n">7♥</span>' in text_of(client.get(f"/games/{game_id}"))


def test_the_view_link_is_read_only(client, editor):
    _, game_id = editor
    viewer = client.application.test_client()
    assert viewer.get(f"/games/{game_id}").status_code == 404  # not before the view link
    view_link = re.search(
        r'href="http://localhost(/view/[^"]+)"', text_of(client.get(f"/games/{game_id}"))
    )
    assert viewer.get(view_link[1]).headers["Location"] == f"/games/{game_id}"
    page = text_of(viewer.get(f"/games/{game_id}"))
    assert "Record hand" not in page and "/edit" not in page
    assert viewer.get(f"/games/{game_id}/hands/new").status_code == 403
    response = viewer.post(f"/games/{game_id}/hands/new", data=hand_form())
    assert response.status_code == 403
    assert "edit link" in text_of(response)
    assert viewer.get(viewed(viewer, game_id)).get_json()["hands"] == []


def test_the_edit_link_lets_another_phone_record(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    phone = client.application.test_client()
    assert (
        phone.get(f"/games/{game_id}/edit/{key}x").status_code == 404
    )  # as for no game (issue 29)
    response = phone.get(f"/games/{game_id}/edit/{key}")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/games/{game_id}"
    page = text_of(phone.get(f"/games/{game_id}"))
    assert "can now record" in page and "Record hand 1" in page
    # The scoreboard is cached, so the link shows only behind "Show the edit link's QR code".
    assert key not in page and f"/games/{game_id}/share/edit" in page


def test_a_key_opens_only_its_own_game(client, make_game):
    first, key = make_game("israeli-whist", rules="pagat-german")
    second, _ = make_game("israeli-whist", rules="pagat-german")
    assert client.get(f"/games/{second}/edit/{key}").status_code == 404
    client.get(f"/games/{first}/edit/{key}")
    assert client.get(f"/games/{second}/hands/new").status_code == 403


def test_a_tie_at_the_target_plays_on(editor_at_15):
    client, game_id = editor_at_15
    tie = {"declarer": 2, "bid": "5C", "contracts": [3, 3, 5, 0], "tricks": [3, 3, 6, 1]}
    assert client.post(f"/games/{game_id}/hands/new", data=hand_form(tie)).status_code == 302
    page = text_of(client.get(f"/games/{game_id}"))
    assert f"Tie at the top: {iso('South')} and {iso('West')} on 19. Play on!" in page
    assert "Record hand 2" in page
    south = {"declarer": 0, "bid": "5S", "contracts": [5, 1, 3, 3], "tricks": [5, 0, 4, 4]}
    client.post(f"/games/{game_id}/hands/new", data=hand_form(south))
    page = text_of(client.get(f"/games/{game_id}"))
    assert "<bdi>South</bdi> wins with 54!" in page and "Record hand" not in page
    response = client.get(f"/games/{game_id}/hands/new")
    assert response.status_code == 302


@pytest.fixture
def editor_at_15(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=15)
    client.get(f"/games/{game_id}/edit/{key}")
    return client, game_id


# --- recording a hand without JavaScript --------------------------------------------------


def test_the_hand_form_holds_the_engine_tables_for_its_script(editor):
    client, game_id = editor
    page = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert 'name="number" type="hidden" value="1"' in page
    rules = re.search(r'<script type="application/json" id="rules">(.*?)</script>', page)
    tables = json.loads(rules.group(1))
    (order,) = tables["order"]
    assert order["speakers"]["2"] == [3, 0, 1]  # pagat-german: North declares, E S W speak
    assert order["shown"]["2"] == [3, 0, 1, 2]
    (forbid,) = tables["forbid"]
    assert forbid["last"]["2"] == 1
    assert forbid["forbidden"][9] == 4 and forbid["forbidden"][14] is None
    (contracts_total,) = tables["total"]
    assert contracts_total["words"][12] == "word-under" and contracts_total["words"][13] is None
    levels, declarer = tables["allow"]
    assert declarer["field"] == "contract_{declarer}" and declarer["table"]["7"] == [7]
    assert levels["table"] == {"0": list(range(5, 14))}
    assert tables["sum"] == [
        {"prefix": "tricks", "total": 13, "why": "sum-why", "count": "sum-count"}
    ]
    assert "Frisch rounds" not in page  # pagat-german allows none


def test_standard_rules_offer_frisch_rounds_and_rising_minimum(client, make_game):
    game_id, key = make_game("israeli-whist", rules="standard")
    client.get(f"/games/{game_id}/edit/{key}")
    page = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert "Frisch rounds" in page and 'name="frisch_rounds" type="radio" value="3"' in page
    tables = json.loads(re.search(r'id="rules">(.*?)</script>', page).group(1))
    assert [min(tables["allow"][0]["table"][k]) for k in "0123"] == [5, 6, 7, 8]
    assert "after 3 Frisch rounds: throw in" in page


def test_the_declarer_contract_is_filled_from_the_level_when_fixed(editor):
    client, game_id = editor
    data = hand_form()
    del data["contract_2"]
    assert client.post(f"/games/{game_id}/hands/new", data=data).status_code == 302
    assert client.get(viewed(client, game_id)).get_json()["totals"] == [-20, 19, -10, -40]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"contract_1": "4"}, "contract_1", "may not say 4: the contracts would total"),
        ({"tricks_3": "1"}, "tricks", "Tricks must add up to 13, not 12."),
        ({"declarer": ""}, "declarer", "Still missing: Declarer."),
        ({"contract_0": ""}, "contract_0", "Still missing: Contract for \u2068South\u2069."),
        (
            {"tricks_1": "14"},
            "tricks_1",
            "Tricks for \u2068West\u2069 must be one of 0–13, not \u206814\u2069.",
        ),
        ({"level": "4"}, "level", "Level must be one of 5–13, not \u20684\u2069."),
        (
            {"denomination": "X"},
            "denomination",
            "Trump must be one of \u2068♣\u2069, \u2068♦\u2069, \u2068♥\u2069,",
        ),
        ({"contract_2": "9"}, "contract_2", "under these rules it equals the bid level 7"),
        (
            {"revokes_1": "-1"},
            "revokes_1",
            "Revokes for \u2068West\u2069 must be from 0 to 13, not -1.",
        ),
        (
            {"revokes_1": "14"},
            "revokes_1",
            "Revokes for \u2068West\u2069 must be from 0 to 13, not 14.",
        ),
        (
            {"revokes_1": "٣"},
            "revokes_1",
            "Revokes for \u2068West\u2069 must be a whole number, not",
        ),
        (
            {"revokes_1": "1_0"},
            "revokes_1",
            "Revokes for \u2068West\u2069 must be a whole number, not",
        ),
        (
            {"revokes_1": "9" * 5000},
            "revokes_1",
            "Revokes for \u2068West\u2069 has more than 18 digits",
        ),
        (
            {"frisch_rounds": "1"},
            "frisch_rounds",
            "Frisch rounds must be \u20680\u2069, not \u20681\u2069.",
        ),
    ],
)
def test_hand_errors_are_shown_beside_the_field(editor, changes, field, message):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(**changes))
    assert response.status_code == 422
    page = text_of(response)
    assert any(message in error for error in errors_in(response)), errors_in(response)
    # The message sits inside the field's own fieldset, or its step for a whole-hand total.
    block = page.split(f'name="{field}"', 1)[1] if field not in ("contracts", "tricks") else page
    assert message.split(";")[0] in block
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []
    assert 'checked id="tricks_2-8"' in page  # what was typed is kept


# --- the error summary at the top of a refused form (issue 8, item 7) ------------------------

SUMMARY = re.compile(
    r'<div class="error-summary" role="alert" tabindex="-1" autofocus[^>]*>\s*'
    r"<h2[^>]*>There is a problem</h2>\s*<ul>(.*?)</ul>",
    re.S,
)


def summary_links(response) -> list[tuple[str, str]]:
    """The (href, text) links of the page's error summary, which must come before the form's
    first field."""
    page = text_of(response)
    found = SUMMARY.search(page)
    assert found is not None, "no error summary"
    assert found.start() < page.index("<fieldset"), "the summary is not at the top"
    return re.findall(r'<a href="#([^"]+)">([^<]*)</a>', found.group(1))


def test_a_refused_hand_opens_on_a_summary_naming_the_forbidden_number(editor):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(contract_1="4"))
    assert response.status_code == 422
    # West speaks last after East 0 and South 2 beside North's 7: 4 would make 13.
    message = f"{iso('West')} may not say 4: the contracts would total exactly 13."
    assert summary_links(response) == [("contract_1", message)]
    assert message in errors_in(response)
    assert 'id="contract_1"' in text_of(response)


@pytest.mark.parametrize(
    ("changes", "links"),
    [
        # Something missing is said once, before what the entries break.
        ({"declarer": "", "tricks_3": "1"}, ["declarer"]),
        ({"contract_0": ""}, ["contract_0"]),
        ({"revokes_1": "14", "tricks_1": "14"}, ["tricks_1", "revokes_1"]),
        ({"tricks_1": "14", "level": "4"}, ["level", "tricks_1"]),
    ],
)
def test_every_problem_of_a_hand_is_linked_to_its_field(editor, changes, links):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(**changes))
    found = summary_links(response)
    assert [anchor for anchor, _ in found] == links
    for anchor, message in found:
        assert f'id="{anchor}"' in text_of(response)
        assert message in errors_in(response)


def test_the_forbidden_number_names_the_player_in_every_language(client, make_game):
    game_id, key = make_game(
        "israeli-whist", rules="pagat-german", players=["נועה", "West", "North", "East"]
    )
    client.get(f"/games/{game_id}/edit/{key}")
    expected = {
        "de": f"{iso('West')} darf nicht 4 sagen: die Ansagen ergäben genau 13.",
        "he": f"{iso('West')} לא יכול להגיד 4: סכום ההימורים יהיה בדיוק 13.",
    }
    for language, message in expected.items():
        response = client.post(
            f"/games/{game_id}/hands/new",
            data=hand_form(contract_1="4"),
            headers={"Accept-Language": language},
        )
        assert [text for _, text in SUMMARY_ANY.findall(text_of(response))] == [message]


SUMMARY_ANY = re.compile(r'<div class="error-summary".*?<a href="#(contract_1)">([^<]*)</a>', re.S)


@pytest.mark.parametrize(
    ("changes", "anchor"),
    [
        ({"player_1": ""}, "player_1"),
        ({"player_3": "ann"}, "player_3"),
        ({"target": "x"}, "target"),
    ],
)
def test_a_refused_new_game_opens_on_a_summary(client, changes, anchor):
    names = {f"player_{s}": name for s, name in enumerate(("Ann", "Bo", "Cy", "Di"))}
    form = {**names, "rules": "standard", "first_dealer": "random", **changes}
    response = client.post("/games/new", data=form)
    assert response.status_code == 422
    [(found, message)] = summary_links(response)
    assert found == anchor and f'id="{anchor}"' in text_of(response)
    assert message in errors_in(response)


def test_frisch_rounds_raise_the_minimum_level_under_standard_rules(client, make_game):
    game_id, key = make_game("israeli-whist", rules="standard")
    client.get(f"/games/{game_id}/edit/{key}")
    hand = {**WORKED_EXAMPLE, "bid": "6C", "frisch_rounds": 2, "contracts": [2, 3, 7, 0]}
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(hand))
    assert response.status_code == 422
    assert "level 6 is below the minimum 7 after 2 Frisch rounds" in errors_in(response)


def test_everyone_passed_throws_the_deal_in(client, make_game):
    game_id, key = make_game("israeli-whist", rules="standard", first_dealer=1)
    client.get(f"/games/{game_id}/edit/{key}")
    response = client.post(f"/games/{game_id}/hands/new", data={"number": "1", "thrown_in": "1"})
    assert response.status_code == 302
    page = text_of(client.get(f"/games/{game_id}"))
    assert f"Hand 1: thrown in; {iso('West')} deals again." in page
    assert "<em>thrown in</em>" in page
    hand = client.get(viewed(client, game_id)).get_json()["hands"][0]
    # Thrown in after the rules' every Frisch round, kept as played (issue 66).
    assert hand["thrown_in"] is True and hand["frisch_rounds"] == 3


def test_a_thrown_in_deal_can_be_edited_into_a_played_hand(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", first_dealer=2)
    client.get(f"/games/{game_id}/edit/{key}")
    client.post(f"/games/{game_id}/hands/new", data={"thrown_in": "1"})
    page = text_of(client.get(f"/games/{game_id}/hands/1/edit"))
    assert "This deal was thrown in." in page and f"{iso('North')} deals" in page
    assert client.post(f"/games/{game_id}/hands/1/edit", data=hand_form()).status_code == 302
    game = client.get(viewed(client, game_id)).get_json()
    assert game["totals"] == [-20, 19, -10, -40] and game["dealer"] == 3


def test_revokes_cost_the_penalty(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form(revokes_3="1"))
    assert client.get(viewed(client, game_id)).get_json()["totals"] == [-20, 19, -10, -140]


def test_a_second_phone_saving_the_same_hand_gets_409_and_keeps_its_entries(editor):
    client, game_id = editor
    assert client.post(f"/games/{game_id}/hands/new", data=hand_form(number=1)).status_code == 302
    other = {"declarer": 0, "bid": "5S", "contracts": [5, 0, 3, 3], "tricks": [5, 0, 4, 4]}
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(other, number=1))
    assert response.status_code == 409
    page = text_of(response)
    assert "Hand 1 was just saved on another phone." in page
    saved = (
        f"Saved there: {iso('North')} · Bid: 7♣ · under · {iso('South')}: contract 2, took 0"
        f" · {iso('West')}: contract 3, took 3"
    )
    assert saved in page
    assert "save it as hand 2" in page
    assert 'name="number" type="hidden" value="2"' in page
    assert 'checked id="declarer-0"' in page and 'checked id="denomination-3"' in page
    assert 'checked id="tricks_2-4"' in page
    assert len(client.get(viewed(client, game_id)).get_json()["hands"]) == 1
    # Saving again records the kept entries as the next hand.
    assert (
        client.post(f"/games/{game_id}/hands/new", data=hand_form(other, number=2)).status_code
        == 302
    )


def test_a_hand_posted_after_the_game_ended_is_a_conflict(editor_at_15):
    client, game_id = editor_at_15
    client.post(f"/games/{game_id}/hands/new", data=hand_form(number=1))
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(number=2))
    assert response.status_code == 409
    assert f"the game is over: {iso('West')} won" in text_of(response)


# --- editing, deleting, revisions ---------------------------------------------------------


def test_editing_a_hand_fills_the_form_and_recomputes(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    page = text_of(client.get(f"/games/{game_id}/hands/1/edit"))
    assert "Edit hand 1" in page and f"{iso('South')} deals" in page
    assert 'checked id="declarer-2"' in page and 'checked id="level-2"' in page
    assert 'checked id="tricks_2-8"' in page and 'name="revision" type="hidden" value="1"' in page
    changed = hand_form(tricks_2="7", tricks_3="3", revision="1")
    response = client.post(f"/games/{game_id}/hands/1/edit", data=changed)
    assert response.status_code == 302
    game = client.get(viewed(client, game_id)).get_json()
    assert game["hands"][0]["points"] == [-20, 19, 59, -30]
    assert game["totals"] == [-40, 38, 49, -70]
    assert game["hands"][1]["totals"] == game["totals"]
    assert (
        f"Hand 1 (under): {iso('South')} −20 · {iso('West')} +19 · {iso('North')} +59 · "
        f"{iso('East')} −30"
    ) in text_of(client.get(f"/games/{game_id}"))


def test_an_edit_from_a_stale_form_is_a_conflict(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    client.post(f"/games/{game_id}/hands/1/edit", data=hand_form(revokes_0="1", revision="1"))
    response = client.post(
        f"/games/{game_id}/hands/1/edit", data=hand_form(revokes_1="1", revision="1")
    )
    assert response.status_code == 409
    page = text_of(response)
    assert "changed on another phone" in page and f"{iso('South')}: 1 revoke: −100" in page
    assert 'name="revision" type="hidden" value="2"' in page


def test_edit_of_a_missing_hand_is_404(editor):
    client, game_id = editor
    assert client.get(f"/games/{game_id}/hands/1/edit").status_code == 404
    assert client.post(f"/games/{game_id}/hands/1/edit", data=hand_form()).status_code == 404


def test_delete_asks_first_and_only_the_last_hand_goes(editor, app):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    before = dump(app)
    page = text_of(client.get(f"/games/{game_id}/hands/2/delete"))
    assert "Delete hand 2?" in page and f"{iso('North')} · Bid: 7♣ · under" in page
    assert dump(app) == before
    response = client.get(f"/games/{game_id}/hands/1/delete")
    assert "Only the last hand (2) can be deleted" in text_of(response)
    response = client.post(f"/games/{game_id}/hands/1/delete")
    assert response.status_code == 409
    assert client.post(f"/games/{game_id}/hands/2/delete").status_code == 302
    assert "Hand 2 deleted" in text_of(client.get(f"/games/{game_id}"))
    assert client.get(viewed(client, game_id)).get_json()["totals"] == [-20, 19, -10, -40]


def test_revisions_show_every_version(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    client.post(f"/games/{game_id}/hands/1/edit", data=hand_form(revokes_0="1"))
    client.post(f"/games/{game_id}/hands/1/delete")
    page = text_of(client.get(f"/games/{game_id}/revisions"))
    assert page.count("<b>Hand 1</b>") == 3
    assert [m for m in re.findall(r'class="tag">(\w+)<', page)] == [
        "recorded",
        "edited",
        "deleted",
    ]
    # Each player by name beside their contract and tricks, each figure said by its word
    # (never a bare "2 0"), a revoke and its penalty beside its player.
    revoked = '<bdi>South</bdi> contract 2, took 0, <span class="rv">1 revoke: −100</span>'
    assert revoked in page
    assert "<bdi>East</bdi> contract 0, took 2</span>" in page
    # Without JavaScript the time is UTC and says so; the script has it as datetime.
    assert re.search(
        r'<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ" data-local>'
        r"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\u202f[AP]M UTC</time>",  # Babel's, not ISO
        page,
    )


# --- safety -------------------------------------------------------------------------------


def test_html_in_names_is_shown_as_text(client):
    name = '<script>alert("x")</script>'
    response = client.post("/games/new", data={**NEW_GAME, "player_0": name})
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    pages = [
        client.get("/"),
        client.get(f"/games/{game_id}"),
        client.get(f"/games/{game_id}/hands/new"),
        client.get(f"/games/{game_id}/hands/1/edit"),
        client.get(f"/games/{game_id}/revisions"),
        client.get(f"/games/{game_id}/hands/1/delete"),
        client.get("/games/new?game=israeli-whist"),
    ]
    for response in pages:
        page = text_of(response)
        assert "<script>alert" not in page, response.request.path
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in text_of(pages[1])


def test_forms_need_a_csrf_token(tmp_path):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    client = app.test_client()
    response = client.post("/games/new", data=NEW_GAME)
    assert response.status_code == 400
    assert "The form expired" in text_of(response)
    page = text_of(client.get("/games/new?game=israeli-whist"))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/games/new", data={**NEW_GAME, "csrf_token": token})
    assert response.status_code == 302
    for path in ("/games/1/hands/new", "/games/1/hands/1/edit", "/games/1/hands/1/delete"):
        assert client.post(path, data=hand_form()).status_code == 400


def test_no_get_changes_anything(editor, app):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    before = dump(app)
    paths = [
        "/",
        "/games/new",
        f"/games/{game_id}",
        f"/games/{game_id}/hands/new",
        f"/games/{game_id}/hands/1/edit",
        f"/games/{game_id}/hands/1/delete",
        f"/games/{game_id}/revisions",
        f"/api/games/{game_id}",
        f"/api/games/{game_id}/score?contracts=2,3,7,0&tricks=0,3,8,2",
    ]
    for path in paths:
        assert client.get(path).status_code == 200, path
    # A listing needs a group's key (issue 21).
    assert client.get("/api/games").status_code == 401
    assert dump(app) == before


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("get", "/games/abc", 404),
        ("get", "/games/0", 404),
        ("get", "/games/-1", 404),
        ("get", "/games/99999999999999999999999999", 404),
        ("get", "/games/9223372036854775808", 404),
        ("get", "/games/1/hands/0/edit", 404),
        ("get", "/games/1/hands/99999999999999999999999/edit", 404),
        ("get", "/games/1/hands/5/delete", 404),
        ("get", "/games/2/hands/new", 404),
        ("get", "/games/1/edit/", 404),
        ("get", "/games/1/edit/%00%ff", 404),
        ("get", "/games/1/edit/" + "k" * 5000, 404),
        ("get", "/games/1/revisions/x", 404),
        ("get", "/static/../scorekeeper/db.py", 404),
        ("get", "/nothing-here", 404),
        ("delete", "/games/1", 405),
        ("post", "/games/1", 405),
        ("put", "/games/new", 405),
    ],
)
def test_tampered_urls_get_a_page_not_a_crash(editor, method, path, status):
    client, _ = editor
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert "text/html" in response.content_type
    assert "Traceback" not in text_of(response)


@pytest.mark.parametrize(
    "changes",
    [
        {"number": "abc"},
        {"number": "-5"},
        {"number": "99999999999999999999999999"},
        {"revision": "x"},
        {"declarer": "9"},
        {"declarer": "<b>"},
        {"level": "99999999999999999999"},
        {"contract_0": "-1"},
        {"tricks_0": "1e9"},
        {"revokes_0": "x"},
        {"revokes_0": "99999999999999999999"},
        {"revokes_0": "14"},
        {"revokes_0": "٣"},
        {"revokes_0": "--1"},
        {"revokes_0": "9" * 5000},
        {"number": "²"},
        {"revision": "9" * 5000},
        {"declarer": "--0"},
        {"level": "٧"},
        {"frisch_rounds": "-1"},
        {"thrown_in": "yes", "frisch_rounds": "x"},
    ],
)
def test_tampered_form_values_get_an_answer_not_a_crash(editor, changes):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(**changes))
    assert response.status_code in (302, 409, 422)
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    response = client.post(f"/games/{game_id}/hands/1/edit", data=hand_form(**changes))
    assert response.status_code in (302, 409, 422)


@pytest.mark.parametrize("body", ["[1, 2]", '"x"', "[" * 33 + "1" + "]" * 33, "[" * 5000, "7"])
@pytest.mark.parametrize("page", ["/games/new", "/games/{id}/hands/new", "/games/{id}/details"])
def test_a_form_posted_as_json_gets_an_answer_not_a_crash(editor, page, body):
    """Pages read forms only: Flask-WTF would read a JSON body, and fail on this one."""
    client, game_id = editor
    response = client.post(page.format(id=game_id), data=body, content_type="application/json")
    assert response.status_code in (200, 302, 422)  # details: saved unchanged, as if empty
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []


def test_an_oversized_body_is_refused(editor):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/hands/new", data={"declarer": "x" * 100_000})
    assert response.status_code == 413


def test_responses_carry_security_headers_and_compress(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    response = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert client.get(f"/games/{game_id}").headers.get("Content-Encoding") is None


def test_a_static_file_is_the_same_whatever_the_cookie(client, make_game):
    """A phone's HTTP cache keeps a static file (at its content's hash) whatever cookie
    it holds: without ``Vary: Cookie``, a page that sets a new cookie (Keep's CSRF token)
    no longer makes the phone fetch app.css and the scripts again (issue 44)."""
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{game_id}/edit/{key}")  # the phone now has a session cookie
    page = client.get(f"/games/{game_id}")
    assert "Cookie" in page.headers.get("Vary", "")
    static_url = client.application.jinja_env.globals["static_url"]
    with client.application.test_request_context():
        names = ("app.css", "app.js", "keep.js", "icons/icon-192.png")
        addresses = [static_url(name) for name in names]
    for address in addresses:
        response = client.get(address, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, address
        assert "Cookie" not in response.headers.get("Vary", ""), address
        assert "Set-Cookie" not in response.headers, address
        assert "max-age=31536000" in response.headers["Cache-Control"], address


def test_the_scoreboard_answers_304_until_the_game_changes(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    first = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert ", ".join(first.headers.getlist("Vary")).count("Accept-Encoding") == 1
    again = client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    post_hand(game_id, key, WORKED_EXAMPLE)
    changed = client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and "−40" in text_of(changed)
    assert changed.headers["ETag"] != etag


def test_pages_link_nothing_outside_the_app(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{game_id}/edit/{key}")
    for path in ("/", "/games/new", f"/games/{game_id}", f"/games/{game_id}/hands/new"):
        page = text_of(client.get(path))
        for url in re.findall(r'(?:src|href)="([^"]+)"', page):
            assert url.startswith(("/", "#", "data:", "http://localhost/")), (path, url)
    assert SEAT_NAMES[0] in text_of(client.get(f"/games/{game_id}"))


PARTNERED = [game for game in GAMES.values() if partnered(game)]


@pytest.mark.parametrize("game", PARTNERED, ids=lambda game: game.key)
def test_lists_name_the_game_and_lead_by_side(client, make_game, game):
    """A partnership game on home says which game it is, with the name its table gave
    it, and its leader is a side: both partners, with the side's total once (four seats
    with two totals read as a four-way tie)."""
    players = ["Ann", "Bob", "Cat", "Dan"][: game.seats]
    settings = game.preset(game.default_preset)
    hand = next(r for r in drawn_records(game, settings, 50, 5) if not r.thrown_in).to_dict()
    game_id, key = make_game(game.key, game.default_preset, players)
    bearer = {"Authorization": f"Bearer {key}"}
    assert client.post(f"/api/games/{game_id}/hands", json=hand, headers=bearer).status_code == 201
    client.patch(f"/api/games/{game_id}", json={"name": "Friday rematch"}, headers=bearer)
    home = sizes_dropped(text_of(client.get("/")))
    assert f'<span class="kind">{unit("Friday rematch")[0]} · {game.name.template}</span>' in home
    leading = re.search(r'<span class="lead">Leading: (.*?)</span>', home)[1]
    sides = [" &amp; ".join(unit(*(players[s] for s in side))) for side in game.sides]
    shown = [side for side in sides if side in leading]
    assert shown and leading.count(" &amp; ") == len(shown)
    assert all(re.search(re.escape(side) + r" [−\d]", leading) for side in shown)
