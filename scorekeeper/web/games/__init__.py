"""A game: one blueprint, ``games`` (``blueprint``), whose views live in a module per job,
each registering its routes on it: starting one and its scoreboard (``routes``),
recording its hands (``hands``), its sheets (``sheets``), its links and QR code
(``share``), its result card (``card``) and the rules pages (``rules``). Beside them what
these pages share: the scoreboard's rows (``scoreboard``), the paper's drawing
(``printed``, ``paper``), the result card's model (``results``) and the forms (``forms``);
the game service is the web core's ``service``. No view module imports another."""

from . import card, hands, routes, rules, share, sheets
from .blueprint import bp

__all__ = ["bp", "card", "hands", "routes", "rules", "share", "sheets"]
