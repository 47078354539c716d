"""The docs a clone holds are the docs it can follow: no tracked file cites a text the
repository lacks (the rules text the code once cited, a missing docs/ page, a markdown link
to nothing), the README stays short and leads to every game's rules, and every registered
game has its rules file naming every house rule it declares. docs/architecture.md names
every registered game and every module of the tree, and writes no count of them that the
tree could outgrow (issue 81: it listed 11 of the 15 games, and said "19 modules" in one
place and "seventeen" in another)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import GAMES
from tests.support.docs import (
    ARCHITECTURE,
    ROOT,
    described,
    listed_modules,
    markdown,
    package_of,
    text_of,
    tracked,
    tree_modules,
    written_counts,
)

MISSING = "RULES" + ".md"  # spelled apart, so that this file does not cite it itself
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
DOCS_PATH = re.compile(r"\bdocs/[\w./-]+\.(?:md|png)\b")


def test_no_tracked_file_cites_the_rules_text_the_clone_lacks():
    citing = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in tracked()
        if (text := text_of(path)) is not None
        for number, line in enumerate(text.splitlines(), 1)
        if MISSING in line
    ]
    assert citing == []


def test_every_docs_path_a_tracked_file_names_is_in_the_repository():
    missing = [
        f"{path.relative_to(ROOT)}: {cited}"
        for path in tracked()
        if (text := text_of(path)) is not None
        for cited in DOCS_PATH.findall(text)
        if not (ROOT / cited).exists()
    ]
    assert missing == []


@pytest.mark.parametrize("page", markdown(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_the_docs_leads_to_a_file_of_the_repository(page):
    broken = []
    for target in LINK.findall(page.read_text()):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#")[0]).resolve()
        if not path.exists() or ROOT not in path.parents and path != ROOT:
            broken.append(target)
    assert broken == []


FOLDERS = "tests|scorekeeper|benchmarks|scripts|deploy|static|templates|docs"
REPO_PATH = re.compile(rf"`((?:{FOLDERS})/[^`\s]*)`")


@pytest.mark.parametrize("page", markdown(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_of_the_repository_the_docs_name_is_there(page):
    """A path in code marks (`tests/app/test_docs.py`, `static/fonts/`) names a file or folder
    of the repository (a pattern, at least one), unless it holds a placeholder
    (`docs/rules/<key>.md`)."""
    missing = [
        cited
        for cited in REPO_PATH.findall(page.read_text())
        if "<" not in cited and not any(ROOT.glob(cited.rstrip("/")))
    ]
    assert missing == []


def test_the_readme_is_at_most_400_lines():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 400


def test_the_readmes_screenshot_is_small_and_there():
    image = ROOT / "docs" / "images" / "scoreboard.png"
    assert "docs/images/scoreboard.png" in (ROOT / "README.md").read_text()
    assert image.stat().st_size < 150_000


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.key)
def test_every_game_has_its_rules_file_naming_every_knob_and_preset(game):
    rules = ROOT / "docs" / "rules" / f"{game.key}.md"
    text = rules.read_text()
    for knob in game.preset(game.default_preset).knobs_for_table():
        assert f"`{knob.name}`" in text, knob.name
    for preset in game.presets:
        assert f"`{preset}`" in text, preset
    assert "## Worked examples" in text


def test_the_readme_leads_to_every_games_rules():
    """Its "Where to read on" names every registered game's rules file (it left out five)."""
    readme = (ROOT / "README.md").read_text()
    read_on = readme[readme.index("## Where to read on") :]
    read_on = read_on[: read_on.find("\n## ", 1) if "\n## " in read_on[1:] else None]
    linked = set(LINK.findall(read_on))
    assert {f"docs/rules/{key}.md" for key in GAMES} - linked == set()


def test_the_architecture_lists_every_module_of_the_tree_and_no_other():
    listed = listed_modules(ARCHITECTURE.read_text())
    tree = tree_modules()
    assert (sorted(tree - listed), sorted(listed - tree)) == ([], [])


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_architecture_names_every_registered_games_package(key):
    package = package_of(GAMES[key])
    assert re.search(rf"\b{package}/", described(ARCHITECTURE.read_text())), package


def test_the_architecture_writes_no_count_of_modules_or_games():
    assert written_counts(ARCHITECTURE.read_text()) == []


def test_the_count_finder_finds_the_counts_once_written():
    """What the test above relies on, on the sentences docs/architecture.md had."""
    old = (
        "scorekeeper/db/, storage only (19 modules): it lists 11 of the 15 games. Owned by "
        "the package (a module per job, the seventeen in the diagram above); one package "
        "each, a module per job."
    )
    assert written_counts(old) == [
        "19 modules",
        "11 of the 15 games",
        "module per job, the seventeen",
    ]


def test_the_module_lists_are_read_both_ways(tmp_path):
    """A module missing from the list, and one listed that is gone, are both found."""
    package = tmp_path / "scorekeeper"
    (package / "db").mkdir(parents=True)
    for name in ("__init__.py", "db/__init__.py", "db/games.py", "db/look_alike_names.py"):
        (package / name).write_text("")
    text = (
        "# Architecture\n\n## Every module\n\n"
        "- `scorekeeper/`\n- `scorekeeper/db/`: `games`,\n  `gone`\n"
    )
    listed, tree = listed_modules(text), tree_modules(package)
    assert sorted(tree - listed) == ["scorekeeper/db/look_alike_names"]
    assert sorted(listed - tree) == ["scorekeeper/db/gone"]
