"""Helpers of tests/games/doppelkopf/test_rules.py."""

from __future__ import annotations

import html
import re

from scorekeeper.cli import entry
from tests.support.shared import NAMES


def normal(re, points, re_said="none", kontra_said="none"):
    return {
        "re": re,
        "re_points": points,
        "re_announcement": re_said,
        "kontra_announcement": kontra_said,
    }


def solo(seat, points, re_said="none", **more):
    return {"re": [seat], "solo": "queens", "re_points": points, "re_announcement": re_said} | more


def start(client, rules="ddv", names=NAMES, **body):
    created = client.post(
        "/api/games",
        json={"game": "doppelkopf", "players": names, "rules": rules, "first_dealer": 0, **body},
    )
    assert created.status_code == 201, created.get_json()
    game_id, key = created.get_json()["id"], created.get_json()["edit_key"]
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302  # this phone edits
    return game_id, {"Authorization": f"Bearer {key}"}


def cli(capsys, *args):
    code = entry(["score", "--game", "doppelkopf", *args])
    out, err = capsys.readouterr()
    return code, out, err


def options(hand):
    found = [f"--re={','.join(map(str, hand['re']))}"]
    for name in ("solo", "re_points", "winner", "loser_points"):
        if hand.get(name) is not None:
            found += [f"--{name.replace('_', '-')}", str(hand[name])]
    for name in ("re_announcement", "kontra_announcement"):
        found += [f"--{name.replace('_', '-')}", hand.get(name, "none")]
    for name in ("re_extras", "kontra_extras"):
        extras = hand.get(name, {})
        counts = [extras.get(k, 0) for k in ("doppelkopf", "fox_caught", "charlie")]
        found.append(f"--{name.replace('_', '-')}={','.join(map(str, counts))}")
    return found


def said(answer) -> str:
    return html.unescape(answer.get_data(as_text=True)).replace("\u2068", "").replace("\u2069", "")


def married(hand) -> dict[str, str]:
    """Who announced the hand's marriage as the form sends it: the key tapped in the first
    Re player's field (issue 56: its keys are the two Re players)."""
    return {f"marriage_{hand['re'][0]}": str(hand["marriage"])}


def form(hand):
    """The hand form's values, as the keys tapped send them."""
    re = hand["re"]
    data = {"re_0": str(re[0]), "re_1": str(re[1]) if len(re) > 1 else "solo", "save": "1"}
    if hand.get("solo"):
        data["solo"] = hand["solo"]
    if hand.get("re_points") is not None:
        data["re_points"] = str(hand["re_points"])
    for name in ("re_announcement", "kontra_announcement"):
        data[name] = hand.get(name, "none")
    for name in ("re_extras", "kontra_extras"):
        for key, value in hand.get(name, {}).items():
            data[f"{name}_{key}"] = str(value)
    return data


def rows(page: str) -> list[str]:
    """The scoreboard's lines under the hands, as text (no-break spaces as spaces)."""
    found = re.findall(r'<tr class="outcome-line[^"]*"><td colspan="\d+">(.*?)</td></tr>', page)
    return [re.sub(r"<[^>]+>", "", line).replace("\u00a0", " ") for line in found]
