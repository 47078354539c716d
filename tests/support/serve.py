"""Helpers of tests/cli/test_serve.py, which other tests use too."""

import pytest

from scorekeeper.cli import server


@pytest.fixture
def served(monkeypatch):
    """Records what the server (waitress) would have been asked to bind and run."""
    calls = {}
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")  # else one is written to instance/

    def listening_sockets(host, port):
        calls.update(host=host, port=port)
        return []

    def run_server(app, listening, threads, workers=1, proxy=0, timeout=30):
        calls.update(app=app, threads=threads, workers=workers, proxy=proxy, timeout=timeout)

    monkeypatch.setattr(server, "listening_sockets", listening_sockets)
    monkeypatch.setattr(server, "run_server", run_server)
    return calls
