"""``scorekeeper serve``: the table app behind waitress, a production WSGI server.

waitress accepts at most ``connection_limit`` connections and closes an idle one only
after ``channel_timeout``; until then every new phone waits unaccepted. With the defaults
(100 and 120 s) one device holding a hundred half-sent requests locked every phone out for
two minutes. :class:`FairServer` keeps room for everyone: each address may hold at most
``CONNECTIONS_PER_ADDRESS`` connections, and a new one from an address at its share, or
any new one when the server is full, closes the longest-idle connection that is not being
answered (an idle keep-alive or a half-sent request) instead of waiting for it to expire.

Behind a reverse proxy (``serve --proxy N``) every connection comes from the proxy, whose
one address stands for every phone: capped as one client, it had its connections closed
under it (issue 18, item 13). The share per address is then not applied at all: it is
counted when a connection is accepted, before any header says whose requests it will
carry, and a proxy's connection carries many phones' requests in turn. Holding each
phone to its share is the proxy's job, where the phone's own connection ends (nginx's
``limit_conn``); the server-wide limit, and the longest-idle connection closed to make
room when full, still hold. In the app, ProxyFix takes each request's client address,
scheme and host from the proxies' ``X-Forwarded-*`` headers (:func:`trust_proxies`).
Without ``--proxy`` waitress removes those headers before the app sees them, since any
client can send them.

``serve --workers N`` (N > 1) runs under gunicorn's arbiter (:func:`run_workers`): it
forks N workers from the app made once (``preload_app``), replaces any that dies or hangs
past ``--worker-timeout``, reloads them gracefully on SIGHUP and stops them gracefully on
SIGTERM. Each worker serves on this module's waitress server (``worker.WaitressWorker``),
which reads every request whole before a thread answers it: a client sending slowly holds
a connection, never a thread, so the workers may face the network without a proxy.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import io
import logging
import os
import signal
import socket
import sqlite3
import sys
from collections.abc import Callable, Iterable
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser, get_header_lines
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher
from waitress.utilities import RequestHeaderFieldsTooLarge

from ..limits import MOST_PHONES_PER_ADDRESS
from ..problems import CannotStart, Problem

WILDCARD_HOSTS = ("0.0.0.0", "::", "")

# A phone's browser opens up to 6 connections to a host; 32 leaves room for a few phones
# behind one address (a guest network's NAT) and for a laptop's browser tabs.
CONNECTIONS_PER_ADDRESS = 32
# Each connection is a file descriptor; 250 stays far below the usual limit of 1024.
CONNECTION_LIMIT = 250
# Idle connections (a phone asleep between polls, a request never finished) go after 30 s
# rather than 120 s; a phone that wakes reconnects without noticing.
CHANNEL_TIMEOUT = 30
CLEANUP_INTERVAL = 10
# Seconds a worker of ``serve --workers`` may go without checking in with gunicorn's
# arbiter (its loop wakes every second, whatever its threads are doing) before it is
# killed and replaced; and the seconds a stopping worker has to finish what it answers.
WORKER_TIMEOUT = 30
GRACEFUL_TIMEOUT = 30
# Seconds a thread holds the GIL before one waiting for it takes it (see run_server).
SWITCH_INTERVAL = 0.001
# A request's headers, as the most trusted servers take them (nginx's
# large_client_header_buffers, 4 x 8 KB; Apache's LimitRequestFields, 100): at most 16 KB
# with the request line, and at most 100 fields; past either, 431 and nothing read further.
# waitress's own default is 256 KB and any number of fields.
MOST_HEADER_BYTES = 16 * 1024
MOST_HEADER_FIELDS = 100
TUNING: dict[str, Any] = {
    "connection_limit": CONNECTION_LIMIT,
    "channel_timeout": CHANNEL_TIMEOUT,
    "cleanup_interval": CLEANUP_INTERVAL,
    "max_request_header_size": MOST_HEADER_BYTES,
}


def lan_address() -> str | None:
    """This machine's address on the local network, or None when it has none.

    Connecting a UDP socket sends no packet; it only makes the OS pick the outgoing
    interface, whose address the other phones on the same Wi-Fi can reach.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def urls_for(host: str, port: int) -> list[str]:
    """The URLs to print: this machine's, and the LAN one when listening on every interface."""
    if host in WILDCARD_HOSTS:
        found = [f"http://127.0.0.1:{port}/"]
        address = lan_address()
        if address:
            found.append(f"http://{address}:{port}/")
        return found
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def terminal_qr(url: str) -> str:
    """``url`` as a QR code in block characters (two rows of modules to a line), so that
    a phone's camera can open it straight from the terminal."""
    import segno

    drawing = io.StringIO()
    segno.make(url, error="m").terminal(out=drawing, compact=True)
    return drawing.getvalue().rstrip("\n")


def first_start(path: str) -> bool:
    """True when this start creates the database at ``path`` or brings it up to date (an
    upgrade): the one start that prints the only group's invite link. Read only."""
    from ..db.connection import connect
    from ..db.migrations import migrations

    if not os.path.exists(path):
        return True
    try:
        database = connect(path, "read")
        try:
            return bool(migrations.pending(database))
        finally:
            database.close()
    except sqlite3.Error:
        return False


def only_invite(app: Any, base: str) -> str | None:
    """The invite link, on the server at ``base``, of the database's group when it holds
    exactly one (a database upgraded from before groups holds its games in one), so that
    the phones at home join in one scan; None otherwise."""
    from .. import db
    from .root import invite_link

    with app.app_context():
        groups = db.list_groups(db.get_db())
    return invite_link(base, groups[0].invite) if len(groups) == 1 else None


def idle_channels(channels: Iterable[HTTPChannel]) -> list[HTTPChannel]:
    """Connections that no thread is answering and that have nothing left to send: an idle
    keep-alive, or a request not yet received in full."""
    return [c for c in channels if not (c.requests or c.total_outbufs_len or c.will_close)]


class CountedFields(HTTPRequestParser):
    """waitress's request parser, refusing a request of more than ``MOST_HEADER_FIELDS``
    header fields with 431, as it refuses one past ``max_request_header_size``. waitress
    has no setting for it, and the app cannot count them: waitress joins the lines of a
    repeated field into one value before the app sees the request."""

    def parse_header(self, header_plus: bytes) -> None:
        _first_line, _, header = header_plus.partition(b"\r\n")
        fields = len(get_header_lines(header)) if header.strip() else 0
        if fields <= MOST_HEADER_FIELDS:
            super().parse_header(header_plus)
            return
        # As waitress answers a request past its size: a request of its own to answer
        # with the error, the connection closed after it.
        super().parse_header(b"GET / HTTP/1.0\r\n")
        self.error = RequestHeaderFieldsTooLarge(
            f"{fields} header fields, more than {MOST_HEADER_FIELDS}"
        )


class CountedChannel(HTTPChannel):
    parser_class = CountedFields


class FairServer(TcpWSGIServer):
    """waitress's TCP server with room kept for every address (see the module's docstring),
    each request's header fields counted (:class:`CountedFields`)."""

    per_address = CONNECTIONS_PER_ADDRESS
    channel_class = CountedChannel

    def readable(self) -> bool:
        # Full: free a slot on this pass, rather than stop accepting until a timeout does.
        if self.accepting and len(self._map) >= self.adj.connection_limit:
            closing = sum(c.will_close for c in self.active_channels.values())
            if not closing:
                self._close_longest_idle(self.active_channels.values())
        return super().readable()

    def handle_accept(self) -> None:
        # waitress's own handle_accept, with the address's share checked before the
        # connection becomes a channel.
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
            self.set_socket_options(conn)
        except OSError:
            if self.adj.log_socket_errors:
                self.logger.warning("server accept() threw an exception", exc_info=True)
            return
        addr = self.fix_addr(addr)
        if self.per_address is not None:
            same = [c for c in self.active_channels.values() if c.addr[0] == addr[0]]
            if len(same) >= self.per_address and not self._close_longest_idle(same):
                # Every connection it holds is being answered: this one must try again later.
                conn.close()
                return
        self.channel_class(self, conn, addr, self.adj, map=self._map)

    def _close_longest_idle(self, channels: Iterable[HTTPChannel]) -> bool:
        """Closes the idle connection with the oldest activity; False when none is idle."""
        idle = idle_channels(channels)
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c.last_activity)
        self.logger.info("closing an idle connection from %s to make room", oldest.addr[0])
        # As waitress's own timeout does: the main loop closes it on its next pass. Closing
        # it here could close a socket the loop is about to select() on.
        oldest.will_close = True
        return True


def make_server(
    app: Any,
    host: str = "127.0.0.1",
    port: int = 0,
    threads: int = 4,
    per_address: int | None = None,
    listening: list[socket.socket] | None = None,
    proxy: int = 0,
    **adjustments: Any,
) -> FairServer | MultiSocketServer:
    """waitress's server for ``app``, a :class:`FairServer` on every listening socket.

    ``per_address`` caps one address's connections (None: as many as the app's
    ``PHONES_PER_ADDRESS`` phones hold, :func:`connections_per_address`); ``adjustments``
    are waitress settings that override ``TUNING``. Port 0 picks a free port (read it from
    ``effective_port``). ``listening``: sockets already bound (by :func:`listening_sockets`)
    to accept on instead of binding ``host`` and ``port``. ``proxy``: the reverse proxies
    in front of the server (see the module's docstring): their forwarded headers reach the
    app, which trusts them (:func:`trust_proxies`), and no address is capped. ``run()``
    serves until interrupted.
    """
    where = {"sockets": listening} if listening else {"host": host, "port": port}
    if per_address is None:
        phones = getattr(app, "config", {}).get("PHONES_PER_ADDRESS", 1)
        per_address = connections_per_address(phones)
    if proxy:
        app = trust_proxies(app, proxy)
        # waitress removes X-Forwarded-* unless told which proxy to trust; ProxyFix does
        # the trusting here.
        adjustments = {"clear_untrusted_proxy_headers": False} | adjustments
    adj = Adjustments(threads=threads, ident="scorekeeper", **where, **(TUNING | adjustments))
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    sockets: dict = {}
    servers = [
        FairServer(app, sockets, dispatcher=dispatcher, adj=adj, sockinfo=info)
        for info in ([] if listening else adj.listen)
    ] + [
        FairServer(
            app,
            sockets,
            _sock=sock,
            bind_socket=False,
            dispatcher=dispatcher,
            adj=adj,
            sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()),
        )
        for sock in adj.sockets
    ]
    for server in servers:
        server.per_address = None if proxy else per_address
    if len(servers) == 1:
        return servers[0]
    listening = [(s.effective_host, s.effective_port) for s in servers]
    return MultiSocketServer(sockets, adj, listening, dispatcher, servers[-1].log_info)


def run_server(
    app: Any,
    listening: list[socket.socket],
    threads: int,
    workers: int = 1,
    proxy: int = 0,
    timeout: int = WORKER_TIMEOUT,
) -> None:
    """Serves ``app`` on the ``listening`` sockets until interrupted, as ``waitress.serve``
    does but on :func:`make_server`; with ``workers`` > 1, from that many processes under
    gunicorn (see :func:`run_workers`), ``timeout`` the seconds a stuck one is given.
    ``proxy``: as for :func:`make_server`."""
    logging.basicConfig()
    # A light request (a save, a page) takes the GIL back after each SQLite call; behind a
    # thread busy in Python (an import, a print) it waits up to the switch interval each
    # time, 5 ms by default: twenty calls could wait 100 ms. A shorter interval keeps the
    # light requests quick beside heavy work (issue 29), at a small cost to the heavy one.
    # Set before the workers fork, which keep it.
    sys.setswitchinterval(SWITCH_INTERVAL)
    settle()
    for sock in listening:
        host, port = sock.getsockname()[:2]
        print(f"Serving on http://{f'[{host}]' if ':' in host else host}:{port}", flush=True)
    if workers > 1:
        run_workers(app, listening, threads, workers, proxy, timeout)
        return
    make_server(app, threads=threads, listening=listening, proxy=proxy).run()


def worker_settings(
    fds: list[int], threads: int, workers: int, timeout: int = WORKER_TIMEOUT
) -> dict[str, Any]:
    """gunicorn's settings for ``serve --workers``: ``workers`` processes serving on
    waitress (``worker.WaitressWorker``) with ``threads`` threads each, accepting on the
    listening sockets ``fds`` (bound before the app was made, see :func:`bind`)."""
    return {
        "bind": [f"fd://{fd}" for fd in fds],
        "workers": workers,
        # Not gthread, whose threads read the requests: a slow client held one each.
        "worker_class": "scorekeeper.cli.worker.WaitressWorker",
        "threads": threads,
        # The app is made once, in the arbiter, before any worker forks: what it shares
        # between processes (web.throttle's buckets and heavy slots) is made there, and
        # every worker, a replacement too, is forked from it.
        "preload_app": True,
        # A worker whose loop stops checking in (hung, stopped) is killed and replaced.
        "timeout": timeout,
        "graceful_timeout": GRACEFUL_TIMEOUT,
        # Connections, their limits and idle time are waitress's (TUNING), as in one
        # process; no forwarded header is gunicorn's to trust: ProxyFix takes them, from as
        # many proxies as --proxy says (make_server), and only then.
        "forwarded_allow_ips": "",
        # What gunicorn does (a worker booted, replaced, timed out; the shutdown) goes to
        # standard error: the terminal, or the service's journal. No access log: the
        # addresses and paths of every phone's requests are not kept.
        "errorlog": "-",
        "loglevel": "info",
        "accesslog": None,
        "proc_name": "scorekeeper",
        # No control socket: gunicornc is not used, and its default path is one for every
        # gunicorn of the user (two servers would share it). Signals do the same.
        "control_socket_disable": True,
    }


def run_workers(
    app: Any,
    listening: list[socket.socket],
    threads: int,
    workers: int,
    proxy: int = 0,
    timeout: int = WORKER_TIMEOUT,
) -> None:
    """Serves ``app`` from ``workers`` processes under gunicorn's arbiter, so a busy server
    uses every core (one Python process runs one thread at a time).

    The arbiter (this process) forks each worker from the app it made (``preload_app``):
    workers share the database file, whose WAL lets them read while one writes (every
    write checks the game's version, see ``db.hands``; each keeps its own page cache, keyed
    by that version, so no worker serves a page older than the game it read), and what the
    app made to be shared (``web.throttle``), so N workers give a client one server's
    budget, not N. A worker that dies (SIGKILL, the OOM killer) or stops checking in for
    ``timeout`` seconds is replaced; SIGHUP replaces every worker gracefully; SIGTERM stops
    them gracefully (they finish what they answer, up to GRACEFUL_TIMEOUT) and SIGINT at
    once. A worker whose arbiter is gone stops by itself (gunicorn checks its parent every
    second).

    Each worker serves on waitress (``worker.WaitressWorker``), as :func:`make_server`
    sets it up with ``proxy``: a request is read whole before a thread answers it.

    Returns when stopped by a signal; a non-zero exit (workers that cannot boot) is raised
    as SystemExit with gunicorn's code.
    """
    from gunicorn.app.base import BaseApplication

    # The sockets are handed to gunicorn, which closes them: they are no longer ours.
    settings = worker_settings([sock.detach() for sock in listening], threads, workers, timeout)

    class Workers(BaseApplication):
        # What each worker serves, and behind how many proxies (worker.WaitressWorker).
        served = app
        proxies = proxy

        def load_config(self) -> None:
            for name, value in settings.items():
                self.cfg.set(name, value)

        def load(self) -> Any:
            return app

    arbiter = os.getpid()
    try:
        Workers(prog="scorekeeper").run()
    except SystemExit as end:
        code = end.code if isinstance(end.code, int) else 1
        if os.getpid() != arbiter:
            # A worker ends by SystemExit from inside the arbiter's loop, where it was
            # forked: it leaves here, without unwinding what the arbiter is running (the
            # replication beside it, the listening sockets).
            os._exit(code)
        if code:
            raise


def listening_sockets(host: str, port: int) -> list[socket.socket]:
    """Bound, listening sockets for ``host`` and ``port``, as waitress would open them."""
    adj = Adjustments(host=host, port=port, **TUNING)
    opened = []
    try:
        for family, kind, proto, address in adj.listen:
            sock = socket.socket(family, kind, proto)
            opened.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(adj.backlog)
    except OSError:
        for sock in opened:
            sock.close()
        raise
    return opened


def trust_proxies(app: Any, hops: int) -> Any:
    """``app`` (a WSGI app) taking each request's client address, scheme, host and port
    from the ``X-Forwarded-For``, ``-Proto``, ``-Host`` and ``-Port`` headers set by the
    ``hops`` reverse proxies in front of it (Werkzeug's ProxyFix): ``request.remote_addr``
    is the phone's, and the links the app builds (``url_for(..., _external=True)``, the
    share page's QR codes) carry the address the phone opened. Only each header's last
    ``hops`` values are taken, the proxies' own; what the client sent before them is not."""
    from werkzeug.middleware.proxy_fix import ProxyFix

    return ProxyFix(app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops)


class ServeError(Problem):
    """Why ``serve`` cannot start, with the option to change (the field)."""

    field: str


def bind(host: str, port: int) -> list[socket.socket]:
    """:func:`listening_sockets` for ``serve``, bound before anything else is done, so that
    a port already taken stops it before it touches the database or prints an address.
    Raises ServeError naming ``--port`` or ``--host``."""
    try:
        return listening_sockets(host, port)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        if exc.errno == errno.EADDRINUSE:
            message = f"{port} is already in use on {host}: stop the server there or pick another"
            raise ServeError(message, "--port") from None
        if exc.errno == errno.EACCES:
            raise ServeError(f"{port} needs privileges: {reason}", "--port") from None
        raise ServeError(f"cannot listen on {host}: {reason}", "--host") from None
    except ValueError as exc:  # waitress could not resolve the host name
        raise ServeError(f"cannot listen on {host}: {exc}", "--host") from None


def serve_config(
    found: list[str],
    port: int,
    database: str | None = None,
    proxy: int = 0,
    public_url: str | None = None,
    invited_only: bool = False,
    phones_per_address: int = 1,
) -> dict[str, Any]:
    """The app's configuration under ``serve`` on ``port``, whose addresses (as
    ``urls_for`` gives them) are ``found``."""
    config: dict[str, Any] = {"DATABASE": database} if database else {}
    # Links and QR codes never carry a Host a client made up (issue 29): the address
    # given, else one of the server's own (see links.public_root).
    config["SERVER_URLS"] = [f"http://localhost:{port}/", *found]
    config["PROXIES"] = proxy
    config["INVITED_ONLY"] = invited_only
    config["PHONES_PER_ADDRESS"] = phones_per_address
    if public_url:
        config["PUBLIC_URL"] = public_url
    if len(found) > 1:
        # Links and QR codes on pages opened on this machine point the other phones here.
        config["LAN_URL"] = found[1]
    return config


def phones_per_address(given: str | int | None) -> int:
    """``--phones-per-address`` (or ``$SCOREKEEPER_PHONES_PER_ADDRESS``) as a number of
    phones; raises ServeError naming the option and the rule."""
    from ..engine.core.numbers import shown, whole_or_none  # the one reader of numbers

    text = str(given if given is not None else 1).strip()
    most = MOST_PHONES_PER_ADDRESS
    phones = whole_or_none(text, low=1, high=most)
    if phones is None:
        raise ServeError(
            f"{shown(text)} is not a number of phones: give a whole number from 1 to {most} "
            "(the phones that share one public address)",
            "--phones-per-address",
        )
    return phones


def connections_per_address(phones: int) -> int:
    """The connections one address may hold with ``phones`` phones behind it: each
    phone's share, within the server's limit."""
    return min(CONNECTIONS_PER_ADDRESS * phones, CONNECTION_LIMIT)


def settle() -> None:
    """Sets what the started server holds for good (its modules, the engine's registry and
    catalogues, the app) out of the garbage collector's sight, once, before the first
    request (and before workers fork, whose copies then share those pages). A full
    collection, which a long page's thousands of objects set off, then scans only what
    requests made, not the whole program: in ``benchmarks/scale.py`` (quiet), the
    1,000-hand Spades game's whole JSON went from p99 43 to 30 ms, its p50 the same."""
    gc.collect()
    gc.freeze()


def serve(
    host: str,
    port: int,
    database: str | None,
    threads: int,
    echo: Callable[[str], None],
    workers: int = 1,
    proxy: int = 0,
    replica: tuple[str, str] | None = None,
    public_url: str | None = None,
    invited_only: bool = False,
    phones: int = 1,
    worker_timeout: int = WORKER_TIMEOUT,
) -> None:
    """Binds the port, creates the app (migrating the database) and serves it until
    interrupted; with ``workers`` > 1 under gunicorn, which replaces a worker silent for
    ``worker_timeout`` seconds (see :func:`run_workers`). ``public_url``: the address
    links carry (else the server's own, see ``links.public_root``); ``invited_only``: only
    the owner's key starts a group; ``phones``: the phones behind one public address (a
    club's venue), whose rates and connections are that many times one phone's.
    ``proxy``: how many reverse proxies stand in front of the server, whose
    forwarded headers are trusted (see :func:`make_server`); 0 trusts none. ``replica``:
    (URL, interval) for Litestream to replicate the database to while the server runs
    (see ``hosting.replicating``).

    Raises ServeError naming the option when the port cannot be bound or the database
    cannot be opened.
    """
    from ..web import create_app, default_database

    listening = bind(host, port)
    try:
        found = urls_for(host, port)
        # Printed once only, so that no service journal keeps a working invite.
        show_invite = first_start(database or default_database())
        config = serve_config(found, port, database, proxy, public_url, invited_only, phones)
        try:
            app = create_app(config)
        except CannotStart as exc:  # its lock files' folder, its secrets
            raise ServeError(exc.message, exc.field or "--db") from None
        except sqlite3.Error as exc:
            path = database or os.environ.get("SCOREKEEPER_DATABASE") or "the database"
            raise ServeError(f"{path}: {exc}", "--db") from None
        except OSError as exc:
            raise ServeError(f"{exc.filename}: {exc.strerror or exc}", "--db") from None
        echo(f"Scorekeeper is running: open {found[0]}")
        if len(found) > 1:
            echo(f"Other phones on this network: open {found[1]}")
            echo("or scan this code with the phone's camera:")
            echo(terminal_qr(found[1]))
        elif host in WILDCARD_HOSTS:
            echo("No network address found; other phones cannot reach this machine.")
        invite = only_invite(app, found[-1])
        if invite is not None and show_invite:
            echo(f"Phones join your group with this link: {invite}")
            echo("or by scanning this code:")
            echo(terminal_qr(invite))
        elif invite is not None:
            echo("The group's invite link: scorekeeper groups")
        echo(f"Database: {app.config['DATABASE']}")
        if proxy:
            echo(
                f"Behind {proxy} reverse prox{'ies' if proxy > 1 else 'y'}: each request's "
                "client is the address forwarded, so let only the proxy reach this port."
            )
        with contextlib.ExitStack() as running:
            if replica is not None:
                from .hosting import replicating

                running.enter_context(replicating(app.config["DATABASE"], *replica, echo))
                # SIGTERM (systemctl stop, docker stop) stops as Ctrl+C does: Litestream is
                # then stopped in turn, and sends what it has read before it ends.
                signal.signal(signal.SIGTERM, signal.default_int_handler)
            if phones > 1:
                echo(
                    f"Up to {phones} phones share one address: each address may start "
                    f"{phones} times as many groups and games as one phone."
                )
            echo("Press Ctrl+C to stop.")
            run_server(app, listening, threads, workers, proxy, worker_timeout)
        # Either server returns once stopped: Ctrl+C, or a signal gunicorn's arbiter handles.
        echo("Stopped.")
    except KeyboardInterrupt:
        echo("Stopped.")
    finally:
        for sock in listening:
            sock.close()
