"""Belote's and Coinche's rules, as docs/rules/belote.md gives them (the FFB's texts): the
presets and their knobs, every worked example of the docs scored through the JSON API (a
real SQLite file), the hand form and ``scorekeeper score --game belote``; the litige held
over a deal; the refusals in the API's words and on the form in the table's words; games
stored under the rules before the FFB's, scoring as they were played; deals dealt from a
real pack, each accepted; and an outside scorer, carg (github.com/vareversat/carg), ported
below, its every difference settled by the FFB's text."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import get_game
from scorekeeper.engine.belote.settings import PRESETS, BeloteDeal, BeloteSettings
from scorekeeper.engine.registry import table_game
from tests.support.game_rules import post, stored_hands, summary, text_of
from tests.support.games.belote.rules import (
    KEY,
    MULTIPLIER,
    carg_belote,
    carg_contree,
    contree_kind,
    dealt,
    form_values,
    new_game,
    options,
    random_deals,
)
from tests.support.rules_docs import examples_of, single_hands

GAME = get_game(KEY)
FRENCH = {"Accept-Language": "fr"}
TABLE = table_game(KEY, 4)


def test_the_presets_are_the_ffbs_each_with_its_target():
    ffb = {"capot_points": 252, "litige_held": True, "belote_kept": True, "deals": 0}
    assert PRESETS["classic"].to_dict() == ffb | {
        "target": 1000,
        "contracts": False,
        "announcements": False,
        "made": "with_points",
        "failed": "with_162",
        "coinched": "points_made",
        "rounding": False,
    }
    coinche = ffb | {
        "target": 2000,
        "contracts": True,
        "announcements": True,
        "made": "with_points",
    }
    coinche |= {"failed": "with_160", "coinched": "ffb", "rounding": True}
    assert PRESETS["coinche"].to_dict() == coinche
    assert PRESETS["contree"].to_dict() == coinche | {"announcements": False}
    assert [knob.name for knob in GAME.preset(GAME.default_preset).knobs_for_table()] == list(
        PRESETS["coinche"].to_dict()
    )
    assert type(GAME.preset(GAME.default_preset)).preset_aside == (
        "deals",
    )  # the target is the preset's
    assert PRESETS["coinche"].with_changes({"target": 1000}).preset_of(GAME.presets) is None


def test_every_deal_counts_162_between_the_sides():
    for points in range(0, 163):
        ours, theirs, *_ = BeloteDeal("0", "none", points).sides()
        assert ours + theirs == 162


# --- the worked examples of docs/rules/belote.md ---------------------------------------------

WORKED = single_hands(KEY)


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_api(app, client, case):
    hand = WORKED[case]
    game_id, key = new_game(client, hand.preset, hand.changes, hand.before)
    response = post(client, game_id, key, hand.body)
    assert response.status_code == 201, response.get_json()
    assert tuple(response.get_json()["points"]) == hand.scored
    assert stored_hands(app)[-1]["card_points"] == hand.body["card_points"]


@pytest.mark.parametrize("case", ["1b", "2a", "7", "8b", "9c", "11a", "12c", "13", "14", "15a"])
def test_worked_examples_score_through_the_form(client, case):
    """One example of each kind of deal the form asks (the API and the command line take
    them all): a side's announcements in their folded boxes, a coinche, a capot bid."""
    hand = WORKED[case]
    game_id, _ = new_game(client, hand.preset, hand.changes, hand.before)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand.body))
    assert response.status_code == 302, summary(response)
    answer = client.get(f"/api/games/{game_id}").get_json()
    assert tuple(answer["totals"]) == hand.totals


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_on_the_command_line(capsys, case):
    hand = WORKED[case]
    knobs = [arg for name, value in hand.changes.items() for arg in ("--set", f"{name}={value}")]
    rules = ["--rules", hand.preset]
    code = entry(["score", "--game", KEY, *rules, *knobs, *options(hand.body), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    points = json.loads(out)["points"]
    assert (points[0], points[1]) == hand.scored


@pytest.mark.parametrize("label", ["4", "6", "10"])
def test_worked_games_of_several_deals_through_the_api(client, label):
    """4 and 10: the litige's points held and won by the next deal; 6: a passed deal not
    counted."""
    (example,) = [e for e in examples_of(KEY) if e.label == label]
    preset, *changes = [part.strip("` ") for part in example.setup("rules").split(";")]
    knobs = dict(change.split("=", 1) for change in changes)
    game_id, key = new_game(client, preset, knobs)
    for row in example.rows:
        answer = post(client, game_id, key, row.hand()).get_json()
        assert answer["totals"] == [int(t) for t in row.cells["totals"].split(",")]
    done = {"4": ("in_progress", None), "6": ("finished", 1), "10": ("in_progress", None)}
    assert (answer["status"], answer["winner"]) == done[label]


# --- the rules before the FFB's presets: a stored game scores as it was played ---------------

# The presets as games stored them before the FFB's: no announcements,
# no ``coinched`` knob.
OLD_CLASSIC = {"belote_kept": True, "capot_points": 250, "contracts": False, "deals": 0}
OLD_CLASSIC |= {"failed": "with_160", "litige_held": False, "made": "with_points"}
OLD_CLASSIC |= {"rounding": False, "target": 1000}
OLD_COINCHE = OLD_CLASSIC | {"contracts": True, "rounding": True, "target": 2000}

# The worked examples of docs/rules/belote.md as they stood before (commit b95b3a38).
OLD_EXAMPLES = [
    (OLD_CLASSIC, {"taker": 1, "card_points": 70, "belote": "taker"}, (160, 20)),
    (OLD_CLASSIC, {"taker": 0, "card_points": 162, "capot": True}, (250, 0)),
    (OLD_CLASSIC, {"taker": 0, "card_points": 81}, (0, 160)),
    (
        OLD_COINCHE,
        {"taker": 0, "contract": "110", "coinche": "coinche", "card_points": 113},
        (450, 50),
    ),
    (
        OLD_COINCHE,
        {"taker": 0, "contract": "110", "coinche": "surcoinche", "card_points": 113},
        (890, 50),
    ),
    (
        OLD_COINCHE,
        {"taker": 0, "contract": "110", "card_points": 100, "belote": "defence"},
        (0, 290),
    ),
    (OLD_COINCHE, {"taker": 1, "contract": "80", "card_points": 81}, (240, 0)),
    (OLD_COINCHE, {"taker": 0, "contract": "100", "card_points": 85, "belote": "taker"}, (210, 80)),
    (OLD_COINCHE, {"taker": 0, "contract": "capot", "card_points": 162, "capot": True}, (250, 0)),
    (
        OLD_COINCHE,
        {"taker": 0, "contract": "capot", "coinche": "coinche", "card_points": 162, "capot": True},
        (500, 0),
    ),
    (OLD_COINCHE, {"taker": 0, "contract": "capot", "card_points": 150}, (0, 250)),
    (
        OLD_COINCHE | {"made": "contract_only"},
        {"taker": 0, "contract": "110", "card_points": 113},
        (110, 0),
    ),
    (
        OLD_COINCHE | {"failed": "contract_only"},
        {"taker": 0, "contract": "110", "card_points": 100},
        (0, 110),
    ),
]


@pytest.mark.parametrize("stored, hand, scored", OLD_EXAMPLES)
def test_settings_stored_before_the_ffb_presets_score_as_they_were_played(stored, hand, scored):
    settings = BeloteSettings.from_dict(stored)
    assert TABLE.points(settings, TABLE.record_from_dict(settings, hand))[:2] == scored


def test_an_old_game_on_disk_scores_again_as_it_was_played(app, client):
    """A game stored with the old Coinche's settings (no ``announcements``, no
    ``coinched``): replayed by the app, its totals are what they were."""
    game_id, key = new_game(client, "coinche", OLD_COINCHE | {"coinched": "points_made"})
    with sqlite3.connect(app.config["DATABASE"]) as database:
        database.execute(
            "UPDATE games SET settings = ? WHERE id = ?", (json.dumps(OLD_COINCHE), game_id)
        )
    deal = {"taker": 0, "contract": "110", "coinche": "coinche", "card_points": 113}
    assert post(client, game_id, key, deal).get_json()["totals"] == [450, 50]
    assert client.get(f"/api/games/{game_id}").get_json()["totals"] == [450, 50]


# --- refusals ------------------------------------------------------------------------------

# (rules, the deal, the field refused, the API's words, the form's words)
REFUSED = {
    "a capot with 100 points": (
        "classic",
        {"taker": 0, "card_points": 100, "capot": True},
        "card_points",
        "a capot leaves the takers 0 or 162 points",
        "A capot takes every trick: the takers have 162 points, or 0.",
    ),
    "170 points": (
        "coinche",
        {"taker": 0, "contract": "110", "card_points": 170},
        "card_points",
        "card_points must be a whole number from 0 to 162, not 170",
        "Points of the takers must be from 0 to 162, not 170.",
    ),
    "161 points": (
        "coinche",
        {"taker": 0, "contract": "110", "card_points": 161},
        "card_points",
        "no card is worth 1 point: no side counts 1 or 161",
        "No card is worth 1 point: no side has 1 or 161 points.",
    ),
    "1 point": (
        "classic",
        {"taker": 2, "card_points": 1},
        "card_points",
        "no card is worth 1 point",
        "No card is worth 1 point: no side has 1 or 161 points.",
    ),
    "a contract at Belote": (
        "classic",
        {"taker": 0, "contract": "110", "card_points": 100},
        "contract",
        "contract is not part of this hand under these rules",
        None,
    ),
    "announcements at the FFB's Belote": (
        "classic",
        {"taker": 0, "card_points": 100, "tierce": [1, 0]},
        "tierce",
        "tierce is not part of this hand under these rules",
        None,
    ),
    "a carré of jacks to each side": (
        "coinche",
        {"taker": 0, "contract": "100", "card_points": 100, "carre_jacks": [1, 1]},
        "carre_jacks",
        "carre_jacks: 1 at most in a deal",
        "Carré of jacks (200): 1 at most.",
    ),
    "five carrés of 100": (
        "coinche",
        {"taker": 0, "contract": "100", "card_points": 100, "carre": [3, 2]},
        "carre",
        "carre: 4 at most in a deal",
        "Carré (100): 4 at most.",
    ),
    "two cents and a cinquante to one side": (
        "coinche",
        {"taker": 0, "contract": "100", "card_points": 100, "cinquante": [0, 1], "cent": [0, 2]},
        "cinquante",
        "cinquante: side B's announcements need over 16 cards",
        "Bruno & Denis cannot hold these in two hands of 8.",
    ),
    "a higher announcement where the best differ": (
        "coinche",
        {
            "taker": 0,
            "contract": "100",
            "card_points": 100,
            "tierce": [1, 0],
            "cent": [0, 1],
            "higher": [1, 0],
        },
        "higher",
        "higher: one side at most, and only between equal best announcements",
        "Mark a higher announcement only where both sides' best are equal.",
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_through_the_api_name_the_field_and_save_nothing(app, client, case):
    rules, hand, field, words, _ = REFUSED[case]
    game_id, key = new_game(client, rules)
    response = post(client, game_id, key, hand)
    assert response.status_code == 422
    assert response.get_json()["field"] == field
    assert words in response.get_json()["error"]
    assert stored_hands(app) == []


@pytest.mark.parametrize("case", [c for c in REFUSED if REFUSED[c][4]])
def test_refusals_on_the_form_are_in_the_tables_words(app, client, case):
    rules, hand, field, _, words = REFUSED[case]
    game_id, _ = new_game(client, rules)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 422
    # A side's counts (folded boxes, one a side) are refused at their step, "The count".
    assert (field, words) in summary(response) or ("count", words) in summary(response)
    assert stored_hands(app) == []


def test_the_forms_ask_what_each_preset_plays(client):
    """Belote asks no contract and no announcements; Coinche the contract, the coinche
    and each side's announcements, folded counters at 0; the Contrée no announcements."""
    belote, _ = new_game(client, "classic")
    page = client.get(f"/games/{belote}/hands/new").get_data(as_text=True)
    assert 'name="card_points"' in page and 'name="contract"' not in page
    assert 'name="tierce_0"' not in page
    coinche, _ = new_game(client, "coinche")
    page = client.get(f"/games/{coinche}/hands/new").get_data(as_text=True)
    assert 'name="contract" type="radio" value="capot"' in page
    assert 'name="coinche" type="radio" value="surcoinche"' in page
    folded = page.split('<details class="folded"', 1)[1].split("</details>", 1)[0]
    assert "Announcements: tierce, cinquante, cent, carré" in folded
    for name in ("tierce", "cinquante", "cent", "carre", "carre_nines", "carre_jacks", "higher"):
        for side in (0, 1):
            assert f'name="{name}_{side}"' in folded and f'id="{name}_{side}"' in folded
    assert "Tierce (20) for \u2068Anne &amp; Chloé\u2069" in folded  # the names isolated
    contree, _ = new_game(client, "contree")
    page = client.get(f"/games/{contree}/hands/new").get_data(as_text=True)
    assert 'name="contract"' in page and 'name="tierce_0"' not in page


# --- deals dealt from a real pack ------------------------------------------------------------


@pytest.mark.parametrize("rules", ["classic", "coinche", "contree"])
def test_every_deal_a_real_pack_makes_is_accepted_and_scores_term_by_term(rules):
    """400 deals dealt and played out from a pack, each accepted by the engine; each
    side's points are its working's, and a side that scores has its terms named."""
    rng, settings = random.Random(f"belote-{rules}"), PRESETS[rules]
    for _ in range(400):
        deal = dealt(rng, rules)
        record = TABLE.record_from_dict(settings, deal)
        points = TABLE.points(settings, record)
        terms = TABLE.explain(settings, record)
        assert all(p >= 0 for p in points), deal
        for seat in range(4):
            assert terms[seat] or not points[seat], (deal, terms[seat])
        if rules == "classic" and not deal.get("capot"):  # every point of the deal is scored
            held = TABLE.replay(settings, 0, [record]).state.held  # or waits, in a litige
            beloted = 20 if "belote" in deal else 0
            assert points[0] + points[1] + held == 162 + beloted, deal


# --- carg, an outside scorer -----------------------------------------------------------------
# Ported from vareversat/carg: lib/models/score/round/french_belote_round.dart at
# 2e8de745dd7074bd3a6504e1899d688f213de06a (belote_round.dart's totalScore 160, roundScore
# taken as the points as they are) and contree_belote_round.dart at
# 3b990da3fe2e5b1122e27292370d0aaba4a96b57 (contractName.multiplier 1, 2, 4). carg enters each
# side's trick points (152 between them), who took the last trick and who held the belote.


def test_belote_agrees_with_carg_but_for_the_ffbs_162():
    """Capots apart (carg scores none): with ``failed=with_160`` carg's Belote and ours
    agree on every deal; the FFB's preset gives the defence 162 where carg gives 160
    (« l'équipe n'ayant pas chuté marque 162 points », [B] 10.2)."""
    house = PRESETS["classic"].with_changes({"failed": "with_160", "litige_held": False})
    ffb = PRESETS["classic"].with_changes({"litige_held": False})
    failed = 0
    for tricks, dix_us, belote in random_deals(57, 3000):
        deal = BeloteDeal("0", "none", tricks + 10 * dix_us, belote)
        carg = carg_belote(tricks, dix_us, belote)
        assert tuple(w.points for w in deal.score(house)[:2]) == carg
        ours = tuple(w.points for w in deal.score(ffb)[:2])
        assert ours == carg if deal.result() == "made" else ours == (carg[0], carg[1] + 2)
        failed += deal.result() != "made"
    assert 500 < failed < 2500


def test_the_contree_agrees_with_carg_but_where_carg_departs_from_the_ffbs_text():
    settings = PRESETS["contree"].with_changes({"rounding": False, "litige_held": False})
    rng, kinds = random.Random(58), {}
    for tricks, dix_us, belote in random_deals(58, 3000):
        contract, coinche = rng.choice(range(80, 161, 10)), rng.choice(list(MULTIPLIER))
        deal = BeloteDeal(str(contract), coinche, tricks + 10 * dix_us, belote)
        ours = tuple(w.points for w in deal.score(settings)[:2])
        carg = carg_contree(contract, coinche, tricks, dix_us, belote)
        kind = contree_kind(contract, coinche, tricks, dix_us, belote)
        kinds[kind] = kinds.get(kind, 0) + 1
        assert (ours == carg) == (kind is None), (contract, coinche, tricks, dix_us, belote)
    assert kinds[None] > 200 and set(kinds) == {
        None,
        "coinched and made",
        "dix de der added to the 160",
        "dix de der kept by takers dedans",
    }, kinds


# --- pages: the sheet, the why page, the print, in the table's words -------------------------


def test_a_deal_reads_on_the_sheet_as_a_coinche_player_writes_it(client):
    game_id, key = new_game(client, "coinche")
    deal = {"taker": 2, "contract": "120", "coinche": "coinche", "card_points": 98}
    assert post(client, game_id, key, deal | {"belote": "defence"}).status_code == 201
    capot = {"taker": 1, "contract": "capot", "card_points": 162, "capot": True}
    assert post(client, game_id, key, capot).status_code == 201
    for page in ("", "/print"):
        text = text_of(client.get(f"/games/{game_id}{page}"))
        assert "120 Coinche" in text and "dedans · belote (defence)" in text, page
        assert "Capot made" in text and "made · capot" not in text, page
    text = text_of(client.get(f"/games/{game_id}/print"))
    assert "A deal 152 card points + 10 dix de der = 162" in text
    assert "Coinche, surcoinche ×2 · ×4" in text and "Deals" not in text
    assert "Annonces tierce 20 · cinquante 50" in text
    classic, _ = new_game(client, "classic", {"deals": 8})
    text = text_of(client.get(f"/games/{classic}/print"))
    assert "Deals 8" in text and "A contract made scores" not in text
    assert "Coinche, surcoinche" not in text and "Contract failed 162 (and the contract)" in text


def test_the_why_page_and_the_print_name_every_term(client):
    """A coinched contract made with a cinquante, worked out term by term on the why
    page (English and French) and in the print's workings; never a bare total."""
    game_id, key = new_game(client, "coinche")
    deal = {"taker": 0, "contract": "110", "coinche": "coinche", "card_points": 100}
    assert (
        post(client, game_id, key, deal | {"cinquante": [1, 0], "belote": "taker"}).status_code
        == 201
    )
    text = text_of(client.get(f"/games/{game_id}/hands/1/why"))
    for term in ("the deal's points: 160", "contract: 110", "Cinquante (50): 50", "belote: 20"):
        assert term in text, term
    assert "Coinche: × 2 = 680" in text
    text = text_of(client.get(f"/games/{game_id}/hands/1/why", headers=FRENCH))
    for term in (
        "points de la donne : 160",
        "contrat : 110",
        "Cinquante (50) : 50",
        "Coinche : × 2 = 680",
    ):
        assert term in text, term  # text_of reads the non-breaking space as a blank
    text = text_of(client.get(f"/games/{game_id}/print?explain=1"))
    assert (
        "the deal's points: 160; contract: 110; Cinquante (50): 50; belote: 20; Coinche: × 2 = 680"
        in text
    )


def test_a_litige_waits_on_the_board_and_the_print_until_a_deal_wins_it(client):
    game_id, key = new_game(client, "classic")
    assert post(client, game_id, key, {"taker": 0, "card_points": 81}).get_json()["totals"] == [
        0,
        81,
    ]
    board = text_of(client.get(f"/games/{game_id}"))
    assert "litige · 81 held" in board and "81 points held from the litige" in board
    assert "81 held" in text_of(client.get(f"/games/{game_id}/print"))
    why = text_of(client.get(f"/games/{game_id}/hands/1/why"))
    assert "litige: 81 held for the next deal's winner" in why and "card points: 81" in why
    assert post(client, game_id, key, {"thrown_in": True}).status_code == 201
    assert "81 points held from the litige" in text_of(client.get(f"/games/{game_id}"))
    answer = post(client, game_id, key, {"taker": 1, "card_points": 100}).get_json()
    assert answer["totals"] == [62, 262]
    board = text_of(client.get(f"/games/{game_id}"))
    assert "made · +81 from the litige" in board and "points held from the litige" not in board
    why = text_of(client.get(f"/games/{game_id}/hands/3/why"))
    assert "the litige's points: 81" in why
    assert "made · +81 from the litige" in text_of(client.get(f"/games/{game_id}/print"))


def test_the_french_words_are_a_french_tables(client):
    text = text_of(client.get(f"/rules/{KEY}?rules=coinche", headers=FRENCH))
    assert "Un contrat réussi marque" in text and "Annonce réussie" not in text
    assert "Coinche et capot demandé" in text
    page = text_of(client.get(f"/games/new?game={KEY}", headers=FRENCH))
    assert "Les règles de la belote" in page and "du Belote" not in page


def test_the_announcements_that_count_show_on_the_board_the_print_and_the_result(client):
    """A Coinche evening (issue 65, looked at in Chromium): a deal's announcements are on
    its row of the board and of the print, as its belote is, the side's that counts only;
    and the game is called Coinche wherever it is named (the result card said Belote)."""
    game_id, key = new_game(client, "coinche")
    # Each side a tierce, the defence a cinquante too: only the defence's count (70).
    deal = {"taker": 0, "contract": "100", "card_points": 112, "belote": "taker"}
    assert (
        post(client, game_id, key, deal | {"tierce": [1, 1], "cinquante": [0, 1]}).status_code
        == 201
    )
    deal = {"taker": 1, "contract": "90", "card_points": 101, "tierce": [0, 1]}
    assert post(client, game_id, key, deal).status_code == 201
    for page in ("", "/print"):
        text = text_of(client.get(f"/games/{game_id}{page}"))
        assert "made · belote · announcements 70 (defence)" in text, page
        assert "made · announcements 20 " in text, page
    board = text_of(client.get(f"/games/{game_id}", headers=FRENCH))
    assert "réussi · belote · annonces 70 (défense)" in board
    game_id, key = new_game(client, "coinche", before=[1900, 0])
    ended = post(client, game_id, key, {"taker": 0, "contract": "100", "card_points": 112})
    assert ended.get_json()["status"] == "finished"
    card = text_of(client.get(f"/games/{game_id}/result", headers=FRENCH))
    assert '"title": "Coinche"' in card and "Belote" not in card


def test_the_why_page_rounds_from_what_to_what(client):
    """The rounding said as a sum rounded, not as one more term: the page said "arrondi à
    la dizaine : 280" between the cinquante and the belote, and its terms added to 582."""
    game_id, key = new_game(client, "coinche")
    deal = {"taker": 1, "contract": "100", "card_points": 112, "belote": "taker"}
    assert (
        post(client, game_id, key, deal | {"tierce": [1, 1], "cinquante": [0, 1]}).status_code
        == 201
    )
    why = text_of(client.get(f"/games/{game_id}/hands/1/why", headers=FRENCH))
    assert "Cinquante (50) : 50 arrondi à la dizaine : 282 → 280 belote : 20" in why
    hebrew = text_of(client.get(f"/games/{game_id}/hands/1/why", headers={"Accept-Language": "he"}))
    assert "מעוגל לעשרת הקרובה: 282 ← 280" in hebrew
