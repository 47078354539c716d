"""A request's headers are limited as the most trusted servers limit them (issue 77): 431
past 16 KB in all and past 100 fields, on real ``scorekeeper serve`` processes, the single
server and ``--workers 2`` alike; each refusal leaves the server answering the next."""

from __future__ import annotations

import pytest

from tests.support.cli.server_headers import KB, request_with, status_of
from tests.support.serve_start import answering_or_ended, start, stopped
from tests.support.serve_workers import free_port, start_workers

SIZES_AND_FIELDS = [
    ("9 KB of headers", request_with(filler=9 * KB), 200),
    ("17 KB of headers", request_with(filler=17 * KB), 431),
    ("100 KB of headers", request_with(filler=100 * KB), 431),
    ("100 fields", request_with(fields=100), 200),
    ("101 fields", request_with(fields=101), 431),
    ("150 fields", request_with(fields=150), 431),
]


@pytest.fixture(params=["one process", "two workers"])
def port(request, tmp_path):
    port = free_port()
    if request.param == "one process":
        process = start(port, tmp_path / "headers.db")
        assert answering_or_ended(process, port)
    else:
        process, _workers = start_workers(tmp_path, port)
    yield port
    output, errors = stopped(process)
    assert "Traceback" not in output + (errors or "")


def test_headers_past_16_kb_or_100_fields_are_refused_431_and_the_server_goes_on(port):
    answered = {said: status_of(port, request) for said, request, _ in SIZES_AND_FIELDS}
    assert answered == {said: status for said, _, status in SIZES_AND_FIELDS}
    assert status_of(port, request_with()) == 200
