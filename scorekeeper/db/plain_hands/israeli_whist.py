"""Israeli Whist's stored records in the plain schema's form (issue 55).

Before the plain schema a hand was stored as one of three records of its own: a hand
played ``{"thrown_in": false, "declarer", "bid", "frisch_rounds", "contracts", "tricks",
"revokes"}``, a deal thrown in ``{"thrown_in": true, "frisch_rounds"}`` and a pass round
``{"pass_round": true, "frisch_rounds", "tricks", "revokes"}``. The plain schema writes
the same values with less: Frisch rounds and revokes only where there are some, a deal
thrown in as ``{"thrown_in": true}`` alone (it always came after these rules' every Frisch
round), and a pass round without Frisch rounds (always these rules' every one) but with
``"thrown_in": false``. Nothing scored changes. A record already in the new form comes back
as it is; values are moved, never checked (the game's reading checks them after).
"""

from __future__ import annotations

from typing import Any

ORDER = ("pass_round", "frisch_rounds", "declarer", "bid", "contracts", "tricks", "revokes")
"""The keys in the order the schema writes them, ``thrown_in`` last."""


def rewrite(record: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """``record`` (a hand's or a revision's JSON) in the plain schema's form."""
    if not isinstance(record, dict):
        return record
    if record.get("thrown_in") is True and not record.get("pass_round"):
        return {"thrown_in": True}
    found = {key: record[key] for key in ORDER if key in record}
    if record.get("pass_round") is True:
        found.pop("frisch_rounds", None)
    elif "pass_round" in found and found["pass_round"] in (False, None):
        del found["pass_round"]
    if "frisch_rounds" in found and _none(found["frisch_rounds"]):
        del found["frisch_rounds"]
    revokes = found.get("revokes")
    if "revokes" in found and (revokes is None or _none_each(revokes)):
        del found["revokes"]
    return {**found, "thrown_in": record.get("thrown_in", False)}


def _none(value: Any) -> bool:
    """Whether ``value`` is null or the number 0 (not ``false``, which a reading refuses)."""
    return value is None or (type(value) is int and value == 0)


def _none_each(value: Any) -> bool:
    """Whether ``value`` is four zeros, one per seat."""
    return (
        isinstance(value, list)
        and len(value) == 4
        and all(type(v) is int and v == 0 for v in value)
    )
