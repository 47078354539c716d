"""Helpers of tests/cli/test_simulate_outputs.py."""

import hashlib
import re

from scorekeeper.cli import entry

_SPEED = re.compile(r"\d+ hands in .*?hands per second|\([\d,]+ deals/s\)")


def output(capsys, game, rules, changes, bots, seed, hands, *more: str) -> str:
    args = ["simulate", "--game", game, "--bots", bots, "--seed", str(seed)]
    args += ["--hands", str(hands), "--jobs", "1", *more]
    if rules:
        args += ["--rules", rules]
    for change in filter(None, changes.split(",")):
        args += ["--set", change]
    assert entry(args) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return _SPEED.sub("<speed>", out)


def digests(capsys, run) -> tuple[str, str]:
    json_lines = output(capsys, *run, "--json")
    summary = output(capsys, *run)
    return (
        hashlib.sha256(json_lines.encode()).hexdigest(),
        hashlib.sha256(summary.encode()).hexdigest(),
    )
