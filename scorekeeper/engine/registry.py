"""The registry of games: ``GAMES`` by key, and ``get_game(key)``.

A game package exposes one object, ``GAME``, an instance of its subclass of
:class:`~.core.base.GameBase` (so implementing :class:`~.core.game.Game`);
adding a game is adding its package and one line to ``_BUILT_IN`` (or, while the app
cannot offer it yet, to ``UNLISTED``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .any_game.game import GAME as ANY_GAME
from .belote.game import GAME as BELOTE
from .bid_whist.game import GAME as BID_WHIST
from .bridge.game import GAME as BRIDGE
from .core.errors import InvalidSettings
from .core.game import Game
from .core.messages import msg
from .doppelkopf.game import GAME as DOPPELKOPF
from .euchre.game import GAME as EUCHRE
from .french_tarot.game import GAME as FRENCH_TAROT
from .israeli_whist.game import GAME as ISRAELI_WHIST
from .oh_hell.game import GAME as OH_HELL
from .phase_10.game import GAME as PHASE_10
from .pinochle.game import GAME as PINOCHLE
from .schafkopf.game import GAME as SCHAFKOPF
from .skat.game import GAME as SKAT
from .spades.game import GAME as SPADES
from .wizard.game import GAME as WIZARD

_BUILT_IN: tuple[Game, ...] = (
    ISRAELI_WHIST,
    BID_WHIST,
    SPADES,
    OH_HELL,
    WIZARD,
    EUCHRE,
    FRENCH_TAROT,
    BELOTE,
    SKAT,
    DOPPELKOPF,
    SCHAFKOPF,
    BRIDGE,
    PHASE_10,
    PINOCHLE,
    ANY_GAME,
)

GAMES: dict[str, Game] = {game.key: game for game in _BUILT_IN}

UNLISTED: tuple[Game, ...] = ()
"""Games the engine has built but the app does not offer yet: not in ``GAMES``, so
``get_game`` refuses them, but checked by the conformance suite like every registered
game, so they are ready when listed. (Bid Whist waited here until the app was generic.)"""

# What a game stored before games had a key, and an API body without "game", plays.
DEFAULT_GAME = ISRAELI_WHIST.key


def get_game(key: str | None = None) -> Game:
    """The game registered as ``key`` (any case; None means the default game).

    Raises InvalidSettings (field ``game``) naming the registered games.
    """
    return find_game(key)


def table_game(key: str | None, players: Sequence[str] | int) -> Game:
    """The registered game ``key`` (None: the default game) for a table of ``players``
    (their names, or how many): ``get_game(key).seated(len(players))``. Everywhere a
    stored game becomes its game object goes through here, as a game whose number of
    players is chosen at the start plays by its count.

    Raises InvalidSettings (field ``game`` or ``players``)."""
    count = players if isinstance(players, int) else len(players)
    return get_game(key).seated(count)


def find_game(key: str | None = None, include_unlisted: bool = False) -> Game:
    """The game registered as ``key`` (any case; None means the default game), or with
    ``include_unlisted`` also a game built but not yet offered by the app (``UNLISTED``):
    the command line scores and simulates those already.

    Raises InvalidSettings (field ``game``) naming the games it looked among.
    """
    name = DEFAULT_GAME if key is None else str(key).strip().lower()
    known = dict(GAMES)
    if include_unlisted:
        known |= {game.key: game for game in UNLISTED if game.key not in known}
    try:
        return known[name]
    except KeyError:
        problem = msg(
            "%(name)s is not a game here; choose one of %(known)s",
            name=repr(key),
            known=", ".join(known),
        )
        raise InvalidSettings(problem, "game") from None


def register_game(game: Game) -> Game:
    """Adds ``game`` under its key (a test's toy game, a plug-in) and returns it.

    Raises ValueError if the key is taken by another game.
    """
    if not isinstance(game, Game):
        raise TypeError(f"{game!r} does not implement the Game interface")
    known = GAMES.get(game.key)
    if known is not None and known is not game:
        raise ValueError(f"a game is already registered as {game.key!r}")
    GAMES[game.key] = game
    return game
