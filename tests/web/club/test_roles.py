"""A club night that no single phone can stall (issue 68), through the Flask client on a
real SQLite file: the organiser is a role that is handed over (by the organiser, or by the
group's key holder when the organiser's phone does not answer) and shared with a second
organiser; two organisers' phones draw a series once; each table's phone is a player's,
one a table; a correction after signing brings the signers back; and every organiser's
action is refused, with the reason, to a phone that does not hold the role (a member, a
removed member, a stranger, a planted cookie)."""

from __future__ import annotations

import re
import threading
from urllib.parse import unquote

import pytest

from scorekeeper.db import club as stored
from scorekeeper.db import phones
from tests.support.club_pages import sign_list
from tests.support.club_roles import (
    NINE,
    ClubNight,
    can_record,
    club_night,
    form_as_posted,
    plain,
    standings_of,
)
from tests.support.web.club.roles import _draw_next, _play_series

ANNA, BRUNO, CLARA = NINE[:3]


@pytest.fixture
def club(tmp_path) -> ClubNight:
    """A Skat night of nine (three tables of three, a deal a player, two series) on the
    organiser's phone, the phones of Anna, Bruno and Clara members under their names."""
    made = club_night(tmp_path, (ANNA, BRUNO, CLARA))
    made.start()
    return made


def test_a_member_asks_and_the_organiser_hands_the_night_over_standings_unchanged(club):
    expected = _play_series(club)
    assert standings_of(club.organiser, club) == expected
    anna = club.phones[ANNA]
    assert anna.post(f"{club.base}/takeover").status_code == 302
    mine = plain(anna.get(club.base))
    assert "You asked to take the night over" in mine and 'id="withdraw-takeover"' in mine
    second_asker = club.phones[BRUNO].post(f"{club.base}/takeover")
    assert second_asker.status_code == 409
    assert f"{ANNA} has asked to take the night over already" in plain(second_asker)
    organisers = plain(club.organiser.get(club.base))
    assert f"{ANNA} asks to take the night over" in organisers
    assert f"Hand the night over to {ANNA}" in organisers
    answer = club.organiser.post(
        f"{club.base}/takeover/{club.open_takeover_id()}/answer", data={"answer": "hand_over"}
    )
    assert answer.status_code == 302
    # Anna's phone organises the night now; the phone that started it does not.
    refused = club.organiser.post(f"{club.base}/next", data={"present": NINE})
    assert refused.status_code == 403
    assert f"Only the night's organisers ({ANNA}) draw its next series" in plain(refused)
    assert standings_of(anna, club) == expected  # the same Seeger-Fabian sums
    assert _draw_next(anna, club).status_code == 302
    night, _games = club.stored()
    assert night.series == 2 and night.organiser_id == club.member_id(ANNA)
    log = plain(anna.get(club.base))
    for step in (
        "Spielleitung drew series 1.",
        f"{ANNA} asked to take the night over.",
        f"Spielleitung handed the night over to {ANNA}.",
        f"{ANNA} drew series 2.",
    ):
        assert step in log, step


def test_the_organiser_may_keep_the_night_and_a_member_withdraw_the_request(club):
    bruno = club.phones[BRUNO]
    assert bruno.post(f"{club.base}/takeover").status_code == 302
    kept = club.organiser.post(
        f"{club.base}/takeover/{club.open_takeover_id()}/answer", data={"answer": "keep"}
    )
    assert kept.status_code == 302
    assert club.stored()[0].organiser_id == club.member_id("Spielleitung")
    assert f"Spielleitung kept organising the night ({BRUNO} had asked)." in plain(
        bruno.get(club.base)
    )
    assert bruno.post(f"{club.base}/takeover").status_code == 302
    assert bruno.post(f"{club.base}/takeover", data={"withdraw": "1"}).status_code == 302
    assert club.query("SELECT count(*) FROM club_takeovers WHERE answered_at IS NULL") == [(0,)]


def test_without_an_answer_the_groups_key_holder_hands_the_night_over_after_the_wait(club):
    bruno, clara, anna = club.phones[BRUNO], club.phones[CLARA], club.phones[ANNA]
    assert bruno.post(f"/groups/{club.group_id}/key").status_code == 200  # Bruno's key now
    assert anna.post(f"{club.base}/takeover").status_code == 302
    takeover = club.open_takeover_id()
    group_page = plain(bruno.get(f"/groups/{club.group_id}"))
    assert f"{ANNA} asked to take the night over" in group_page
    assert "still has a few minutes to answer" in group_page
    early = bruno.post(f"{club.base}/takeover/{takeover}/key")
    assert early.status_code == 409 and "has 3 minutes to answer" in plain(early)
    club.backdate_takeover(minutes=4)
    group_page = bruno.get(f"/groups/{club.group_id}").get_data(as_text=True)
    assert f'id="hand-over-{club.night_id}"' in group_page and 'name="key"' not in group_page
    # Clara holds no key: neither her phone nor a wrong key hands anything over.
    for body in ({}, {"key": "not the key"}, {"key": club.key}):  # the API's key was replaced
        refused = clara.post(f"{club.base}/takeover/{takeover}/key", data=body)
        assert refused.status_code == 403
        assert "Only the group's key holder hands a night over" in plain(refused)
    assert club.stored()[0].organiser_id == club.member_id("Spielleitung")
    assert bruno.post(f"{club.base}/takeover/{takeover}/key").status_code == 302
    assert club.stored()[0].organiser_id == club.member_id(ANNA)
    said = (
        f"Spielleitung's phone did not answer {ANNA}'s request within 3 minutes: with the "
        f"group's key, {BRUNO} handed the night over to {ANNA}."
    )
    assert said in plain(anna.get(club.base))
    # The organiser, still at the table, is told why on their phone.
    told = plain(club.organiser.get(club.base))
    assert f"{BRUNO}, the group's key holder, handed the night over to {ANNA}" in told
    assert (
        f"{ANNA} had asked to take it over, and this phone did not answer within 3 minutes." in told
    )
    assert 'id="taken-by-key"' not in anna.get(club.base).get_data(as_text=True)


def test_a_key_typed_on_a_members_phone_hands_the_night_over(club):
    anna, clara = club.phones[ANNA], club.phones[CLARA]
    assert anna.post(f"{club.base}/takeover").status_code == 302
    club.backdate_takeover(minutes=3)
    page = clara.get(f"/groups/{club.group_id}").get_data(as_text=True)
    assert 'name="key"' in page  # the group's key came from the API: typed by its holder
    path = f"{club.base}/takeover/{club.open_takeover_id()}/key"
    wrong = club.key[:-1] + ("y" if club.key.endswith("x") else "x")
    assert clara.post(path, data={"key": wrong}).status_code == 403
    assert clara.post(path, data={"key": club.key}).status_code == 302
    assert club.stored()[0].organiser_id == club.member_id(ANNA)


def test_a_second_organiser_organises_once_their_own_phone_accepts(club):
    bruno, anna = club.phones[BRUNO], club.phones[ANNA]
    not_first = anna.post(f"{club.base}/second", data={"second": str(club.member_id(ANNA))})
    assert not_first.status_code == 403
    assert "Only the night's organiser (Spielleitung) names a second organiser" in plain(not_first)
    named = club.organiser.post(f"{club.base}/second", data={"second": club.member_id(BRUNO)})
    assert named.status_code == 302
    _play_series(club)
    assert bruno.post(f"{club.base}/next", data={"present": NINE}).status_code == 403
    assert 'id="accept-second"' in bruno.get(club.base).get_data(as_text=True)
    assert bruno.post(f"{club.base}/second/accept").status_code == 302
    assert "Spielleitung and Bruno Lindemann (second organiser)" in plain(anna.get(club.base))
    assert _draw_next(bruno, club).status_code == 302
    assert club.stored()[0].series == 2
    # The organiser takes it back: Bruno no longer organises.
    assert club.organiser.post(f"{club.base}/second", data={"second": ""}).status_code == 302
    assert bruno.post(f"{club.base}/takeover").status_code == 302  # he may only ask now


def test_two_organisers_phones_tapping_at_once_draw_the_series_once(club, monkeypatch):
    """Both phones have their draw worked out before either stores it (held at a
    barrier just before the write): the claim on the series number lets one through."""
    bruno = club.phones[BRUNO]
    club.organiser.post(f"{club.base}/second", data={"second": club.member_id(BRUNO)})
    bruno.post(f"{club.base}/second/accept")
    _play_series(club)
    both_ready = threading.Barrier(2, timeout=20)
    store = stored.store_series

    def held(*args, **kwargs):
        both_ready.wait()
        return store(*args, **kwargs)

    monkeypatch.setattr(stored, "store_series", held)
    answers: dict[str, object] = {}

    def tap(name, phone):
        answers[name] = phone.post(f"{club.base}/next", data={"present": NINE, "confirmed": "1"})

    threads = [
        threading.Thread(target=tap, args=(name, phone))
        for name, phone in (("organiser", club.organiser), ("second", bruno))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(a.status_code for a in answers.values()) == [302, 409]
    lost = next(a for a in answers.values() if a.status_code == 409)
    assert "This series was drawn already, on another tap" in plain(lost)
    night, games = club.stored()
    assert night.series == 2 and len(night.tables_of(2)) == 3
    assert club.query("SELECT count(*) FROM games") == [(6,)]  # no table of a lost draw
    assert club.query("SELECT count(*) FROM club_log WHERE event = 'drawn'") == [(2,)]


def test_a_draw_by_a_phone_that_handed_the_role_over_meanwhile_stores_nothing(club, monkeypatch):
    """The organiser's draw is worked out, then the night is handed over before it is
    stored: the write, conditioned on the role, refuses it (one phone a draw)."""
    anna = club.phones[ANNA]
    _play_series(club)
    assert anna.post(f"{club.base}/takeover").status_code == 302
    takeover = club.open_takeover_id()
    store = stored.store_series

    def handed_over_first(*args, **kwargs):
        other = club.app.test_client()
        other.set_cookie("session", club.organiser.get_cookie("session").value)
        handed = other.post(f"{club.base}/takeover/{takeover}/answer", data={"answer": "hand_over"})
        assert handed.status_code == 302
        return store(*args, **kwargs)

    monkeypatch.setattr(stored, "store_series", handed_over_first)
    late = club.organiser.post(f"{club.base}/next", data={"present": NINE, "confirmed": "1"})
    assert late.status_code == 403
    assert "This phone no longer organises the night" in plain(late)
    assert club.stored()[0].series == 1
    monkeypatch.setattr(stored, "store_series", store)
    assert _draw_next(anna, club).status_code == 302


def test_every_organisers_action_is_refused_to_a_phone_without_the_role(club):
    night, games = club.stored()
    table = night.tables_of(1)[0]
    club.play(club.organiser, table, {})
    disputer = games[table.game_id].players[0]
    body = {"action": "dispute", "name": disputer, "hand": "1", "sure": "1"}
    # A player with a phone of their own disputes on it, not on the table's.
    on = club.phones.get(disputer, club.organiser)
    assert on.post(f"/games/{table.game_id}/club", data=body).status_code == 302
    [(dispute,)] = club.query("SELECT id FROM club_disputes")
    assert club.phones[ANNA].post(f"{club.base}/takeover").status_code == 302
    takeover = club.open_takeover_id()
    actions = [
        ("post", f"{club.base}/next", {"present": NINE, "confirmed": "1"}, "draw its next"),
        ("get", f"{club.base}/disputes/{dispute}/settle", None, "settle a disputed hand"),
        ("post", f"{club.base}/disputes/{dispute}/settle", {"outcome": "kept"}, "settle a"),
        ("post", f"{club.base}/disputes/{dispute}/correct", {}, "settle a disputed hand"),
        ("get", f"/games/{table.game_id}/club/phone", None, "move a table's phone"),
        ("post", f"/games/{table.game_id}/club/phone", {"to": ""}, "move a table's phone"),
        ("post", f"{club.base}/takeover/{takeover}/answer", {"answer": "hand_over"}, "answer"),
        ("post", f"{club.base}/second", {"second": ""}, "names a second organiser"),
        ("post", f"{club.base}/takeover/{takeover}/key", {}, "key holder hands a night"),
    ]
    member = club.phones[CLARA]
    removed = club.join("Zoe Gast")
    with club.app.app_context():
        from scorekeeper import db

        database = db.get_db()
        everyone = phones.group_members(database, club.group_id)
        gone = next(m for m in everyone if m.label == "Zoe Gast")
        phones.end_membership(database, gone, removed_by=everyone[0].id)
    stranger = club.app.test_client()
    before = club.query("SELECT * FROM club_nights"), club.query("SELECT * FROM club_tables")
    for method, path, body, reason in actions:
        answer = getattr(member, method)(path, data=body)
        assert answer.status_code == 403, path
        assert reason in plain(answer), (path, plain(answer)[-600:])
        for outsider in (removed, stranger):
            assert getattr(outsider, method)(path, data=body).status_code == 404, path
    after = club.query("SELECT * FROM club_nights"), club.query("SELECT * FROM club_tables")
    assert after == before
    assert club.query("SELECT resolved_at FROM club_disputes") == [(None,)]
    assert club.query("SELECT count(*) FROM club_takeovers WHERE answered_at IS NULL") == [(1,)]


def test_a_cookie_planted_before_a_member_asks_holds_no_role(club):
    """Eve copied Anna's cookie (over plain http on the club's LAN) before Anna asked to
    take the night over: asking renewed Anna's session, so the copy is no phone of the
    group any more, and organises nothing once the night is Anna's."""
    anna = club.phones[ANNA]
    eve = club.app.test_client()
    eve.set_cookie("session", anna.get_cookie("session").value)
    assert eve.get(club.base).status_code == 200  # the copy works, until Anna gains a right
    assert anna.post(f"{club.base}/takeover").status_code == 302
    club.organiser.post(
        f"{club.base}/takeover/{club.open_takeover_id()}/answer", data={"answer": "hand_over"}
    )
    _play_series(club)
    assert eve.post(f"{club.base}/next", data={"present": NINE}).status_code == 404
    assert eve.get(club.base).status_code == 404
    assert anna.post(f"{club.base}/next", data={"present": NINE}).status_code == 200


def test_each_table_is_recorded_on_one_phone_of_its_players(club):
    anna = club.phones[ANNA]
    table = club.table_of(ANNA)
    mates = [name for name in club.players_at(table) if name != ANNA]
    mate = club.phones.get(mates[0]) or club.join(mates[0])
    other = next(n for n in NINE if n not in club.players_at(table))
    stranger_to_table = club.phones.get(other) or club.join(other)
    page = plain(anna.get(club.base))
    assert f"Your table: table {table.number}" in page and 'id="record-table"' in page
    assert can_record(club.organiser, table.game_id)  # the organiser's phone drew it
    assert anna.post(f"/games/{table.game_id}/club/record").status_code == 302
    assert can_record(anna, table.game_id)
    assert not can_record(club.organiser, table.game_id)  # one phone a table: its key is new
    taken = mate.post(f"/games/{table.game_id}/club/record")
    assert taken.status_code == 409
    assert f"{ANNA}'s phone records table {table.number}: one phone a table" in plain(taken)
    stranger_at_table = stranger_to_table.post(f"/games/{table.game_id}/club/record")
    assert stranger_at_table.status_code == 403
    assert f"Only a player of table {table.number} records it" in plain(stranger_at_table)
    assert f"Recorded on {ANNA}'s phone" in plain(club.organiser.get(club.base))
    # The organiser moves it to Anna's table-mate: Anna's phone stops, the mate's takes it.
    moving = plain(club.organiser.get(f"/games/{table.game_id}/club/phone"))
    assert f"Recorded on {ANNA}'s phone now." in moving and mates[0] in moving
    moved = club.organiser.post(
        f"/games/{table.game_id}/club/phone", data={"to": str(club.member_id(mates[0]))}
    )
    assert moved.status_code == 302
    assert not can_record(anna, table.game_id)
    handed = plain(mate.get(club.base))
    assert "An organiser handed your table's recording to this phone." in handed
    assert mate.post(f"/games/{table.game_id}/club/record").status_code == 302
    assert can_record(mate, table.game_id)
    # A finished table shows no code, and has no phone to take.
    club.play(mate, table, {})
    assert anna.post(f"/games/{table.game_id}/club/record").status_code == 409
    organisers = club.organiser.get(club.base).get_data(as_text=True)
    row = organisers[organisers.index(f'id="table-{table.number}"') :]
    assert 'class="club-qr"' not in row[: row.index("</li>\n")]
    log = plain(club.organiser.get(club.base))
    assert (
        f"Spielleitung moved table {table.number}'s recording (series 1) to {mates[0]}'s phone."
        in log
    )


def test_a_correction_after_signing_brings_the_signers_back(club):
    anna = club.phones[ANNA]
    table = club.table_of(ANNA)
    players = club.players_at(table)
    club.play(club.organiser, table, {})
    # Anna signs on her own phone, a player with a phone of the group on theirs, the
    # others in turn on the organiser's (it holds the key).
    assert sign_list(anna, table.game_id, ANNA).status_code == 302
    for name in players:
        if name != ANNA:
            signed = sign_list(club.phones.get(name, club.organiser), table.game_id, name)
            assert signed.status_code == 302
    # Anna taps hand 2 on the list's hands, and disputes it.
    listed = anna.get(f"/games/{table.game_id}/club").get_data(as_text=True)
    assert f'href="/games/{table.game_id}/club?hand=2#confirm-dispute"' in listed
    asked = plain(anna.get(f"/games/{table.game_id}/club?hand=2"))
    assert "Dispute hand 2?" in asked
    body = {"action": "dispute", "name": ANNA, "hand": "2", "sure": "1", "note": "80, nicht 55"}
    assert anna.post(f"/games/{table.game_id}/club", data=body).status_code == 302
    [(dispute,)] = club.query("SELECT id FROM club_disputes")
    settle = f"{club.base}/disputes/{dispute}/settle"
    # The settle page goes straight to the hand's own form, which comes back to it.
    corrected = club.organiser.post(f"{club.base}/disputes/{dispute}/correct")
    assert corrected.status_code == 302
    form_path = corrected.headers["Location"]
    assert form_path.startswith(f"/games/{table.game_id}/hands/2/edit?back=")
    assert unquote(form_path.partition("back=")[2]) == settle
    form = club.organiser.get(form_path)
    assert form.status_code == 200 and f'href="{settle}"' in form.get_data(as_text=True)
    fields = form_as_posted(form.get_data(as_text=True))
    declarer = next(k for k, v in fields.items() if k.startswith("declarer_points_") and v)
    fields[declarer] = "80"
    saved = club.organiser.post(form_path, data={**fields, "save": "1"})
    assert saved.status_code == 302 and saved.headers["Location"] == settle
    settling = plain(club.organiser.get(settle))
    assert "Hand 2 was corrected after the dispute" in settling
    assert re.search(r'value="corrected" required checked', settling)
    assert club.organiser.post(settle, data={"outcome": "corrected"}).status_code == 302
    # Every signer is told, on their phone and on the night's page, and asked again.
    told = plain(anna.get(club.base))
    assert f"Table {table.number}'s list (series 1) changed after you signed it: hand 2." in told
    assert "Check and sign again" in told
    sign_page = plain(anna.get(f"/games/{table.game_id}/club"))
    again = f"Hand 2 changed after the list was signed. To check it and sign again: {ANNA}."
    assert again in sign_page
    counted = plain(club.organiser.get(club.base))
    assert "3 players still have to sign" in counted
    assert sign_list(anna, table.game_id, ANNA).status_code == 302
    assert "2 players still have to sign" in plain(club.organiser.get(club.base))
    assert "changed after you signed it" not in plain(anna.get(club.base))


def test_the_next_series_says_its_tables_and_takes_everyone_but_those_unticked(club):
    _play_series(club)
    page = club.organiser.get(club.base).get_data(as_text=True)
    assert all(f'name="present" value="{name}" checked' in page for name in NINE)
    present = [name for name in NINE if name != NINE[-1]]
    asked = club.organiser.post(
        f"{club.base}/next", data={"present": present, "late": "Gast Spät\nGast Früh"}
    )
    text = plain(asked)
    assert "10 players: 3 tables of 4/3/3 players" in text  # said before the draw
    assert text.count('type="hidden" name="present"') == 10
    de = plain(
        club.organiser.post(
            f"{club.base}/next",
            data={"present": present, "late": "Gast Spät"},
            headers={"Accept-Language": "de"},
        )
    )
    assert "9 Spieler: 3 Tische mit 3/3/3 Spielern" in de
    drawn = club.organiser.post(
        f"{club.base}/next",
        data={"present": [*present, "Gast Spät", "Gast Früh"], "confirmed": "1"},
    )
    assert drawn.status_code == 302
    night, games = club.stored()
    assert sorted(len(games[t.game_id].players) for t in night.tables_of(2)) == [3, 3, 4]
    left = next(p for p in night.players if p.name == NINE[-1])
    assert left.left_after == 1


@pytest.mark.parametrize(
    ("game", "rules", "deals", "said"),
    [
        ("skat", "isko", "12", "48 deals at a table of 4, 36 deals at a table of 3"),
        ("doppelkopf", "ddv", "6", "30 deals at a table of 5, 24 deals at a table of 4"),
        ("doppelkopf", "house", "0", "each table playing to the end the rules set"),
        ("any-game", "five-crowns", "0", "each table playing to the end the rules set"),
    ],
)
def test_the_deals_per_player_default_from_the_rules_chosen(tmp_path, game, rules, deals, said):
    made = club_night(tmp_path)
    page = plain(made.organiser.get(f"/groups/{made.group_id}/club?game={game}&rules={rules}"))
    assert re.search(rf'id="club-deals"[^>]* value="{deals}"', page), page[
        page.find("club-deals") :
    ][:300]
    assert said in page
    assert "12: 48 deals" not in page or game == "skat"


def test_everyone_listed_ticks_every_name_for_the_exceptions_to_be_unticked(club):
    """The group's members and players are listed on a new night's form; "Everyone
    listed is here" ticks them all, keeping what was typed."""
    page = club.organiser.post(
        f"/groups/{club.group_id}/club",
        data={"game": "skat", "rules": "isko", "series": "3", "everyone": "1", "guests": "Gast"},
    ).get_data(as_text=True)
    for name in NINE:
        assert f'name="player" value="{name}" checked' in page, name
    assert 'value="3"' in page and ">Gast</textarea>" in page


def test_a_nights_name_and_the_clubs_head_every_page_and_print(tmp_path):
    made = club_night(tmp_path, (ANNA,))
    made.start(name="Preisskat im März")
    title = "Preisskat im März · Skatclub"
    night, _games = made.stored()
    table = night.tables_of(1)[0]
    for path in (
        made.base,
        f"{made.base}/standings",
        f"{made.base}/standings?projector=1",
        f"{made.base}/ranking",
        f"/games/{table.game_id}/club",
        f"/games/{table.game_id}/club/print",
    ):
        assert title in plain(made.phones[ANNA].get(path)), path
    assert "Preisskat im März" in plain(made.organiser.get(f"/groups/{made.group_id}/club"))
    too_long = made.organiser.post(
        f"/groups/{made.group_id}/club",
        data={
            "game": "skat",
            "series": "1",
            "guests": "\n".join(NINE),
            "draw": "1",
            "name": "x" * 61,
        },
    )
    assert too_long.status_code == 400 and "at most 60 characters" in plain(too_long)


def test_the_standings_are_final_only_once_every_list_is_signed_and_no_dispute_open(tmp_path):
    made = club_night(tmp_path)
    made.start(series="1")
    night, games = made.stored()
    _play_series(made)
    de = {"Accept-Language": "de"}
    for projector in ("", "?projector=1"):
        page = plain(made.organiser.get(f"{made.base}/standings{projector}", headers=de))
        assert "Endstand" not in page and "Noch nicht endgültig" in page
    assert "Final ranking" not in plain(made.organiser.get(f"{made.base}/ranking"))
    for table in night.tables:
        for name in games[table.game_id].players:
            sign_list(made.organiser, table.game_id, name)
    page = plain(made.organiser.get(f"{made.base}/standings?projector=1", headers=de))
    assert "Endstand" in page and "Noch nicht endgültig" not in page
