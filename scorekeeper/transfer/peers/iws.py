"""Games exported by IsraeliWhist-Scorekeeper (IWS, ``illuminati945/IsraeliWhist-Scorekeeper``).

IWS's "Export / Share" dialog writes ``GameSession.exportJson()``::

    {"app": "Israeli Whist Scorekeeper", "version": "1.0.0", "exportedAt": "…",
     "session": {"id", "createdAt", "rules": {…}, "targetPoints", "maxRounds",
                 "simplifiedMode", "players": [{"id", "name", "color", …} × 4],
                 "completedRounds": [round, …], "scores": [4 totals], "rankings": […]}}

Its server keeps the same session object bare (``data/sessions/<room>.json``, with
``currentDealerIndex``, ``activeRound``, ``status`` and, in later versions,
``initialScores``); that is read too. A round, as ``commitRound`` stores it::

    {"roundNumber", "dealerIndex", "leadBidderIndex", "simplified",
     "trump": {"winnerIndex", "suitId", "bidAmount", "isPasRound"},
     "bets": [4], "tricks": [4], "scores": [4], "cumulativeScores": [4],
     "roundTotalBets", "bettingMode", "results": […], "timestamp", "completedAt"}

Seats are the players' indexes (IWS deals to ``(dealer + 1) % 4``, as we do). The round
in progress (``activeRound``) was never scored, so it is left out.

Rule mapping, IWS option (with IWS's own fallbacks) → our knob:

=====================================================  =====================================
IWS                                                    ours
=====================================================  =====================================
``bidMadeFormula`` QUADRATIC (or missing): 10 + n²     ``exact_bonus`` 10, ``made_squared``
``bidMadeFormula`` LINEAR_10: 10 + 10·n                ``made_squared`` no, ``made_per_trick`` 10
``missPenaltyRate`` (0 or missing: 10)                 ``miss_step``
``useProgressivePenalty`` + ``progressiveRates``       ``miss_steps`` (contract n uses the rate
(rate for min(n, 7); missing: 10)                      for min(n, 7))
``passMadeScoreDown`` ?? ``passMadeScore`` ?? 50       ``zero_under``
``passMadeScoreUp`` ?? ``passMadeScoreOver`` ?? 30     ``zero_over``
``passMissPenalty`` ?? 50                              ``failed_zero_first``
``passMissBonusPerTrick`` ?? 10                        ``failed_zero_step`` (−F + S·(t−1))
``pasRoundZeroBonus`` (0 or missing: 50)               ``pass_round_zero``, ``all_pass`` pass_round
``pasRoundTrickPenalty`` (0 or missing: 10)            ``pass_round_step``
``trumpMakerMissDoublePenalty``                        ``declarer_miss_factor`` 2 (else 1)
``enforceHookRule`` true                               our rule: contracts never total 13
``targetPoints`` (null: no target)                     ``target`` (no target: 100000, our most)
``maxRounds`` (null: none)                             ``hand_limit`` (none: 0)
the game ends at the target even when tied             ``tie_at_end`` shared
the auction winner may raise their bet                 ``declarer_may_raise`` yes
no Frisch; after the dealer, the player left bids      ``frisch_rounds`` 0, ``opener`` left
``trump.winnerIndex``, ``bidAmount``, ``suitId``       the hand's ``declarer`` and ``bid``
``trump.isPasRound``                                   a pass round
``bets``, ``tricks``                                   ``contracts``, ``tricks``
``createdAt``; each round's ``completedAt``            the game's and each hand's times
``initialScores``                                      ``starting_totals`` (hand 0)
=====================================================  =====================================

Refused, naming the field: a list IWS writes as a JSON list of 4 (``bets``, ``tricks``,
``scores``, ``cumulativeScores``, ``initialScores``) given as anything else, such as text
``"4,5,3,0"``; a round kept in simplified mode, or any round with no trump
winner (our hands need the declarer and the bid); ``enforceHookRule`` off (our rules never
let four contracts total 13); an unknown ``bidMadeFormula`` or suit; non-zero
``initialScores`` at or past the target (a game starts below it; others become the game's
starting totals); a dealer changed by hand
mid-game (the deal passes left after every hand here); and any round whose points, or a
game whose totals or end, IWS recorded differently from what the mapped rules give (an
older IWS version scored a failed zero differently, for one), since an import never
changes a score silently. Every hand also goes through the engine's own checks
(``record_from_dict``): tricks total 13, the declarer's contract at least their bid, …
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import EngineError, get_game, read_starting_totals
from ...engine.core.messages import Message, msg
from ...engine.core.numbers import shown
from ...problems import Problem

APP = "Israeli Whist Scorekeeper"
GAME = "israeli-whist"
# IWS's suits, as its SUITS table names them, and ours.
SUITS = {"NT": "NT", "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C"}
FORMULAS = {"QUADRATIC": (True, 0), "LINEAR_10": (False, 10)}
# A game with no target plays on for ever in IWS; ours needs one, and this is our highest.
NO_TARGET = 100_000
STATUSES = {"IN_PROGRESS": "in_progress", "FINISHED": "finished"}
SEATS = get_game(GAME).seats  # the seats of the one game IWS scores
# Our field names in a hand's problems, and what IWS calls them.
HAND_FIELDS = {
    "contracts": "bets",
    "declarer": "trump.winnerIndex",
    "bid": "trump.bidAmount",
    "level": "trump.bidAmount",
    "denomination": "trump.suitId",
}


class PeerProblem(Problem, ValueError):
    """An IWS file that cannot be imported: the reason, the IWS field and where (game,
    round). ``message`` and ``where`` are Messages, which a page translates."""

    def __init__(self, message: Message, field: str, where: Message) -> None:
        super().__init__(message, field)
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.field}: {self.message}"


def is_export(document: Any) -> bool:
    """True for an IWS export (``{"app": …, "session": …}``) or a bare IWS session; our own
    files say ``"format"`` and are never taken for one."""
    if not isinstance(document, dict) or "format" in document:
        return False
    if document.get("app") == APP or isinstance(document.get("session"), dict):
        return True
    return "completedRounds" in document and "players" in document


def to_document(document: dict) -> dict:
    """The IWS export ``document`` as a file in our format (version 2), every round checked
    through the engine and scored against IWS's own points; raises PeerProblem."""
    session = document.get("session", document)
    where = msg("game #%(position)d in the file", position=1)
    version = document.get("version")
    if "session" in document and not (isinstance(version, str) and version.startswith("1.")):
        problem = msg(
            "version %(version)s of IsraeliWhist-Scorekeeper's export is not one this app "
            "reads (1.x)",
            version=shown(version),
        )
        raise PeerProblem(problem, "version", msg("file"))
    if not isinstance(session, dict):
        raise PeerProblem(msg("must be a JSON object"), "session", msg("file"))
    return {"format": "scorekeeper", "version": 2, "games": [convert_session(session, where)]}


def convert_session(session: dict, where: Message) -> dict:
    """One IWS game as a game entry of our format; raises PeerProblem."""
    game = get_game(GAME)
    start = _starting_totals(session, where)
    settings = _settings(session, where)
    players = _players(session.get("players"), where)
    rounds = session.get("completedRounds", [])
    if not isinstance(rounds, list):
        raise PeerProblem(msg("must be a list"), "completedRounds", where)
    records, hands, revisions = [], [], []
    for number, entry in enumerate(rounds, start=1):
        at = msg("%(where)s, round %(round)d", where=where, round=number)
        if not isinstance(entry, dict):
            raise PeerProblem(msg("must be a JSON object"), "round", at)
        body = _hand(session, entry, at)
        try:
            record = game.record_from_dict(settings, body)
        except EngineError as exc:
            raise PeerProblem(exc.message, _iws_field(exc.field), at) from None
        records.append(record)
        stamp = entry.get("completedAt") or entry.get("timestamp")
        hands.append({"number": number, **record.to_dict(), "created_at": stamp})
        revisions.append(
            {
                "number": number,
                "revision": 1,
                "action": "recorded",
                "created_at": stamp,
                "hand": record.to_dict(),
            }
        )
    first_dealer = _first_dealer(session, rounds, where)
    try:
        start_totals = read_starting_totals(start, SEATS, settings.target, settings.losing_floor)
    except EngineError as exc:
        field = (exc.field or "starting_totals").replace("starting_totals", "initialScores")
        raise PeerProblem(exc.message, field, where) from None
    options = {"starting_totals": start_totals} if start else {}
    try:
        progress = game.replay(settings, first_dealer, records, **options)
    except ValueError as exc:
        raise PeerProblem(exc.args[0], "completedRounds", where) from None
    _same_scores(session, rounds, progress, where)
    stamps = [h["created_at"] for h in hands if isinstance(h["created_at"], str)]
    created_at = session.get("createdAt")
    name = session.get("id")
    return {
        "name": name if isinstance(name, str) and 0 < len(name.strip()) <= 80 else None,
        "notes": None,
        "created_at": created_at,
        "updated_at": max(stamps) if stamps else created_at,
        "game": GAME,
        "rules": settings.preset_of(game.presets) or "standard",
        "settings": settings.to_dict(),
        "first_dealer": first_dealer,
        "players": players,
        **({"starting_totals": start} if start else {}),
        "hands": hands,
        "revisions": revisions,
    }


# --- rules ----------------------------------------------------------------------------------


def _number(
    values: Mapping, key: str, where: Message, field: str, default: int | None, *, js_or=False
) -> int | None:
    """``values[key]`` as IWS reads it: ``default`` when missing or null (JavaScript's
    ``??``), and also when 0 where IWS writes ``value || default`` (``js_or``)."""
    value = values.get(key)
    if value is None or (js_or and value == 0 and not isinstance(value, bool)):
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        problem = msg("must be a whole number, not %(value)s", value=shown(value))
        raise PeerProblem(problem, field, where)
    return value


def _flag(values: Mapping, key: str, where: Message, field: str) -> bool:
    value = values.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        problem = msg("must be true or false, not %(value)s", value=shown(value))
        raise PeerProblem(problem, field, where)
    return value


def _settings(session: dict, where: Message):
    rules = session.get("rules")
    if not isinstance(rules, dict):
        raise PeerProblem(msg("must be an object of rule options"), "rules", where)
    formula = rules.get("bidMadeFormula")
    if formula is not None and formula not in FORMULAS:
        problem = msg(
            "%(value)s is no formula this app knows (%(known)s), so it cannot be expressed",
            value=shown(formula),
            known=", ".join(FORMULAS),
        )
        raise PeerProblem(problem, "rules.bidMadeFormula", where)
    squared, per_trick = FORMULAS[formula or "QUADRATIC"]
    if _flag(rules, "enforceHookRule", where, "rules.enforceHookRule") is not True:
        problem = msg(
            "the hook rule is off, so four bets may total 13; here the last bidder may never "
            "make them total 13, so this cannot be expressed"
        )
        raise PeerProblem(problem, "rules.enforceHookRule", where)
    doubled = _flag(
        rules, "trumpMakerMissDoublePenalty", where, "rules.trumpMakerMissDoublePenalty"
    )
    changes: dict[str, Any] = {
        "opener": "left",
        "declarer_may_raise": True,
        "frisch_rounds": 0,
        "exact_bonus": 10,
        "made_squared": squared,
        "made_per_trick": per_trick,
        "miss_step": _number(
            rules, "missPenaltyRate", where, "rules.missPenaltyRate", 10, js_or=True
        ),
        "miss_steps": _miss_steps(rules, where),
        "declarer_miss_factor": 2 if doubled else 1,
        "zero_under": _either(rules, ("passMadeScoreDown", "passMadeScore"), 50, where),
        "zero_over": _either(rules, ("passMadeScoreUp", "passMadeScoreOver"), 30, where),
        "failed_zero_first": _number(rules, "passMissPenalty", where, "rules.passMissPenalty", 50),
        "failed_zero_step": _number(
            rules, "passMissBonusPerTrick", where, "rules.passMissBonusPerTrick", 10
        ),
        "failed_zero_first_over": None,
        "failed_zero_step_over": None,
        "all_fail_void": False,
        "all_pass": "pass_round",
        "pass_round_zero": _number(
            rules, "pasRoundZeroBonus", where, "rules.pasRoundZeroBonus", 50, js_or=True
        ),
        "pass_round_step": _number(
            rules, "pasRoundTrickPenalty", where, "rules.pasRoundTrickPenalty", 10, js_or=True
        ),
        "target": _number(session, "targetPoints", where, "targetPoints", NO_TARGET, js_or=True),
        "hand_limit": _number(session, "maxRounds", where, "maxRounds", 0, js_or=True),
        "tie_at_end": "shared",
    }
    game = get_game(GAME)
    try:
        return game.settings_from_dict(changes)
    except EngineError as exc:
        field = _SOURCES.get(exc.field or "", f"rules ({exc.field})")
        raise PeerProblem(exc.message, field, where) from None


# Which IWS option each knob comes from, to name it when its value is out of our range.
_SOURCES = {
    "miss_step": "rules.missPenaltyRate",
    "miss_steps": "rules.progressiveRates",
    "zero_under": "rules.passMadeScoreDown",
    "zero_over": "rules.passMadeScoreUp",
    "failed_zero_first": "rules.passMissPenalty",
    "failed_zero_step": "rules.passMissBonusPerTrick",
    "pass_round_zero": "rules.pasRoundZeroBonus",
    "pass_round_step": "rules.pasRoundTrickPenalty",
    "target": "targetPoints",
    "hand_limit": "maxRounds",
}


def _either(rules: Mapping, keys: tuple[str, str], default: int, where: Message) -> int:
    """IWS's ``rules[first] ?? (rules[second] || default)``."""
    first, second = keys
    value = _number(rules, first, where, f"rules.{first}", None)
    if value is None:
        value = _number(rules, second, where, f"rules.{second}", default, js_or=True)
    assert value is not None
    return value


def _miss_steps(rules: Mapping, where: Message) -> list[int] | None:
    """Per-contract penalties when the progressive penalty is on: IWS uses the rate for
    min(n, 7), or 10 where none is given."""
    rates = rules.get("progressiveRates")
    if not _flag(rules, "useProgressivePenalty", where, "rules.useProgressivePenalty"):
        return None
    if rates is None:
        return None
    if not isinstance(rates, dict):
        raise PeerProblem(msg("must be an object of rates"), "rules.progressiveRates", where)
    steps = []
    for contract in range(1, 14):
        key = str(min(contract, 7))
        field = f"rules.progressiveRates.{key}"
        steps.append(_number(rates, key, where, field, 10, js_or=True))
    return steps


def _starting_totals(session: dict, where: Message) -> list[int] | None:
    """The totals the game starts from (``initialScores``), or None when it starts at 0."""
    values = _four(session, "initialScores", where)
    if values is None:
        return None
    numbers = [
        _number({"s": v}, "s", where, f"initialScores[{i}]", 0) for i, v in enumerate(values)
    ]
    return numbers if any(numbers) else None


def _players(players: Any, where: Message) -> list[Any]:
    if not isinstance(players, list):
        raise PeerProblem(msg("must be a list"), "players", where)
    if len(players) != SEATS:
        problem = msg(
            "an Israeli Whist game has 4 players; this one lists %(count)d", count=len(players)
        )
        raise PeerProblem(problem, "players", where)
    names = []
    for seat, player in enumerate(players):
        if not isinstance(player, dict):
            raise PeerProblem(msg("must be a JSON object"), f"players[{seat}]", where)
        names.append(player.get("name"))
    return names


# --- rounds ---------------------------------------------------------------------------------


def _hand(session: dict, entry: dict, at: Message) -> dict:
    """A round as our hand record's JSON body."""
    trump = entry.get("trump")
    if not isinstance(trump, dict):
        raise PeerProblem(msg("must be a JSON object"), "trump", at)
    bets, tricks = _four(entry, "bets", at), _four(entry, "tricks", at)
    _four(entry, "cumulativeScores", at, numbers=True)
    if _flag(trump, "isPasRound", at, "trump.isPasRound"):
        return {"pass_round": True, "tricks": tricks}
    simplified = entry.get("simplified")
    if simplified is None:
        simplified = session.get("simplifiedMode") is True and trump.get("winnerIndex") is None
    if simplified is True:
        problem = msg(
            "this round was kept in simplified mode, with no trump auction: nobody is "
            "recorded as declarer and no bid was made, and every hand here needs both"
        )
        raise PeerProblem(problem, "simplified", at)
    if trump.get("winnerIndex") is None:
        problem = msg(
            "no trump winner is recorded, and every hand here needs the declarer and the bid"
        )
        raise PeerProblem(problem, "trump.winnerIndex", at)
    suit = trump.get("suitId")
    if not isinstance(suit, str) or suit not in SUITS:
        problem = msg(
            "%(value)s is no suit IsraeliWhist-Scorekeeper writes (%(known)s)",
            value=shown(suit),
            known=", ".join(SUITS),
        )
        raise PeerProblem(problem, "trump.suitId", at)
    return {
        "declarer": trump.get("winnerIndex"),
        "bid": {"level": trump.get("bidAmount"), "denomination": SUITS[suit]},
        "contracts": bets,
        "tricks": tricks,
    }


def _four(values: Mapping, key: str, where: Message, numbers: bool = False) -> Any:
    """IWS's list of one value per player (``bets``, ``tricks``, ``scores``…), or None
    when the file has none. IWS writes a JSON list of 4; text such as ``"4,5,3,0"``, which
    our own forms read as a list, is no file IWS writes and is refused, naming ``key``, as
    is a list of another length. With ``numbers``, each item must be a whole number too
    (a list nothing else checks); otherwise the engine checks the items, field by field.
    """
    value = values.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != SEATS:
        raise PeerProblem(msg("must be a list of 4 numbers"), key, where)
    if numbers:
        for seat, item in enumerate(value):
            _number({"n": item}, "n", where, f"{key}[{seat}]", None)
    return value


def _iws_field(field: str | None) -> str:
    """Our field name in a hand's problem (``contracts[2]``) as IWS names it (``bets[2]``)."""
    if not field:
        return "round"
    name, bracket, rest = field.partition("[")
    return HAND_FIELDS.get(name, name) + bracket + rest


def _first_dealer(session: dict, rounds: list, where: Message) -> int:
    if rounds:
        value, field = rounds[0].get("dealerIndex"), "completedRounds[0].dealerIndex"
    else:
        value, field = session.get("currentDealerIndex"), "currentDealerIndex"
    dealer = _number({"d": value}, "d", where, field, 0)
    assert dealer is not None
    if not 0 <= dealer < SEATS:
        problem = msg("seat %(seat)d is no seat; seats are 0..3", seat=dealer)
        raise PeerProblem(problem, field, where)
    return dealer


def _same_scores(session: dict, rounds: list, progress: Any, where: Message) -> None:
    """Refuses a game whose dealers, points, totals or end IWS recorded otherwise than the
    mapped rules give: an import never changes a score silently."""
    for entry, replayed in zip(rounds, progress.hands, strict=True):
        at = msg("%(where)s, round %(round)d", where=where, round=replayed.number)
        dealer = entry.get("dealerIndex")
        if dealer is not None and dealer != replayed.dealer:
            problem = msg(
                "the file says seat %(given)s dealt, but the deal passes to the left after "
                "every hand, so seat %(derived)d deals: a dealer changed by hand mid-game "
                "cannot be imported",
                given=shown(dealer),
                derived=replayed.dealer,
            )
            raise PeerProblem(problem, "dealerIndex", at)
        scores = entry.get("scores")
        if scores is not None:
            _same(at, "scores", scores, list(replayed.points))
    totals = session.get("scores")
    if totals is not None:
        _same(where, "scores", totals, list(progress.totals))
    status = STATUSES.get(session.get("status"))  # type: ignore[arg-type]
    if status is not None and status != progress.status:
        problem = msg(
            "the file says the game is %(given)s, but under the mapped rules it is %(derived)s",
            given=shown(session.get("status")),
            derived=progress.status,
        )
        raise PeerProblem(problem, "status", where)


def _same(where: Message, field: str, given: Any, derived: list[int]) -> None:
    given = _four({field: given}, field, where)
    for seat, (theirs, ours) in enumerate(zip(given, derived, strict=True)):
        if theirs != ours or isinstance(theirs, bool):
            problem = msg(
                "IsraeliWhist-Scorekeeper recorded %(given)s points, but the mapped rules "
                "give %(derived)d: the game was scored by a rule this app cannot express",
                given=shown(theirs),
                derived=ours,
            )
            raise PeerProblem(problem, f"{field}[{seat}]", where)
