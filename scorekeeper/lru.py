"""A bounded store of worked-out values kept in this process, the least recently read
going first: a game's figures (``db.figures``), a club night's standings
(``web.club``), a long game's whole hands (``web.api``), its printed sheet and its
scoreboard's rows drawn (``web.games``). Keys carry what the value depends on (a game's
version, a night's tables' versions), so an entry never goes stale: it stops being
asked for and falls out."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class Lru:
    """At most ``size`` values by key, safe to share between a server's threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Any:
        """The value kept for ``key`` (now the most recently read), or None."""
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: tuple[Any, ...], value: Any) -> None:
        """Keeps ``value`` for ``key``; the least recently read go past ``size``."""
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
