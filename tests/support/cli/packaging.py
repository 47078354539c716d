"""Helpers of tests/cli/test_packaging.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[3]


CATALOGUES = ROOT / "scorekeeper" / "translations"


def run(*command: str, **options) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=300, **options)


def run_installed(target: Path, *arguments: str) -> subprocess.CompletedProcess:
    """Python with the installed package ahead of the checkout's, run away from the checkout."""
    env = {**os.environ, "PYTHONPATH": str(target), "SCOREKEEPER_SECRET_KEY": "test"}
    return run(sys.executable, *arguments, cwd=target.parent, env=env)


def translation(language: str, text: str) -> str:
    with (CATALOGUES / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle)[text].string
