"""`scorekeeper serve`: waitress, the printed addresses, the database path."""

import pytest
import segno

from scorekeeper import server
from scorekeeper.cli import main


@pytest.fixture
def served(monkeypatch):
    """Records what the server (waitress) would have been asked to run."""
    calls = {}
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")  # else one is written to instance/

    def run_server(app, host, port, threads, workers=1):
        calls.update(app=app, host=host, port=port, threads=threads, workers=workers)

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
