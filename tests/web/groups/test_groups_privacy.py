"""A stranger's crawl, and a member of another group's, over the real server (issue 21):
every route the docs list (guide.md, api.md), pages and API, every game id from 1 past the highest,
every player's name, both exports. Nothing of a group may come back to anyone outside it:
no player's name, no game's name or notes, no group's name, no hand.

The games are made through the API as a table would: two groups, each with games of
every registered game, names and notes that appear nowhere else."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest

from tests.support.groups_privacy import Browser, call
from tests.support.live import serving
from tests.support.web.groups.groups_privacy import (
    GROUP_NAMES,
    SECRET_NAMES,
    Club,
    crawl,
    made_club,
)


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> Iterator[tuple[str, dict[str, Club]]]:
    with serving(tmp_path_factory.mktemp("privacy")) as base:
        yield base, {label: made_club(base, label) for label in ("A", "B")}


def test_a_stranger_sees_nothing_of_any_group(world):
    base, clubs = world
    assert crawl(Browser(base), list(clubs.values()), clubs) == []


def test_a_member_of_one_group_sees_nothing_of_the_other(world):
    base, clubs = world
    member = Browser(base)
    path = urllib.parse.urlparse(clubs["A"].join_url).path
    status, _ = member.post_form(path, {})
    assert status == 200
    # The member reads their own group's games…
    status, page = member.get(f"/groups/{clubs['A'].id}")
    assert status == 200 and GROUP_NAMES["A"] in page
    status, page = member.get(f"/games/{clubs['A'].games[0]}")
    assert status == 200 and SECRET_NAMES["A"][0] in page
    evening = f"/groups/{clubs['A'].id}/evenings/{clubs['A'].games[0]}"
    status, page = member.get(evening)
    assert status == 200 and SECRET_NAMES["A"][0] in page
    # None of its games has finished: no result to send yet, said in words.
    assert member.get(evening + "/result")[0] == 409
    # …and nothing of the other's, wherever it looks.
    assert crawl(member, [clubs["B"]], clubs) == []


def test_the_api_lists_nothing_without_a_group_key_and_only_its_group_with_one(world):
    base, clubs = world
    status, answer = call(base, "GET", "/api/games?limit=500")
    assert status == 401 or answer.get("games") == []
    status, answer = call(
        base, "GET", f"/api/games?limit=500&group={clubs['A'].id}", None, clubs["A"].key
    )
    assert status == 200
    assert {g["id"] for g in answer["games"]} == set(clubs["A"].games)
    status, _ = call(base, "GET", f"/api/groups/{clubs['B'].id}", None, clubs["A"].key)
    assert status in (401, 403, 404)
    # A game's edit key is no group key.
    status, _ = call(base, "GET", f"/api/groups/{clubs['A'].id}", None, "x" * 24)
    assert status in (401, 403, 404)


def test_a_players_page_answers_a_stranger_alike_whether_the_name_exists_or_not(world):
    base, clubs = world
    stranger = Browser(base)
    for route in ("/players/{name}", f"/groups/{clubs['A'].id}/players/{{name}}"):
        real = stranger.get(route.format(name=urllib.parse.quote("Zephyrine Alpha")))
        made_up = stranger.get(route.format(name=urllib.parse.quote("Nobodyat Allhere")))
        assert real[0] == made_up[0] == 404
        assert real[1].replace("Zephyrine Alpha", "X") == made_up[1].replace(
            "Nobodyat Allhere", "X"
        )
