"""A game's pages from one module (``GameBase.pages``): each function the module names in
``core.base.PAGES`` becomes the game's member, the class's own winning (issue 41)."""

from __future__ import annotations

from types import ModuleType

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.base import PAGES, GameBase
from tests.support.toy_game import HighCard


def _module(**functions: object) -> ModuleType:
    module = ModuleType("toy_display")
    vars(module).update(functions)
    return module


def test_a_games_pages_module_gives_the_members_it_names():
    def rules_lines(settings):
        return ["the module's line"]

    def describe_hand(settings, record, players):
        return "the module's hand"

    class Paged(HighCard):
        pages = _module(rules_lines=rules_lines, describe_hand=describe_hand, helper=len)

    game = Paged()
    assert game.rules_lines(None) == ["the module's line"]
    assert game.describe_hand(None, None, ()) == "the module's hand"
    assert Paged.revision_view is HighCard.revision_view  # the module has none
    assert not hasattr(Paged, "helper")  # only the names of PAGES are bound


def test_the_class_own_member_wins_over_its_pages_module():
    class Paged(HighCard):
        pages = _module(rules_lines=lambda settings: ["the module's"])

        def rules_lines(self, settings):
            return ["the class's own"]

    assert Paged().rules_lines(None) == ["the class's own"]


def test_every_game_with_a_pages_module_has_each_of_its_functions_as_its_member():
    """Only the seed games still bind pages by name (issue 55: every other game writes
    its protocol members, ``describe_hand = staticmethod(display.describe_hand)``)."""
    paged = [game for game in GAMES.values() if type(game).pages is not None]
    assert {game.key for game in paged} <= {"bid-whist", "oh-hell"}
    # Israeli Whist binds its own (issue 55): no by-name binding of its display module.
    assert type(GAMES["israeli-whist"]).pages is None
    for game in paged:
        for name in PAGES:
            given = getattr(type(game).pages, name, None)
            if callable(given):
                assert getattr(type(game), name) is given, (game.key, name)
    assert GameBase.pages is None
