"""The keys beside the database checked when the server starts, by ``scorekeeper
secrets``, and whenever a request needs them (issue 66), over the real command line and
the real ``serve`` on its real port.

Before: a server started on a copy without its ``-secrets`` folder (a restore that forgot
it) said nothing, wrote a new ``tokens.key`` at the first new group, and every invite
and view link shared before answered 404 for good; with a corrupt ``tokens.key`` a new
group answered 500, ``scorekeeper secrets`` exited 0 listing it as normal, and ``secrets
--rotate`` ended in a traceback.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorekeeper.problems import CannotStart
from scorekeeper.web import _instance_secret, create_app
from tests.support.app import app_config
from tests.support.backup import scorekeeper
from tests.support.cli.secrets_at_start import opens, restored, token_of
from tests.support.serve_workers import answer
from tests.support.served_log import refused, serving

RECIPE = ("docs/hosting.md", "What to keep besides the database", "secrets --renew-lost")


@pytest.fixture(scope="module")
def kept(tmp_path_factory) -> tuple[Path, dict]:
    """A database holding a group and a game, and its secrets folder beside it: the host's
    backup. Returns the file and the group's and the game's links."""
    folder = tmp_path_factory.mktemp("kept")
    client = create_app(app_config(folder)).test_client()
    group = client.post("/api/groups", json={"name": "Thursday"}).get_json()
    game = client.post(
        "/api/games",
        json={"players": list("ABCD"), "group": str(group["id"])},
        headers={"Authorization": f"Bearer {group['key']}"},
    ).get_json()
    return folder / "scorekeeper.db", {
        "invite": token_of(group["join_url"]),
        "view": token_of(game["view_url"]),
    }


def test_a_copy_without_its_secrets_folder_is_not_served_until_it_is_back(kept, tmp_path):
    database = restored(kept, tmp_path / "restored", with_secrets=False)
    before = database.read_bytes()
    status, said = refused(database)
    assert status == 2, said
    assert f"{database}-secrets holds no tokens.key" in said, said
    assert all(words in said for words in RECIPE), said
    assert "Traceback" not in said
    # Nothing written: no key of its own, the file as it was.
    assert not Path(f"{database}-secrets").exists()
    assert database.read_bytes() == before
    shutil.copytree(f"{kept[0]}-secrets", f"{database}-secrets")
    with serving(database) as server:
        assert opens(server.port, kept[1]) == (200, 302)


@pytest.mark.parametrize("damage", ["corrupt", "unreadable", "the newest missing"])
def test_a_bad_key_stops_the_start_and_secrets_names_it(kept, tmp_path, damage):
    database = restored(kept, tmp_path / "restored")
    folder = Path(f"{database}-secrets")
    if damage == "the newest missing":  # an older folder than the database
        shutil.copytree(folder, tmp_path / "older")
        rotated = scorekeeper("secrets", "--rotate", "--db", str(database))
        assert rotated.returncode == 0, rotated.stdout + rotated.stderr
        shutil.rmtree(folder)
        shutil.copytree(tmp_path / "older", folder)
        bad, why = folder / "tokens-2.key", f"{folder} holds no tokens-2.key"
    else:
        bad = folder / "tokens.key"
        bad.unlink()
        if damage == "corrupt":
            bad.write_text("not a key\n")
            why = f"{bad} does not hold a key"
        else:
            bad.mkdir()
            why = f"{bad} cannot be read"
    status, said = refused(database)
    assert status == 2 and why in said, said
    assert all(words in said for words in RECIPE), said

    shown = scorekeeper("secrets", "--db", str(database))
    assert shown.returncode == 1, shown.stdout + shown.stderr
    assert f"Problem: {why}" in shown.stdout, shown.stdout

    before = database.read_bytes()
    rotation = scorekeeper("secrets", "--rotate", "--db", str(database))
    assert rotation.returncode == 2, rotation.stdout + rotation.stderr
    assert "--rotate" in rotation.stderr and why in rotation.stderr, rotation.stderr
    assert database.read_bytes() == before
    for done in (shown, rotation):
        assert "Traceback" not in done.stdout + done.stderr


def test_keys_lost_for_good_the_host_renews_every_link_and_the_server_starts(kept, tmp_path):
    database = restored(kept, tmp_path / "restored")
    key = Path(f"{database}-secrets") / "tokens.key"
    key.write_text("garbage")
    renewed = scorekeeper("secrets", "--renew-lost", "--db", str(database))
    assert renewed.returncode == 0, renewed.stdout + renewed.stderr
    assert "Gave 1 group(s) a new invite link and 1 game(s) a new view link" in renewed.stdout
    [aside] = key.parent.glob("tokens.key.unreadable-*")
    assert aside.read_text() == "garbage"  # kept, in case it can be mended
    assert scorekeeper("secrets", "--db", str(database)).returncode == 0
    with serving(database) as server:
        assert opens(server.port, kept[1]) == (404, 404)
        group = answer(server.port, "GET", "/api/groups/1", key=None)
        assert group.status in (401, 404)  # a stranger sees nothing either way
        made = answer(server.port, "POST", "/api/groups", {"name": "After"})
        assert made.status == 201, made


def test_a_key_gone_bad_while_serving_answers_503_and_is_logged_once(kept, tmp_path):
    database = restored(kept, tmp_path / "restored")
    with serving(database) as server:
        assert opens(server.port, kept[1]) == (200, 302)
        key = Path(f"{database}-secrets") / "tokens.key"
        # Replaced (as a copy put in its place, by mv or rm and cp): the server reads its
        # folder again when it changes. (A file changed in place is not re-read: the key
        # the server read serves on, and the next start says what is wrong with it.)
        key.unlink()
        key.write_text("garbage")
        for _ in range(2):
            made = answer(server.port, "POST", "/api/groups", {"name": "New"})
            joined = answer(server.port, "GET", f"/join/{kept[1]['invite']}")
            for refusal in (made, joined):
                assert refusal.status == 503, refusal
                assert int(refusal.headers["Retry-After"]) > 0
        assert "keys" in made.body["error"]
        said = server.said()
    assert said.count(f"{key} does not hold a key") == 1, said
    assert "Traceback" not in said, said


@pytest.mark.parametrize("damage", ["emptied", "a folder in its place"])
def test_the_sessions_key_file_holding_no_key_stops_the_start(tmp_path, damage):
    """The instance folder's ``secret_key`` (without ``SCOREKEEPER_SECRET_KEY``): empty,
    it signed the sessions with no key, and every page that reads one answered 500."""
    path = tmp_path / "secret_key"
    if damage == "emptied":
        path.write_text("")
    else:
        path.mkdir()
    with pytest.raises(CannotStart, match=f"{path} (holds no key|cannot be read)") as refused:
        _instance_secret(tmp_path)
    assert refused.value.field == "SCOREKEEPER_SECRET_KEY"
