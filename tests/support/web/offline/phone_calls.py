"""Helpers of tests/web/offline/test_phone_calls.py."""

from __future__ import annotations

import random
from typing import Any

from tests.support.phone_calls import Played, answered


def drawn_alike(form: dict[str, Any], html: str) -> bool:
    """Whether each part of the phone's hand form is in its whole and in the server's ``html``."""
    parts = [form[f"{part}_html"] for part in ("savebar", "head", "steps", "scripts")]
    return all(part in html and part in form["html"] for part in parts)


def bad_values(game: Played, spec, values: dict[str, str], place) -> list[dict]:
    """Entries the server's form refuses: the first field asked left empty, a count out of its
    range or a key it does not have, and, where found, a change the rules refuse across fields."""
    fields = [f for f in spec.fields if not f.is_hidden]
    counts, keys = [f for f in fields if f.is_count], [f for f in fields if not f.is_count]
    asked = [f for f in fields if values.get(f.name) and f.default is None]
    bad = [{**values, asked[0].name: ""}] if asked else []
    if counts:
        bad += [{**values, counts[0].name: wrong} for wrong in (str(counts[0].high + 1), "x1")]
    bad += [{**values, keys[-1].name: "99z"}] if keys else []
    rng = random.Random(34)
    for _ in range(200):
        f = rng.choice(keys or fields)
        changed = str(rng.randint(f.low, f.high)) if f.is_count else rng.choice(f.choices).value
        tried = {**values, f.name: changed}
        reply = answered(game.request("entered", values=tried))[0]
        if "error" in reply and not any("must be" in p["error"] for p in reply["problems"]):
            try:
                body = game.rules.hand.form_body(game.rules.context(game.settings), tried, None)
                game.rules.record_from_dict(game.settings, body, place)
            except Exception:
                return [*bad, tried]
    return bad
