"""Helpers of tests/browser/test_names_whole_browser.py."""

from __future__ import annotations

import re

# Each name on the page (``selector``): its words split over two lines (by the boxes of
# the word's own letters), and whether it is cut short, with the title it carries.
MEASURED = """(selector) => Array.from(document.querySelectorAll(selector)).map((el) => {
    const split = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest(".vh")) continue;
        for (const word of node.data.matchAll(/[^\\s\\u00a0-]+-?/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const tops = new Set(Array.from(range.getClientRects())
                .filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
            if (tops.size > 1) split.push(word[0]);
        }
    }
    const holder = el.closest("[title]");
    return {name: el.textContent.trim(), split,
            cut: el.scrollWidth > el.clientWidth + 1, title: holder ? holder.title : ""};
})"""


def plain(text: str) -> str:
    """``text`` without the marks that isolate a name in a sentence."""
    return re.sub("[\u2066-\u2069]", "", text)


def faults(page, selector: str, some: bool = True) -> list[tuple]:
    """Each name (or head) under ``selector`` with a word split over two lines, or cut
    short without the whole name in its title; asserting, with ``some``, there are any."""
    names = page.evaluate(MEASURED, selector)
    assert names or not some, selector
    return [
        (n["name"], n["split"], n["cut"])
        for n in names
        if n["split"] or (n["cut"] and not (plain(n["title"]) and plain(n["title"]) in n["name"]))
    ]
