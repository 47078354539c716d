"""A Bid Whist hand on the command line: ``scorekeeper score --game bid-whist`` takes the
hand as the table writes it down, each option the key of that name in the hand's body."""

from __future__ import annotations

from ..core.command_line import HandOption

HAND_OPTIONS = (
    HandOption("bidder", "The seat that won the auction", "SEAT"),
    HandOption("bid", "Level and kind, as in 4U, 4D or 4NT", "BID"),
    HandOption("trump", "Trump suit of an uptown or downtown bid: C D H S", "SUIT"),
    HandOption("direction", "Direction of a no-trump bid", "high|low"),
    HandOption("books", "Books of the bidding side, the discard included", "N"),
    HandOption("reneges", "Caught reneges per side, A then B", "A,B"),
)
