"""The one bounded store of worked-out values (``scorekeeper.lru.Lru``): by count, or by
what each value costs (the page cache's bytes), the least recently read going first, a
value too large for it never kept, safe to share between a server's threads; the page
cache and an evening's replays are this store (issue 67: one bounded cache)."""

from __future__ import annotations

import threading

from scorekeeper import evenings
from scorekeeper.lru import Lru
from scorekeeper.web.responses import PageCache
from tests.support.lru import _page


def test_values_past_the_size_go_least_recently_read_first():
    kept = Lru(2)
    kept.put(("a",), 1)
    kept.put(("b",), 2)
    assert kept.get(("a",)) == 1  # now "b" is the least recently read
    kept.put(("c",), 3)
    assert [kept.get((k,)) for k in "abc"] == [1, None, 3]
    assert len(kept) == 2


def test_a_value_put_again_is_counted_once():
    kept = Lru(10, cost=lambda key, value: len(value))
    kept.put(("a",), "xxxx")
    kept.put(("a",), "xxxxxx")
    assert kept.held == 6 and kept.get(("a",)) == "xxxxxx"


def test_by_cost_the_oldest_go_until_the_rest_fit_and_a_value_too_large_is_never_kept():
    kept = Lru(10, cost=lambda key, value: len(value), largest=6)
    kept.put(("a",), "xxxx")
    kept.put(("b",), "xxxx")
    kept.put(("c",), "xxxxx")  # 13 held: "a" goes
    assert (kept.get(("a",)), kept.held) == (None, 9)
    kept.put(("d",), "x" * 7)  # larger than the largest kept: sent, not kept
    assert kept.get(("d",)) is None and kept.held == 9
    kept.clear()
    assert (len(kept), kept.held) == (0, 0)


def test_a_size_of_nothing_keeps_nothing():
    kept = Lru(0)
    kept.put(("a",), 1)
    assert kept.get(("a",)) is None and len(kept) == 0


def test_threads_putting_at_once_leave_it_within_its_size():
    kept = Lru(50, cost=lambda key, value: value)

    def put(start: int) -> None:
        for n in range(start, start + 400):
            kept.put((n,), 1 + n % 3)

    threads = [threading.Thread(target=put, args=(i * 1000,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert kept.held == sum(cost for _, cost in kept.items.values()) <= 50


def test_the_page_cache_and_an_evenings_replays_are_the_one_store():
    pages = PageCache(8000)
    assert isinstance(pages, Lru) and isinstance(evenings._replays, Lru)
    page = _page("<p>" + "x" * 500 + "</p>")
    pages.put(("scoreboard", 1, 1), page)
    assert pages.get(("scoreboard", 1, 1)) is page
    assert pages.held == PageCache.cost(("scoreboard", 1, 1), page)
    big = _page("<p>" + "y" * 2000 + "</p>")  # over a quarter of the bytes
    pages.put(("print", 1, 1), big)
    assert pages.get(("print", 1, 1)) is None
