"""`scorekeeper serve`: waitress, the printed addresses, the database path."""

import socket

import pytest
import segno
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.cli import main, server
from scorekeeper.web import create_app
from tests.support.cli.serve import _requester
from tests.support.serve import served  # noqa: F401  (fixtures)


def test_serve_prints_the_url_and_runs_waitress(runner, served, tmp_path):
    database = tmp_path / "games.db"
    result = runner.invoke(main, ["serve", "--port", "8123", "--db", str(database)])
    assert result.exit_code == 0, result.output
    assert "open http://127.0.0.1:8123/" in result.output
    assert "Other phones" not in result.output
    assert (served["host"], served["port"], served["threads"]) == ("127.0.0.1", 8123, 4)
    assert served["workers"] == 1
    assert served["app"].config["DATABASE"] == str(database)
    assert database.exists()  # migrated before serving


def test_serving_every_interface_prints_the_lan_address(runner, served, monkeypatch, tmp_path):
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    result = runner.invoke(main, ["serve", "--host", "0.0.0.0", "--db", str(tmp_path / "g.db")])
    assert result.exit_code == 0
    assert "open http://127.0.0.1:5000/" in result.output
    assert "Other phones on this network: open http://192.168.1.20:5000/" in result.output
    assert served["host"] == "0.0.0.0"


def test_serving_every_interface_without_a_network_says_so(runner, served, monkeypatch, tmp_path):
    monkeypatch.setattr(server, "lan_address", lambda: None)
    result = runner.invoke(main, ["serve", "--host", "0.0.0.0", "--db", str(tmp_path / "g.db")])
    assert "other phones cannot reach this machine" in result.output


def test_the_database_comes_from_the_environment(runner, served, monkeypatch, tmp_path):
    database = tmp_path / "from-env.db"
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    runner.invoke(main, ["serve"])
    assert served["app"].config["DATABASE"] == str(database)


def test_workers_are_passed_on(runner, served, tmp_path):
    result = runner.invoke(main, ["serve", "--workers", "3", "--db", str(tmp_path / "g.db")])
    assert result.exit_code == 0, result.output
    assert (served["workers"], served["timeout"]) == (3, 30)
    # Its workers read requests whole before a thread answers (test_serve_slow_clients.py):
    # straight on the network is no risk to warn of.
    assert "proxy" not in result.output
    options = ["--workers", "2", "--worker-timeout", "5", "--db", str(tmp_path / "g.db")]
    assert runner.invoke(main, ["serve", *options]).exit_code == 0
    assert served["timeout"] == 5


@pytest.mark.parametrize(
    "args",
    [
        ["--port", "0"],
        ["--port", "70000"],
        ["--threads", "0"],
        ["--workers", "0"],
        ["--worker-timeout", "1"],
        ["--proxy", "-1"],
    ],
)
def test_bad_options_are_refused(runner, served, args):
    result = runner.invoke(main, ["serve", *args])
    assert result.exit_code == 2
    assert f"'{args[0]}'" in result.output  # the option is named
    assert served == {}


@pytest.mark.parametrize("hops", [0, 1, 2])
def test_the_proxies_to_trust_are_passed_on(runner, served, tmp_path, hops):
    options = ["--proxy", str(hops)] if hops else []
    result = runner.invoke(main, ["serve", *options, "--db", str(tmp_path / "g.db")])
    assert result.exit_code == 0, result.output
    assert served["proxy"] == hops
    assert ("let only the proxy reach this port" in result.output) == bool(hops)
    assert "no reverse proxy" not in result.output


@pytest.mark.parametrize("hops", [0, 1, 2])
def test_behind_a_proxy_no_address_is_capped_and_its_headers_reach_the_app(tmp_path, hops):
    app = create_app({"DATABASE": str(tmp_path / "g.db"), "SECRET_KEY": "test"})
    made = server.make_server(app, threads=1, proxy=hops)
    try:
        # Behind a proxy every connection comes from it: its address is not one client's.
        assert made.per_address == (None if hops else server.CONNECTIONS_PER_ADDRESS)
        # Without a proxy to trust, waitress drops the X-Forwarded-* headers a client sent.
        assert made.adj.clear_untrusted_proxy_headers == (not hops)
        trusted = made.application
        if hops:
            assert isinstance(trusted, ProxyFix) and trusted.x_for == hops
        else:
            assert not isinstance(trusted, ProxyFix)
    finally:
        made.close()


FORWARDED = {
    "X-Forwarded-For": "203.0.113.9, 198.51.100.4",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "scores.example.org",
}


@pytest.mark.parametrize(
    ("hops", "client", "root"),
    [
        # No proxy trusted: a spoofed header changes nothing.
        (0, "127.0.0.1", "http://127.0.0.1:5000/"),
        # One proxy: the address it saw connect; the scheme and host the phone used.
        (1, "198.51.100.4", "https://scores.example.org/"),
        # Two: the address the first proxy saw.
        (2, "203.0.113.9", "http://127.0.0.1:5000/"),
    ],
)
def test_forwarded_headers_are_trusted_for_as_many_hops_as_proxies(tmp_path, hops, client, root):
    app = create_app({"DATABASE": str(tmp_path / "g.db"), "SECRET_KEY": "test"})
    if hops:
        app.wsgi_app = server.trust_proxies(app.wsgi_app, hops)
    seen = _requester(app).get(
        "/_test/requester",
        base_url="http://127.0.0.1:5000",
        headers=FORWARDED,
        environ_base={"REMOTE_ADDR": "127.0.0.1"},
    )
    assert seen.json == {"client": client, "url_root": root, "view_url": f"{root}games/7"}


def test_a_port_in_use_is_one_line_naming_the_port(runner, monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        database = tmp_path / "g.db"
        result = runner.invoke(main, ["serve", "--port", str(port), "--db", str(database)])
    assert result.exit_code == 2
    assert f"--port: {port} is already in use on 127.0.0.1" in result.output
    assert "Traceback" not in result.output and "running" not in result.output
    assert not database.exists()  # refused before it touched the database


def test_a_file_that_is_no_database_is_one_line_naming_the_db(runner, served, tmp_path):
    database = tmp_path / "notes.txt"
    database.write_text("shopping list\n" * 100)
    result = runner.invoke(main, ["serve", "--db", str(database)])
    assert result.exit_code == 2
    assert f"--db: {database}: file is not a database" in result.output
    assert "Traceback" not in result.output and "app" not in served


def test_lan_address_is_never_loopback():
    address = server.lan_address()
    assert address is None or not address.startswith("127.")


@pytest.mark.parametrize(
    ("host", "urls"),
    [
        ("127.0.0.1", ["http://127.0.0.1:80/"]),
        ("::1", ["http://[::1]:80/"]),
        ("table.local", ["http://table.local:80/"]),
    ],
)
def test_urls_for_one_interface(host, urls):
    assert server.urls_for(host, 80) == urls


def test_serving_every_interface_prints_the_lan_address_as_a_qr_code(
    runner, served, monkeypatch, tmp_path
):
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    result = runner.invoke(main, ["serve", "--host", "0.0.0.0", "--db", str(tmp_path / "g.db")])
    assert server.terminal_qr("http://192.168.1.20:5000/") in result.output
    # Pages opened on this machine give the other phones the LAN address, not loopback.
    assert served["app"].config["LAN_URL"] == "http://192.168.1.20:5000/"


def test_the_terminal_qr_code_holds_the_url():
    drawing = server.terminal_qr("http://192.168.1.20:5000/")
    lines = drawing.splitlines()
    size = segno.make("http://192.168.1.20:5000/", error="m").symbol_size()[0]
    # Half blocks: two rows of modules to a line, the quiet zone included.
    assert len(lines) == (size + 1) // 2 and {len(line) for line in lines} == {size}
    assert set(drawing) <= set("█▀▄ \n")
