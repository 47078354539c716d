"""The round sheet behind the one game interface (``core.base.GameBase``): for the other
games of an evening (Hearts, Rummy, Yaniv…), the app keeps the sheet and adds up.

**Two to eight players.** The core's ``seats`` is one number per game; here the table
chooses it when the game starts. :attr:`AnyGame.seat_range` says which counts the game
seats, and the base's ``seated`` gives the game for one count: the same rules, with
``seats`` and ``sides`` of that table. The registered object is the four-player table
(``seats == 4``); a stored game is ``get_game(key).seated(len(players))``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..core.base import Capabilities, GameBase
from ..core.game import ROUND_WORDS, HandPlace, PageWords
from ..core.messages import Message, msg
from ..core.progress import RaceState
from ..core.settings import preset_name_of
from . import display, form, stats
from .rounds import Round, RoundScore, SheetProgress, moon_round, read_round, resume_sheet
from .settings import (
    CHOICE_WORDS,
    HEARTS,
    KINDS,
    KNOB_GROUPS,
    KNOB_HELP,
    KNOB_LABELS,
    PRESET_ASIDE,
    PRESETS,
    SheetSettings,
)
from .verify import WrittenRound, check_round, random_rounds


class AnyGame(GameBase, rules=(display, form, stats)):
    """Two to eight players each for themselves write down their points every round;
    the sheet adds up and ends the game as its goal says. The pages' hooks are the
    functions of ``display``, ``form`` and ``stats``; what needs the table's size is here."""

    key = "any-game"
    name: Message = msg("Any other game")
    seats = 4
    seat_range = (2, 8)
    """The player counts the game seats; the table chooses one when the game starts."""
    capabilities = Capabilities(own_statistics=True)
    finish_now = True
    preset_aside = PRESET_ASIDE
    page_words = PageWords(
        auction_head=msg("Round won by"),
        outcome_head=msg("Total"),
        bid_head=None,
        entry_heads=(),
        legend=msg("Pts points in the round · Tot running total."),
        turn=msg("Round %(number)d: %(dealer)s deals"),
        auction_mark=msg("won the round"),
        cell_legend=msg("points, total"),
        win=msg("%(name)s wins with %(total)s!"),
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
    }
    preset_titles = {"hearts": msg("Hearts")}
    knobs = KINDS.knobs(KNOB_HELP, KNOB_LABELS, KNOB_GROUPS, CHOICE_WORDS)
    hand_fields = frozenset({"points", "moon"})
    bot_kinds = ("random",)

    def __repr__(self) -> str:
        return f"<AnyGame seats={self.seats}>"

    def preset_name_of(self, settings: SheetSettings) -> str | None:
        """Hearts for its settings (its own target aside); else the plain sheet, whatever
        the table set, while it has no moon: a sheet has no published rules to differ from."""
        if preset_name_of({"hearts": HEARTS}, settings, ("target",)):
            return "hearts"
        return "any-game" if settings.moon == "none" else None

    def lowest_wins(self, settings: SheetSettings) -> bool:
        """True under the goals ``low_target`` and ``rounds_low`` (Hearts)."""
        return settings.lowest_wins

    def shows_dealer(self, settings: SheetSettings) -> bool:
        """Whether the pages show the first dealer and who deals each round."""
        return settings.dealer

    def end_words(self, settings: SheetSettings) -> Message:
        return display.end_words(settings)

    def lasting(self, hands: int) -> dict[str, Any]:
        """An open game: it ends when the table says so."""
        return {"goal": "open"}

    # --- a round ----------------------------------------------------------------------------

    def record_from_dict(self, settings: SheetSettings, body: Any) -> Round:
        return read_round(settings, self.seats, body)

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """The seats that won the round (none when everyone scored alike), and the seat
        that shot the moon (Hearts; None for a round of typed points)."""
        return {"round_winners": list(replayed.score.won), "moon": replayed.record.moon}

    def score_at(
        self, settings: SheetSettings, record: Round, place: HandPlace | None = None
    ) -> RoundScore:
        """A moon under ``safety`` depends on the totals before it; any other round does not."""
        return record.score(settings, None if place is None else place.state)

    def preview_at(
        self, settings: SheetSettings, record: Round, place: HandPlace | None = None
    ) -> dict[str, Any]:
        return {"points": list(self.score_at(settings, record, place).points)}

    def explain_at(
        self, settings: SheetSettings, record: Round, place: HandPlace | None = None
    ) -> list[list[Message]]:
        return display.explain(settings, record, None if place is None else place.state)

    def hand_form(self, settings: SheetSettings, players: Sequence[str]) -> Any:
        return form.round_form(settings, self.seats, players)

    def form_body(
        self, settings: SheetSettings, values: Mapping[str, Any], action: str | None
    ) -> dict[str, Any]:
        return form.round_body(self.seats, values)

    # --- the progress of a sheet -------------------------------------------------------------

    def resume_from(
        self,
        settings: SheetSettings,
        state: RaceState,
        records: Sequence[Round],
        finish_after: int | None,
    ) -> SheetProgress:
        """The race's start and state (one side a seat), scored by the sheet's goal."""
        return resume_sheet(self.seats, settings, state, records, finish_after)

    # --- statistics ----------------------------------------------------------------------------

    def game_stats(self, recorded: Any) -> Any:
        """One game's figures, at the size of its own table (``recorded.game``)."""
        return stats.sheet_stats(recorded.game, recorded)

    def head_to_head(self, recorded: Iterable[Any], players: Sequence[str]) -> Any:
        """Over games of any size: a seat is its own side, up to the largest table."""
        sides = tuple((seat,) for seat in range(self.seat_range[-1]))
        return stats.sheet_head_to_head(sides, recorded, players)

    def figures_notes(self) -> list[Message]:
        return list(stats.NOTES)

    # --- random rounds for the conformance suite ---------------------------------------------

    def simulate_results(
        self,
        settings: SheetSettings,
        deals: int | range,
        seed: int | None = None,
        bots: str = "random",
    ) -> Iterator[WrittenRound]:
        """Random legal rounds (the only "bot"): no cards are played on a sheet."""
        if bots != "random":
            raise ValueError(f"{self.key} has no bot {bots!r}; it has random")

        def score(s: SheetSettings, written: list[int] | None, moon: int | None) -> tuple[int, ...]:
            if moon is not None:
                return self.points(s, moon_round(moon, self.seats))
            return self.points(s, Round(tuple(written or ())))

        return random_rounds(score, self.seats, settings, deals, seed)

    def record_of_deal(self, deal: Mapping[str, Any]) -> Round:
        """The round the random table wrote down, or the moon it tapped."""
        if deal.get("moon") is not None:
            return moon_round(deal["moon"], self.seats)
        return Round(tuple(deal["written"]))

    def verify_deal(self, settings: SheetSettings, deal: Mapping[str, Any]) -> list[str]:
        return check_round(settings.to_dict(), self.seats, deal)


GAME = AnyGame()
