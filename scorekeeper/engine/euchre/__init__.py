"""Euchre (docs/rules/euchre.md): two partnerships make trump and race to 10. The app
reaches it only through the registry (``game.GAME``)."""
