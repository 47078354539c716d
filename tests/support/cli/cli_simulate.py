"""Helpers of tests/cli/test_cli_simulate.py."""

from scorekeeper.cli import entry


def run(capsys, *args):
    code = entry(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err
