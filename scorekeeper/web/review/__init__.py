"""Looking back at games played: one blueprint, ``review``, whose pages live in a module
per job, so that their endpoints (``review.history``, …) stay as templates name them.

- ``history``: the games, newest first, folded under their evenings, filtered by
  player and date;
- ``evenings``: an evening's games, standings, best hands and thrown-in dealers;
- ``stats_pages``: one game's statistics;
- ``ratings``: a group's ratings in a game kind, chances before a game, a player's
  rating chart;
- ``players``: everyone who has played, one player's career, head-to-head;
- ``notes``: a game's name and notes;
- ``downloads``: export of one game, of every game, or of a part of them;
- ``imports``: import of a file of ours or of IsraeliWhist-Scorekeeper's;
- ``queries``: the query parameters these pages read, and paging.

Every figure comes from the game's statistics through the Game interface; these modules
only turn figures into the strings a page prints, so templates never compute.
"""

from . import downloads, evenings, history, imports, notes, players, ratings, stats_pages
from .blueprint import bp

__all__ = [
    "bp",
    "downloads",
    "evenings",
    "history",
    "imports",
    "notes",
    "players",
    "ratings",
    "stats_pages",
]
