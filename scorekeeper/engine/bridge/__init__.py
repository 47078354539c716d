"""Contract bridge, rubber and Chicago (RULES.md section 10). The app reaches it only
through the registry (``game.GAME``)."""
