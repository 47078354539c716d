"""Exports written by the code before issue 55, read as today's code writes them: the seed
games' hands and revisions in the form the plain schema writes (``db.plain_hands``), as
migration m027 and an import rewrite them."""

from __future__ import annotations

from scorekeeper.db.plain_hands import REWRITE
from scorekeeper.db.plain_hands.israeli_whist import rewrite

RECORD_KEYS = {"thrown_in", "pass_round", "declarer", "bid", "frisch_rounds"}
RECORD_KEYS |= {"contracts", "tricks", "revokes"}


def in_plain_form(games: list) -> list:
    """Exported games of the code before issue 55, their Israeli Whist hands and revisions
    in the form the plain schema writes (``db.plain_hands``), as migration m027 and an
    import rewrite them: every value the table wrote kept, less repeated."""
    for game in games:
        key = game.get("game", "israeli-whist")
        for revision in game.get("revisions", ()) if key in REWRITE else ():
            revision["hand"] = REWRITE[key](revision["hand"], game["settings"])
        if key != "israeli-whist":
            continue
        for hand in game["hands"]:
            record = {key: hand.pop(key) for key in list(hand) if key in RECORD_KEYS}
            hand.update(rewrite(record, game["settings"]))
    return games
