"""The limits a real table never meets and a stranger always does (issue 29): each keeps one
request's work, and one game's size, bounded. The README's "Running it on the internet"
lists them; a refusal names the limit.

Flask-free: the data layer, the file formats and the command line refuse by them too.
"""

from __future__ import annotations

# Hands in one game. A long evening's game has a few hundred; the round sheet's longest
# real games (a rummy league's year) stay well under a thousand.
MAX_HANDS = 2000
# An import from the web: games in one file, and hands and saved revisions in all of them
# (each is a row to check and to store; a hand saved once is two). A 5 MB export of ours
# holds about 5,000 hands: a group's years of evenings fit in a few files.
IMPORT_MAX_GAMES = 1000
IMPORT_MAX_HANDS = 10000
# Hands a phone sends at once when the network comes back (issue 34). An evening without
# the network is tens of hands; each is a save of its own (read, scored and stored in its
# own transaction), so one request's work stays that of a hundred saves. The body as a
# whole is bounded by the app's MAX_CONTENT_LENGTH, as every request's is.
OFFLINE_MAX_HANDS = 100
# Of those, the hands that replace a stored one (each recomputes every later hand, so a
# replacement of hand 1 in a long game is that game's whole work): a phone's queue marks
# only its first hand so, the one whose clash its player settled with "Keep this one".
OFFLINE_MAX_REPLACED = 1
# Phones ``serve --phones-per-address`` may count behind one public address (a club's venue):
# each address's rates and connections are that many phones'.
MOST_PHONES_PER_ADDRESS = 1000
# A club night (issue 45), as the club page draws it and an import stores it (issue 54):
# players present, tables in one series (a table of four for each four players), and
# disputed hands: a table of 48 deals hears of a few, so a table's and a night's limits
# leave room for every honest evening and none for 60,000 rows on the organiser's page.
# A night's games, hands and revisions are an import's, above; each table drawn or
# imported is a game started, counted against ``throttle.RATES["game"]``.
CLUB_MAX_PLAYERS = 240
CLUB_MAX_TABLES_PER_SERIES = 60
CLUB_MAX_DISPUTES_PER_TABLE = 50
CLUB_MAX_DISPUTES = 500
