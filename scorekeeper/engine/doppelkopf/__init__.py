"""Doppelkopf (RULES.md section 8): Re against Kontra, solos, announcements, extra
points and Bock rounds. The app reaches it only through the registry (``game.GAME``)."""
