"""Numbers a club night is given from outside (issue 54, finding 5): a night's series,
deals and target, and the dispute form's hand number, of ``"²"``, ``"٣"``, ``"١"`` or
5,000 digits, answered 500 (``int("²")`` after ``"²".isdigit()``) or were taken as 3 and
1. Each is now refused, 4xx, naming the field, and nothing is stored."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support.club_import import played  # noqa: F401  (fixtures)
from tests.support.club_pages import THIRTEEN, start_night
from tests.support.numbers_from_outside import a_table_played
from tests.support.web.club.shared import _count

NOT_NUMBERS = ["²", "٣", "١", "9" * 5000, "1_0", " ", "2.0"]
SAID = ["superscript 2", "Arabic-Indic 3", "Arabic-Indic 1", "5000 digits", "1_0", "blank", "2.0"]
FIELDS = {
    "series": "Series",
    "deals_per_player": "Deals per player in a series",
    "target": "Target score",
}

# Every (field, number) the night refuses.
REFUSED = [
    pytest.param(field, given, id=f"{field}-{said}")
    for field in FIELDS
    for given, said in zip(NOT_NUMBERS, SAID, strict=True)
]


@pytest.mark.parametrize(("field", "given"), REFUSED)
def test_a_nights_number_from_the_form_that_is_no_number_is_refused_naming_it(club, field, given):
    app, client, group_id, _key = club
    answer = start_night(client, group_id, **{field: given})
    assert answer.status_code == 400
    shown = answer.get_data(as_text=True).replace("\u2068", "").replace("\u2069", "")
    assert f'id="problem-{field}"' in shown
    assert f"{FIELDS[field]} must be a whole number from" in shown
    assert _count(app, "club_nights") == 0


@pytest.mark.parametrize(("field", "given"), REFUSED)
def test_a_nights_number_in_the_api_that_is_no_number_is_refused_naming_it(club, field, given):
    app, client, group_id, key = club
    body = {"game": "skat", "players": THIRTEEN, "series": 1, "deals_per_player": 1, field: given}
    answer = client.post(
        f"/api/groups/{group_id}/club", json=body, headers={"Authorization": f"Bearer {key}"}
    )
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["field"] == field
    assert "must be a whole number from" in answer.get_json()["error"]
    assert _count(app, "club_nights") == 0


@pytest.mark.parametrize("given", NOT_NUMBERS, ids=SAID)
def test_a_disputed_hand_that_is_no_number_is_refused_naming_the_hand(club, given):
    app, client, _group_id, _key = club
    page, name = a_table_played(club)
    answer = client.post(page, data={"action": "dispute", "name": name, "hand": given})
    assert answer.status_code == 400
    assert "The hand disputed must be a hand of this list, 1 to 4" in answer.get_data(as_text=True)
    assert _count(app, "club_disputes") == 0


@pytest.mark.parametrize("given", ["٢", "²", "9" * 5000, "2.0", "0"])
def test_a_series_asked_of_the_nights_page_that_is_no_number_is_not_found(played, given):  # noqa: F811
    (_app, client, group_id, _key), night, _text = played
    page = f"/groups/{group_id}/club/{night.id}"
    assert client.get(f"{page}?series=2").status_code == 200
    assert client.get(f"{page}?series=").status_code == 200  # the latest
    assert client.get(f"{page}?series={given}").status_code == 404


@pytest.mark.parametrize("given", ["٣", "²", "1_0", "9" * 5000])
@pytest.mark.parametrize(
    "command, option",
    [
        (["simulate"], "--hands"),
        (["serve", "--db", "/nonexistent/never.db"], "--port"),
        (["serve", "--db", "/nonexistent/never.db"], "--workers"),
        (["serve", "--db", "/nonexistent/never.db"], "--worker-timeout"),
        (["serve", "--db", "/nonexistent/never.db"], "--proxy"),
    ],
)
def test_a_command_line_number_is_read_as_every_other_number(given, command, option):
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *command, option, given],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert option in done.stderr
    assert "must be a whole number" in done.stderr or "has more than 18 digits" in done.stderr
    assert "Traceback" not in done.stderr
