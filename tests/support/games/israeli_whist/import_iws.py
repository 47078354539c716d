"""Helpers of tests/games/israeli_whist/test_import_iws.py."""

from __future__ import annotations

import copy
import json

# RULE_PRESETS.STANDARD of whist-rules.js, as a new game copies it into session.rules.
STANDARD = {
    "id": "STANDARD",
    "nameEn": "Standard Israeli Whist (Quadratic)",
    "nameHe": "Standard Israeli Whist",
    "descriptionEn": "Exact Made: +10 + Bid² | Miss: -10 × diff | Pass (0): +50 down / +30 up, "
    "-50 + 10/trick | Hook Rule: On",
    "descriptionHe": "מדויק: 10 + הכרזה² | החטאה: 10- לכל הפרש | פאס: 50+ בחסר / 30+ ביתר, "
    "50- ו-10+ לכל לקיחה נוספת | חוק ההוק",
    "bidMadeFormula": "QUADRATIC",
    "missPenaltyRate": 10,
    "useProgressivePenalty": False,
    "passMadeScoreDown": 50,
    "passMadeScoreUp": 30,
    "passMadeScore": 50,
    "passMissPenalty": 50,
    "passMissBonusPerTrick": 10,
    "pasRoundTrickPenalty": 10,
    "pasRoundZeroBonus": 50,
    "enforceHookRule": True,
    "trumpMakerMissDoublePenalty": False,
}


PLAYERS = [
    {"id": "p0", "name": "נועה", "color": "#6366f1", "initial": "1"},
    {"id": "p1", "name": "Dana", "color": "#10b981", "initial": "2"},
    {"id": "p2", "name": "איתי", "color": "#f59e0b", "initial": "3"},
    {"id": "p3", "name": "Yoni", "color": "#ec4899", "initial": "4"},
]


# (trump: winner, suit, level, or None for a pas round), bets, tricks, completedAt.
ROUNDS = [
    ((1, "HEARTS", 5), [4, 5, 3, 0], [4, 5, 4, 0], "2026-03-12T18:20:05.112Z"),
    (None, [None, None, None, None], [3, 4, 6, 0], "2026-03-12T18:31:40.907Z"),
    ((3, "SPADES", 6), [0, 3, 4, 7], [0, 2, 4, 7], "2026-03-12T18:44:12.020Z"),
    ((0, "NT", 5), [5, 0, 4, 3], [6, 2, 2, 3], "2026-03-12T18:58:51.733Z"),
    ((2, "CLUBS", 7), [2, 2, 7, 3], [1, 3, 7, 2], "2026-03-12T19:10:02.004Z"),
]


def iws_score(bid, tricks, trump_maker, pas_round, rules, total_bets):
    """calculatePlayerScore of whist-rules.js: (score, made, delta, explanation)."""
    if pas_round:
        if tricks == 0:
            bonus = rules.get("pasRoundZeroBonus") or 50
            return bonus, True, 0, f"0 tricks taken: +{bonus} bonus"
        rate = rules.get("pasRoundTrickPenalty") or 10
        return (
            -(tricks * rate),
            False,
            tricks,
            f"{tricks} tricks taken × -{rate} = {-tricks * rate}",
        )
    if bid == tricks:
        if bid == 0:
            up = total_bets > 13
            down_score = rules.get("passMadeScoreDown")
            if down_score is None:
                down_score = rules.get("passMadeScore") or 50
            up_score = rules.get("passMadeScoreUp")
            if up_score is None:
                up_score = rules.get("passMadeScoreOver") or 30
            points = up_score if up else down_score
            mode = "Up / יתר" if up else "Down / חסר"
            return points, True, 0, f"Pass (0) made ({mode}): +{points} pts"
        linear = rules.get("bidMadeFormula") == "LINEAR_10"
        points = 10 + bid * 10 if linear else 10 + bid * bid
        return points, True, 0, f"Bid {bid} made: 10 + ({bid}²) = +{points} pts"
    diff = abs(tricks - bid)
    if bid == 0:
        base = rules.get("passMissPenalty", 50)
        step = rules.get("passMissBonusPerTrick", 10)
        penalty = -base + (tricks - 1) * step
        if tricks == 1:
            return penalty, False, diff, f"Pass (0) missed (1 trick): -{base} pts"
        sign = "+" if penalty >= 0 else ""
        extra = (tricks - 1) * step
        text = f"Pass (0) missed ({tricks} tricks): -{base} + {extra} = {sign}{penalty} pts"
        return penalty, False, diff, text
    rate = rules.get("missPenaltyRate") or 10
    if rules.get("useProgressivePenalty") and rules.get("progressiveRates"):
        rate = rules["progressiveRates"].get(str(min(max(bid, 1), 7))) or 10
    penalty = -(diff * rate)
    if trump_maker and rules.get("trumpMakerMissDoublePenalty"):
        penalty *= 2
    return penalty, False, diff, f"Bid {bid}, took {tricks} ({diff} diff × -{rate}): {penalty} pts"


def build_export(rules=STANDARD, rounds=ROUNDS, **session):
    """An IWS export, as exportJson() writes it after commitRound() for each round."""
    created = "2026-03-12T18:02:11.431Z"
    completed, totals, started, dealer = [], [0, 0, 0, 0], created, 0
    for number, (trump, bets, tricks, done) in enumerate(rounds, start=1):
        pas = trump is None
        winner, suit, level = trump or (None, "NT", 0)
        filled = [b for b in bets if isinstance(b, int)]
        total_bets = sum(filled)
        mode = None
        if len(filled) == 4:
            mode = "HOOK_VIOLATION" if total_bets == 13 else "OVER" if total_bets > 13 else "UNDER"
        results = []
        for seat in range(4):
            bid = 0 if pas else bets[seat]
            score, made, delta, text = iws_score(
                bid, tricks[seat], seat == winner, pas, rules, total_bets
            )
            results.append(
                {
                    "playerIndex": seat,
                    "bid": bid,
                    "tricks": tricks[seat],
                    "score": score,
                    "made": made,
                    "delta": delta,
                    "explanation": text,
                }
            )
        scores = [r["score"] for r in results]
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        completed.append(
            {
                "roundNumber": number,
                "dealerIndex": dealer,
                "leadBidderIndex": (dealer + 1) % 4,
                "stage": "TRICKS",
                "trump": {
                    "winnerIndex": winner,
                    "suitId": suit,
                    "bidAmount": level,
                    "isPasRound": pas,
                },
                "bets": bets,
                "tricks": tricks,
                "scores": scores,
                "roundTotalBets": total_bets,
                "bettingMode": mode,
                "timestamp": started,
                "simplified": False,
                "results": results,
                "cumulativeScores": totals,
                "completedAt": done,
            }
        )
        started, dealer = done, (dealer + 1) % 4
    players = session.pop("players", PLAYERS)
    ranking = sorted(range(4), key=lambda i: -totals[i])
    return {
        "app": "Israeli Whist Scorekeeper",
        "version": "1.0.0",
        "exportedAt": "2026-03-12T19:12:30.250Z",
        "session": {
            "id": "W-8HNX",
            "createdAt": created,
            "rules": rules,
            "targetPoints": None,
            "maxRounds": None,
            "simplifiedMode": False,
            "players": players,
            "completedRounds": completed,
            "scores": totals,
            "rankings": [{"index": i, "player": players[i], "score": totals[i]} for i in ranking],
            **session,
        },
    }


def text_of(document) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2)


def _progressive():
    return {
        **STANDARD,
        "id": "PROGRESSIVE",
        "useProgressivePenalty": True,
        "progressiveRates": {"1": 5, "2": 5, "3": 5, "4": 5, "5": 10, "6": 15, "7": 20},
    }


def _with(export, *path_and_value):
    copy_ = copy.deepcopy(export)
    *path, value = path_and_value
    target = copy_
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return copy_


EXPORT = build_export()


ROUND_3 = ("session", "completedRounds", 2)


def _simplified_round_3():
    """Round 3 as simplified mode keeps it: bets and tricks, no trump auction."""
    document = _with(EXPORT, *ROUND_3, "simplified", True)
    document["session"]["completedRounds"][2]["trump"] = {
        "winnerIndex": None,
        "suitId": "NT",
        "bidAmount": 0,
        "isPasRound": False,
    }
    return document
