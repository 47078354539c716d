"""The scoreboard's rows, the engine's model drawn by ``templates/_sheet.html``: each
label and figure is translated once a page, and a row shows exactly what its hand's view
says."""

from __future__ import annotations

import re
from types import SimpleNamespace

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.declared import PLAIN_PAPER
from scorekeeper.engine.core.display import GameNotes, HandView, Label, PenaltyMark, SeatView
from scorekeeper.engine.core.messages import msg, nmsg
from scorekeeper.web import create_app
from scorekeeper.web.games.scoreboard import hand_rows
from tests.support.app import app_config

OVER = msg("over")


def views() -> list[HandView]:
    """Hands whose labels say "over" as a Message (translated) and as plain notation (shown
    as it is), and the same penalty twice."""
    said = nmsg("%(num)d revoke: %(points)s", "%(num)d revokes: %(points)s", 1, points=-100)
    revoke = PenaltyMark(("R",), -100, said)
    seats = (SeatView(("2", "2"), 14, 14, True, revoke), SeatView(("3", "1"), -20, -20, False))
    return [
        HandView(1, 0, 0, Label(("7", "♣")), Label((OVER,), "over"), seats),
        HandView(2, 1, 1, Label(("over",)), Label((OVER,), "over"), seats),
        HandView(3, 0, None, None, Label((OVER,)), seats),
    ]


def rows_in(language: str, tmp_path) -> str:
    app = create_app(app_config(tmp_path))
    words = GAMES["israeli-whist"].page_words
    game = SimpleNamespace(
        sides=((0,), (1,)),
        hand_views=lambda progress: progress.views,
        page_words=words,
        row_layout="cells",
        notes=lambda progress: GameNotes(),
        paper=PLAIN_PAPER,  # no paper beyond the sheet
    )
    with app.test_request_context(headers={"Accept-Language": language}):
        app.preprocess_request()
        progress = SimpleNamespace(views=views(), settings=None)  # a table that never changes
        rows = hand_rows(game, progress, lambda n: ("A", "B"), {}, ("/w/", "/"), ("/e/", "/"))
    assert (rows.count, rows.first, rows.penalised) == (3, 1, True)
    return str(rows.html)


def test_a_message_is_translated_and_the_same_words_as_notation_are_not(tmp_path):
    html = rows_in("de", tmp_path)
    heads = re.findall(r"<th>(.*?)</th>", html)
    assert heads == [
        '<a href="/e/1/">1</a> <span class="n">7♣</span> <em class="over l9">überboten</em>',
        '<a href="/e/2/">2</a> <span class="n">over</span> <em class="over l9">überboten</em>',
        '<a href="/e/3/">3</a> <em class="l9">überboten</em>',
    ]
    # The penalty is shown in the page's language in every row it appears in.
    assert html.count('<span class="vh">1 Renonce: -100</span>') == 3


def test_cells_carry_the_classes_figures_and_links_of_the_view(tmp_path):
    html = rows_in("en", tmp_path)
    first = html.split("</tr>")[0]
    assert first == (
        '<tr id="h1"><th><a href="/e/1/">1</a> <span class="n">7♣</span> '
        '<em class="over">over</em></th>\n'
        '<td class="d k m"><span class="e">2/2</span> <a class="why" href="/w/1/#s0"><i>+14</i></a>'
        '<span class="rv"><span aria-hidden="true">R <span class="n">\u2212100</span></span>'
        '<span class="vh">1 revoke: -100</span></span><b>14</b></td>'
        '<td class="x"><span class="e">3/1</span> <a class="why" href="/w/1/#s1"><i>\u221220</i>'
        "</a><b>\u221220</b></td>"
    )
