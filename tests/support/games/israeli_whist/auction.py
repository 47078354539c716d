"""Helpers of tests/games/israeli_whist/test_auction.py."""

from scorekeeper.engine.israeli_whist.auction import IsraeliAuction


def run(auction: IsraeliAuction, calls: str) -> IsraeliAuction:
    for call in calls.split():
        auction.apply(call)
    return auction


def calls_of(auction: IsraeliAuction, round_number: int = 0) -> list[tuple[int, str]]:
    return [(seat, str(call)) for seat, call in auction.rounds[round_number]]


def all_pass_round(auction: IsraeliAuction) -> None:
    run(auction, "pass pass pass pass")
    for seat in range(4):
        auction.exchange(seat)
