"""Contract bridge, rubber and Chicago (docs/rules/bridge.md). The app reaches it only
through the registry (``game.GAME``)."""
