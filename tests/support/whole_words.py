"""What a browser test asks of a page's names and headings: each shown whole."""

from __future__ import annotations

# Every box the selector names (a name, a heading): its text cut (wider than its box, or
# an ellipsis drawn), a word broken over two lines, a word outside its cell (the table
# cell it is in, else its own box: a key, a list's line). A word is read up to a hyphen,
# after which a name may wrap.
CUT_OR_BROKEN = """(selector) => {
  const found = [];
  const boxes = document.querySelectorAll(selector);
  for (const box of boxes) {
    const text = box.textContent.trim();
    if (!text) continue;
    if (box.scrollWidth > box.clientWidth + 1) found.push('cut: ' + text);
    const style = getComputedStyle(box);
    if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible'
        && box.scrollWidth > box.clientWidth) found.push('ellipsis: ' + text);
    const cell = (box.closest('td, th') || box).getBoundingClientRect();
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // A word, or the part of one up to a hyphen, after which a name may wrap.
      const re = /[^\\s-]+-?/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size > 1)
          found.push('broken word: ' + m[0]);
        for (const r of rects)
          if (r.right > cell.right + 1 || r.left < cell.left - 1)
            found.push('past its cell: ' + m[0]);
      }
    }
  }
  return [...new Set(found)];
}"""
