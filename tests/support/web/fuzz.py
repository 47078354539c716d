"""Helpers of tests/web/test_fuzz.py."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import random
import re
import sqlite3
import time
from dataclasses import dataclass
from urllib.parse import quote, urlencode, urlsplit

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from wtforms.fields.core import UnboundField

from scorekeeper import db, game_play, transfer
from scorekeeper.cli import entry
from scorekeeper.cli.commands import hand_options
from scorekeeper.engine import GAMES
from scorekeeper.engine.israeli_whist import KNOBS, PRESETS, record_from_dict
from scorekeeper.web import create_app
from scorekeeper.web.api import routes as api
from scorekeeper.web.games.forms import HandForm, NewGameForm
from scorekeeper.web.groups.forms import StartGroupForm
from scorekeeper.web.offline import phone_engine
from scorekeeper.web.review.forms import GameDetailsForm
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES, app_config, game_in_new_group
from tests.support.game_page_matrix import simulated_hands
from tests.support.pages import hand_form

SEED = int(os.environ.get("SCOREKEEPER_FUZZ_SEED") or random.SystemRandom().randrange(2**32))


SCALE = float(os.environ.get("SCOREKEEPER_FUZZ_EXAMPLES") or 1)


TIME_BUDGET = 40.0  # seconds for the whole module, shared out below


@dataclass
class Tally:
    """What the fuzz tests sent, for the line printed at the end of the module."""

    requests: int = 0
    server_errors: int = 0
    imports: int = 0
    imported: int = 0
    commands: int = 0
    tracebacks: int = 0
    round: int = 0


TALLY = Tally()


FUZZ_SETTINGS = settings(
    deadline=None,  # a loaded machine is slow; speed is not what is tested here
    database=None,  # runs are replayed by seed, and the repository stays clean
    print_blob=True,  # a failure prints @reproduce_failure for its example
    derandomize=False,  # explore: every run draws new inputs
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        # One app and database per test, growing over its examples, on purpose: like a
        # real server, state left by one request meets the next.
        HealthCheck.function_scoped_fixture,
    ],
)


ROUND = 100


ODD_NUMBERS = [
    "--1", "+-1", "-0", "+7", " 7 ", "7\n", "²", "٣", "３", "١٣", "1_000", "7.0", "1e2",
    "0x1F", "NaN", "Infinity", "-Infinity", "\u00a07", "7\u200b", "0" * 50 + "1",
    "9" * 18, "9" * 19, "-" + "9" * 19, "9223372036854775808",
    "-1", "0", "3", "4", "13", "14", "100000", "",
    # digits to str.isdigit() that int() refuses, and some it reads
    "¹", "²³", "①", "⑴", "𝟚", "߁",
]  # fmt: skip


# Long values are drawn by length, so a failure report does not print them whole.
long_digits = st.sampled_from([19, 400, 4300, 4301, 5000, 20000]).map(lambda n: "9" * n)


ODD_TEXT = [
    " ", "random", "7C", "9NT", "²C", "٧C", "13NT", "5♠", "<b>x</b>",
    "\x00", "%00", "../../etc/passwd", "left", "dealer", "yes", "no", "true", "on",
    "2024-05-01", "2024-13-45", "2024-05-01T20:00:00", "Noa", "South",
    "\u202e", "\ud800".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
]  # fmt: skip


number_text = st.one_of(
    st.sampled_from(ODD_NUMBERS),
    long_digits,
    long_digits.map(lambda digits: "-" + digits),
    st.integers(-20, 20).map(str),
    st.from_regex(r"\A[+-]{0,2}[0-9]{1,25}\Z"),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),
)


text_value = st.one_of(
    number_text,
    st.sampled_from(ODD_TEXT),
    st.text(max_size=30),
    long_digits.map(lambda digits: digits.replace("9", "7") + "C"),
    st.integers(31, 5000).map(lambda n: "x" * n),
)


json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(0, 14),
    st.integers(-(10**30), 10**30),
    st.floats(),
    text_value,
)


json_value = st.recursive(
    json_scalar,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@functools.cache
def _sampled(values: tuple) -> st.SearchStrategy:
    return st.sampled_from(values)


def sampled(values) -> st.SearchStrategy:
    """``st.sampled_from(values)``, the same strategy each time for the same values: one
    made anew at each draw is validated and labelled anew by Hypothesis (a tenth of the
    fuzz's time), and draws the same values as this one."""
    return _sampled(tuple(values))


@st.composite
def deep_json(draw) -> str:
    """Nesting deep enough to test any limit, and sometimes never closed."""
    depth = draw(sampled([33, 100, 990, 1000, 5000, 20000]))
    opener, closer = draw(sampled([("[", "]"), ('{"a":', "}"), ('{"contracts":[', "]}")]))
    closed = draw(st.booleans())
    return opener * depth + ("1" + closer * depth if closed else "")


@st.composite
def long_number_json(draw) -> str:
    digits = draw(sampled([19, 400, 4300, 4301, 5000, 20000]))
    key = draw(sampled(["declarer", "number", "revision", "frisch_rounds", "target"]))
    sign = draw(sampled(["", "-"]))
    return json.dumps({**WORKED_EXAMPLE, key: 0}).replace(
        f'"{key}": 0', f'"{key}": {sign}' + "9" * digits
    )


raw_body = st.one_of(
    deep_json().map(str.encode),
    long_number_json().map(str.encode),
    st.binary(max_size=300),
    st.text(max_size=300).map(str.encode),
    sampled([b"", b"null", b"[]", b'"x"', b"{", b"\xff\xfe", b"NaN", b"-"]),
    long_digits.map(str.encode),
)


content_types = sampled(
    [
        "application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "text/plain",
        "application/json; charset=latin-1",
        "application/merge-patch+json",
        "",
        "\u00e9/\u00e9",
    ]
)


def form_fields(form) -> list[str]:
    """Every field a form class declares, those added after the class too."""
    return [name for name in dir(form) if isinstance(getattr(form, name, None), UnboundField)]


FORM_FIELDS = sorted(
    {*form_fields(NewGameForm), *form_fields(HandForm), *form_fields(GameDetailsForm)}
    | {*form_fields(StartGroupForm), "csrf_token", "language", "next", "label", "name"}
)


# Every registered game's new-game body and a few of its hands, drawn from its own
# simulation through the registry (no game is listed by hand).
GAME_NAMES = ["Noa", "Avi", "Dana", "Gil", "Tal", "Ori", "Shir", "Lior"]


@functools.cache
def hand_bodies() -> dict[str, list[dict]]:
    """Each game's hands, simulated when a test first asks (not as the module is imported:
    every worker of a parallel run collects it, and only one runs its tests)."""
    return {key: simulated_hands(game, 3, long=True) for key, game in GAMES.items()}


@functools.cache
def json_fields() -> list[str]:
    names = {name for hands in hand_bodies().values() for hand in hands for name in hand}
    return sorted(
        api.GAME_FIELDS | api.HAND_FIELDS | api.DETAIL_FIELDS | {"thrown_in", "name"} | names
    )


def fuzz(body, examples: int, share: float) -> None:
    """Runs ``body(data)`` on ``examples`` Hypothesis examples (times SCALE), starting no
    new round of them once ``share`` of TIME_BUDGET is spent.

    Hypothesis has no time limit, and an example that stops drawing because of the clock
    is "inconsistent data generation" to it; so the examples run in rounds of ROUND, round
    ``k`` seeded ``SEED + k``: a replay with the same seed runs the same rounds in order.
    """
    wanted = max(1, int(examples * SCALE))
    json_fields()  # the games' hands simulated before the clock starts, not in its share
    ends = time.monotonic() + share * TIME_BUDGET

    def example(data) -> None:
        body(data)

    done = 0
    while done < wanted and time.monotonic() < ends:
        count = min(ROUND, wanted - done)
        TALLY.round = done // ROUND
        run = settings(FUZZ_SETTINGS, max_examples=count)(given(st.data())(example))
        seed(SEED + TALLY.round)(run)()
        done += count


QUERY_NAMES = [
    "status", "contracts", "tricks", "revokes", "player", "from", "to", "rules", "show",
    "page", "before", "after", "limit", "offset", "next", "lang", "format",
    # read by routes added since (issue 42: ?group=² was a 500 on /games/new)
    "group", "game", "view", "explain", "hands_after", "revision", "all", "number",
]  # fmt: skip


# The query parameters routes added since read, by route: drawn for them more often.
ROUTE_QUERIES = {
    "games.new_game": ["group", "game", "rules"],
    "api.games": ["group", "limit", "status", "before"],
    "api.game": ["hands_after", "limit", "explain", "view"],
    "games.scoreboard": ["all", "group"],
    "games.revisions": ["number", "revision"],
    "groups.group": ["show"],
    "games.rules": ["rules"],
}


QUERY_NUMBERS = {"group", "limit", "hands_after", "revision", "number", "page", "explain"}


SCORE_QUERY = {"contracts": "2,3,7,0", "tricks": "0,3,8,2", "revokes": "0,0,0,0"}


ITEM_NAMES = ["number", "after", "hand", "replace", "revision"]


SEAT_FIELDS = {"contracts", "tricks", "revokes"}


json_number = st.one_of(
    number_text, st.integers(-(10**30), 10**30), st.floats(), st.booleans(), st.none()
)


@st.composite
def seat_list(draw, values) -> list:
    """Four values, mostly good ones with one or two odd ones, sometimes the wrong count."""
    seats = [draw(st.integers(0, 13)) for _ in range(draw(sampled([4, 4, 4, 0, 3, 5])))]
    for _ in range(draw(st.integers(1, 2)) if seats else 0):
        seats[draw(st.integers(0, len(seats) - 1))] = draw(values)
    return seats


@dataclass
class World:
    app: object
    client: object
    game_ids: list[int]
    keys: dict[int, str]
    group_ids: list[int]
    member_ids: list[int]

    @functools.cached_property
    def engine(self) -> dict[str, str]:
        """The phone engine's files as its pages name them: Pyodide's version, and the
        digests of the engine's zip and of its worker (built on first use only)."""
        with self.app.test_request_context():
            urls = phone_engine.urls()
        return {
            "version": phone_engine.PYODIDE_VERSION,
            "zip": urls["engine"].rsplit("scorekeeper-", 1)[1].removesuffix(".zip"),
            "worker": urls["worker"].rsplit("worker-", 1)[1].removesuffix(".js"),
        }


def routes(app) -> list[tuple[str, str, str]]:
    """(rule, method, endpoint) for every route the app has, HEAD and OPTIONS aside; those
    that read a body or numbers from the query come four times, to be drawn more often."""
    found = sorted(
        (rule.rule, method, rule.endpoint)
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    )
    takes_input = [
        route
        for route in found
        if route[1] != "GET"
        or route[2] in ("api.score", "review.history", "review.players", *ROUTE_QUERIES)
    ]
    return found + takes_input * 3


def check(response, what: str) -> None:
    """Counts the request; fails on a 5xx answer or a traceback in the body."""
    TALLY.requests += 1
    body = response.get_data()
    response.close()  # a static file's answer holds the file open until closed
    if response.status_code >= 500:
        TALLY.server_errors += 1
    # A page, a message or a script may show a traceback; a file of the app's own (the
    # engine's zip holds Python sources that name one) is no answer to the request.
    shown = not response.mimetype.startswith(("application/zip", "application/wasm"))
    traceback = shown and b"Traceback" in body
    if traceback:
        TALLY.tracebacks += 1
    assert response.status_code < 500 and not traceback, (
        f"{what} answered {response.status_code}: {body[:300]!r} "
        f"(SCOREKEEPER_FUZZ_SEED={SEED}, round {TALLY.round})"
    )


_ARG = re.compile(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>")


@st.composite
def path_of(draw, rule: str, world: World) -> str:
    """The rule's URL with every argument filled in: mostly real, sometimes tampered."""

    def value(match: re.Match) -> str:
        converter, name = match.group(1) or "string", match.group(2)
        tampered = draw(st.integers(0, 3)) == 0
        if converter == "int" and not tampered:
            known = [*world.game_ids, *world.group_ids, *world.member_ids, 1, 2, 3]
            return str(draw(sampled(known)))
        if name == "version" and not tampered:
            return world.engine["version"]
        if name == "digest" and not tampered:
            return world.engine["zip" if rule.endswith(".zip") else "worker"]
        if name == "name" and "pyodide" in rule and not tampered:
            # Pyodide's small files (its 10 MB ones would only slow the fuzz down).
            return draw(sampled(["pyodide.js", "pyodide-lock.json", "nope.js"]))
        if converter == "any" and not tampered:
            return draw(sampled(["json", "csv"]))
        if name == "key" and not tampered:
            return world.keys[world.game_ids[0]]
        if name == "game" and not tampered:
            return draw(sampled(sorted(GAMES)))
        if name == "name" and not tampered:
            return quote(draw(sampled(SEAT_NAMES)))
        if name == "filename" and not tampered:
            return draw(sampled(["app.css", "app.js", "../scorekeeper/db.py", "nope"]))
        return quote(draw(st.one_of(number_text, text_value)), safe="")

    return _ARG.sub(value, rule)


def export_document(tmp_path) -> dict:
    """An export of three games: played and thrown-in hands, an edit, a deletion, a winner."""
    database = db.migrate(str(tmp_path / "source.db"))
    pagat = PRESETS["pagat-german"]
    first, _ = game_in_new_group(
        database,
        SEAT_NAMES,
        "pagat-german",
        pagat,
        0,
    )
    for hand in (WORKED_EXAMPLE, {"thrown_in": True}, WORKED_EXAMPLE):
        game_play.add_hand(database, first, record_from_dict(pagat, hand))
    game_play.replace_hand(
        database, first, 3, record_from_dict(pagat, {**WORKED_EXAMPLE, "revokes": [0, 1, 0, 0]})
    )
    game_play.add_hand(database, first, record_from_dict(pagat, WORKED_EXAMPLE))
    game_play.delete_last_hand(database, first, 4)
    db.set_game_details(database, first, "Friday", "At Noa's")
    second, _ = game_in_new_group(
        database,
        ["Ann", "Bob", "Cy", "Dee"],
        "pagat-german",
        pagat.with_changes({"target": 15}),
        1,
    )
    game_play.add_hand(database, second, record_from_dict(pagat, WORKED_EXAMPLE))
    standard = PRESETS["standard"]
    third, _ = game_in_new_group(
        database,
        ["Noa", "Gil", "Tal", "Ori"],
        "standard",
        standard,
        3,
    )
    game_play.add_hand(
        database, third, record_from_dict(standard, {"thrown_in": True, "frisch_rounds": 3})
    )
    document = json.loads(transfer.export_json(database))
    database.close()
    return document


ODD_TIMES = [
    "2024-05-01T20:00:00",
    "2024-05-01",
    "yesterday",
    "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59-05:00",
    "2024-05-01T20:00:00+14:00",
]


@st.composite
def mutated_document(draw, document: dict):
    """The export with one to three values deep inside it replaced, removed or added."""
    copy = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 3))):
        parent, key = None, None
        node = copy
        while isinstance(node, dict | list) and node and draw(st.integers(0, 4)) > 0:
            parent = node
            key = draw(sampled(sorted(node) if isinstance(node, dict) else range(len(node))))
            node = node[key]
        if parent is None:
            continue
        action = draw(st.integers(0, 9))
        if action == 0 and isinstance(parent, dict):
            del parent[key]
        elif action == 1 and isinstance(parent, dict):
            parent[draw(sampled([*json_fields(), *KNOBS, "created_at", "x"]))] = draw(json_value)
        elif action == 2:
            parent[key] = draw(sampled(ODD_TIMES))
        else:
            parent[key] = draw(json_value)
    return json.dumps(copy, ensure_ascii=draw(st.booleans()))


def files_from(document: dict):
    """Import files: the export mutated (most often), nested deep, or any text at all."""
    raw = raw_body.map(lambda body: body.decode("utf-8", "replace"))
    return st.one_of(mutated_document(document), mutated_document(document), deep_json(), raw)


def import_with_the_command(text: str, files, world: World) -> None:
    TALLY.commands += 1
    path = files / "games.json"
    path.write_text(text, encoding="utf-8", errors="replace")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = entry(["import", str(path), "--db", world.app.config["DATABASE"]])
    if "Traceback" in err.getvalue():
        TALLY.tracebacks += 1
    assert code in (0, 2) and "Traceback" not in err.getvalue(), (code, err.getvalue()[:500])
    if code == 2:
        assert err.getvalue().startswith("scorekeeper: error: ")
        assert err.getvalue().count("\n") == 1
    else:
        TALLY.imported += 1
        check(
            world.client.get("/history", follow_redirects=True), "/history after the import command"
        )


def typed_options(data, game) -> list[str]:
    """``scorekeeper score --game KEY`` with some of the game's own options (as the command
    line lists them for it), each given an odd value: a number, a list, text, a flag."""
    values = seat_list(number_text).map(lambda v: ",".join(map(str, v))) | text_value
    args = ["score", f"--game={game.key}"]
    for option in hand_options(game):
        if data.draw(st.booleans()):
            args.append(option.option if option.flag else f"{option.option}={data.draw(values)}")
    names = [knob.name for knob in game.preset(game.default_preset).knobs_for_table()]
    knob = data.draw(st.none() | st.tuples(sampled([*names, "nonsense"]), text_value))
    return args + ([] if knob is None else [f"--set={knob[0]}={knob[1]}"])


GAME_BODIES = {
    key: {"game": key, "players": GAME_NAMES[: game.seats], "first_dealer": 0}
    for key, game in GAMES.items()
}


def api_bodies(endpoint: str, game: str) -> dict | None:
    """A valid JSON body for an API endpoint, in the registered game ``game`` where it
    takes a game or a hand, to mutate; None when it takes none."""
    return {
        "api.create_game": GAME_BODIES[game],
        "api.create_group": {"name": "Thursday"},
        "api.add_hand": hand_bodies()[game][0],
        "api.replace_hand": hand_bodies()[game][-1],
        "api.preview": hand_bodies()[game][1],
        "api.update_game": {"name": "Friday", "notes": "At Noa's"},
    }.get(endpoint)


def make_world(tmp_path) -> World:
    """An app with two games (hands recorded), its client holding one game's edit key, and
    a group the client is a member of, holding a game of every registered game (hands
    recorded, the client holding each edit key)."""
    app = create_app(app_config(tmp_path))
    client = app.test_client()
    ids, keys = [], {}
    for rules in ("pagat-german", "standard"):
        body = {"players": SEAT_NAMES, "rules": rules, "first_dealer": 0}
        created = client.post("/api/games", json=body).get_json()
        ids.append(created["id"])
        keys[created["id"]] = created["edit_key"]
    for _ in range(2):
        client.post(
            f"/api/games/{ids[0]}/hands",
            json=WORKED_EXAMPLE,
            headers={"Authorization": f"Bearer {keys[ids[0]]}"},
        )
    client.get(f"/games/{ids[0]}/edit/{keys[ids[0]]}")
    # The client is a member of the first game's group too, beside another phone, so
    # that the group's and the members' pages and forms answer it.
    with app.app_context():
        database = db.get_db()
        invite = db.load_group(database, db.load_game(database, ids[0]).group_id).invite
    client.post(f"/join/{invite}", data={"label": "Ann"})
    app.test_client().post(f"/join/{invite}", data={"label": "Ben"})
    group = client.post("/api/groups", json={"name": "Ours"}).get_json()
    client.post(urlsplit(group["join_url"]).path)
    keys[0] = group["key"]  # not a game's: the group's key, for its routes
    for key in GAMES:
        body = {**GAME_BODIES[key], "group": str(group["id"])}
        auth = {"Authorization": f"Bearer {group['key']}"}
        created = client.post("/api/games", json=body, headers=auth).get_json()
        ids.append(created["id"])
        keys[created["id"]] = created["edit_key"]
        for hand in hand_bodies()[key][:2]:
            client.post(
                f"/api/games/{created['id']}/hands",
                json=hand,
                headers={"Authorization": f"Bearer {created['edit_key']}"},
            )
        client.get(f"/games/{created['id']}/edit/{created['edit_key']}")
    # A game kept on this phone: its kept page and snapshot answer it.
    client.get(f"/games/{ids[-1]}/offline")
    with sqlite3.connect(app.config["DATABASE"]) as reading:
        members = [row[0] for row in reading.execute("SELECT id FROM members ORDER BY id")]
    reading.close()
    return World(app, client, ids, keys, [group["id"]], members)


NEW_GAME = {
    **{f"player_{s}": name for s, name in enumerate(SEAT_NAMES)},
    "first_dealer": "0",
    "rules": "pagat-german",
    "target": "100",
}


def form_bodies(endpoint: str) -> dict | None:
    """A valid form for a page's POST, to mutate."""
    return {
        "games.new_game": NEW_GAME,
        "games.record_hand": hand_form(),
        "games.edit_hand": hand_form(),
        "games.delete_hand": {},
        "review.details": {"name": "Friday", "notes": "At Noa's"},
        "choose_language": {"language": "de", "next": "/"},
        "groups.join_group": {"label": "Noa"},
        "groups.members": {"label": "Noa"},
        "groups.start_group": {"name": "Thursday", "owner_key": "x"},
        "groups.rename": {"name": "Friday"},
        "groups.new_invite": {},
        "groups.leave_group": {},
        # added since the fuzz was written (issue 42): members, revoking links, a game's end
        "groups.remove_member": {},
        "groups.new_key": {},
        "games.new_edit_link": {},
        "games.finish": {},
        "games.rematch": {},
        "games.change_seat": {"seat": "0", "name": "Zed"},
    }.get(endpoint)


@st.composite
def offline_batch(draw, game: str) -> dict:
    """A phone's batch of hands recorded without the network (``offline.send_hands``):
    one to three queued hands, each item and its hand mutated, the batch too."""
    hands = hand_bodies()[game]
    items = []
    for index in range(draw(st.integers(1, 3))):
        item = {
            "number": index + draw(st.integers(1, 4)),
            "after": draw(st.integers(0, 6)),
            "hand": hands[index % len(hands)],
            "replace": draw(st.booleans()),
        }
        if draw(st.booleans()):
            item["hand"] = draw(mutated(item["hand"], json_fields(), True))
        if draw(st.booleans()):
            item = draw(mutated(item, ITEM_NAMES, True))
        items.append(item)
    batch = {"by": draw(sampled(["Noa's phone", "", "x" * 200, "\u202e"])), "hands": items}
    return draw(mutated(batch, ["by", "hands"], True)) if draw(st.booleans()) else batch


offline_batches = functools.cache(offline_batch)


# Fields that hold one number, in the API's and the forms' names (knobs included).
NUMBER_FIELDS = {"declarer", "frisch_rounds", "number", "revision", "target", "first_dealer",
                 "level", *KNOBS, *(f"{kind}_{s}" for kind in ("contract", "tricks", "revokes")
                                    for s in range(4))}  # fmt: skip


@functools.cache  # one strategy for each (see ``sampled``)
def value_for(name: str, json_body: bool):
    """Odd values for a field, weighted towards its kind: numbers for number fields."""
    if name in SEAT_FIELDS:
        if json_body:
            return st.one_of(seat_list(json_number), json_value)
        return st.one_of(seat_list(number_text).map(lambda v: ",".join(map(str, v))), text_value)
    if name in QUERY_NUMBERS and not json_body:
        odd = sampled(ODD_NUMBERS)
        return st.one_of(odd, odd, number_text, text_value)
    if name in NUMBER_FIELDS:
        return st.one_of(json_number, json_value) if json_body else number_text | text_value
    return json_value if json_body else text_value


@st.composite
def mutated(draw, base: dict, names: list[str], json_body: bool) -> dict:
    """``base`` with one to four fields changed, removed or added."""
    body = dict(base)
    for _ in range(draw(st.integers(1, 4))):
        name = draw(sampled(sorted(set(base) | set(names))))
        if draw(st.integers(0, 5)) == 0:
            body.pop(name, None)
        else:
            body[name] = draw(value_for(name, json_body))
    return body


@functools.cache  # one strategy for each (see ``sampled``)
def query_pairs(names: tuple[str, ...], least: int) -> st.SearchStrategy:
    """``least`` to three (name, odd value) pairs of the query parameters ``names``."""
    pairs = sampled(names).flatmap(lambda n: value_for(n, False).map(lambda v: (n, v)))
    return st.lists(pairs, min_size=least, max_size=3)


# One strategy for each body mutated (see ``sampled``).
score_query = functools.cache(lambda: mutated(SCORE_QUERY, [], False))


@functools.cache
def api_mutation(endpoint: str, game: str) -> st.SearchStrategy:
    return mutated(api_bodies(endpoint, game), json_fields(), True)


@functools.cache
def form_mutation(endpoint: str) -> st.SearchStrategy:
    return mutated(form_bodies(endpoint), FORM_FIELDS, False)


@st.composite
def requests_for(draw, world: World, all_routes: list[tuple[str, str, str]]):
    rule, method, endpoint = draw(sampled(all_routes))
    path = draw(path_of(rule, world))
    if endpoint == "api.score" or draw(st.booleans()):
        # Mostly the names the route itself reads, where it reads any.
        own = ROUTE_QUERIES.get(endpoint)
        names = own if own and draw(st.integers(0, 3)) else QUERY_NAMES
        query = draw(query_pairs(tuple(names), 1 if own else 0))
        if endpoint == "api.score":  # mostly a full query, so the numbers get read
            query += draw(score_query()).items()
        path += "?" + urlencode(query[:6])
    elif draw(st.integers(0, 5)) == 0:
        path += "?" + draw(sampled(["%", "%ff", "a=%00", "=", "&&&", "x=" + "y" * 3000]))
    headers = {
        "Authorization": draw(
            sampled(
                [*(f"Bearer {key}" for key in world.keys.values()), "Bearer nope", "", "Basic eA=="]
            )
        ),
        "Accept": draw(sampled(["text/html", "application/json", "*/*", "", "x/y;q=z"])),
        "Accept-Language": draw(sampled(["en", "he", "de", "xx", "he;q=abc", ""])),
    }
    if endpoint == "choose_language":
        headers["Sec-Fetch-Site"] = draw(sampled(["same-origin", "cross-site", "?"]))
    kind = draw(sampled(["valid", "valid", "raw", "none"]))
    request = {"headers": headers}
    game = draw(sampled(sorted(GAMES)))
    if kind == "valid" and endpoint == "offline.send_hands":
        request["json"] = draw(offline_batches(game))
    elif kind == "valid" and api_bodies(endpoint, game) is not None:
        request["json"] = draw(api_mutation(endpoint, game))
    elif kind == "valid" and form_bodies(endpoint) is not None:
        request["data"] = draw(form_mutation(endpoint))
    elif kind in ("valid", "raw") and method != "GET":
        request["data"] = draw(raw_body)
        request["content_type"] = draw(content_types)
    return method, path, request
