"""A sheet's rows read each hand's score from the replay that worked it out (issue 66:
a 1,000-hand print scored every hand twice): ``hand_views`` hands a view the replay's
score (``Context.scored``), and the views of Israeli Whist and Bid Whist, which show what
a score says (made, revokes, books), score nothing again and show what they showed when
they scored each hand themselves."""

from __future__ import annotations

import pytest

from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.israeli_whist import display
from scorekeeper.engine.registry import table_game
from tests.support.play import long_settings, records


@pytest.mark.parametrize("key", ["israeli-whist", "bid-whist"])
def test_the_rows_views_score_no_hand_again(key, monkeypatch):
    game = table_game(key, 4)
    settings = long_settings(game, 41)
    progress = game.replay(settings, 0, records(game, settings, 40, 66))
    assert any(not hand.record.thrown_in for hand in progress.hands)
    # Each hand's view as drawn alone, scoring the hand itself (no score in its context).
    before = [None, *(hand.state for hand in progress.hands[:-1])]
    before[0] = progress.before
    alone = [
        game.view(
            settings,
            hand.record,
            game.context(settings, HandPlace(hand.number, hand.dealer, state)),
        )
        for hand, state in zip(progress.hands, before, strict=True)
    ]
    scored = []
    original_view_score = display.score_of
    original_score = type(game).score
    monkeypatch.setattr(display, "score_of", lambda *a: scored.append(a) or original_view_score(*a))
    monkeypatch.setattr(
        type(game), "score", lambda self, *a: scored.append(a) or original_score(self, *a)
    )
    views = game.hand_views(progress)
    assert scored == []
    for view, summary in zip(views, alone, strict=True):
        assert (view.about, view.bid, view.outcome) == (summary.about, summary.bid, summary.outcome)
        assert [seat.entry for seat in view.seats] == list(summary.entries)
        assert [seat.made for seat in view.seats] == list(summary.made)
        penalties = summary.penalties or (None,) * len(view.seats)
        assert [seat.penalty for seat in view.seats] == list(penalties)
