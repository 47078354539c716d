"""The calls a phone draws the hand form and the scoreboard with when it has no network
(issue 34: ``form``, ``entered``, ``preview_entered`` and ``sheet`` of
``scorekeeper/engine/phone.py``) say what the server's pages say, word for word, in
the page's language: for every registered game, read against the server's own pages
(parsed from the HTML the Flask test client gets) and its form's preview."""

from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from babel import Locale

from scorekeeper import db, game_play
from scorekeeper.engine.core.form import HandFormSpec
from scorekeeper.engine.core.language import AND_LISTS, LANGUAGES, OR_LISTS, words_in
from scorekeeper.engine.registry import GAMES
from scorekeeper.pages import phone
from scorekeeper.web import i18n

from .play import records

GAME_KEYS = sorted(GAMES)
# A Hebrew name among Latin ones: every name is isolated alike on both sides.
NAMES = ("Ann", "נועה", "Cat", "Dan", "Eve", "Fay", "Gil", "Hed")
ACCEPT = {"he": "he-IL,he;q=0.9", "en": "en", "de": "de-DE,de;q=0.9"}
PLAYED = 3  # hands recorded before the form is read


# --- the server's page, by where each word stands ----------------------------------------

VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr"}
FORM_PARTS = ("savebar", "head", "steps", "scripts")


def plain(text: str) -> str:
    """Text as a reader sees it: no isolating marks, whitespace as single spaces."""
    return " ".join(re.sub("[\u2066-\u2069]", "", text).split())


class Page(HTMLParser):
    """What the tests read of a server's page: its flashed line, the leading sides and the
    seat changes' lines of a scoreboard."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.words: dict[tuple, Any] = {}
        self.leaders: list[int] = []
        self._open: list[list] = []  # [key, depth, texts]
        self._tags: list[str] = []
        self._totals = -1
        self._change: int | None = None  # in a row that says who took whose seat
        self.changes: list[str] = []  # those rows' words, in the page's order
        self.feed(html)

    def handle_starttag(self, tag: str, attributes: list) -> None:
        if tag in VOID:
            return
        a = {name: value or "" for name, value in attributes}
        css = a.get("class", "").split()
        self._tags.append(tag)
        key = None
        if tag == "tr" and "seat-change" in css:
            self._change = len(self._tags)
        elif tag == "ol" and "totals" in css:
            self._totals = 0
        elif tag == "p" and "flash" in css:
            key = ("flash",)
        elif tag == "li" and self._totals >= 0 and "lead" in css:
            self.leaders.append(self._totals)
        elif tag == "td" and self._change is not None:
            key = ("change", len(self.changes))
            self.changes.append("")
        if key is not None:
            self._open.append([key, len(self._tags), []])

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or tag not in self._tags:
            return
        closed = None
        while closed != tag:
            closed = self._tags.pop()
            while self._open and self._open[-1][1] > len(self._tags):
                key, _, texts = self._open.pop()
                if key[0] == "change":
                    self.changes[key[1]] = plain("".join(texts))
                else:
                    self.words[key] = plain("".join(texts))
            if closed == "ol":
                self._totals = -1
            elif closed == "tr" and self._change is not None and len(self._tags) < self._change:
                self._change = None
            elif closed == "li" and self._totals >= 0:
                self._totals += 1

    def handle_data(self, data: str) -> None:
        for _, _, texts in self._open:
            texts.append(data)


# --- the phone's answers, keyed as the page's words ---------------------------------------


def drawn_alike(form: dict[str, Any], html: str) -> bool:
    """Whether the phone drew its hand form (``form``, the ``form`` call's answer) exactly
    as the server's page ``html`` has it: each part, and the whole of the phone's form
    made of them."""
    parts = [form[f"{part}_html"] for part in FORM_PARTS]
    return all(part in html for part in parts) and all(part in form["html"] for part in parts)


def same_rows(sheet: dict[str, Any], html: str) -> bool:
    """Whether the phone drew the totals, the banner, whose turn it is, the hands, their
    table's head and legend exactly as the server's scoreboard ``html`` has them, but for
    the server's links (a hand's edit and "why" addresses)."""
    parts = ["tiles", "banner", "turn"]
    if sheet["count"]:
        table = html.split('<table class="hands', 1)[1].split("</table>", 1)[0]
        if sheet["hands_html"] not in re.sub(r"</?a\b[^>]*>", "", table):
            return False
        parts += ["head", "legend"]
    return all(sheet[f"{part}_html"] in html for part in parts)


# --- a game played on the server, and the phone's requests ---------------------------------


class Played:
    """One game of ``key`` stored on the server, played through its API, seen by a phone
    that may edit it, in ``language``."""

    def __init__(
        self,
        client,
        make_game,
        key: str,
        language: str,
        hands: int,
        lasting: bool | int = True,
    ) -> None:
        self.client, self.key, self.language = client, key, language
        self.rules = GAMES[key]
        seats = self.rules.seats
        self.players = list(NAMES[:seats])
        # lasting: at least 12 hands (True), this many (a number), or the game's own rules
        hands_at_least = 12 if lasting is True else int(lasting)
        lasting = (self.rules.lasting(hands_at_least) if lasting else None) or {}
        self.id, self.edit_key = make_game(
            game=key, players=self.players, rules=self.rules.default_preset, settings=lasting
        )
        assert client.get(f"/games/{self.id}/edit/{self.edit_key}").status_code == 302
        with client.application.app_context():
            self.stored = db.load_game(db.get_db(), self.id)
        self.settings = self.stored.settings
        self.bodies = [r.to_dict() for r in records(self.rules, self.settings, hands, seed=34)]
        self.count = 0

    def play(self, count: int) -> None:
        for body in self.bodies[self.count : self.count + count]:
            if self.rules.resume(self.settings, self.state(), []).status == "finished":
                break
            saved = self.client.post(
                f"/api/games/{self.id}/hands",
                json=body,
                headers={"Authorization": f"Bearer {self.edit_key}"},
            )
            assert saved.status_code == 201, saved.get_json()
            self.count += 1

    def state(self, after: int | None = None) -> dict[str, Any]:
        with self.client.application.app_context():
            game = db.load_game(db.get_db(), self.id)
            return game_play.state_after(db.get_db(), game, self.count if after is None else after)

    def request(self, call: str, **more: Any) -> dict[str, Any]:
        return {
            "call": call,
            "game": self.key,
            "seats": self.rules.seats,
            "settings": self.settings.to_dict(),
            "state": self.state(),
            "players": self.players,
            "language": self.language,
            **more,
        }

    def get(self, path: str) -> str:
        answer = self.client.get(path, headers={"Accept-Language": ACCEPT[self.language]})
        assert answer.status_code == 200, path
        return answer.get_data(as_text=True)

    def post_form(self, values: dict[str, str], path: str = "", preview: bool = False):
        where = f"/games/{self.id}/hands/{'preview' if preview else 'new'}"
        return self.client.post(
            where,
            data={**values, "number": str(self.count + 1)},
            headers={"Accept-Language": ACCEPT[self.language]},
        )


def answered(*requests: dict[str, Any]) -> list[dict[str, Any]]:
    return json.loads(phone.batch(json.dumps(list(requests))))  # as the phone's worker calls


# --- the tests ------------------------------------------------------------------------------


def test_the_engine_lists_join_as_babel_does():
    for language in LANGUAGES:
        patterns = Locale.parse(language).list_patterns
        for style, ours in (("standard", AND_LISTS), ("or", OR_LISTS)):
            found = patterns[style]
            assert (found["2"], found["end"]) == ours[language], (language, style)
            assert found["start"] == found["middle"] == "{0}, {1}"
    assert set(LANGUAGES) == set(i18n.LANGUAGES)
    assert {"he"} == i18n.RTL_LANGUAGES
    assert words_in("he").rtl


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_phone_draws_and_refuses_the_hand_form_as_the_server_does(
    client, make_game, key, language
):
    """One model, one template: the phone's form is the server's, byte for byte, empty,
    to edit a hand, and refused (each refusal beside its field and in the summary)."""
    game = Played(client, make_game, key, language, PLAYED + 1)
    game.play(min(PLAYED, len(game.bodies) - 1))
    form = answered(game.request("form"))[0]
    assert "error" not in form, form
    assert drawn_alike(form, game.get(f"/games/{game.id}/hands/new"))
    # The form to edit the last hand played, at its place.
    last = game.count
    edit = answered(game.request("form", state=game.state(last - 1), hand=game.bodies[last - 1]))[0]
    assert drawn_alike(edit, game.get(f"/games/{game.id}/hands/{last}/edit"))
    assert edit["number"] == last

    # The hand the table plays next, entered on the form (a deal thrown in by its
    # button): read as the server saves it.
    spec = game.rules.hand_form(game.settings, game.players, game.rules.place_of(game.state()))
    body = game.bodies[game.count]
    expected = game.rules.record_from_dict(game.settings, body, game.rules.place_of(game.state()))
    values = {k: "" if v is None else v for k, v in game.rules.form_values(body).items()}
    action = spec.actions[0].name if expected.thrown_in else None
    entry = {"values": {}, "action": action} if action else {"values": values}
    good, preview = answered(
        game.request("entered", **entry), game.request("preview_entered", **entry)
    )
    assert "error" not in good, good
    assert good["hand"] == expected.to_dict()
    server = game.post_form({action: "1"} if action else values, preview=True)
    assert server.status_code == 200
    assert preview == server.get_json()

    # Bad values, each refused as the server refuses them: the same form drawn again.
    for bad in bad_values(game, spec, values):
        refused, bad_preview = answered(
            game.request("entered", values=bad), game.request("preview_entered", values=bad)
        )
        assert refused["error"] == refused["problems"][0]["error"]
        again = answered(game.request("form", values=bad, problems=refused["problems"]))[0]
        server = game.post_form(bad)
        assert server.status_code == 422, bad
        assert "error-summary" in again["head_html"], bad
        assert drawn_alike(again, server.get_data(as_text=True)), bad
        server_preview = game.post_form(bad, preview=True)
        assert server_preview.status_code == 422
        assert bad_preview == server_preview.get_json()


def bad_values(game: Played, spec: HandFormSpec, values: dict[str, str]) -> list[dict]:
    """Entries the server's form refuses: the first field the table fills left empty, a
    count out of its range or a key it does not have, and a value changed so that the
    rules refuse the hand (a rule across fields, where one such change is found)."""
    fields = [f for f in spec.fields if not f.is_hidden]
    bad = []
    asked = [f for f in fields if values.get(f.name) and f.default is None]
    if asked:
        bad.append({**values, asked[0].name: ""})
    counts = [f for f in fields if f.is_count]
    if counts:
        bad.append({**values, counts[0].name: str(counts[0].high + 1)})
        bad.append({**values, counts[0].name: "x1"})
    keys = [f for f in fields if not f.is_count]
    if keys:
        bad.append({**values, keys[-1].name: "99z"})
    rng = random.Random(34)
    place = game.rules.place_of(game.state())
    for _ in range(200):
        field = rng.choice(keys or fields)
        if field.is_count:
            changed = str(rng.randint(field.low, field.high))
        else:
            changed = rng.choice(field.choices).value
        tried = {**values, field.name: changed}
        reply = answered(game.request("entered", values=tried))[0]
        if "error" in reply and not any("must be" in p["error"] for p in reply["problems"]):
            try:
                body = game.rules.form_body(game.settings, tried, None)
                game.rules.record_from_dict(game.settings, body, place)
            except Exception:
                bad.append(tried)
                break
    return bad


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_phone_draws_the_scoreboard_as_the_server_does(client, make_game, key, language):

    def same_sheet(game: Played) -> dict[str, Any]:
        hands = game.bodies[: game.count]
        sheet = answered(game.request("sheet", state=game.state(0), hands=hands))[0]
        assert "error" not in sheet, sheet
        html = game.get(f"/games/{game.id}")
        assert sheet["leaders"] == Page(html).leaders
        assert same_rows(sheet, html)
        return sheet

    # A game in progress: before its first hand, after three, and after a deal thrown
    # in on the form (where the game has the button), saved by the server's form.
    going = Played(client, make_game, key, language, 3)
    assert same_sheet(going)["count"] == 0
    going.play(3)
    assert same_sheet(going)["status"] == "in_progress"
    spec = going.rules.hand_form(going.settings, going.players, going.rules.place_of(going.state()))
    for action in spec.actions:
        thrown = answered(going.request("entered", values={}, action=action.name))[0]
        saved = going.post_form({action.name: "1"})
        assert saved.status_code == 302, action
        with client.application.app_context():
            stored = db.load_hand(db.get_db(), going.id, going.count + 1)
        assert stored.record.to_dict() == thrown["hand"]
        going.bodies.append(thrown["body"])
        going.count += 1
        assert f'id="h{going.count}"' in same_sheet(going)["hands_html"]
        break

    # A game played to its end under its own rules (one that ends in sixty hands).
    ended = Played(client, make_game, key, language, 60, lasting=False)
    ended.play(len(ended.bodies))
    sheet = same_sheet(ended)
    if sheet["status"] == "finished":
        assert 'class="banner' in sheet["banner_html"] and not sheet["turn_html"].strip()
        # No form for a hand after the end: the server sends the table back, saying why.
        over = answered(ended.request("form"))[0]
        assert over["field"] == "hand"
        back = client.get(
            f"/games/{ended.id}/hands/new",
            headers={"Accept-Language": ACCEPT[language]},
            follow_redirects=True,
        )
        flashed = Page(back.get_data(as_text=True)).words[("flash",)]
        assert plain(over["error"]) == flashed


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_phone_names_who_sat_for_each_hand_as_the_server_does(client, make_game, key):
    """A player leaves after hand 2 and another takes the seat (the seat's total carries
    on); a kept phone draws the scoreboard from the snapshot's seating: each hand names
    who sat for it (a partnership game's dealer and declarer), and the line over hand 3
    says who took whose seat, as the server's scoreboard does. One language a game."""
    language = LANGUAGES[GAME_KEYS.index(key) % len(LANGUAGES)]
    game = Played(client, make_game, key, language, 5)
    game.play(2)
    changed = client.post(
        f"/api/games/{game.id}/seats",
        json={"seat": 1, "name": "Zoë Montgomery"},
        headers={"Authorization": f"Bearer {game.edit_key}"},
    )
    assert changed.status_code == 201, changed.get_json()
    game.play(2)
    snapshot = client.get(f"/games/{game.id}/offline").get_json()
    assert snapshot["substitutions"] == [{"from_hand": 3, "seat": 1, "name": "Zoë Montgomery"}]
    seating = {"players": snapshot["players"], "changes": snapshot["substitutions"]}
    sheet, unseated = answered(
        *(
            game.request(
                "sheet",
                state=snapshot["shown_state"],
                hands=[h["hand"] for h in snapshot["hands"]],
                players=snapshot["seated"],
                **more,
            )
            for more in ({"seating": seating}, {})
        )
    )
    html = game.get(f"/games/{game.id}")
    page = Page(html)
    paired = any(len(side) > 1 for side in game.rules.sides)
    assert same_rows(sheet, html)
    (said,) = page.changes
    assert "3" in said and "Zoë Montgomery" in said and NAMES[1] in said
    # Over hand 3 only, in the server's words: the new player for the one who left.
    (change,) = re.findall(r'<tr class="seat-change"><td[^>]*>(.*?)</td>', sheet["hands_html"])
    assert plain(change) == said
    assert sheet["hands_html"].index(change) < sheet["hands_html"].index('id="h3"') or paired
    assert change.index("Zoë Montgomery") < change.index(NAMES[1])
    # Without the seating every hand is drawn as the table sits now.
    if paired:
        assert not same_rows(unseated, html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_long_game_kept_on_a_phone_shows_the_hands_the_server_shows(client, make_game, language):
    """The server's scoreboard shows a long game's last 60 hands; the snapshot says where
    they start and the state before them, and the phone's sheet from there shows the
    same hands, totals and words, and none before them."""
    game = Played(client, make_game, "oh-hell", language, 64, lasting=64)
    game.play(64)
    snapshot = client.get(f"/games/{game.id}/offline").get_json()
    assert len(snapshot["hands"]) == 64 and snapshot["shown_from"] == 5
    sheet = answered(
        game.request(
            "sheet",
            state=snapshot["shown_state"],
            hands=[h["hand"] for h in snapshot["hands"] if h["number"] >= 5],
        )
    )[0]
    assert re.findall(r'id="h(\d+)"', sheet["hands_html"]) == [str(n) for n in range(5, 65)]
    assert same_rows(sheet, game.get(f"/games/{game.id}"))


def new_game_request(call: str, **more: Any) -> dict[str, Any]:
    """A request ``call`` about a game of the first registered game before its first
    hand, its players NAMES, under its default preset; ``more`` added or put instead."""
    rules = GAMES[GAME_KEYS[0]]
    settings = rules.preset(rules.default_preset)
    return {
        "call": call,
        "game": rules.key,
        "seats": rules.seats,
        "settings": settings.to_dict(),
        "state": rules.state_of(rules.replay(settings, 0, [])),
        "players": list(NAMES[: rules.seats]),
        **more,
    }


def test_a_sheet_with_a_seating_the_page_built_wrong_is_refused():
    rules = GAMES[GAME_KEYS[0]]
    base = new_game_request("sheet", language="en")
    few, nowhere = answered(
        {**base, "seating": {"players": ["Ann"], "changes": []}},
        {
            **base,
            "seating": {
                "players": list(NAMES[: rules.seats]),
                "changes": [{"from_hand": 2, "seat": 9, "name": "Eve"}],
            },
        },
    )
    assert few["field"] == nowhere["field"] == "request"
    assert "seating" in few["error"] and "seat 9" in nowhere["error"]


def test_a_form_in_an_unknown_language_or_for_too_few_players_is_refused():
    french, few = answered(
        new_game_request("form", language="fr"),
        new_game_request("form", language="he", players=["Ann"]),
    )
    assert french["field"] == "language"
    assert few["field"] == "players"


def test_a_sheet_with_a_queue_mark_the_page_built_wrong_is_refused_or_escaped():
    """``pending`` must be a hand number; ``pending_mark`` is text, never markup."""
    rules = GAMES[GAME_KEYS[0]]
    settings = rules.preset(rules.default_preset)
    hands = [r.to_dict() for r in records(rules, settings, 2, seed=34)]
    base = new_game_request("sheet", language="en", hands=hands)
    wrong, marked = answered(
        {**base, "pending": "one"},
        {**base, "pending": 1, "pending_mark": "<script>x</script>"},
    )
    assert wrong["field"] == "request" and "one" in wrong["error"]
    assert "<script>" not in marked["hands_html"] + marked["legend_html"]
    assert marked["hands_html"].count("&lt;script&gt;x&lt;/script&gt;") == 2  # hand 2: title, words
    assert 'class="pending"' in marked["hands_html"] and 'id="h1"' in marked["hands_html"]


def test_a_form_with_entries_or_refusals_the_page_built_wrong_is_refused_or_escaped():
    """The ``form`` call draws the entries and refusals the kept page gives it: text, never
    markup, in the boxes and the summary; a field it does not have is not drawn; entries
    or refusals of the wrong shape are refused as a request that cannot be read."""
    script = "<script>x</script>"
    base = new_game_request("form", language="en")
    rules = GAMES[base["game"]]
    settings = rules.preset(rules.default_preset)
    field = rules.hand_form(settings, base["players"], rules.place_of(base["state"])).fields[0]
    drawn, listed, shapeless = answered(
        {
            **base,
            "values": {field.name: script, "stranger": "<b>in</b>"},
            "problems": [{"field": field.name, "error": script}],
            "said": [script],
        },
        {**base, "values": ["not", "a", "mapping"]},
        {**base, "problems": ["no field"]},
    )
    assert "<script>" not in drawn["html"] and "<b>in" not in drawn["html"]
    assert drawn["html"].count("&lt;script&gt;x&lt;/script&gt;") == 4  # box, beside, summary x2
    assert f'<a href="#{field.name}">&lt;script&gt;' in drawn["head_html"]
    assert "stranger" not in drawn["html"]
    assert listed["field"] == shapeless["field"] == "request"
