"""What one client may ask of the server, so that a stranger cannot slow every group
(issue 29, finding 2):

- **New groups and games per address.** Each client address may start a burst of them,
  then one every so often (a token bucket per address and kind); past that it is
  answered 429, with ``Retry-After`` and a message naming the limit. The address is the
  connection's, or under ``serve --proxy N`` the one the trusted proxy forwarded (Werkzeug's
  ``ProxyFix`` has set ``remote_addr`` by then); a forwarded address is ignored otherwise.
  An IPv6 address is counted by its /64, which one home line or one phone holds whole
  (issue 42, finding 9). ``serve --phones-per-address N`` raises the rates N times, for a
  club whose phones all share the venue's one public address.
- **Heavy work a few at a time.** What its view declares heavy (``weight``: an import of
  games or of a club night, a game's print, a club table's list or a night's ranking, an
  export, a night's series drawn, a stored hand replaced) and an offline batch that
  replaces a stored hand (its later hands are recomputed) each take one of
  ``HEAVY_SLOTS`` slots for as long as they run (a streamed export until its last
  byte). As many more may wait for one, up to ``HEAVY_WAIT`` seconds; any further heavy
  request is answered 503 at once, with ``Retry-After``, instead of taking another
  server thread that other groups' saves and pages need. So heavy work holds at most
  twice ``HEAVY_SLOTS`` of the server's threads.

Both are counted per server, not per process: the buckets live in shared memory made
before ``serve --workers N`` forks its workers, so N workers give a stranger one server's
budget (issue 42). The slots and the buckets' lock are lock files held by ``flock``, in a
private folder beside the database (``<database>-locks``): each is opened anew for each
taking, so that threads and processes (forked before or after the app was made) exclude
each other alike, and the kernel lets go of what a process held when it dies, even killed
by the OOM killer in the middle of an export (issue 54, finding 8). They are kept as a
careful daemon keeps them (issue 66): the folder and every file are made, or narrowed to
0700 and 0600, when the app is made, and the server does not start when they cannot be
(``db.files.own_folder``, ``CannotStart``); a file is never opened through a symbolic
link; a lock not had in time answers 503 with ``Retry-After``, logged once with the file
named, and the rates fail closed: what cannot be counted is not started.
- **A server open only to invited groups** (``serve --invited-only``): starting a group
  needs the owner's key, which ``scorekeeper groups`` prints.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import ipaddress
import logging
import math
import os
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.sharedctypes import RawArray
from pathlib import Path

from flask import Flask, Response, current_app, g, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from werkzeug.exceptions import Forbidden, ServiceUnavailable, TooManyRequests

from .. import db
from ..db.files import PRIVATE_FILE, own_folder, private_folder
from ..problems import CannotStart, Problem
from .weight import weight_of

try:
    import fcntl
except ImportError:  # Windows: one process serves, its threads share plain locks
    fcntl = None  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class Rate:
    """``burst`` at once, then one every ``every`` seconds."""

    burst: int
    every: float


# A table starts a few games an evening and a group once; a script starts hundreds.
RATES = {"group": Rate(burst=5, every=600.0), "game": Rate(burst=30, every=60.0)}
# Addresses remembered per kind: the least recently seen of a few is forgotten first (a
# forgotten address starts with a full burst again, so memory stays bounded without
# refusing anyone wrongly long).
MOST_CLIENTS = 10_000
# Places looked at for one address in the shared table: where its hash points and the next.
PROBE = 8
# Seconds a request waits for the shared table's lock (see Buckets.take), looking again
# every LOCK_POLL seconds: it is held for microseconds. Past that, what it would start is
# refused (503), and asked again after LOCK_RETRY_SECONDS.
LOCK_WAIT = 1.0
LOCK_POLL = 0.001
LOCK_RETRY_SECONDS = 5
# Heavy requests running at once, per server: the rest of its threads stay free.
HEAVY_SLOTS = 1
HEAVY_WAIT = 10.0
HEAVY_RETRY_SECONDS = 5
# Seconds between two looks at a lock file held by another, while waiting for it.
POLL = 0.02
# What the lock files' folder holds, as a refusal to start says it.
HOLDS = "holds the server's lock files (rates and heavy-work slots)"

log = logging.getLogger(__name__)


def client_of(address: str) -> str:
    """The client a request from ``address`` is counted as: an IPv4 address as it is; an
    IPv6 address as its /64, since one home line or one phone is given a whole /64 and
    may use any address in it (an IPv4 address mapped into IPv6 as the IPv4 address)."""
    try:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


def _place(client: str) -> int:
    """A client's 64-bit key in the shared table, the same in every process (0 is kept
    for an empty place)."""
    digest = hashlib.blake2b(client.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") or 1


class Held:
    """A lock file held: its own open descriptor, whose closing lets the lock go. The
    kernel closes it when the process ends however it ends, so a process killed while
    holding it holds nothing."""

    __slots__ = ("_descriptor", "_guard", "_thread_lock")

    def __init__(self, descriptor: int, thread_lock: threading.Lock | None = None) -> None:
        self._descriptor = descriptor
        self._thread_lock = thread_lock
        self._guard = threading.Lock()

    def release(self) -> None:
        """Lets the lock go; once, however many times it is called, from any thread."""
        with self._guard:
            descriptor, self._descriptor = self._descriptor, -1
            thread_lock, self._thread_lock = self._thread_lock, None
        if descriptor >= 0:
            os.close(descriptor)
        if thread_lock is not None:
            thread_lock.release()

    def __del__(self) -> None:  # dropped unreleased: let go rather than leak
        self.release()


class Unusable(Problem):
    """Every lock file of a ``LockFiles`` was refused (see ``LockFiles.take``): waiting
    would not make one free. Caught where it is taken, never answered as it is."""


class LockFiles:
    """``count`` lock files ``<name>-0`` … in ``folder``, each held by one taker at a time
    with ``flock``, across the threads of a process and across processes.

    Each taking opens its file anew: a flock belongs to the open file description, so a
    descriptor kept and shared by forked processes would be held by all of them at once,
    while two ``open`` calls exclude each other even in one process. The folder (0700) and
    its files (0600) are made when the app is made (``prepare``), and again at a taking
    that finds them gone (a cleaner took them). A file is opened without following a
    symbolic link: one planted in its place is refused, and logged once, naming it."""

    def __init__(self, folder: str | os.PathLike, name: str, count: int) -> None:
        self.folder, self.name = Path(folder), name
        self.paths = [self.folder / f"{name}-{n}" for n in range(count)]
        # Without flock (Windows), a process's own locks: one process serves there.
        self._thread_locks = [threading.Lock() for _ in self.paths] if fcntl is None else None
        # The files refused and logged, by this process: each is logged once, until it
        # opens again.
        self._refused: set[Path] = set()

    def prepare(self) -> None:
        """Makes every lock file (0600), or narrows one that is there; raises CannotStart
        naming one that is not a plain file of this user's (a planted link)."""
        if self._thread_locks is not None:
            return
        for path in self.paths:
            try:
                os.close(_create(path))
            except OSError as exc:
                raise CannotStart(
                    f"{path} {_why(exc)}: the server keeps a lock file there; remove it and "
                    "start again (the server makes it)",
                    "--db",
                ) from None

    def take(self) -> Held | None:
        """The first free lock file, held; None when every one is held. Raises Unusable
        when every one was refused (see the class's docstring)."""
        refused = 0
        for number, path in enumerate(self.paths):
            try:
                held = self._try(number, path)
            except OSError as exc:
                self.refuse(path, _why(exc))
                refused += 1
                continue
            self._refused.discard(path)
            if held is not None:
                return held
        if refused == len(self.paths):
            raise Unusable(f"{self.folder}: every {self.name} lock file refused")
        return None

    def wait(self, seconds: float, poll: float = POLL) -> Held | None:
        """A lock file held, looking every ``poll`` seconds up to ``seconds``; None when
        none came free. Raises Unusable as ``take`` does, at once."""
        deadline = time.monotonic() + seconds
        while True:
            held = self.take()
            if held is not None or time.monotonic() >= deadline:
                return held
            time.sleep(min(poll, max(0.0, deadline - time.monotonic())))

    def refuse(self, path: Path, why: str) -> None:
        """Logs, once until it opens again, that the lock file ``path`` ``why``."""
        if path in self._refused:
            return
        self._refused.add(path)
        log.error("lock file %s %s; what needs it is refused (503) meanwhile", path, why)

    def _try(self, number: int, path: Path) -> Held | None:
        if self._thread_locks is not None:
            lock = self._thread_locks[number]
            return Held(-1, lock) if lock.acquire(blocking=False) else None
        descriptor = self._open(path)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            return None
        except BaseException:
            os.close(descriptor)
            raise
        return Held(descriptor)

    def _open(self, path: Path) -> int:
        try:
            return _checked(os.open(path, _OPEN), path)
        except FileNotFoundError:  # cleaned away: made again, as at the start
            private_folder(self.folder)
            return _create(path)


# Read-only is enough for flock; close-on-exec, so that no program run keeps it; never
# through a symbolic link, and never waiting (a FIFO planted in a file's place would hold
# the opening thread until something wrote to it).
_OPEN = os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)


def _why(exc: OSError) -> str:
    """What is wrong with a lock file that ``exc`` refused."""
    if exc.errno == errno.ELOOP:
        return "is a symbolic link, which is never followed"
    if exc.errno is None:
        return "is not a plain file of the server's user"
    return f"cannot be opened: {exc.strerror or exc}"


def _checked(descriptor: int, path: Path, narrow: bool = False) -> int:
    """``descriptor``, open on ``path``; OSError (closing it) when it is not a plain file
    of this user's. ``narrow``: made 0600 when wider."""
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode) or found.st_uid != os.geteuid():
            raise OSError(f"{path}: not a plain file of this user's")
        if narrow and stat.S_IMODE(found.st_mode) != PRIVATE_FILE:
            os.fchmod(descriptor, PRIVATE_FILE)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _create(path: Path) -> int:
    """``path`` opened as ``LockFiles`` opens it, made first (0600, whatever the umask)
    when missing, narrowed to 0600 when wider. OSError for anything but a plain file of
    this user's (ELOOP for a symbolic link)."""
    return _checked(os.open(path, _OPEN | os.O_CREAT, PRIVATE_FILE), path, narrow=True)


class Buckets:
    """A token bucket per client, for one kind of thing started, in memory shared by every
    process forked after it is made: a table of ``most`` places, each client's among the
    ``PROBE`` places from where its key points; a new client takes an empty one, or the
    least recently seen client's. Changed under the lock file ``rates-<kind>`` in
    ``folder`` (see LockFiles), which a process killed while holding it lets go of."""

    def __init__(
        self, rate: Rate, folder: str | os.PathLike, most: int = MOST_CLIENTS, kind: str = "rates"
    ) -> None:
        self.rate = rate
        self.most = most
        # What is counted, as the log names it ("rates-group": groups), and whether this
        # process has logged its lock held too long.
        self.counts = f"{kind.removeprefix('rates-')}s"
        self._stuck = False
        self._keys = RawArray("Q", most)
        self._tokens = RawArray("d", most)
        self._when = RawArray("d", most)
        self._lock = LockFiles(folder, kind, 1)

    def prepare(self) -> None:
        """Makes the table's lock file at the start (see ``LockFiles.prepare``)."""
        self._lock.prepare()

    def take(self, client: str, now: float, count: int = 1) -> float | None:
        """Takes ``count`` for ``client``, all or none: 0 when it may, else the seconds
        until it may; None when the table's lock could not be had (nothing may be started
        uncounted). ``now``: ``time.monotonic()``, one clock for every process of the
        machine."""
        key = _place(client)
        first = key % self.most
        places = [(first + step) % self.most for step in range(min(PROBE, self.most))]
        # Held for microseconds. A process killed holding it lets go at once (the kernel
        # closes its file); one stopped holding it (SIGSTOP, a debugger) is waited for
        # LOCK_WAIT, and then the limit holds: what would be counted is refused, rather
        # than let through uncounted (issue 66: 8 of 8 new groups went through).
        try:
            held = self._lock.wait(LOCK_WAIT, poll=LOCK_POLL)
        except Unusable:  # refused and logged by the lock files
            return None
        if held is None:
            if not self._stuck:  # once, until the lock is had again
                self._stuck = True
                log.error(
                    "lock file %s was held for more than %g s (by a process stopped or "
                    "stuck): new %s are refused (503) until it is free",
                    self._lock.paths[0],
                    LOCK_WAIT,
                    self.counts,
                )
            return None
        self._stuck = False
        try:
            return self._take(places, key, now, count)
        finally:
            held.release()

    def _take(self, places: list[int], key: int, now: float, count: int = 1) -> float:
        """Takes ``count`` at the client's place among ``places`` (its ``key``), under the
        lock."""
        place = next((p for p in places if self._keys[p] == key), None)
        if place is None:
            place = min(places, key=lambda p: (self._keys[p] != 0, self._when[p]))
            self._keys[place] = key
            self._tokens[place], self._when[place] = float(self.rate.burst), now
        tokens = min(
            float(self.rate.burst),
            self._tokens[place] + max(0.0, now - self._when[place]) / self.rate.every,
        )
        wait = 0.0 if tokens >= count else (count - tokens) * self.rate.every
        self._tokens[place] = tokens - count if tokens >= count else tokens
        self._when[place] = now
        return wait


def raised(rates: dict[str, Rate], phones: int) -> dict[str, Rate]:
    """``rates`` for ``phones`` phones behind one address: each burst ``phones`` times
    larger, and each next one ``phones`` times sooner."""
    return {
        kind: Rate(burst=rate.burst * phones, every=rate.every / phones)
        for kind, rate in rates.items()
    }


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
    """503 while heavy work fills its slots, with ``Retry-After``; ``words`` says it again
    in the current locale (the JSON answers' English)."""

    def __init__(
        self,
        message: str,
        field: str | None = None,
        retry_after: int = 5,
        words: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(message, field)
        self.retry_after = retry_after
        self.words = words or (lambda: message)


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


def allow(kind: str, count: int = 1) -> None:
    """Counts ``count`` more ``kind`` (``group`` or ``game``) started by this request's
    client, all or none (a club night's tables are each a game); raises TooMany past its
    rate, naming it."""
    buckets = current_app.extensions["scorekeeper.rates"].get(kind)
    if buckets is None:
        return
    wait = buckets.take(client_of(request.remote_addr or ""), time.monotonic(), count)
    if wait is None:  # not counted: refused, never let through
        raise Busy(uncounted_words(), retry_after=LOCK_RETRY_SECONDS, words=uncounted_words)
    if wait <= 0:
        return
    if count > buckets.rate.burst:  # never, however long it waits: the limit alone
        raise TooMany(_limit_words(kind, buckets.rate), kind, math.ceil(wait))
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


def uncounted_words() -> str:
    return _("The server cannot start a new group or game just now. Try again in a few seconds.")


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


def _releasing(body: Iterable[bytes], release: Callable[[], None]) -> Iterator[bytes]:
    """``body``, calling ``release`` when it ends: sent to the last byte, closed by the
    server (a phone that went away), or dropped unread."""
    try:
        yield from body
    finally:
        release()


def busy_words() -> str:
    return _(
        "The server is busy with another large import, print or export. Try again in a few seconds."
    )


class HeavySlots:
    """The server's heavy-work slots (``slots``), and as many places to wait for one
    (``waiting``): lock files in ``folder``, shared by every thread and process serving
    the database."""

    def __init__(self, folder: str | os.PathLike, count: int) -> None:
        self.slots = LockFiles(folder, "heavy", count)
        self.waiting = LockFiles(folder, "waiting", count)

    def prepare(self) -> None:
        """Makes the slots' lock files at the start (see ``LockFiles.prepare``)."""
        self.slots.prepare()
        self.waiting.prepare()

    def take(self, wait: float) -> Held | None:
        """A slot: a free one at once, else one that comes free within ``wait`` seconds
        when a place to wait is free; None otherwise (every slot's file refused too)."""
        try:
            held = self.slots.take()
            if held is None:
                place = self.waiting.take()
                if place is not None:
                    try:
                        held = self.slots.wait(wait)
                    finally:
                        place.release()
        except Unusable:  # refused and logged by the lock files
            return None
        return held


def take_heavy_slot(words: Callable[[], str] = busy_words) -> None:
    """Takes one of the server's heavy slots for this request, waiting up to
    ``HEAVY_WAIT`` seconds when another request may wait too; raises Busy (``words``)
    otherwise. The slot is given back once the answer is made (or sent, when streamed)."""
    held = current_app.extensions["scorekeeper.heavy"].take(HEAVY_WAIT)
    if held is None:
        raise Busy(words(), retry_after=HEAVY_RETRY_SECONDS, words=words)
    g.heavy_slot = held


def _give_back() -> None:
    held = g.pop("heavy_slot", None)
    if held is not None:
        held.release()


@contextlib.contextmanager
def heavy_work(words: Callable[[], str]) -> Iterator[None]:
    """Heavy work inside a request (an offline batch that replaces a hand): a heavy slot
    held while it runs, given back when it ends. Raises Busy (``words``) as
    :func:`take_heavy_slot` does."""
    if g.get("heavy_slot"):
        yield
        return
    take_heavy_slot(words)
    try:
        yield
    finally:
        _give_back()


def lock_folder(database: str, instance: str) -> Path:
    """Where a server's lock files live: beside its database file (``<file>-locks``), so
    that every process serving that file shares them and no other does; in the instance
    folder for a database without a file."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return Path(instance) / "locks"
    return Path(f"{database}-locks")


def init_app(app: Flask) -> None:
    rates = app.config.get("RATE_LIMITS", RATES) or {}
    phones = app.config.get("PHONES_PER_ADDRESS", 1)
    if phones > 1:
        rates = raised(rates, phones)
    folder = lock_folder(app.config["DATABASE"], app.instance_path)
    # The tables in memory shared by the processes forked after the app is made (serve
    # --workers); their locks and the slots are files, made here, before any fork: the
    # server does not start without them as a careful daemon keeps them (CannotStart).
    own_folder(folder, HOLDS)
    app.extensions["scorekeeper.rates"] = {
        kind: Buckets(rate, folder, kind=f"rates-{kind}") for kind, rate in rates.items()
    }
    app.extensions["scorekeeper.heavy"] = HeavySlots(
        folder, app.config.get("HEAVY_SLOTS", HEAVY_SLOTS)
    )
    for buckets in app.extensions["scorekeeper.rates"].values():
        buckets.prepare()
    app.extensions["scorekeeper.heavy"].prepare()

    @app.before_request
    def take_a_heavy_slot() -> None:
        if request.endpoint is None:  # no route: a 404 or a 405 to come
            return
        declared = weight_of(current_app.view_functions.get(request.endpoint))
        if declared is not None and declared.is_heavy(request.method):
            take_heavy_slot()

    @app.after_request
    def release_when_sent(response: Response) -> Response:
        held = g.pop("heavy_slot", None)
        if held is not None:
            if response.is_streamed:
                # A streamed answer works until its last byte: the slot is free once it
                # is sent, closed, or dropped unread, whichever comes first.
                response.response = _releasing(response.response, held.release)
            else:  # its work is done: what is left is sending the bytes made
                held.release()
        return response

    @app.teardown_request
    def release_on_error(_exc: BaseException | None) -> None:
        _give_back()
