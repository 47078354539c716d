"""Helpers of tests/transfer/test_club_import.py."""

from __future__ import annotations

import json


def _hands(document) -> list:
    keep = ("players", "totals", "status", "game", "rules", "settings")
    return [
        ({k: game[k] for k in keep}, [{**h, "created_at": None} for h in game["hands"]])
        for game in document["games"]
    ]


def _rename_twice(d):
    d["players"][1]["name"] = d["players"][0]["name"].upper()


# Latin letters and the Cyrillic ones that look the same.
CYRILLIC = dict(
    zip(
        "aeopcxAEOPCTHKMB",
        "\u0430\u0435\u043e\u0440\u0441\u0445\u0410\u0415\u041e\u0420\u0421\u0422\u041d\u041a\u041c\u0412",
        strict=True,
    )
)


def _look_alike(d):
    # A player renamed, everywhere the file names them, to look like another (a Cyrillic
    # е for an e): a file the code before issue 66 took, as two players who pass for one.
    first = d["players"][0]["name"]
    at = next(i for i, letter in enumerate(first) if letter in CYRILLIC)
    old, like = d["players"][1]["name"], first[:at] + CYRILLIC[first[at]] + first[at + 1 :]
    renamed = json.loads(json.dumps(d).replace(json.dumps(old), json.dumps(like)))
    d.clear()
    d.update(renamed)


def _two_tables(d):
    # Table 2 of series 1 seats a player of table 1 of series 1.
    first = d["games"][0]["players"][0]
    second = d["games"][1]
    old = second["players"][0]
    second["players"][0] = first
    d["tables"][1]["players"][0] = first
    for line in d["standings"]:
        if line["name"] == old:
            line["name"] = first


def _doppelkopf(d):
    d["rules"].update(game="doppelkopf", preset="ddv", knobs={})
