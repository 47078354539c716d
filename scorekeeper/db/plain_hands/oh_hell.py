"""Oh Hell's stored records in the plain schema's form (issue 55).

Before the plain schema a hand was stored as ``OhHellSchema`` read it: ``{"cards",
"trump", "bids", "tricks"}``, its cards always the tricks' total, however the body gave
them. The plain schema writes the same keys, its cards those the hand's place deals,
which the tricks total: a record whose cards are missing takes the tricks' total, as it
always meant. Nothing scored changes. A record already in the new form comes back as it
is; values are moved, never checked (the game's reading checks them after).
"""

from __future__ import annotations

from typing import Any

ORDER = ("cards", "trump", "bids", "tricks")
"""The keys in the order the schema writes them."""


def rewrite(record: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """``record`` (a hand's or a revision's JSON) in the plain schema's form."""
    if not isinstance(record, dict):
        return record
    found = {key: record[key] for key in ORDER if key in record}
    tricks = found.get("tricks")
    counted = isinstance(tricks, list) and all(type(t) is int for t in tricks)
    if found.get("cards") is None and counted:
        found["cards"] = sum(tricks)
    return {key: found[key] for key in ORDER if key in found}
