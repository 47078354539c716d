"""An independent checker of simulated Spades deals, written from docs/rules/spades.md
alone: it shares no code with ``records`` or ``scoring``, so a mistake in either shows
up as a disagreement here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import Card
from ..core.simulation import wrong_points
from ..core.verify import check_tricks, follows_suit
from .settings import SpadesSettings

SPADE = "S"


def _side_points(settings: SpadesSettings, deal: Mapping[str, Any], seats: tuple[int, int]) -> int:
    """A side's points in a first hand (no bags before), as docs/rules/spades.md words it."""
    bids, tricks = deal["bids"], deal["tricks"]
    blind = deal.get("blind_nil", [])
    points = 0
    bags = 0
    contract = bids[seats[0]] + bids[seats[1]]
    counted = 0  # tricks toward the contract
    nil_tricks = 0
    for seat in seats:
        if bids[seat] == 0:
            value = settings.blind_nil_value if seat in blind else settings.nil_value
            points += value if tricks[seat] == 0 else -value
            nil_tricks += tricks[seat]
        else:
            counted += tricks[seat]
    if settings.failed_nil_tricks == "count_for_partner" and contract > 0:
        counted += nil_tricks
    elif settings.failed_nil_tricks in ("bags", "count_for_partner"):
        points += nil_tricks
        bags += nil_tricks
    if contract > 0:
        if counted >= contract:
            points += 10 * contract + (counted - contract)
            bags += counted - contract
        else:
            points -= 10 * contract
    if settings.bag_limit:
        while bags >= settings.bag_limit:
            points -= settings.bag_penalty
            bags -= settings.bag_limit
    return points


def verify_deal(settings: SpadesSettings, deal: Mapping[str, Any]) -> list[str]:
    """Every broken rule found in a simulated deal: bids and tricks per seat in range,
    tricks totalling 13, blind nils only as 0 bids and where the rules allow them in a
    first hand, the cards played (when the deal has its ``play``), and each side's
    points."""
    problems: list[str] = []
    bids, tricks = deal.get("bids"), deal.get("tricks")
    if not (isinstance(bids, list) and len(bids) == 4 and all(b in range(14) for b in bids)):
        return [f"bids {bids!r} are not four bids 0..13"]
    if not (isinstance(tricks, list) and len(tricks) == 4 and all(t in range(14) for t in tricks)):
        return [f"tricks {tricks!r} are not four counts 0..13"]
    if sum(tricks) != 13:
        problems.append(f"tricks total {sum(tricks)}, not 13")
    blind = deal.get("blind_nil", [])
    for seat in blind:
        if bids[seat] != 0:
            problems.append(f"seat {seat} bid blind nil but {bids[seat]}")
    if blind and settings.blind_nil != "any_time":
        problems.append(f"blind nil bid under blind_nil={settings.blind_nil} in a first hand")
    if deal.get("thrown_in"):
        problems.append("a Spades hand is never thrown in")
    if "play" in deal:
        problems += _play_problems(deal)
    if problems:
        return problems
    points = [_side_points(settings, deal, (0, 2)), _side_points(settings, deal, (1, 3))]
    return wrong_points(deal, points, "the rules'")


def _play_problems(deal: Mapping[str, Any]) -> list[str]:
    """What is wrong with the cards of a played deal: each card dealt once, 13 to a seat;
    the player left of the dealer leads first and each trick's winner next; everyone
    follows suit when able; spades are not led before one was played on another suit,
    unless the leader holds only spades; the highest spade, else the highest card of the
    suit led, wins; and the tricks each seat won are the tricks recorded."""
    try:
        hands = [set(Card.from_str(text) for text in hand.split()) for hand in deal["hands"]]
        tricks = [
            (t["leader"], [Card.from_str(c) for c in t["cards"].split()]) for t in deal["play"]
        ]
        dealer = deal["dealer"]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return [f"the cards do not read: {exc}"]
    if sorted(len(hand) for hand in hands) != [13] * 4 or len(set().union(*hands)) != 52:
        return ["the hands are not 52 different cards, 13 to each seat"]

    def rule_broken(card: Card, hand: Any, so_far: Any, played: Any) -> str | None:
        suits = [c.suit.letter for c in hand]
        if so_far:
            return follows_suit(card.suit.letter, suits, so_far[0].suit.letter)
        broken = any(c.suit.letter == SPADE for c in played)
        if card.suit.letter == SPADE and not broken and any(s != SPADE for s in suits):
            return "led a spade before spades were broken"
        return None

    def winner(leader: int, cards: Any) -> int:
        led = cards[0].suit

        def strength(i: int) -> tuple[bool, bool, int]:
            return (cards[i].suit.letter == SPADE, cards[i].suit == led, cards[i].rank)

        best = max(range(4), key=strength)
        return (leader + best) % 4

    problems: list[str] = []
    lists = [list(hand) for hand in hands]
    won = check_tricks(tricks, lists, (dealer + 1) % 4, rule_broken, winner, problems)
    if len(tricks) != 13:
        problems.append(f"{len(tricks)} tricks were played, not 13")
    if won != list(deal["tricks"]):
        problems.append(f"the play gives tricks {won}, but {deal['tricks']} were recorded")
    return problems
