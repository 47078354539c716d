"""A number in the address that Python's ``str.isdigit()`` takes and ``int()`` refuses
("²"), or that no row can have, is answered as any unknown address is, over the real
`scorekeeper serve`: a 404, no 500, no traceback in the server's log (issue 42,
finding 10)."""

from __future__ import annotations

import subprocess
import sys
import urllib.parse

from tests.support.backup import ENV
from tests.support.replication import call_health
from tests.support.serve_workers import free_port, wait_for
from tests.support.web.served_numbers import get

ODD_NUMBERS = ["²", "١", "٣", "0", "-1", "1e3", "9" * 19, "9" * 5000, " 1", "1\u00a0"]


def test_a_new_game_in_an_odd_group_is_404_with_no_traceback(tmp_path):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--db", str(tmp_path / "live.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=ENV,
    )
    try:
        wait_for(port, process)
        assert call_health(port) == 200
        answers = {}
        for number in ODD_NUMBERS:
            query = urllib.parse.urlencode({"group": number})
            answers[number[:20]] = (
                get(port, f"/games/new?{query}"),
                get(port, f"/games/new?{query}&game=israeli-whist"),
            )
    finally:
        process.terminate()
        log = process.communicate(timeout=60)[0]
    assert answers == dict.fromkeys(answers, (404, 404)), log
    assert "Traceback" not in log and "unhandled error" not in log, log
