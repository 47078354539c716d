"""The scoreboard's rows, the engine's model drawn by ``templates/_sheet.html``: each
label and figure is translated once a page, and a row shows exactly what its hand's view
says."""

from __future__ import annotations

import re

from tests.support.web.games.scoreboard import rows_in


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
