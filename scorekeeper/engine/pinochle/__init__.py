"""Partnership Pinochle (docs/rules/pinochle.md): four players, two sides, an auction for
trump; the app reaches it through the registry (``game.GAME``)."""
