"""Belote and Coinche (docs/rules/belote.md): four players in two partnerships; the app
reaches both through the registry (``game.GAME``), Coinche as its second preset."""
