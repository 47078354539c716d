"""What a phone and the proxies between may keep (issue 29, findings 5 and 7), over the
real server: every page the app serves to a member, found by walking its URL map, is
``Cache-Control: private`` (and the pages of a group's data the issue found bare are
``no-store``); a request that came over HTTPS, directly or through a proxy that
``serve --proxy`` trusts, gets a ``Secure`` cookie and ``Strict-Transport-Security``;
the service worker is told to forget its pages when the phone leaves or is removed."""

from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.web import create_app
from scorekeeper.web.access import FORGET_HEADER
from tests.support.app import app_config
from tests.support.groups_privacy import Browser
from tests.support.live import SERVED, serving
from tests.support.members import joined
from tests.support.revoking import group_with_a_game
from tests.support.web.private_pages import behind_proxy, headers_of, posted, values_for

# Pages for anyone, of no group (the installable app's files, a blank sheet).
PUBLIC = {
    "offline.manifest",
    "offline.offline_page",
    "offline.service_worker",
    "games.blank_sheet",
    "static",
}
# The members' pages finding 7 found without Cache-Control, and the members pages made since.
NO_STORE = {
    "groups.group",
    "review.history",
    "review.players",
    "review.player",
    "review.ratings",
    "review.import_group",
    "groups.leave_group",
    "games.home",
    "games.new_game",
    "games.game_sheet",
    "review.game_statistics",
    "games.revisions",
    "games.why",
    "review.details",
    "groups.members",
    "groups.remove_member",
}


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("private")) as base:
        group, game = group_with_a_game(base)
        ann = joined(base, group["id"], "Ann")
        ben = joined(base, group["id"], "Ben")
        yield base, group, game, ann, ben


def test_every_page_a_member_opens_is_private_and_group_pages_are_never_stored(club):
    base, group, game, ann, _ben = club
    app = create_app(app_config(Path(SERVED[base]).parent))
    values = values_for(base, group, game)
    seen = set()
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        missing = set(rule.arguments) - set(values)
        assert not missing, f"{rule.rule}: give this test a value for {missing}"
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: values[m.group(1)], rule.rule)
        path = path.replace("any(json, csv):", "")
        status, headers = headers_of(ann, path)
        assert status < 500, path
        control = headers.get("Cache-Control", "")
        if rule.endpoint in PUBLIC:
            continue
        seen.add(rule.endpoint)
        assert control.startswith("private"), (path, status, control)
        if rule.endpoint in NO_STORE:
            assert control == "private, no-store", (path, status, control)
    assert seen >= NO_STORE


def test_https_through_a_trusted_proxy_gets_a_secure_cookie_and_hsts(tmp_path):
    with behind_proxy(tmp_path) as base:
        for proto, secure in (("https", True), ("http", False)):
            request = urllib.request.Request(base + "/", headers={"X-Forwarded-Proto": proto})
            with urllib.request.urlopen(request, timeout=30) as answer:
                answer.read()
                cookie = answer.headers.get("Set-Cookie", "")
                hsts = answer.headers.get("Strict-Transport-Security")
            assert cookie.startswith("session="), cookie
            assert ("; Secure" in cookie) is secure, cookie
            assert (hsts == "max-age=31536000") is secure, hsts


def test_https_straight_to_the_app_gets_them_and_plain_http_does_not(tmp_path):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    for base_url, secure in (("https://cards.example", True), ("http://cards.example", False)):
        answer = app.test_client().get("/", base_url=base_url)
        assert ("Secure" in answer.headers.get("Set-Cookie", "")) is secure
        assert ("Strict-Transport-Security" in answer.headers) is secure


def test_the_worker_forgets_its_pages_after_leaving_or_a_removal(club):
    base, group, game, _ann, _ben = club
    leaver = joined(base, group["id"], "Eli")
    removed = joined(base, group["id"], "Fay")
    remover = joined(base, group["id"], "Gil")
    assert FORGET_HEADER not in headers_of(leaver, "/")[1]
    assert posted(leaver, f"/groups/{group['id']}/leave").get(FORGET_HEADER) == "1"
    # The home page the leave ended on carried it; the next page does not again.
    assert FORGET_HEADER not in headers_of(leaver, "/")[1]
    _, page = remover.get(f"/groups/{group['id']}/members")
    fay = re.search(r"/members/(\d+)/remove", page.split("Fay")[1]).group(0)
    assert remover.post_form(f"/groups/{group['id']}{fay}", {})[0] == 200
    # A live poll or a script's fetch is no page the worker sees: the news waits for one.
    poll = urllib.request.Request(f"{base}/", headers={"Sec-Fetch-Mode": "cors"})
    with removed.opener.open(poll, timeout=30) as answer:
        answer.read()
        assert FORGET_HEADER not in answer.headers
    status, headers = headers_of(removed, "/")
    assert status == 200 and headers.get(FORGET_HEADER) == "1"
    assert FORGET_HEADER not in headers_of(removed, "/")[1]
    worker = Browser(base).get("/sw.js")[1]
    assert f'const FORGET = "{FORGET_HEADER}";' in worker
    assert "caches.delete(PAGES)" in worker
