"""Helpers of tests/cli/test_deploy.py."""

from __future__ import annotations

from pathlib import Path

DEPLOY = Path(__file__).parents[3] / "deploy"


def exec_start(unit: str) -> list[str]:
    """The scorekeeper command of a deploy/ unit's ExecStart."""
    [line] = [
        line for line in (DEPLOY / unit).read_text().splitlines() if line.startswith("ExecStart=")
    ]
    return line.removeprefix("ExecStart=").split()


def service_settings(unit: str) -> dict[str, str]:
    """The [Service] section of a deploy/ unit, as name: value (the last one given)."""
    settings: dict[str, str] = {}
    section = None
    for line in (DEPLOY / unit).read_text().splitlines():
        if line.startswith("["):
            section = line.strip()
        elif section == "[Service]" and "=" in line and not line.startswith("#"):
            name, value = line.split("=", 1)
            settings[name.strip()] = value.strip()
    return settings
