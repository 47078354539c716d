"""French Tarot (docs/rules/french-tarot.md): three to five players, one taker (at five with
the called king's holder) against the rest; the registry reaches it as ``game.GAME``."""
