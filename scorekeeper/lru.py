"""The one bounded store of worked-out values kept in this process, the least recently
read going first: a game's figures (``db.figures``), a club night's standings
(``web.club``), a long game's whole hands (``web.api``), its printed sheet and its
scoreboard's rows drawn (``web.games``), an evening's games replayed (``evenings``) and
the pages sent as they were made (``web.responses``, bounded in bytes). Keys carry what
the value depends on (a game's version, a night's tables' versions), so an entry never
goes stale: it stops being asked for and falls out."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any


def _one(key: tuple[Any, ...], value: Any) -> int:
    return 1


class Lru:
    """Values by key costing at most ``size`` together, safe to share between a server's
    threads: each value costs 1 (``size`` values are kept), or what ``cost(key, value)``
    says (bytes, say); a value costing more than ``largest`` (default: ``size``) is not
    kept, so that a few large ones cannot push every other out."""

    def __init__(
        self,
        size: int,
        cost: Callable[[tuple[Any, ...], Any], int] = _one,
        largest: int | None = None,
    ) -> None:
        self.size = size
        self.cost = cost
        self.largest = size if largest is None else largest
        self.held = 0
        self.items: OrderedDict[tuple[Any, ...], tuple[Any, int]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Any:
        """The value kept for ``key`` (now the most recently read), or None."""
        with self.lock:
            found = self.items.get(key)
            if found is None:
                return None
            self.items.move_to_end(key)
            return found[0]

    def put(self, key: tuple[Any, ...], value: Any) -> None:
        """Keeps ``value`` for ``key``; the least recently read go past ``size``."""
        cost = self.cost(key, value)
        if self.size <= 0 or cost > self.largest:
            return
        with self.lock:
            old = self.items.pop(key, None)
            if old is not None:
                self.held -= old[1]
            self.items[key] = (value, cost)
            self.held += cost
            while self.held > self.size:
                _key, (_value, freed) = self.items.popitem(last=False)
                self.held -= freed

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.held = 0

    def __len__(self) -> int:
        return len(self.items)
