"""What French Tarot's tests (``tests/games/french_tarot/``) share: a game made through the
API and opened with its edit link, and a deal as the hand form posts it."""

from __future__ import annotations

KEY = "french-tarot"
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def new_game(client, players=4, settings=None) -> tuple[int, str]:
    """A French Tarot game of ``players`` under the FFT's preset with ``settings``,
    opened on this client with its edit link: its id and edit key."""
    body = {"game": KEY, "players": NAMES[:players], "rules": "fft", "first_dealer": 0}
    response = client.post("/api/games", json=body | {"settings": settings or {}})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


def form_values(hand: dict) -> dict[str, str]:
    """A deal as the form posts it: the extras' keys already on none, as the page has them."""
    extras = dict.fromkeys(("petit_au_bout", "poignee", "poignee_defence", "chelem"), "none")
    return {"save": "1", **extras, **{name: str(value) for name, value in hand.items()}}
