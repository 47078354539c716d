"""A whole club night in German run by players' phones after its organiser's phone is gone
(issue 68, "Done when"): nine players at three Skat tables, two series, a late guest; each
table's phone taken by a player of that table; a member takes the night over (the
organiser's phone not answering, the group's key holder hands it over), draws series 2
after its tables' sizes are said, settles a dispute on the hand's own form; the
correction brings the signers back; the standings the same Seeger-Fabian sums worked by
hand before and after the hand-over, and final only at the end."""

from __future__ import annotations

import pytest

from tests.support.club_roles_browser import CLUB, NAME, run_roles_night


@pytest.mark.browser
def test_a_night_of_nine_is_run_by_players_phones_once_its_organisers_phone_is_gone(
    browser, live_server
):
    seen = run_roles_night(browser, live_server, "de")
    checks = seen.checks
    assert checks["errors"] == []
    # Each table's phone is a player's of that table; none shows a code once taken.
    assert (checks["codes before"], checks["codes after"]) == (3, 0)
    assert sorted(seen.takers) == [1, 2] and all(len(t) == 3 for t in seen.takers.values())
    # The hand-over changes no standing: the Seeger-Fabian sums worked by hand.
    assert checks["standings 1"] == checks["expected 1"] == checks["standings after hand-over"]
    assert checks["too early"] == 0  # the organiser's phone had its minutes to answer
    assert checks["hand-over button right"] <= 360  # it was 367: its words three columns
    first = seen.takers[1][min(seen.takers[1])]
    assert checks["organisers"] == f"Spielleitung: {first}"
    assert "10 Spieler: 3 Tische mit 4/3/3 Spielern" in checks["sizes"]
    # The dispute settled on the hand's own form, which came back to it.
    assert checks["form back"].endswith("/settle") and checks["back at"].endswith("/settle")
    assert "nachdem du unterschrieben hast: Spiel 2." in checks["told"]
    assert checks["still to sign"] == 0
    assert checks["standings 2"] == seen.expected
    assert checks["ranking title"].startswith("Endstand") and NAME in checks["ranking title"]
    assert CLUB in checks["ranking title"]
    assert checks["projector title"].startswith("Endstand")
    assert checks["projector bottom"] <= 720
    # Every step on the night's log: who took each table, the draws, the hand-over.
    log = checks["log"]
    for series, numbers in seen.takers.items():
        for number, name in numbers.items():
            assert f"Das Handy von {name} trägt Tisch {number} von Serie {series} ein." in log
    assert "Spielleitung hat Serie 1 ausgelost." in log and f"{first} hat Serie 2 ausgelost." in log
    holder = seen.takers[1][sorted(seen.takers[1])[1]]
    said = f"Mit dem Schlüssel der Gruppe hat {holder} die Spielleitung an {first} übergeben."
    assert said in log
