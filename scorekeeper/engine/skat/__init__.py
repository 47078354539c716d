"""Skat (docs/rules/skat.md): a declarer against two, the value of the game from its base,
matadors and levels, the list plain or Seeger-Fabian. The app reaches it through the
registry (``game.GAME``)."""
