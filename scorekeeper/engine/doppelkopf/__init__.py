"""Doppelkopf (docs/rules/doppelkopf.md): Re against Kontra, solos, announcements, extra
points and Bock rounds. The app reaches it only through the registry (``game.GAME``)."""
