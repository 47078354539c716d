"""The worker of ``serve --workers N``: a gunicorn worker process that serves on waitress.

gunicorn's own threaded worker (gthread) reads each request on the thread that answers
it: a client that sends its header lines one a second, or its body a byte a second, holds
that thread until the last byte, and a few dozen such clients from one address held every
thread of every worker, so that no phone was answered (issue 66). waitress reads every
request in its one event loop and gives it to a thread only once it has all arrived, as
the single-process ``serve`` always did: under this worker a slow client holds a
connection (at most ``server.CONNECTIONS_PER_ADDRESS`` of them per address and worker,
the longest idle closed to make room), never a thread. gunicorn's arbiter stays in
charge of the processes: it forks the workers from the app made once, replaces one that
dies or stops checking in, and reloads or stops them on a signal.

A worker is written as gunicorn's documentation says (a subclass of its ``Worker`` whose
``run`` serves and calls ``notify`` at least every ``timeout`` seconds), and named to it by
its path (``server.worker_settings``): only ``serve --workers`` imports it, since gunicorn
runs on POSIX systems alone.
"""

from __future__ import annotations

import contextlib
import os
import time

from gunicorn.workers.base import Worker
from waitress import wasyncore

from .server import FairServer, idle_channels, make_server

# Seconds one pass of the event loop waits for a socket at most: how soon the worker
# checks in with the arbiter, and sees that it must stop or that the arbiter is gone.
LOOP_SECONDS = 0.5
# A stopping worker closes a connection between requests once it has been quiet this long,
# and any that is not answering a request this long after the stop began (a request
# still arriving so late is cut off, as a closed connection cuts it).
QUIET_SECONDS = 1.0
ARRIVING_SECONDS = 5.0


class WaitressWorker(Worker):
    """A gunicorn worker process answering on waitress's event loop and threads (see the
    module's docstring). ``threads`` (gunicorn's setting) is waitress's thread count."""

    def run(self) -> None:
        # gunicorn's application object, as ``server.run_workers`` made it.
        server = make_server(
            self.app.served,
            threads=self.cfg.threads,
            listening=[listener.sock for listener in self.sockets],
            proxy=self.app.proxies,
        )
        sockets = getattr(server, "map", None) or server._map
        listening = [s for s in list(sockets.values()) if isinstance(s, FairServer)]
        while self.alive and self._parent_alive():
            self.notify()
            self._drain_wakeups()
            wasyncore.loop(LOOP_SECONDS, server.adj.asyncore_use_poll, sockets, count=1)
        self._finish(sockets, listening)

    def _parent_alive(self) -> bool:
        """False once the arbiter is gone (killed): this worker then stops by itself."""
        if self.ppid != os.getppid():
            self.log.info("Parent changed, shutting down: %s", self)
            return False
        return True

    def _drain_wakeups(self) -> None:
        # gunicorn points the signal wake-up descriptor at this pipe; nobody else reads it.
        with contextlib.suppress(BlockingIOError, OSError):
            while os.read(self.PIPE[0], 4096):
                pass

    def _finish(self, sockets: dict, listening: list[FairServer]) -> None:
        """Stops accepting (the other workers, or the new ones of a reload, take the next
        connections) and closes the connections as they fall quiet: one answering a
        request once its answer is sent (up to the graceful timeout), one between
        requests once it has been quiet for ``QUIET_SECONDS`` (a connection just accepted
        may hold a request not yet read), and whatever is still arriving after
        ``ARRIVING_SECONDS``."""
        for server in listening:
            # The listening socket alone: the server's trigger still wakes the loop when a
            # thread has an answer to send.
            wasyncore.dispatcher.close(server)
        began = time.monotonic()
        deadline = began + self.cfg.graceful_timeout
        while time.monotonic() < deadline:
            self.notify()
            channels = [c for server in listening for c in server.active_channels.values()]
            if not channels:
                break
            now, arriving = time.time(), time.monotonic() - began < ARRIVING_SECONDS
            for channel in idle_channels(channels):
                if now - channel.last_activity >= QUIET_SECONDS or not arriving:
                    channel.will_close = True
            wasyncore.loop(LOOP_SECONDS / 5, True, sockets, count=1)
        if listening:
            listening[0].task_dispatcher.shutdown(timeout=1)
        wasyncore.close_all(sockets)
