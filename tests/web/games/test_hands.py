"""The hand form (``web/games/hands.py``: ``/games/<id>/hands/new``, a hand's edit and delete, the
preview) through the Flask test client, as a phone without JavaScript uses it: what the form
holds for its scripts, errors beside their fields, conflicts between phones, editing and
deleting a hand."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.engine.registry import GAMES
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.club_roles import form_as_posted, plain
from tests.support.offline_sync import legal_hands, start
from tests.support.pages import (
    dump,
    editor_at_15,  # noqa: F401  (fixtures)
    hand_form,
    text_of,
)
from tests.support.stored import viewed
from tests.support.web.club.lists import signed_list
from tests.support.web.games.shared import errors_in, iso, summary_links


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


def test_the_hand_form_carries_what_its_scripts_need(editor):
    client, game_id = editor
    page = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert 'id="save-offline"' in page and 'id="retry"' in page
    assert 'id="draft-note"' in page and "data-submitted" not in page
    assert re.search(r'<script src="/static/draft.js\?v=\w+">', page)
    refused = client.post(f"/games/{game_id}/hands/new", data=hand_form(tricks_3="9"))
    assert refused.status_code == 422 and "data-submitted" in text_of(refused)


@pytest.mark.parametrize("path", ["/games/{id}/hands/new", "/games/{id}/hands/1/edit"])
def test_a_save_asked_for_as_json_is_confirmed_as_json(editor, path):
    client, game_id = editor
    if "edit" in path:
        client.post(f"/games/{game_id}/hands/new", data=hand_form())
    response = client.post(
        path.format(id=game_id),
        data=hand_form(number=1) | ({"revision": "1"} if "edit" in path else {}),
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200
    assert response.get_json() == {"saved": True, "next": f"/games/{game_id}"}
    # The message is kept for the scoreboard the script goes to next.
    assert 'class="flash saved"' in text_of(client.get(f"/games/{game_id}"))


def test_a_refused_save_asked_for_as_json_is_still_the_form(editor):
    client, game_id = editor
    response = client.post(
        f"/games/{game_id}/hands/new",
        data=hand_form(tricks_3="9"),
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 422 and response.mimetype == "text/html"


def test_a_browser_save_still_redirects(editor):
    client, game_id = editor
    response = client.post(
        f"/games/{game_id}/hands/new",
        data=hand_form(),
        headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"},
    )
    assert response.status_code == 302


def test_a_finished_game_sends_the_form_to_its_board_and_refuses_a_hand_posted_anyway(client):
    """Once the game is over ("Finish now" on Bid Whist, a side ahead), the form for a next
    hand is not drawn: the table is sent to the board and told how to change the result.
    A hand posted anyway (a phone that still had the form open) is refused, as the save
    refuses it, with the board's words, and nothing is stored."""
    game_id, edit_key, _ = start(client, "bid-whist")
    headers = {"Authorization": f"Bearer {edit_key}"}
    hands = legal_hands(client, "bid-whist", game_id, 4)
    for body in hands[:3]:
        client.post(f"/api/games/{game_id}/hands", json=body, headers=headers)
        client.post(f"/games/{game_id}/finish", data={})
        if client.get(viewed(client, game_id)).get_json()["status"] == "finished":
            break
    stored = client.get(viewed(client, game_id)).get_json()
    assert stored["status"] == "finished"
    page = client.get(f"/games/{game_id}/hands/new")
    assert page.status_code == 302 and page.location.endswith(f"/games/{game_id}")
    board = text_of(client.get(page.location))
    assert "The game is over. Edit a hand to change the result." in board
    entries = GAMES["bid-whist"].hand.form_values(hands[-1])
    posted = client.post(
        f"/games/{game_id}/hands/new", data={**entries, "number": str(len(stored["hands"]) + 1)}
    )
    assert posted.status_code == 409, errors_in(posted.get_data(as_text=True))
    assert "the game is over" in text_of(posted)
    assert client.get(viewed(client, game_id)).get_json()["hands"] == stored["hands"]


def test_the_editor_of_a_signed_list_is_warned_before_saving_and_told_after(tmp_path):
    club, table, member, guest = signed_list(tmp_path)
    path = f"/games/{table.game_id}/hands/2/edit"
    form = club.organiser.get(path)
    assert form.status_code == 200
    warned = re.search(
        r"This list is signed by (.+) and (.+): saving a change withdraws their signatures",
        plain(form),
    )
    assert warned and {warned[1], warned[2]} == {member, guest}
    fields = form_as_posted(form.get_data(as_text=True))
    points = next(k for k, v in fields.items() if k.startswith("declarer_points_") and v)
    fields[points] = "58"
    saved = club.organiser.post(path, data={**fields, "save": "1"})
    assert saved.status_code == 302
    told = re.search(
        r"The signatures of (.+) and (.+) are withdrawn by the change: they are asked to "
        "check the list and sign again.",
        plain(club.organiser.get(saved.headers["Location"])),
    )
    assert told and {told[1], told[2]} == {member, guest}
    # Unsigned now, the list's form warns of nothing.
    assert 'id="signed-warning"' not in club.organiser.get(path).get_data(as_text=True)


def test_deleting_the_last_hand_of_a_signed_list_warns_first_and_says_whose_went(tmp_path):
    club, table, member, guest = signed_list(tmp_path)
    last = club.stored()[1][table.game_id].hand_count
    path = f"/games/{table.game_id}/hands/{last}/delete"
    asked = club.organiser.get(path)
    warned = re.search(
        r"This list is signed by (.+) and (.+): deleting the hand withdraws their signatures",
        plain(asked),
    )
    assert warned and {warned[1], warned[2]} == {member, guest}
    revision = re.search(r'name="revision"[^>]*value="(\d+)"', asked.get_data(as_text=True))
    deleted = club.organiser.post(path, data={"revision": revision[1]})
    assert deleted.status_code == 302
    told = re.search(
        r"The signatures of (.+) and (.+) are withdrawn by the change",
        plain(club.organiser.get(deleted.headers["Location"])),
    )
    assert told and {told[1], told[2]} == {member, guest}
