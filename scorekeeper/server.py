"""``scorekeeper serve``: the table app behind waitress, a production WSGI server."""

from __future__ import annotations

import io
import socket
from collections.abc import Callable

WILDCARD_HOSTS = ("0.0.0.0", "::", "")


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


def serve(
    host: str, port: int, database: str | None, threads: int, echo: Callable[[str], None]
) -> None:
    """Creates the app (migrating the database) and serves it until interrupted."""
    import waitress

    from . import create_app

    found = urls_for(host, port)
    config = {"DATABASE": database} if database else {}
    if len(found) > 1:
        # Links and QR codes on pages opened on this machine point the other phones here.
        config["LAN_URL"] = found[1]
    app = create_app(config or None)
    echo(f"Scorekeeper is running: open {found[0]}")
    if len(found) > 1:
        echo(f"Other phones on this network: open {found[1]}")
        echo("or scan this code with the phone's camera:")
        echo(terminal_qr(found[1]))
    elif host in WILDCARD_HOSTS:
        echo("No network address found; other phones cannot reach this machine.")
    echo(f"Database: {app.config['DATABASE']}")
    echo("Press Ctrl+C to stop.")
    try:
        waitress.serve(app, host=host, port=port, threads=threads, ident="scorekeeper")
    except KeyboardInterrupt:
        echo("Stopped.")
