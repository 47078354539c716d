"""Israeli Whist's second reading of a simulated deal as ``simulate`` writes it, for its
tests, apart from the play code it checks: each card dealt and played once, Frisch
exchanges, the calls (asked of ``IsraeliAuction``), the contracts' order and the forbidden
13, following suit, each trick's winner, the tricks taken and ``score_hand``'s points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.core.cards import Card, Suit
from scorekeeper.engine.core.errors import EngineError, IllegalAction
from scorekeeper.engine.core.simulation import wrong_points
from scorekeeper.engine.core.verify import check_tricks, plain_trick_rules
from scorekeeper.engine.israeli_whist.auction import IsraeliAuction, parse_call
from scorekeeper.engine.israeli_whist.bids import SEATS, TRICKS_PER_HAND, Bid
from scorekeeper.engine.israeli_whist.contracts import ContractPhase
from scorekeeper.engine.israeli_whist.scoring import score_hand, score_pass_round
from scorekeeper.engine.israeli_whist.settings import RuleSettings


def verify_deal(settings: RuleSettings, deal: Mapping[str, Any]) -> list[str]:
    """Every rule the simulated ``deal`` breaks, as sentences; [] for a deal by the rules."""
    problems: list[str] = []
    hands = [[Card.from_str(text) for text in hand] for hand in deal["deal"]]
    dealt = [card for hand in hands for card in hand]
    if len(hands) != SEATS or any(len(hand) != TRICKS_PER_HAND for hand in hands):
        problems.append("the deal is not four hands of 13 cards")
    if len(set(dealt)) != 52:
        problems.append("the deal does not hold the 52 cards once each")
    if problems:
        return problems
    held = _check_auction(settings, deal, hands, problems)
    if deal.get("pass_round"):
        return _check_pass_round(settings, deal, held, problems)
    if deal["thrown_in"]:
        if settings.all_pass == "pass_round":
            problems.append("under these rules a deal all four pass is played as a pass round")
        if deal["tricks"] or any(deal["points"]):
            problems.append("a thrown-in deal has tricks or points")
        if len(deal["exchanges"]) != settings.frisch_rounds:
            problems.append("a deal is thrown in only after every Frisch round")
        return problems
    _check_contracts(settings, deal, problems)
    _follow_tricks(deal, held, Bid.from_str(deal["bid"]).trump, deal["declarer"], problems)
    try:
        expected = score_hand(
            settings, deal["contracts"], deal["tricks_taken"], declarer=deal["declarer"]
        ).points
    except ValueError as exc:  # contracts totalling 13, found above, cannot be scored
        problems.append(f"the hand cannot be scored: {exc}")
        return problems
    problems += wrong_points(deal, expected, "the score")
    return problems


def _check_pass_round(
    settings: RuleSettings, deal: Mapping[str, Any], held: list[set[Card]], problems: list[str]
) -> list[str]:
    """A pass round: after every Frisch round, no contracts, no trump, the dealer's left
    leads, and each player scores the no-trick points or a step per trick."""
    if settings.all_pass != "pass_round":
        problems.append("these rules throw the deal in; there is no pass round")
    if len(deal["exchanges"]) != settings.frisch_rounds:
        problems.append("a pass round is played only after every Frisch round")
    if deal["declarer"] is not None or deal["bid"] is not None or deal["contracts"] is not None:
        problems.append("a pass round has no declarer, bid or contracts")
    _follow_tricks(deal, held, None, (deal["dealer"] + 1) % SEATS, problems)
    expected = score_pass_round(settings, deal["tricks_taken"] or [0] * SEATS).points
    return problems + wrong_points(deal, expected, "the pass round's")


def _check_auction(
    settings: RuleSettings, deal: Mapping[str, Any], hands: list[list[Card]], problems: list[str]
) -> list[set[Card]]:
    """Each call and Frisch exchange, asked of ``IsraeliAuction`` (which checks that a seat
    passes cards it holds); returns the hands as they are after the exchanges."""
    auction = IsraeliAuction(settings, deal["dealer"], [[c.index for c in hand] for hand in hands])
    exchanges = deal["exchanges"]
    try:
        for number, calls in enumerate(deal["auctions"]):
            for call in calls:
                if call["seat"] != auction.to_speak:
                    raise IllegalAction(f"seat {call['seat']} spoke out of turn", "call")
                auction.apply(parse_call(call["call"]))
            for seat, cards in enumerate(exchanges[number] if number < len(exchanges) else ()):
                auction.exchange(seat, [Card.from_str(text) for text in cards])
    except EngineError as exc:
        problems.append(f"round {number}: {exc}")
    else:
        if auction.phase not in ("declared", "thrown_in"):
            problems.append("the auction did not end")
        declarer, bid = auction.winner, auction.bid
        if (declarer, str(bid) if bid else None) != (deal["declarer"], deal["bid"]):
            problems.append(f"the auction gives declarer {declarer} and bid {bid}")
    return [{Card.from_index(n) for n in hand} for hand in auction.hands or ()]


def _check_contracts(settings: RuleSettings, deal: Mapping[str, Any], problems: list[str]) -> None:
    """The contracts in their speaking order, each asked of ``ContractPhase``."""
    declarer, contracts = deal["declarer"], deal["contracts"]
    phase = ContractPhase(settings, declarer, Bid.from_str(deal["bid"]).level)
    if deal["contract_order"] != phase.order:
        problems.append(
            f"contracts were named in order {deal['contract_order']}, not {phase.order}"
        )
    try:
        for seat in phase.order:
            phase.apply(contracts[seat])
    except IllegalAction as exc:
        problems.append(f"seat {seat} may not name {contracts[seat]}: {exc}")
        return
    if phase.contracts != list(contracts):
        problems.append(f"the declarer's contract {contracts[declarer]} breaks its bid")


def _follow_tricks(
    deal: Mapping[str, Any],
    held: list[set[Card]],
    trump: Suit | None,
    leader: int,
    problems: list[str],
) -> None:
    """Checks 13 tricks led first by ``leader``: cards held, suit followed, winners."""
    tricks = deal["tricks"]
    if len(tricks) != TRICKS_PER_HAND:
        problems.append(f"{len(tricks)} tricks were played, not 13")

    rule_broken, winner = plain_trick_rules(trump)
    played = [(t["leader"], [Card.from_str(c) for c in t["cards"]]) for t in tricks]
    winners = [t["winner"] for t in tricks]
    hands = [list(cards) for cards in held]
    taken = check_tricks(played, hands, leader, rule_broken, winner, problems, winners)
    if deal["tricks_taken"] != taken:
        problems.append(f"tricks taken {deal['tricks_taken']} differ from the tricks {taken}")
