"""A game's name as a sentence puts it (issue 69): French says "les règles de la
belote", "une table de tarot", "on joue au skat", the article and its preposition fused as
the name asks ("du", "au", "de l'", "d'"), German "beim Skat", "bei der Belote". A
sentence that names a game asks for its name in one of three places, each a msgctxt of
the game's English name that each language's catalogue writes whole for every game:
never an article put together with a name in code. English says the name alone in each.

- ``AT``: where a game is played, after "at" or "in" ("Ratings in Skat", "Skat is
  played by 3": French "au skat", German "beim Skat");
- ``OF_THE``: the game itself after "of" ("The rules of Belote": "de la belote");
- ``OF_ONE``: a game of its kind after "of" ("a table of Tarot", "a hand of Skat":
  "de tarot", "d'euchre").

Like the registry, this names every game: a new game adds its line (a test holds every
registered game's name, and every preset title, to it)."""

from __future__ import annotations

from .messages import Message, cmsg

AT = "game's name: played at"
OF_THE = "game's name: of the game"
OF_ONE = "game's name: of one game"
PLACES = (AT, OF_THE, OF_ONE)

# Each game's name in each place, in PLACES' order, by its English name: every registered
# game's, and each preset's that names what is played (Coinche, Hearts); each context
# written out, as pybabel finds a msgctxt only as a literal.
NAMES_IN: dict[str, tuple[Message, Message, Message]] = {
    "Israeli Whist": (
        cmsg("game's name: played at", "Israeli Whist"),
        cmsg("game's name: of the game", "Israeli Whist"),
        cmsg("game's name: of one game", "Israeli Whist"),
    ),
    "Bid Whist": (
        cmsg("game's name: played at", "Bid Whist"),
        cmsg("game's name: of the game", "Bid Whist"),
        cmsg("game's name: of one game", "Bid Whist"),
    ),
    "Spades": (
        cmsg("game's name: played at", "Spades"),
        cmsg("game's name: of the game", "Spades"),
        cmsg("game's name: of one game", "Spades"),
    ),
    "Oh Hell": (
        cmsg("game's name: played at", "Oh Hell"),
        cmsg("game's name: of the game", "Oh Hell"),
        cmsg("game's name: of one game", "Oh Hell"),
    ),
    "Wizard": (
        cmsg("game's name: played at", "Wizard"),
        cmsg("game's name: of the game", "Wizard"),
        cmsg("game's name: of one game", "Wizard"),
    ),
    "Euchre": (
        cmsg("game's name: played at", "Euchre"),
        cmsg("game's name: of the game", "Euchre"),
        cmsg("game's name: of one game", "Euchre"),
    ),
    "French Tarot": (
        cmsg("game's name: played at", "French Tarot"),
        cmsg("game's name: of the game", "French Tarot"),
        cmsg("game's name: of one game", "French Tarot"),
    ),
    "Belote": (
        cmsg("game's name: played at", "Belote"),
        cmsg("game's name: of the game", "Belote"),
        cmsg("game's name: of one game", "Belote"),
    ),
    "Skat": (
        cmsg("game's name: played at", "Skat"),
        cmsg("game's name: of the game", "Skat"),
        cmsg("game's name: of one game", "Skat"),
    ),
    "Doppelkopf": (
        cmsg("game's name: played at", "Doppelkopf"),
        cmsg("game's name: of the game", "Doppelkopf"),
        cmsg("game's name: of one game", "Doppelkopf"),
    ),
    "Schafkopf": (
        cmsg("game's name: played at", "Schafkopf"),
        cmsg("game's name: of the game", "Schafkopf"),
        cmsg("game's name: of one game", "Schafkopf"),
    ),
    "Bridge": (
        cmsg("game's name: played at", "Bridge"),
        cmsg("game's name: of the game", "Bridge"),
        cmsg("game's name: of one game", "Bridge"),
    ),
    "Phase 10": (
        cmsg("game's name: played at", "Phase 10"),
        cmsg("game's name: of the game", "Phase 10"),
        cmsg("game's name: of one game", "Phase 10"),
    ),
    "Pinochle": (
        cmsg("game's name: played at", "Pinochle"),
        cmsg("game's name: of the game", "Pinochle"),
        cmsg("game's name: of one game", "Pinochle"),
    ),
    "Any other game": (
        cmsg("game's name: played at", "Any other game"),
        cmsg("game's name: of the game", "Any other game"),
        cmsg("game's name: of one game", "Any other game"),
    ),
    "Coinche": (
        cmsg("game's name: played at", "Coinche"),
        cmsg("game's name: of the game", "Coinche"),
        cmsg("game's name: of one game", "Coinche"),
    ),
    "Contrée": (
        cmsg("game's name: played at", "Contrée"),
        cmsg("game's name: of the game", "Contrée"),
        cmsg("game's name: of one game", "Contrée"),
    ),
    "Hearts": (
        cmsg("game's name: played at", "Hearts"),
        cmsg("game's name: of the game", "Hearts"),
        cmsg("game's name: of one game", "Hearts"),
    ),
    "Five Crowns": (
        cmsg("game's name: played at", "Five Crowns"),
        cmsg("game's name: of the game", "Five Crowns"),
        cmsg("game's name: of one game", "Five Crowns"),
    ),
}


def name_in(name: str, place: str) -> str:
    """The game named ``name`` (its English name: a game's ``name``, a preset's title) as
    a sentence puts it in ``place`` (``AT``, ``OF_THE`` or ``OF_ONE``), for the
    sentence's ``%(game)s``; ``name`` itself for a name this does not know (a game a test
    made up)."""
    template = name.template if isinstance(name, Message) else name
    forms = NAMES_IN.get(template)
    return name if forms is None else forms[PLACES.index(place)]
