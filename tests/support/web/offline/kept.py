"""Helpers of tests/web/offline/test_kept.py."""

from __future__ import annotations

from flask import render_template_string

from scorekeeper.engine import GAMES


def served(app, language: str, view: str, *models) -> str:
    """The view as the server's Flask draws it, for a browser asking for ``language``."""
    with app.test_request_context("/", headers={"Accept-Language": language}):
        names = ", ".join(f"m{n}" for n in range(len(models)))
        source = f'{{% from "_kept.html" import {view} %}}{{{{ {view}({names}) }}}}'
        return render_template_string(source, **{f"m{n}": m for n, m in enumerate(models)})


# --- a save on the hand form, for a phone that keeps the game (issue 44) ----------------------
SPADES = GAMES["spades"]


SPADES_HAND = {"bids": [4, 3, 3, 3], "tricks": [2, 5, 1, 5]}


def spades_save(client, game_id: int, headers: dict[str, str], **changed: str):
    data = {"number": "1", "save": "1", **SPADES.hand.form_values(SPADES_HAND), **changed}
    return client.post(f"/games/{game_id}/hands/new", data=data, headers=headers)
