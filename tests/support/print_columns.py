"""The printed sheet's column widths, read from its ``<colgroup>``: paper.py sizes each
column by the sheet's font and names its width in half em by a class of print.css
(``w3`` 3 em, ``w4h`` 4.5 em); a column without one keeps print.css's own width."""

from __future__ import annotations

import re

from scorekeeper.web.games.paper import ENTRY_EM


def entry_column_widths(printed: str) -> list[float]:
    """Each entry column's width in em of the table's size, in the order printed."""
    widths = []
    for size in re.findall(r'<col class="c(?: w(\d+h?))?">', printed):
        widths.append(float(size.rstrip("h")) + 0.5 * size.endswith("h") if size else ENTRY_EM)
    return widths
