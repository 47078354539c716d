"""The seed games' stored hands rewritten into the form the plain schema writes (issue 55).

Israeli Whist, Bid Whist and Oh Hell kept the hands they stored before every game declared
its hand on one schema. Each module here turns one game's stored record (a ``dict`` read
from a hand's or a revision's JSON, with the game's stored settings) into the record the
schema writes today. They are frozen with the migration that calls them and with the
importer that reads an older export: they import nothing of the engine, whose games may
change after them.
"""

from __future__ import annotations

from . import bid_whist, israeli_whist, oh_hell

REWRITE = {
    "israeli-whist": israeli_whist.rewrite,
    "bid-whist": bid_whist.rewrite,
    "oh-hell": oh_hell.rewrite,
}
