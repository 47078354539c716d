"""`scorekeeper serve`: waitress, the printed addresses, the database path."""

import socket

import pytest
import segno

from scorekeeper import server
from scorekeeper.cli import main


@pytest.fixture
def served(monkeypatch):
    """Records what the server (waitress) would have been asked to bind and run."""
    calls = {}
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")  # else one is written to instance/

    def listening_sockets(host, port):
        calls.update(host=host, port=port)
        return []

    def run_server(app, listening, threads, workers=1):
        calls.update(app=app, threads=threads, workers=workers)

    monkeypatch.setattr(server, "listening_sockets", listening_sockets)
    monkeypatch.setattr(server, "run_server", run_server)
    return calls


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
    assert served["workers"] == 3


@pytest.mark.parametrize(
    "args", [["--port", "0"], ["--port", "70000"], ["--threads", "0"], ["--workers", "0"]]
)
def test_bad_options_are_refused(runner, served, args):
    result = runner.invoke(main, ["serve", *args])
    assert result.exit_code == 2
    assert served == {}


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
