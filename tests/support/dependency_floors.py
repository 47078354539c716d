"""Helpers of tests/app/test_dependency_floors.py."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def requirements() -> dict[str, Requirement]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    found = [Requirement(line) for line in project["dependencies"]]
    return {requirement.name: requirement for requirement in found}
