"""Bid Whist's stored records in the plain schema's form (issue 55).

Before the plain schema a hand was stored as ``CheckedSchema`` read it: a hand played
``{"bidder", "bid", "trump" or "direction", "books", "reneges"}`` without ``thrown_in``,
and a deal thrown in as ``{"thrown_in": true}``. A bid with trumps could also keep the
direction its kind plays (``"direction": "high"`` beside ``"4U"``), which the table never
asked. The plain schema writes a hand played with ``"thrown_in": false``, and a bid with
trumps without a direction (a no-trump bid without a trump suit), reneges only where there
were some; a deal thrown in as before. Nothing scored changes. A record already in the new
form comes back as it is; values are moved, never checked (the game's reading checks them
after).
"""

from __future__ import annotations

from typing import Any

ORDER = ("bidder", "bid", "trump", "direction", "books", "reneges")
"""The keys in the order the schema writes them, ``thrown_in`` last."""


def rewrite(record: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """``record`` (a hand's or a revision's JSON) in the plain schema's form."""
    if not isinstance(record, dict):
        return record
    if record.get("thrown_in") is True:
        return {"thrown_in": True}
    found = {key: record[key] for key in ORDER if key in record}
    no_trump = isinstance(found.get("bid"), str) and found["bid"].strip().upper().endswith("NT")
    found.pop("trump" if no_trump else "direction", None)
    for key in ("trump", "direction", "reneges"):
        if key in found and _empty(found[key]):
            del found[key]
    return {**found, "thrown_in": False}


def _empty(value: Any) -> bool:
    """Whether ``value`` is what the schema leaves out: null, blank text, or no reneges
    (each side's 0, not ``false``, which a reading refuses)."""
    if isinstance(value, list):
        return all(type(v) is int and v == 0 for v in value)
    return value is None or (isinstance(value, str) and not value.strip())
