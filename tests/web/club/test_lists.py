"""A club table's list (``web/club/lists.py``) through the Flask test client: its players sign it
in turn, each on their own phone or the table's, a disputed hand marked for the organiser who
settles it (kept or corrected), the signing and settle pages in the table's words, and who may
not sign."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper import db
from scorekeeper.db import club as stored
from tests.support.app import join_group
from tests.support.club_pages import (
    THIRTEEN,
    WIN,
    edit_key,
    night_of,
    play_series,
    removed_member,
    shown_list,
    sign_list,
    start_night,
)
from tests.support.club_roles import NINE, ClubNight, club_night, plain
from tests.support.web.club.lists import correct_hand, member_named, table_with_a_guest
from tests.support.web.club.shared import _count, disputed_after_series_1


def test_a_tables_players_sign_its_list_in_turn_once_each(club):
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    table = night.tables[1]
    players = games[table.game_id].players
    early = client.post(f"/games/{table.game_id}/club", data={"name": players[0]})
    assert early.status_code == 409
    assert "list is not finished yet" in early.get_data(as_text=True)
    play_series(client, night, games, 1)
    for name in players:
        asked = client.post(f"/games/{table.game_id}/club", data={"name": name})
        assert asked.status_code == 200 and "confirm-sign" in asked.get_data(as_text=True), name
        answer = sign_list(client, table.game_id, name)
        assert answer.status_code == 302, name
    draw = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert f"Signed: {len(players)} of {len(players)}" in draw
    twice = sign_list(client, table.game_id, players[0])
    assert twice.status_code == 409
    assert f"{players[0]} has signed this list already" in plain(twice)
    stranger_name = client.post(f"/games/{table.game_id}/club", data={"name": "Zoe"})
    assert stranger_name.status_code == 400
    assert "does not sit at table 2" in stranger_name.get_data(as_text=True)
    assert _count(app, "club_confirmations") == len(players)
    # A hand corrected after the signatures: the list is to be signed again.
    key = edit_key(client, table.game_id)
    hand = {"declarer": 1, **WIN, "declarer_points": 80}
    changed = client.put(
        f"/api/games/{table.game_id}/hands/1", json=hand, headers={"Authorization": f"Bearer {key}"}
    )
    assert changed.status_code == 200, changed.get_json()
    page = client.get(f"/games/{table.game_id}/club").get_data(as_text=True)
    assert "Hand 1 changed after this player signed." in page
    assert sign_list(client, table.game_id, players[0]).status_code == 302


def test_a_disputed_hand_is_marked_for_the_organiser_who_settles_it(club):
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    table = night.tables[0]
    name = games[table.game_id].players[2]
    bad = client.post(
        f"/games/{table.game_id}/club", data={"action": "dispute", "name": name, "hand": "9"}
    )
    assert bad.status_code == 400
    assert "a hand of this list, 1 to 4, not 9" in bad.get_data(as_text=True)
    body = {"action": "dispute", "name": name, "hand": "3", "note": "Es war Kreuz, nicht Pik"}
    assert client.post(f"/games/{table.game_id}/club", data=body).status_code == 302
    draw = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert "Table 1, hand 3, disputed by" in draw and "Es war Kreuz" in draw
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    member = app.test_client()
    join_group(member, group_id=group_id)
    settle = f"/groups/{group_id}/club/{night.id}/disputes/{dispute_id}/settle"
    assert member.post(settle, data={"outcome": "kept"}).status_code == 403
    assert member.get(settle).status_code == 403
    missing = f"/groups/{group_id}/club/{night.id}/disputes/99/settle"
    assert client.post(missing, data={"outcome": "kept"}).status_code == 404
    asked = client.get(settle)
    assert asked.status_code == 200 and "Es war Kreuz" in asked.get_data(as_text=True)
    unsaid = client.post(settle)  # settled without saying how: refused, nothing changed
    assert unsaid.status_code == 400
    assert "corrected or kept" in unsaid.get_data(as_text=True)
    with app.app_context():
        assert stored.disputes(db.get_db(), night.id)[0].resolved_at is None
    assert client.post(settle, data={"outcome": "kept"}).status_code == 302
    draw = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert 'id="disputes"' not in draw  # no longer open
    assert "1 dispute settled" in draw and "Kept as recorded" in draw
    with app.app_context():
        assert stored.disputes(db.get_db(), night.id)[0].outcome == "kept"
    assert client.post(settle, data={"outcome": "corrected"}).status_code == 409  # settled


def test_a_phone_of_another_table_or_of_no_table_cannot_sign(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    first, second = night.tables[0].game_id, night.tables[1].game_id
    table_phone = app.test_client()
    assert table_phone.get(f"/games/{first}/edit/{edit_key(client, first)}").status_code == 302
    assert table_phone.get(f"/games/{first}/club").status_code == 200
    name = games[second].players[0]
    for body in ({"name": name}, {"action": "dispute", "name": name, "hand": "1"}):
        assert table_phone.post(f"/games/{second}/club", data=body).status_code == 404
    member = app.test_client()
    join_group(member, group_id=group_id)  # sees the game, holds no key, no player's name
    refused = sign_list(member, second, name)
    assert refused.status_code == 403
    assert "none of this table" in refused.get_data(as_text=True)
    assert app.test_client().get(f"/games/{second}/club").status_code == 404
    plain = client.post(
        "/api/games",
        json={"game": "skat", "players": ["A", "B", "C"], "rules": "isko", "first_dealer": 0},
    ).get_json()
    client.get(f"/games/{plain['id']}/edit/{plain['edit_key']}")
    assert client.get(f"/games/{plain['id']}/club").status_code == 409
    assert _count(app, "club_confirmations") == _count(app, "club_disputes") == 0


def test_a_tables_own_phone_finds_the_signing_page_on_its_scoreboard(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, _games = night_of(app, group_id)
    game_id = night.tables[2].game_id
    table_phone = app.test_client()
    table_phone.get(f"/games/{game_id}/edit/{edit_key(client, game_id)}")
    assert f'href="/games/{game_id}/club"' in table_phone.get(f"/games/{game_id}").get_data(
        as_text=True
    )
    watcher = app.test_client()
    join_group(watcher, group_id=group_id)  # a member without the key: no such link
    assert "/club" not in watcher.get(f"/games/{game_id}").get_data(as_text=True)
    plain_game = client.post(
        "/api/games", json={"game": "skat", "players": ["A", "B", "C"], "rules": "isko"}
    ).get_json()
    client.get(f"/games/{plain_game['id']}/edit/{plain_game['edit_key']}")
    assert "club-sign" not in client.get(f"/games/{plain_game['id']}").get_data(as_text=True)


def test_a_member_signs_on_their_own_phone_for_their_own_name_and_can_take_it_back(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    table = night.tables_of(1)[0]
    players = games[table.game_id].players
    own = member_named(app, group_id, players[0])
    early = sign_list(own, table.game_id, players[0])
    assert early.status_code == 409  # the list is still being played
    play_series(client, night, games, 1)
    page = plain(own.get(f"/games/{table.game_id}/club"))
    assert f"{players[0]} signs…" in page
    assert f"{players[1]} signs…" not in page
    other = sign_list(own, table.game_id, players[1])
    assert other.status_code == 400
    assert f"This phone signs for {players[0]} only" in plain(other)
    asked = own.post(f"/games/{table.game_id}/club", data={"name": players[0]})
    assert asked.status_code == 200 and "confirm-sign" in asked.get_data(as_text=True)
    assert _count(app, "club_confirmations") == 0  # asking stores nothing
    signed = sign_list(own, table.game_id, players[0])
    assert signed.status_code == 302
    assert _count(app, "club_confirmations") == 1
    undone = own.post(f"/games/{table.game_id}/club", data={"name": players[0], "action": "unsign"})
    assert undone.status_code == 302
    assert _count(app, "club_confirmations") == 0
    sign_list(own, table.game_id, players[0])
    present = "\n".join(THIRTEEN)
    client.post(
        f"/groups/{group_id}/club/{night.id}/next", data={"present": present, "confirmed": "1"}
    )
    late = own.post(f"/games/{table.game_id}/club", data={"name": players[0], "action": "unsign"})
    assert late.status_code == 409
    assert "signatures of series 1 stay" in plain(late)
    assert _count(app, "club_confirmations") == 1
    removed = removed_member(app, group_id)
    assert removed.post(f"/games/{table.game_id}/club", data={"name": players[1]}).status_code in (
        403,
        404,
    )


def test_the_signing_page_names_the_disputed_hand_how_it_was_settled_and_what_changed(club):
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    table = night.tables[0]
    players = games[table.game_id].players
    sign_list(client, table.game_id, players[0])
    body = {"action": "dispute", "name": players[2], "hand": "2", "note": "Grand, nicht Kreuz"}
    client.post(f"/games/{table.game_id}/club", data=body)
    page = plain(client.get(f"/games/{table.game_id}/club"))
    assert f"Hand 2, disputed by {players[2]}: " in page and "Grand, nicht Kreuz" in page
    assert "waiting for the organiser" in page
    key = edit_key(client, table.game_id)
    hand = {"declarer": 2 % len(players), **WIN, "declarer_points": 80}
    changed = client.put(
        f"/api/games/{table.game_id}/hands/2", json=hand, headers={"Authorization": f"Bearer {key}"}
    )
    assert changed.status_code == 200
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    settle = f"/groups/{group_id}/club/{night.id}/disputes/{dispute_id}/settle"
    assert client.post(settle, data={"outcome": "corrected"}).status_code == 302
    page = plain(client.get(f"/games/{table.game_id}/club"))
    assert "Corrected on the table's game" in page and "waiting for the organiser" not in page
    assert "Hand 2 changed after this player signed." in page
    he = plain(client.get(f"/games/{table.game_id}/club", headers={"Accept-Language": "he"}))
    assert "תוקן במשחק של השולחן" in he and "יד 2 השתנתה אחרי שהשחקן חתם." in he


def test_a_players_own_phone_meets_signing_as_the_big_step_at_the_end_of_the_series(club):
    """A member's own phone bearing a player's name, on the table's scoreboard at the end
    of the series, finds "Sign table 1's list" as the big step (it signs there); another
    member's phone, which signs for no one at this table, a plain link."""
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    table = night.tables_of(1)[0]
    own = member_named(app, group_id, games[table.game_id].players[0])
    other = member_named(app, group_id, "Zuschauerin")
    play_series(client, night, games, 1)

    def sign_button(phone) -> str:
        done = phone.get(f"/games/{table.game_id}").get_data(as_text=True)
        sign = done.index('id="club-sign"')
        return done[done.rindex("<a", 0, sign) : sign]

    assert "primary big" in sign_button(own)
    assert "primary" not in sign_button(other)


def test_the_settle_page_says_the_disputed_hand_as_the_tables_game_has_it(club):
    """The organiser weighs a dispute against the hand itself: the settle page says hand 2
    as recorded (its declarer by name, its game and the result), in the page's language."""
    app, client, group_id, _key = club
    night, table, players = disputed_after_series_1(app, client, group_id)
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    settle = f"/groups/{group_id}/club/{night.id}/disputes/{dispute_id}/settle"
    page = re.sub(r"</?span[^>]*>", "", plain(client.get(settle)))  # each part whole
    said = re.search(r'<p id="disputed-hand">As recorded: ([^<]+)</p>', page)
    assert said, "the settle page does not say the hand"
    assert "♥" in said[1] and "lost" in said[1]  # LOSE: a Hearts game, lost
    assert any(said[1].startswith(name + " · ") for name in players), said[1]  # its declarer
    de = plain(client.get(settle, headers={"Accept-Language": "de"}))
    assert '<p id="disputed-hand">Wie eingetragen: ' in de


def test_a_dispute_has_one_hebrew_word_and_the_german_settle_link_says_spiel_once(club):
    """Hebrew says a club dispute with one word, ערעור, on every page of it and in every
    string of the catalogue that speaks of one (it said מחלוקת and "חולק" too); German's
    settle page corrects the hand ("Spiel") on its own form, not "das Spiel von Tisch 1 …
    um das Spiel zu berichtigen"."""
    from babel.messages.pofile import read_po

    app, client, group_id, _key = club
    he = {"Accept-Language": "he"}
    night, table, players = disputed_after_series_1(app, client, group_id, headers=he)
    flashed = plain(client.get(f"/games/{table.game_id}/club", headers=he))
    assert f"ערעור של {players[1]} על יד 2" in flashed
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    base = f"/groups/{group_id}/club/{night.id}"
    pages = [
        flashed,
        plain(client.get(f"/games/{table.game_id}/club?hand=1", headers=he)),
        plain(client.get(base, headers=he)),
        plain(client.get(f"{base}/disputes/{dispute_id}/settle", headers=he)),
    ]
    for page in pages:
        assert "ערעור" in page
        assert "מחלוקת" not in page and "חולק" not in page
    assert "ידיים בערעור" in pages[1] and "לערער על היד" in pages[1]
    hebrew = Path(__file__).parents[3] / "scorekeeper/translations/he/LC_MESSAGES/messages.po"
    with hebrew.open(encoding="utf-8") as po:
        catalog = read_po(po)
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        said = message.string if isinstance(message.string, tuple) else (message.string,)
        if any("disput" in text for text in ids):
            assert not any("מחלוקת" in s or "חולק" in s for s in said), message.id
    de = plain(
        client.get(f"{base}/disputes/{dispute_id}/settle", headers={"Accept-Language": "de"})
    )
    assert "Spiel 2 im Formular berichtigen" in de  # straight to the hand's own form
    assert "Spiel von Tisch 1" not in de and "um das Spiel zu berichtigen" not in de


@pytest.fixture
def night(tmp_path) -> ClubNight:
    """A Skat night of nine on the organiser's phone ("Spielleitung"), which records every
    table; Anna and Bruno have phones of the group under their names, the seven others
    none (they sign in turn on the table's phone): every table of three has a guest."""
    made = club_night(tmp_path, tuple(NINE[:2]))
    made.start()
    return made


def test_a_signature_binds_the_list_as_shown_and_a_correction_meanwhile_is_named(night):
    table, member, _guest = table_with_a_guest(night)
    phone = night.phones[member]
    asked = phone.post(f"/games/{table.game_id}/club", data={"name": member, "action": "confirm"})
    assert asked.status_code == 200 and 'id="confirm-sign"' in asked.get_data(as_text=True)
    shown = shown_list(asked.get_data(as_text=True))
    # The table's phone corrects hand 2 while the dialog is open on the member's phone.
    correct_hand(night, night.organiser, table, 2)
    body = {"name": member, "action": "confirm", "sure": "1", **shown}
    tapped = phone.post(f"/games/{table.game_id}/club", data=body)
    assert tapped.status_code == 409
    said = plain(tapped)
    assert "The list changed: look again. Hand 2 changed after it was shown." in said
    assert night.query("SELECT count(*) FROM club_confirmations") == [(0,)]
    # A signature that says no version is of no list shown: refused too.
    bare = phone.post(f"/games/{table.game_id}/club", data={"name": member, "sure": "1"})
    assert bare.status_code == 409 and "look again" in plain(bare)
    # Looked at again, the list is signed as it stands.
    assert sign_list(phone, table.game_id, member).status_code == 302
    night_, games = night.stored()
    assert night.query("SELECT name, version FROM club_confirmations") == [
        (member, games[table.game_id].version)
    ]


def test_a_player_signs_on_their_own_phone_and_the_tables_phone_only_for_the_others(night):
    table, member, guest = table_with_a_guest(night)
    path = f"/games/{table.game_id}/club"
    page = plain(night.organiser.get(path))
    assert f"{guest} signs…" in page and f"{member} signs…" not in page
    assert "not signed yet: signs on their own phone" in page
    refused = night.organiser.post(path, data={"name": member, "action": "confirm"})
    assert refused.status_code == 400
    assert (
        f"{member} signs on their own phone: the phone that records the table signs in turn "
        f"only for players without one ({guest}"
    ) in plain(refused)
    assert sign_list(night.organiser, table.game_id, guest).status_code == 302
    assert sign_list(night.phones[member], table.game_id, member).status_code == 302
    assert sorted(night.query("SELECT name, at_table FROM club_confirmations")) == sorted(
        [(guest, 1), (member, 0)]
    )
    listed = plain(night.organiser.get(path))
    row = r'<li id="signer-\d+">\n<span class="club-signer">([^<]+?) <(.*?)</li>'
    rows = dict(re.findall(row, listed, re.S))
    assert "signed at the table's phone" in rows[guest]
    assert "signed at the table's phone" not in rows[member] and "✓ signed" in rows[member]


def test_withdrawing_anothers_signature_asks_first_is_logged_and_tells_the_player(night):
    table, member, guest = table_with_a_guest(night)
    path = f"/games/{table.game_id}/club"
    sign_list(night.phones[member], table.game_id, member)
    sign_list(night.organiser, table.game_id, guest)
    page = plain(night.organiser.get(path))
    assert f"Withdraw {member}'s signature…" in page
    asked = night.organiser.post(path, data={"name": member, "action": "unsign"})
    assert asked.status_code == 200
    assert f"Withdraw {member}'s signature?" in plain(asked)
    assert night.query("SELECT count(*) FROM club_confirmations") == [(2,)]  # asking only
    body = {"name": member, "action": "unsign", "sure": "1"}
    assert night.organiser.post(path, data=body).status_code == 302
    assert night.query("SELECT name FROM club_confirmations") == [(guest,)]
    logged = (
        f"Spielleitung's phone withdrew {member}'s signature of table {table.number}'s list "
        "(series 1)."
    )
    assert logged in plain(night.organiser.get(night.base))
    told = plain(night.phones[member].get(night.base))
    assert (
        f"Your signature of table {table.number}'s list (series 1) was withdrawn on "
        "Spielleitung's phone" in told
    )
    own_page = plain(night.phones[member].get(path))
    assert "Signature withdrawn on Spielleitung's phone" in own_page
    # Signed again, the player is no longer told.
    assert sign_list(night.phones[member], table.game_id, member).status_code == 302
    assert "was withdrawn" not in plain(night.phones[member].get(night.base))
    # Their own signature a player takes back in a tap, unasked and unlogged.
    mine = night.phones[member].post(path, data={"name": member, "action": "unsign"})
    assert mine.status_code == 302
    assert night.query("SELECT count(*) FROM club_log WHERE event = 'signature_withdrawn'") == [
        (1,)
    ]


def test_the_organisers_phone_sees_a_table_another_phone_records_read_only(night):
    anna = night.phones[NINE[0]]
    table = night.table_of(NINE[0])
    guest = next(n for n in night.players_at(table) if n not in night.phones)
    path = f"/games/{table.game_id}/club"
    assert night.organiser.get(path).status_code == 200  # it drew the table: its key
    assert anna.post(f"/games/{table.game_id}/club/record").status_code == 302  # a new key
    night.play(anna, table, {})
    assert sign_list(anna, table.game_id, NINE[0]).status_code == 302
    assert sign_list(anna, table.game_id, guest).status_code == 302
    for _visit in range(2):  # not a refusal once, then the list: the list each time
        seen = night.organiser.get(path)
        assert seen.status_code == 200
        page = plain(seen)
        assert f"{NINE[0]}'s phone records this table." in page
        assert "This phone sees its list and who signed, read-only." in page
        assert "ask the players for the new edit link" not in page.lower()
        assert page.count("✓ signed") == 2 and "signed at the table's phone" in page
        assert "signs…" not in page and 'name="action"' not in page
