"""The lowest versions pyproject.toml admits are ones without known flaws (issue 54,
finding 10), and what is installed is within them."""

from __future__ import annotations

from importlib.metadata import version

from packaging.version import Version

from tests.support.dependency_floors import requirements

# Releases before these have a flaw a stranger's request reaches.
FLOORS = {
    "orjson": "3.11.6",  # unbounded recursion in dumps() (deeply nested input)
}


def test_no_release_with_a_known_flaw_is_admitted():
    required = requirements()
    for name, floor in FLOORS.items():
        below = Version(floor).release[:-1] + (Version(floor).release[-1] - 1,)
        older = Version(".".join(map(str, below)))
        assert not required[name].specifier.contains(older), (name, str(required[name]))
        assert required[name].specifier.contains(floor), (name, str(required[name]))


def test_what_is_installed_is_admitted():
    required = requirements()
    for name in FLOORS:
        assert required[name].specifier.contains(version(name)), (name, version(name))
