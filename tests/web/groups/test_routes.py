"""Private groups in the web pages (issue 21): who sees a game, a group's pages, joining
by invite, leaving, a new invite link, renaming, view links and edit links.

Each test builds its groups in a real SQLite file and plays them with Flask test clients,
one per phone.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper import db
from scorekeeper.web import create_app
from tests.support.app import app_config, join_group, stored_game
from tests.support.bid_whist_web import plain
from tests.support.web.groups.routes import (
    NEW_GAME,
    game_paths,
    group_paths,
    names_in,
    seed,
    started_group,
)
from tests.support.web.shared import csrf_of, text_of

# Every name each group's pages could show: players, the group, a game's name and notes.
GROUP_A = {"group": "Thursday club", "players": ["Avital", "Boaz", "Carmela", "Doron"]}
GROUP_B = {"group": "Secret society", "players": ["Xenia", "Yochanan", "Zeruya", "Wolfram"]}


@pytest.fixture
def world(tmp_path):
    """An app with two groups, A and B, of two games each."""
    app = create_app(app_config(tmp_path))
    return app, seed(app, GROUP_A), seed(app, GROUP_B)


# --- a stranger ---------------------------------------------------------------------------


def test_a_stranger_gets_404_for_every_page_of_every_game_and_group(world):
    app, a, b = world
    stranger = app.test_client()
    for game_id in [*a["ids"], *b["ids"], 5, 6]:
        for path in game_paths(app, game_id):
            response = stranger.get(path)
            assert response.status_code == 404, path
            page = text_of(response)
            assert names_in(page, a) == [] and names_in(page, b) == [], path
    for spec in (a, b):
        for path in group_paths(spec["group"].id, spec["players"][0]):
            response = stranger.get(path)
            assert response.status_code == 404, path
            page = text_of(response)
            assert names_in(page, a, path) == [] and names_in(page, b, path) == [], path
    for path in ("/history", "/players", "/players/Avital", "/history/export", "/groups/9"):
        assert stranger.get(path).status_code == 404, path
    home = text_of(stranger.get("/"))
    assert names_in(home, a) == [] and names_in(home, b) == []
    assert "Start a group" in home and not re.search(r"/games/\d", home)


def test_a_member_of_one_group_sees_nothing_of_another(world):
    app, a, b = world
    member = app.test_client()
    join_group(member, group_id=a["group"].id)
    for game_id in a["ids"]:
        assert member.get(f"/games/{game_id}").status_code == 200
    for game_id in b["ids"]:
        for path in game_paths(app, game_id):
            response = member.get(path)
            assert response.status_code == 404, path
            assert names_in(text_of(response), b) == [], path
    for path in group_paths(b["group"].id, b["players"][0]):
        response = member.get(path)
        assert response.status_code == 404, path
        assert names_in(text_of(response), b, path) == [], path
    # Their own group's pages show their own names, never the other group's.
    for path in [*group_paths(a["group"].id, a["players"][0]), "/"]:
        response = member.get(path, follow_redirects=True)
        assert response.status_code == 200, path
        assert names_in(text_of(response), b, path) == [], path
    home = text_of(member.get("/"))
    assert "Thursday club" in home and "Avital" in home
    # A name of the other group is nobody here.
    assert member.get(f"/groups/{a['group'].id}/players/Xenia").status_code == 404
    refused = member.get(f"/groups/{a['group'].id}/history?player=Xenia")
    assert refused.status_code == 400 and "Yochanan" not in text_of(refused)


def test_the_old_addresses_lead_to_the_browsers_group(world):
    app, a, b = world
    member = app.test_client()
    join_group(member, group_id=a["group"].id)
    gid = a["group"].id
    assert member.get("/history?player=Avital").headers["Location"] == (
        f"/groups/{gid}/history?player=Avital"
    )
    assert member.get("/players").headers["Location"] == f"/groups/{gid}/players"
    assert member.get("/players/Avital").headers["Location"] == f"/groups/{gid}/players/Avital"
    both = app.test_client()
    join_group(both, group_id=a["group"].id)
    join_group(both, group_id=b["group"].id)
    chooser = both.get("/history")
    assert chooser.status_code == 200
    page = text_of(chooser)
    assert f'href="/groups/{gid}/history"' in page
    assert f'href="/groups/{b["group"].id}/history"' in page
    assert "Thursday club" in page and "Secret society" in page
    assert all(name not in page for name in a["players"] + b["players"])


# --- joining, leaving, a new invite, renaming ----------------------------------------------


def test_joining_by_invite(world):
    app, a, _b = world
    phone = app.test_client()
    invite = f"/join/{a['group'].invite}"
    page = phone.get(invite)
    assert page.status_code == 200 and "Thursday club" in text_of(page)
    assert "Avital" not in text_of(page)  # the group's name, not its games
    assert phone.get(f"/groups/{a['group'].id}").status_code == 404  # seeing is not joining
    joined = phone.post(invite)
    assert joined.headers["Location"] == f"/groups/{a['group'].id}"
    group_page = text_of(phone.get(joined.headers["Location"]))
    assert "This phone is now in the group." in group_page and "Avital" in group_page
    # A member opening the invite again goes straight to the group.
    assert phone.get(invite).headers["Location"] == f"/groups/{a['group'].id}"
    missing = phone.get("/join/not-an-invite")
    assert missing.status_code == 404
    assert "This invite link no longer works" in text_of(missing)


def test_leaving_a_group_takes_only_this_phone_out(world):
    app, a, _b = world
    leaver, stayer = app.test_client(), app.test_client()
    for phone in (leaver, stayer):
        join_group(phone, group_id=a["group"].id)
    gid = a["group"].id
    confirm = leaver.get(f"/groups/{gid}/leave")
    assert confirm.status_code == 200 and "Leave this group?" in text_of(confirm)
    assert leaver.get(f"/groups/{gid}").status_code == 200  # asking changes nothing
    left = leaver.post(f"/groups/{gid}/leave")
    assert left.headers["Location"] == "/"
    assert "Avital" not in text_of(leaver.get("/"))
    assert leaver.get(f"/groups/{gid}").status_code == 404
    assert leaver.get(f"/games/{a['ids'][0]}").status_code == 404
    assert stayer.get(f"/groups/{gid}").status_code == 200
    # The invite brings the phone back.
    join_group(leaver, group_id=gid)
    assert leaver.get(f"/groups/{gid}").status_code == 200


def test_a_new_invite_link_stops_the_old_one_and_members_stay(world):
    app, a, _b = world
    member, late = app.test_client(), app.test_client()
    join_group(member, group_id=a["group"].id)
    gid, old = a["group"].id, a["group"].invite
    confirm = member.get(f"/groups/{gid}/invite/new")
    assert "Make a new invite link?" in text_of(confirm)
    made = member.post(f"/groups/{gid}/invite/new")
    assert made.headers["Location"] == f"/groups/{gid}/invite"
    assert late.get(f"/join/{old}").status_code == 404
    assert late.post(f"/join/{old}").status_code == 404
    assert member.get(f"/groups/{gid}").status_code == 200  # joined before: stays
    shown = text_of(member.get(f"/groups/{gid}/invite?show=1"))
    new = re.search(r'href="http://localhost/join/([^"]+)"', shown)[1]
    assert new != old
    assert late.post(f"/join/{new}").headers["Location"] == f"/groups/{gid}"
    assert late.get(f"/groups/{gid}").status_code == 200


def test_the_invite_link_is_behind_a_warning_and_never_stored(world):
    app, a, _b = world
    member = app.test_client()
    join_group(member, group_id=a["group"].id)
    gid, invite = a["group"].id, a["group"].invite
    warning = member.get(f"/groups/{gid}/invite")
    assert invite not in text_of(warning) and "Show it only to" in text_of(warning)
    shown = member.get(f"/groups/{gid}/invite?show=1")
    assert f"http://localhost/join/{invite}" in text_of(shown)
    assert re.search(r'<svg role="img" aria-label="QR code of the invite link"', text_of(shown))
    assert invite not in text_of(member.get(f"/groups/{gid}"))
    for path in (
        f"/groups/{gid}/invite",
        f"/groups/{gid}/invite?show=1",
        f"/groups/{gid}/invite/new",
        f"/join/{invite}",
        "/join/not-an-invite",
    ):
        assert member.get(path).headers["Cache-Control"] == "private, no-store", path
    stranger = app.test_client()
    assert stranger.get(f"/join/{invite}").headers["Cache-Control"] == "private, no-store"
    keyed = re.search(r"const KEYED = new RegExp\((\".*\")\);", text_of(member.get("/sw.js")))[1]
    for path in (f"/join/{invite}", f"/groups/{gid}/invite", f"/groups/{gid}/invite/new"):
        assert re.search(keyed.replace("\\\\", "\\").strip('"'), path), path


def test_renaming_a_group(world):
    app, a, _b = world
    member = app.test_client()
    join_group(member, group_id=a["group"].id)
    gid = a["group"].id
    renamed = member.post(f"/groups/{gid}/rename", data={"name": "  Friday   folk  "})
    assert renamed.headers["Location"] == f"/groups/{gid}"
    assert "<h1><bdi>Friday folk</bdi></h1>" in text_of(member.get(f"/groups/{gid}"))
    assert "Friday folk" in text_of(member.get("/"))
    member.post(f"/groups/{gid}/rename", data={"name": "   "})
    assert "<h1><bdi>Our table</bdi></h1>" in text_of(member.get(f"/groups/{gid}"))
    assert app.test_client().post(f"/groups/{gid}/rename", data={"name": "x"}).status_code == 404


@pytest.mark.parametrize(
    ("language", "default_name"),
    [("en", "Our table"), ("de", "Unser Tisch"), ("he", "השולחן שלנו")],
)
def test_a_group_without_a_name_is_our_table_in_the_pages_language(
    tmp_path, language, default_name
):
    app = create_app(app_config(tmp_path))
    unnamed = seed(app, {"group": None, "players": GROUP_A["players"]}, games=1)
    assert unnamed["group"].name is None
    member = app.test_client()
    join_group(member, group_id=unnamed["group"].id)
    headers = {"Accept-Language": language}
    for path in ("/", f"/groups/{unnamed['group'].id}"):
        assert default_name in text_of(member.get(path, headers=headers)), path
    invited = app.test_client().get(f"/join/{unnamed['group'].invite}", headers=headers)
    assert default_name in text_of(invited)


def test_starting_a_group_makes_this_phone_its_member(tmp_path):
    app = create_app(app_config(tmp_path))
    phone = app.test_client()
    started = phone.post("/groups", data={"name": "Weekly table"})
    assert started.status_code == 302
    group_page = phone.get(started.headers["Location"])
    assert "Weekly table" in text_of(group_page)
    assert "Weekly table" in text_of(phone.get("/"))
    assert "Weekly table" not in text_of(app.test_client().get("/"))


def test_every_group_post_is_checked_for_the_csrf_token_and_a_refused_one_changes_nothing(
    tmp_path,
):
    """A forged post (no token: what another site's form sends) to each of a group's
    actions is refused 400 and changes nothing; with the page's token it is done."""
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    a = seed(app, GROUP_A, games=1)
    group_id, invite = a["group"].id, f"/join/{a['group'].invite}"
    phone = app.test_client()

    def stored():
        database = db.connect(app.config["DATABASE"])
        try:
            return db.load_group(database, group_id), len(db.list_groups(database))
        finally:
            database.close()

    before = stored()
    assert phone.post(invite).status_code == 400
    assert phone.post("/groups", data={"name": "Forged"}).status_code == 400
    assert phone.get(f"/groups/{group_id}").status_code == 404  # not joined
    assert stored() == before
    page = text_of(phone.get(invite))
    assert phone.post(invite, data={"csrf_token": csrf_of(page)}).status_code == 302
    token = csrf_of(text_of(phone.get(f"/groups/{group_id}")))
    forged = {
        f"/groups/{group_id}/rename": {"name": "Forged"},
        f"/groups/{group_id}/invite/new": {},
        f"/groups/{group_id}/leave": {},
        f"/groups/{group_id}/import": {},
    }
    for path, data in forged.items():
        assert phone.post(path, data=data).status_code == 400, path
        assert stored() == before, path
        assert phone.get(f"/groups/{group_id}").status_code == 200, path  # still a member
    renamed = phone.post(
        f"/groups/{group_id}/rename", data={"name": "Renamed", "csrf_token": token}
    )
    assert renamed.status_code == 302
    assert "Renamed" in text_of(phone.get(f"/groups/{group_id}"))
    made = phone.post(f"/groups/{group_id}/invite/new", data={"csrf_token": token})
    assert made.status_code == 302 and stored()[0].invite != a["group"].invite
    assert phone.post(f"/groups/{group_id}/leave", data={"csrf_token": token}).status_code == 302
    assert phone.get(f"/groups/{group_id}").status_code == 404


# --- view links and edit links ------------------------------------------------------------


def test_a_view_link_lets_a_phone_see_that_game_only(world):
    app, a, b = world
    member = app.test_client()
    join_group(member, group_id=a["group"].id)
    game_id = a["ids"][0]
    board = text_of(member.get(f"/games/{game_id}"))
    token = stored_game(member, game_id).view_token
    assert len(token) >= 22 and f'href="http://localhost/view/{token}"' in board
    assert f"http://localhost/games/{game_id}<" not in board
    viewer = app.test_client()
    assert viewer.get(f"/games/{game_id}").status_code == 404
    opened = viewer.get(f"/view/{token}")
    assert opened.headers["Location"] == f"/games/{game_id}"
    page = text_of(viewer.get(f"/games/{game_id}"))
    assert "Avital" in page and 'id="record"' not in page
    for path in (f"/games/{game_id}/stats", f"/games/{game_id}/print", f"/games/{game_id}/live"):
        assert viewer.get(path).status_code == 200, path
    assert viewer.get(f"/games/{game_id}/hands/new").status_code == 403
    assert viewer.post(f"/games/{game_id}/hands/new", data={}).status_code == 403
    # Nothing else: not the group's other game, its pages, nor the other group.
    assert viewer.get(f"/games/{a['ids'][1]}").status_code == 404
    assert viewer.get(f"/groups/{a['group'].id}").status_code == 404
    assert viewer.get("/history").status_code == 404
    assert viewer.get(f"/games/{b['ids'][0]}").status_code == 404
    assert "Avital" not in text_of(viewer.get("/"))
    assert viewer.get("/view/not-a-token").status_code == 404


def test_an_edit_link_still_records_hands(world):
    app, a, _b = world
    game_id, key = a["ids"][1], a["keys"][1]
    phone = app.test_client()
    assert phone.get(f"/games/{game_id}/edit/{key}").headers["Location"] == f"/games/{game_id}"
    assert phone.get(f"/games/{game_id}").status_code == 200
    form = phone.get(f"/games/{game_id}/hands/new")
    assert form.status_code == 200
    from tests.support.pages import hand_form

    saved = phone.post(f"/games/{game_id}/hands/new", data=hand_form())
    assert saved.status_code == 302
    assert "Hand 2" in text_of(phone.get(f"/games/{game_id}"))
    # The edit key is the game's, not the group's.
    assert phone.get(f"/games/{a['ids'][0]}").status_code == 404
    assert phone.get(f"/groups/{a['group'].id}").status_code == 404
    assert (
        phone.get(f"/games/{game_id}/edit/{key}x").status_code == 404
    )  # as for no game (issue 29)


# --- new games ----------------------------------------------------------------------------


def test_a_new_game_starts_in_the_group_it_is_started_from(world):
    app, a, b = world
    member = app.test_client()
    join_group(member, group_id=a["group"].id)
    gid = a["group"].id
    assert started_group(member, f"/games/new?game=israeli-whist&group={gid}") == gid
    # The browser's only group, when none is named.
    assert started_group(member, "/games/new?game=israeli-whist") == gid
    # Not a group this phone is in.
    for group in (b["group"].id, 99, "x"):
        assert member.get(f"/games/new?game=israeli-whist&group={group}").status_code == 404
        assert (
            member.post(f"/games/new?game=israeli-whist&group={group}", data=NEW_GAME).status_code
            == 404
        )
    # The new game page offers the group's names only.
    form = text_of(member.get(f"/games/new?game=israeli-whist&group={gid}"))
    assert "Avital" in form and "Xenia" not in form


def test_a_phone_in_no_group_starts_a_game_in_a_new_group_it_joins(world):
    app, a, b = world
    phone = app.test_client()
    group_id = started_group(phone, "/games/new?game=israeli-whist")
    assert group_id not in (a["group"].id, b["group"].id)
    assert phone.get(f"/groups/{group_id}").status_code == 200
    assert "Our table" in text_of(phone.get("/"))
    # A phone in two groups, naming none, gets a new group too.
    both = app.test_client()
    join_group(both, group_id=a["group"].id)
    join_group(both, group_id=b["group"].id)
    assert started_group(both, "/games/new?game=israeli-whist") not in (
        a["group"].id,
        b["group"].id,
    )


def test_a_private_game_s_404_reads_as_a_missing_game_s_and_says_how_games_open(world):
    """An old view link (``/games/<id>``, from before groups) opened by a phone that has
    not joined: the same page as for a game that never was, saying how a game opens."""
    app, a, _b = world
    stranger = app.test_client()
    private, missing = a["ids"][0], 999
    there = plain(stranger.get(f"/games/{private}"))
    absent = plain(stranger.get(f"/games/{missing}"))
    assert there.replace(str(private), "#") == absent.replace(str(missing), "#")
    assert "invite link" in there and "link a player shared" in there
    join_group(stranger, group_id=a["group"].id)
    assert stranger.get(f"/games/{private}").status_code == 200
