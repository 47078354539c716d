"""What one client may ask of the server, so that a stranger cannot slow every group
(issue 29, finding 2):

- **New groups and games per address.** Each client address may start a burst of them,
  then one every so often (a token bucket per address and kind); past that it is
  answered 429, with ``Retry-After`` and a message naming the limit. The address is the
  connection's, or under ``serve --proxy N`` the one the trusted proxy forwarded (Werkzeug's
  ``ProxyFix`` has set ``remote_addr`` by then); a forwarded address is ignored otherwise.
  Each server process counts its own.
- **Heavy work a few at a time.** An import, a whole game's print and an export each take
  one of ``HEAVY_SLOTS`` slots for as long as they run (a streamed export until its last
  byte). As many more may wait for one, up to ``HEAVY_WAIT`` seconds; any further heavy
  request is answered 503 at once, with ``Retry-After``, instead of taking another
  server thread that other groups' saves and pages need. So heavy work holds at most
  twice ``HEAVY_SLOTS`` of the server's threads.
- **A server open only to invited groups** (``serve --invited-only``): starting a group
  needs the owner's key, which ``scorekeeper groups`` prints.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from flask import Flask, Response, current_app, g, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from werkzeug.exceptions import Forbidden, ServiceUnavailable, TooManyRequests

from .. import db
from ..problems import Problem


@dataclass(frozen=True, slots=True)
class Rate:
    """``burst`` at once, then one every ``every`` seconds."""

    burst: int
    every: float


# A table starts a few games an evening and a group once; a script starts hundreds.
RATES = {"group": Rate(burst=5, every=600.0), "game": Rate(burst=30, every=60.0)}
# Addresses remembered per kind: the oldest is forgotten first (a forgotten address starts
# with a full burst again, so memory stays bounded without refusing anyone wrongly long).
MOST_CLIENTS = 10_000
# Heavy requests running at once, per server process: the rest of its threads stay free.
HEAVY_SLOTS = 1
HEAVY_WAIT = 10.0
HEAVY_RETRY_SECONDS = 5
HEAVY = frozenset(
    {
        "review.export_group",
        "review.export_game",
        "review.export_all",
        "review.export_parts",
        "review.import_games",
        "review.import_group",
        "sheets.game_sheet",
    }
)


class Buckets:
    """A token bucket per client address, for one kind of thing started."""

    def __init__(self, rate: Rate, most: int = MOST_CLIENTS) -> None:
        self.rate = rate
        self.most = most
        self._tokens: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, client: str, now: float) -> float:
        """Takes one for ``client``: 0 when it may, else the seconds until it may."""
        with self._lock:
            tokens, when = self._tokens.pop(client, (float(self.rate.burst), now))
            tokens = min(float(self.rate.burst), tokens + (now - when) / self.rate.every)
            if tokens >= 1:
                self._tokens[client] = (tokens - 1, now)
                wait = 0.0
            else:
                self._tokens[client] = (tokens, now)
                wait = (1 - tokens) * self.rate.every
            while len(self._tokens) > self.most:
                self._tokens.popitem(last=False)
            return wait


class TooMany(Problem, TooManyRequests):
    """429 with a message naming the limit, ``Retry-After`` and, in the API, the field."""

    def __init__(self, message: str, field: str | None = None, retry_after: int = 60) -> None:
        super().__init__(message, field)
        self.retry_after = retry_after


class OwnerOnly(Problem, Forbidden):
    """403 on a server open only to invited groups; in the API, the field is ``group``."""

    title = _l("Open only to invited groups")

    def __init__(self, message: str, field: str | None = "group") -> None:
        super().__init__(message, field)


class Busy(Problem, ServiceUnavailable):
    """503 while heavy work fills its slots, with ``Retry-After``."""

    def __init__(self, message: str, field: str | None = None, retry_after: int = 5) -> None:
        super().__init__(message, field)
        self.retry_after = retry_after


def _limit_words(kind: str, rate: Rate) -> str:
    minutes = max(1, round(rate.every / 60))
    if kind == "group":
        return ngettext(
            "A phone may start %(burst)d groups at once, then one every %(num)d minute.",
            "A phone may start %(burst)d groups at once, then one every %(num)d minutes.",
            minutes,
            burst=rate.burst,
        )
    return ngettext(
        "A phone may start %(burst)d games at once, then one every %(num)d minute.",
        "A phone may start %(burst)d games at once, then one every %(num)d minutes.",
        minutes,
        burst=rate.burst,
    )


def allow(kind: str) -> None:
    """Counts one more ``kind`` (``group`` or ``game``) started by this request's client;
    raises TooMany past its rate."""
    buckets = current_app.extensions["scorekeeper.rates"].get(kind)
    if buckets is None:
        return
    wait = buckets.take(request.remote_addr or "", time.monotonic())
    if wait <= 0:
        return
    seconds = math.ceil(wait)
    minutes = math.ceil(seconds / 60)
    message = (
        _limit_words(kind, buckets.rate)
        + " "
        + ngettext(
            "Try again in %(num)d minute.",
            "Try again in %(num)d minutes.",
            minutes,
        )
    )
    raise TooMany(message, kind, seconds)


def owner_required(key: str | None) -> None:
    """On a server open only to invited groups, raises Forbidden unless ``key`` is the
    owner's."""
    if not current_app.config.get("INVITED_ONLY"):
        return
    if not db.is_owner_key(db.get_db(), key):
        raise OwnerOnly(invited_only_words())


def invited_only_words() -> str:
    return _(
        "This server is open only to invited groups: join yours with its invite link, or "
        "give the server owner's key to start a group."
    )


def _once(release: Callable[[], None]) -> Callable[[], None]:
    done = threading.Lock()

    def once() -> None:
        if done.acquire(blocking=False):
            release()

    return once


def _releasing(body: Iterable[bytes], release: Callable[[], None]) -> Iterator[bytes]:
    """``body``, calling ``release`` when it ends: sent to the last byte, closed by the
    server (a phone that went away), or dropped unread."""
    try:
        yield from body
    finally:
        release()


def init_app(app: Flask) -> None:
    rates = app.config.get("RATE_LIMITS", RATES) or {}
    app.extensions["scorekeeper.rates"] = {kind: Buckets(rate) for kind, rate in rates.items()}
    count = app.config.get("HEAVY_SLOTS", HEAVY_SLOTS)
    slots = threading.BoundedSemaphore(count)
    waiting = threading.BoundedSemaphore(count)

    @app.before_request
    def take_a_heavy_slot() -> None:
        if request.endpoint not in HEAVY or request.method not in ("GET", "POST"):
            return
        if request.endpoint in ("review.import_games", "review.import_group") and (
            request.method != "POST"
        ):
            return
        taken = slots.acquire(blocking=False)
        if not taken and waiting.acquire(blocking=False):
            try:
                taken = slots.acquire(timeout=HEAVY_WAIT)
            finally:
                waiting.release()
        if not taken:
            raise Busy(
                _(
                    "The server is busy with another large import, print or export. "
                    "Try again in a few seconds."
                ),
                retry_after=HEAVY_RETRY_SECONDS,
            )
        g.heavy_slot = True

    @app.after_request
    def release_when_sent(response: Response) -> Response:
        if g.pop("heavy_slot", False):
            if response.is_streamed:
                # A streamed answer works until its last byte: the slot is free once it
                # is sent, closed, or dropped unread, whichever comes first.
                response.response = _releasing(response.response, _once(slots.release))
            else:  # its work is done: what is left is sending the bytes made
                slots.release()
        return response

    @app.teardown_request
    def release_on_error(_exc: BaseException | None) -> None:
        if g.pop("heavy_slot", False):
            slots.release()
