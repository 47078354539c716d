"""French Tarot (docs/rules/french-tarot.md): three to five players, one taker (at five with
the called king's holder) against the rest. The app reaches it through the registry
(``game.GAME``)."""
