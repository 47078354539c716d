"""The round sheet behind the one game interface (``core.base.GameBase``): for the other
games of an evening (Hearts, Rummy, Yaniv…), the app keeps the sheet and adds up.

**Two to eight players.** The core's ``seats`` is one number per game; here the table
chooses it when the game starts. :attr:`AnyGame.seat_range` says which counts the game
seats, and the base's ``seated`` gives the game for one count: the same rules, with
``seats`` and ``sides`` of that table. The registered object is the four-player table
(``seats == 4``); a stored game is ``get_game(key).seated(len(players))``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from random import Random
from typing import Any

from ..core.base import GameBase
from ..core.declared import Figures, Progression
from ..core.form import HandFormSpec
from ..core.game import ROUND_WORDS, HandPlace, PageWords
from ..core.messages import Message, msg
from ..core.schema import Context, Hand, HandSchema, HandSummary
from . import crowns, display, form, rounds, stats
from .rounds import Moon, RoundPoints, rounds_of, target_of
from .settings import PRESETS, SheetSettings


class SheetHand(HandSchema):
    """A round of the sheet: its random rounds, for the suites, are a random table's."""

    def random_body(
        self, game: Any, settings: SheetSettings, ctx: Context, rng: Random
    ) -> dict[str, Any]:
        """A round a random table writes down: under a moon rule, each player takes some of
        the round's worth, no one all of it, and one round in eight is a moon; Five Crowns'
        rounds dealt from its two packs; else mostly gains, sometimes a loss, the last
        player's making up ``round_total``."""
        if settings.moon != "none":
            if rng.randrange(8) == 0:
                return {"moon": rng.randrange(ctx.seats)}
            while True:
                points = [0] * ctx.seats
                for _ in range(settings.moon_worth):
                    points[rng.randrange(ctx.seats)] += 1
                if settings.moon_worth not in points:
                    return {"points": points}
        if settings.wilds == "five_crowns":
            return {"points": crowns.dealt(ctx.number, ctx.seats, rng)}
        points = [rng.randint(-15, 40) for _ in range(ctx.seats)]
        if settings.round_total is not None:
            points[-1] = settings.round_total - sum(points[:-1])
        return {"points": points}


class AnyGame(GameBase):
    """Two to eight players each for themselves write down their points every round;
    the sheet adds up and ends the game as its goal says."""

    key = "any-game"
    name: Message = msg("Any other game")
    seats = 4
    seat_range = (2, 8)
    """The player counts the game seats; the table chooses one when the game starts."""
    page_words = PageWords(
        auction_head=msg("Round won by"),
        outcome_head=msg("Round total"),
        bid_head=None,
        entry_heads=(),
        legend=msg("Pts points in the round · Tot running total."),
        turn=msg("Round %(number)d: %(dealer)s deals"),
        auction_mark=msg("won the round"),
        cell_legend=msg("points, total"),
        revision_legend=msg("Each player: points in the round."),
        hand=ROUND_WORDS,
    )
    presets = PRESETS
    preset_words = {
        "any-game": (
            msg("Round sheet"),
            msg("a sheet for any other game: each round, every player's points"),
        ),
        "hearts": (
            msg("Hearts"),
            msg(
                "26 points a round, the lowest total wins at 100; one tap for a player who "
                "shot the moon"
            ),
        ),
        "five-crowns": (
            msg("Five Crowns"),
            msg("11 rounds from 3 cards to 13, each round's wild card named; the lowest wins"),
        ),
    }
    preset_titles = {"hearts": msg("Hearts"), "five-crowns": msg("Five Crowns")}

    def end_words(self, settings: SheetSettings) -> Message:
        return display.end_words(settings)

    def deal_note(self, settings: SheetSettings, place: HandPlace) -> Message | None:
        """Where the cards go before the round at ``place`` (Hearts), or its cards and wild
        card (Five Crowns), for the form's title and the scoreboard's turn line."""
        return display.passing_note(settings, place.number, self.seats)

    # --- a round ----------------------------------------------------------------------------

    hand = SheetHand(
        RoundPoints(
            "points",
            msg("Points"),
            step="round",
            default=None,
            csv=False,
            help="Every player's points this round, in seat order, separated by commas.",
        ),
        Moon(
            "moon",
            msg("Who shot the moon"),
            step="shooter",
            default=None,
            csv=False,
            only_if=lambda ctx: ctx.settings.moon != "none",
            help="Hearts: the seat that shot the moon, instead of --points.",
        ),
        steps={"round": msg("Points this round"), "shooter": msg("Or: shot the moon")},
        examples={
            "any-game": {"points": [5, -3, 0, 12]},
            "hearts": {"points": [3, 13, 10, 0]},
            "five-crowns": {"points": [0, 13, 33, 24]},  # round 1: 3 cards each, 3s wild
        },
    )
    score = staticmethod(rounds.score)
    check = staticmethod(rounds.check)
    describe_hand = staticmethod(display.describe_hand)
    revision_view = staticmethod(display.revision_view)
    rules_lines = staticmethod(display.rules_lines)
    rules_notes = staticmethod(display.rules_notes)

    def record_from_dict(
        self, settings: SheetSettings, body: Any, place: HandPlace | None = None
    ) -> Hand:
        return super().record_from_dict(settings, rounds.read_first(settings, body), place)

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """The seats that won the round (none when everyone scored alike), and the seat
        that shot the moon (Hearts; None for a round of typed points)."""
        return {"round_winners": list(replayed.score.won), "moon": replayed.record.moon}

    def view(self, settings: SheetSettings, hand: Hand, ctx: Context) -> HandSummary:
        return display.summary(settings, hand, self.score(settings, hand, ctx), ctx.number)

    def explain(
        self, settings: SheetSettings, record: Hand, place: HandPlace | None = None
    ) -> list[list[Message]]:
        """A moon under ``safety`` depends on the totals before it; any other round does
        not."""
        return display.explained(settings, record, self.score_at(settings, record, place))

    def hand_form(
        self, settings: SheetSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The schema's form, with a note under the moon's row."""
        spec = super().hand_form(settings, players, place)
        spec = spec.with_rules(form.form_rules(settings, self.context(settings, place)), form.TEXTS)
        steps = tuple(replace(step, note=form.NOTES.get(step.id)) for step in spec.steps)
        return replace(spec, steps=steps)

    # --- the progress of a sheet -------------------------------------------------------------

    progression = Progression(
        # the race (a side a seat) by the sheet's goal: to a target or for rounds, the
        # lowest total best where it wins (``lowest_wins``); equal best totals share or
        # play on, as ``tie_at_end`` says
        target=lambda game, settings: target_of(settings),
        hand_limit=lambda game, settings: rounds_of(settings),
        shares_tie=lambda game, settings: settings.tie_at_end == "shared",
        finish_now=True,
        lasting={"goal": "open"},  # an open game: it ends when the table says so
    )

    # --- statistics ----------------------------------------------------------------------------

    figures = Figures(
        lambda recorded: stats.sheet_stats(recorded.game, recorded),
        stats.player_figures,
        stats.game_figures,
        stats.NOTES,
        # Head-to-head over games of any size: a seat is its own side, up to the largest
        # table.
        rivalries=lambda game, recorded, players: stats.sheet_head_to_head(
            tuple((seat,) for seat in range(game.seat_range[-1])), recorded, players
        ),
    )
    """One game's figures, at the size of its own table (``recorded.game``)."""


GAME = AnyGame()
