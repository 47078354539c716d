"""Load and sync findings of issue 42 (1, 7, 9, 12, and the limits as documented), over the
real waitress server of ``scorekeeper serve``:

- finding 1: an offline batch's work is bounded (each hand once, at most one replacement
  of a stored hand), and a batch that replaces one is heavy work (503 while the slots are
  taken, in the table's words);
- finding 7: "Keep this one" replaces only the version it was shown;
- finding 9: IPv6 clients are counted per /64;
- finding 12: the same batch sent twice at once is recorded once, and neither answer is a
  clash;
- rates are counted per server, not per worker; ``--phones-per-address`` raises them for a
  club behind one address.

How long other groups wait under the batch attack is measured by ``benchmarks/attack.py
--attack batch``, not here.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from scorekeeper.cli import server
from scorekeeper.limits import MOST_PHONES_PER_ADDRESS
from scorekeeper.web import throttle
from tests.support.cli.attack_limits import (
    editing_phone,
    hand,
    new_group,
    queued,
    serve,
    stored_hands,
)
from tests.support.serve_workers import free_port
from tests.support.stranger import ask, served


@pytest.fixture
def base(tmp_path) -> Iterator[str]:
    with served(tmp_path) as (found, _app):
        yield found


# --- finding 1: a batch's work is bounded -----------------------------------------------


def test_a_batch_replacing_one_hand_a_hundred_times_is_refused_whole(base):
    """The attack's batch: hand 1 replaced a hundred times, each naming the revision the
    one before made. Each replacement recomputed every later hand inside the write lock;
    now a hand is sent once a batch, and nothing is saved."""
    phone, game_id, _key = editing_phone(base)
    assert phone.send(game_id, queued(1, 40))[0] == 200
    before = stored_hands(base, game_id)
    replacing = [
        {"number": 1, "after": 0, "hand": hand(1, k % 2 + 1), "replace": True, "revision": 1 + k}
        for k in range(100)
    ]
    status, answer, _headers = phone.send(game_id, replacing)
    assert status == 400, answer
    assert answer["field"] == "hands[1].number"
    assert "hand 1 is sent twice, as hands[0] and hands[1]" in answer["error"]
    assert stored_hands(base, game_id) == before


def test_a_batch_replaces_at_most_one_stored_hand(base):
    """Replacements of hands 1 to 30, each recomputing every later hand, are refused
    whole; the phone's own batch (a correction of one hand, then new hands) is saved."""
    phone, game_id, _key = editing_phone(base)
    assert phone.send(game_id, queued(1, 40))[0] == 200
    before = stored_hands(base, game_id)
    replacing = [
        {"number": n, "after": 0, "hand": hand(n, 1), "replace": True, "revision": 1}
        for n in range(1, 31)
    ]
    status, answer, _headers = phone.send(game_id, replacing)
    assert status == 400, answer
    assert answer["field"] == "hands[1].replace"
    assert "at most 1 hand may replace a stored one in a batch" in answer["error"]
    assert stored_hands(base, game_id) == before

    version = phone.snapshot(game_id)["version"]
    correction = {"number": 3, "after": 0, "hand": hand(3, 1), "replace": True, "revision": 1}
    status, answer, _headers = phone.send(game_id, [correction, *queued(41, 43, version)])
    assert status == 200, answer
    assert [(h["number"], h["outcome"]) for h in answer["saved"]] == [
        (3, "replaced"),
        (41, "saved"),
        (42, "saved"),
        (43, "saved"),
    ]


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_batch_that_replaces_a_hand_waits_for_heavy_work_or_is_told_to_come_back(
    tmp_path, language
):
    """A batch that replaces a stored hand is heavy work: while the server's heavy slots
    are taken (and the one waiting place), it is answered 503 with ``Retry-After``, in the
    page's language, and nothing is saved; a batch of new hands is saved meanwhile."""
    with served(tmp_path) as (found, app):
        phone, game_id, _key = editing_phone(found)
        assert phone.send(game_id, queued(1, 5))[0] == 200
        before = stored_hands(found, game_id)
        heavy = app.extensions["scorekeeper.heavy"]
        held = [files.take() for files in (heavy.slots, heavy.waiting) for _ in files.paths]
        assert None not in held
        try:
            item = {"number": 2, "after": 0, "hand": hand(2, 1), "replace": True, "revision": 1}
            headers = {"Accept-Language": language}
            status, answer, headers = phone.send(game_id, [item], **headers)
            assert status == 503, answer
            assert headers["Retry-After"] == str(throttle.HEAVY_RETRY_SECONDS)
            assert answer["error"].startswith("The server is busy with other phones' changes")
            if language == "he":
                assert answer["message"].startswith("השרת עסוק בשינויים של טלפונים אחרים")
            else:
                assert answer["message"] == answer["error"]
            assert stored_hands(found, game_id) == before
            version = phone.snapshot(game_id)["version"]
            assert phone.send(game_id, queued(6, 7, version))[0] == 200
        finally:
            for lock in held:
                lock.release()
        assert phone.send(game_id, [item])[0] == 200


# --- finding 7: "Keep this one" replaces only the version it was shown ------------------


def test_keeping_this_phones_version_does_not_overwrite_a_later_correction(base):
    """Phone A recorded hand 1 offline; phone B recorded another hand 1 online. A is shown
    both (revision 1 on the server), and meanwhile B corrects its hand (revision 2). A's
    "Keep this one" named no revision and silently won; now it is shown the two again,
    the server's being the correction, which stays."""
    phone, game_id, edit_key = editing_phone(base)
    auth = {"Authorization": f"Bearer {edit_key}"}
    assert ask(base, "POST", f"/api/games/{game_id}/hands", hand(1, 2), auth)[0] == 201
    offline = {"number": 1, "after": 0, "hand": hand(1, 1)}
    status, answer, _headers = phone.send(game_id, [offline])
    assert status == 409 and answer["conflict"]["server"]["revision"] == 1
    assert ask(base, "PUT", f"/api/games/{game_id}/hands/1", hand(1, 3), auth)[0] == 200

    shown_again = [
        ({**offline, "replace": True}, "hands[0].number", "recorded on another phone"),
        (
            {**offline, "replace": True, "revision": 1},
            "hands[0].revision",
            "Hand 1 was changed on another phone since it was shown here. Choose again",
        ),
    ]
    for kept, field, said in shown_again:
        status, answer, _headers = phone.send(game_id, [kept])
        assert status == 409, answer
        assert answer["field"] == field and said in answer["message"]
        assert answer["conflict"]["server"]["hand"] == hand(1, 3)
        assert answer["conflict"]["server"]["revision"] == 2
        assert answer["conflict"]["phone"]["hand"] == hand(1, 1)
        assert [(n, r) for n, r, _h in stored_hands(base, game_id)] == [(1, 2)]

    # Kept over the version now shown, this phone's wins; the correction is a revision.
    status, answer, _headers = phone.send(game_id, [{**offline, "replace": True, "revision": 2}])
    assert status == 200, answer
    assert answer["saved"][0]["outcome"] == "replaced"
    assert stored_hands(base, game_id) == [(1, 3, json.dumps(hand(1, 1)))]


# --- finding 12: a phone's own retry is not a clash -------------------------------------


def test_the_same_batch_sent_twice_at_once_is_recorded_once_and_never_a_clash(base):
    """A phone that sends its queue again before the first answer came (its own retry):
    both answers say the hands are recorded (saved by one, unchanged for the other),
    neither says another phone recorded them, and each hand is stored once."""
    phone, game_id, _key = editing_phone(base)
    clashes = []
    last = 0
    for _round in range(6):
        batch = queued(last + 1, last + 20, phone.snapshot(game_id)["version"])
        answers: list[tuple[int, dict, dict]] = []
        start = threading.Barrier(2)

        def send(batch=batch, answers=answers, start=start) -> None:
            start.wait()
            answers.append(phone.send(game_id, batch))

        senders = [threading.Thread(target=send) for _ in range(2)]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(60)
        clashes += [answer for status, answer, _h in answers if status == 409]
        for status, answer, _headers in answers:
            if status == 200:
                outcomes = {h["outcome"] for h in answer["saved"]}
                assert len(answer["saved"]) == 20 and outcomes <= {"saved", "unchanged"}
        last += 20
    assert clashes == []
    stored = stored_hands(base, game_id)
    assert [(n, r) for n, r, _h in stored] == [(n, 1) for n in range(1, last + 1)]


# --- finding 9: IPv6 per /64 -------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "client"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:1:2:3", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("fe80::1%eth0", "fe80::/64"),
        ("not an address", "not an address"),
    ],
)
def test_a_client_is_an_ipv4_address_or_an_ipv6_64(address, client):
    assert throttle.client_of(address) == client


def test_addresses_of_one_ipv6_64_share_one_budget_behind_a_proxy(tmp_path):
    """One home line's /64 holds 2^64 addresses: twelve of them started twelve groups.
    Now the sixth is refused, and a neighbour's /64 starts its own."""
    with served(tmp_path, RATE_LIMITS=throttle.RATES, proxy=1) as (found, _app):
        statuses = [
            ask(found, "POST", "/api/groups", {}, {"X-Forwarded-For": f"2001:db8:1:2::{n:x}"})[0]
            for n in range(1, 13)
        ]
        assert statuses == [201] * 5 + [429] * 7
        other = {"X-Forwarded-For": "2001:db8:1:3::1"}
        assert ask(found, "POST", "/api/groups", {}, other)[0] == 201


# --- the limits as documented: per server, and raised for a club ------------------------


def test_workers_give_a_client_one_servers_budget(tmp_path):
    """Two workers each counted their own: a client whose two keep-alive connections are
    held by the two workers started ten groups. Now five, as from one worker."""
    with serve(tmp_path, "--workers", "2") as port:
        first = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        first.connect()
        second = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        second.connect()
        try:
            statuses = [new_group(phone) for _ in range(6) for phone in (first, second)]
        finally:
            first.close()
            second.close()
        assert statuses.count(201) == throttle.RATES["group"].burst
        assert statuses[-1] == 429


def test_what_one_worker_counts_every_worker_sees(app, tmp_path):
    """A client's burst spent in one worker is spent in the others, and a heavy slot
    taken in one is taken in all while it holds it: each worker used to count its own."""
    buckets = throttle.Buckets(throttle.RATES["group"], tmp_path / "locks")
    slots = app.extensions["scorekeeper.heavy"].slots
    done, told = os.pipe()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # a worker: spends the burst, holds every slot until told to end
        code = 1
        try:
            os.close(read)
            waits = [buckets.take("203.0.113.7", 0.0) for _ in range(5)]
            held = [slots.take() for _ in slots.paths]
            took = waits == [0.0] * 5 and None not in held
            os.write(write, b"1" if took else b"0")
            os.read(done, 1)
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    try:
        assert os.read(read, 1) == b"1"
        assert buckets.take("203.0.113.7", 1.0) > 0
        assert buckets.take("203.0.113.8", 1.0) == 0
        assert slots.take() is None
    finally:
        os.write(told, b"x")
        os.waitpid(pid, 0)
        for end in (read, done, told):
            os.close(end)
    # The worker gone, what it held is free again.
    held = slots.take()
    assert held is not None
    held.release()


def test_the_shared_table_stays_bounded_and_forgets_the_least_recently_seen_first(tmp_path):
    rate = throttle.RATES["group"]
    buckets = throttle.Buckets(rate, tmp_path, most=16)
    assert [buckets.take("203.0.113.7", 0.0) for _ in range(6)][-1] > 0
    assert buckets.take("203.0.113.8", 1.0) == 0  # a newcomer does not free the spender
    assert buckets.take("203.0.113.7", 2.0) > 0
    for n in range(200):  # a crowd since: the spender is the least recently seen
        buckets.take(f"198.51.100.{n}", 3.0 + n / 1000)
    assert len(buckets._keys) == 16
    assert buckets.take("203.0.113.7", 4.0) == 0


@pytest.mark.parametrize("how", ["option", "environment"])
def test_a_host_raises_the_limits_for_a_club_behind_one_address(tmp_path, how):
    options = ("--phones-per-address", "3") if how == "option" else ()
    env = {"SCOREKEEPER_PHONES_PER_ADDRESS": "3"} if how == "environment" else {}
    with serve(tmp_path, *options, env=env) as port:
        club = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            statuses = [new_group(club) for _ in range(16)]
        finally:
            club.close()
    assert statuses == [201] * 15 + [429]


@pytest.mark.parametrize(
    "given", ["0", "-2", "three", "2.5", "³", str(MOST_PHONES_PER_ADDRESS + 1)]
)
def test_a_number_of_phones_per_address_that_is_not_one_stops_serve_naming_it(tmp_path, given):
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(free_port())]
        + ["--db", str(tmp_path / "never.db"), "--phones-per-address", given],
        capture_output=True,
        text=True,
        env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test"},
        timeout=60,
    )
    assert result.returncode == 2
    assert "--phones-per-address" in result.stderr
    assert f"give a whole number from 1 to {MOST_PHONES_PER_ADDRESS}" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "never.db").exists()


def test_the_connections_per_address_grow_with_the_phones_within_the_servers_limit():
    assert server.connections_per_address(1) == server.CONNECTIONS_PER_ADDRESS
    assert server.connections_per_address(3) == 3 * server.CONNECTIONS_PER_ADDRESS
    assert server.connections_per_address(MOST_PHONES_PER_ADDRESS) == server.CONNECTION_LIMIT
