"""An outside scorer: openschafkopf's settlement of a finished deal, ported to Python from
phimuemue/openschafkopf (src/rules/payoutdecider.rs at commit
e0648231c2ecbf223863968fc2b4f6c155625cdb; the Ramsch's payout from src/rules/rulesramsch.rs
at e3e2f036a45ff0d0b9219e9aa73bad5287037f3d; the Bettel's from src/rules/rulesbettel.rs at
2f7f76a5c037fe66f6a20b6df1f8574c127e124e). It reads what the cards did (the Spieler's
side's card points, who took each trick, the Laufende) as the original does; a test builds
the table's entry from the same facts and compares the two. Names follow the original."""

from __future__ import annotations

from collections.abc import Callable, Sequence

PLAYERS = range(4)


def payout_laufende(n_laufende: int, n_payout_per_lauf: int, n_lauf_lbound: int) -> int:
    """``SLaufendeParams::payout_laufende``: nothing under the lower bound, else each."""
    return (0 if n_laufende < n_lauf_lbound else n_laufende) * n_payout_per_lauf


def internal_payout(
    n_payout_single_player: int, fn_player_multiplier: Callable[[int], int], ab_winner: list
) -> list[int]:
    return [
        n_payout_single_player * (1 if ab_winner[epi] else -1) * fn_player_multiplier(epi)
        for epi in PLAYERS
    ]


def stoss_doubling(an_payout_raw: list[int], n_stoss: int, n_doubling: int = 0) -> list[int]:
    """``SStossDoublingPayoutDecider::payout``: each Kontra, Re (a stoss) doubles."""
    return [n * 2 ** (n_stoss + n_doubling) for n in an_payout_raw]


def point_based(
    params: tuple[int, int, int, int],
    n_points_player_party: int,
    stich_winner_is_player_party: Sequence[bool],
    n_laufende: int,
    fn_is_player_party: Callable[[int], bool],
    fn_player_multiplier: Callable[[int], int],
) -> list[int]:
    """``SPayoutDeciderPointBased::payout`` (a Rufspiel or a plain solo: 61 wins)."""
    n_payout_base, n_payout_schneider_schwarz, n_payout_per_lauf, n_lauf_lbound = params
    b_player_party_wins = n_points_player_party >= 61
    ab_winner = [fn_is_player_party(epi) == b_player_party_wins for epi in PLAYERS]
    if all(b_player_party_wins == won for won in stich_winner_is_player_party):
        extra = 2 * n_payout_schneider_schwarz  # schwarz
    elif (b_player_party_wins and n_points_player_party > 90) or (
        not b_player_party_wins and n_points_player_party <= 30
    ):
        extra = n_payout_schneider_schwarz  # schneider
    else:
        extra = 0
    laufende = payout_laufende(n_laufende, n_payout_per_lauf, n_lauf_lbound)
    return internal_payout(n_payout_base + extra + laufende, fn_player_multiplier, ab_winner)


def tout(
    params: tuple[int, int, int, int],
    stich_winner_is_player_party: Sequence[bool],
    n_laufende: int,
    fn_is_player_party: Callable[[int], bool],
    fn_player_multiplier: Callable[[int], int],
) -> list[int]:
    """``SPayoutDeciderTout::payout``: won with every trick; (base + Laufende) × 2."""
    n_payout_base, _, n_payout_per_lauf, n_lauf_lbound = params
    b_player_party_wins = all(stich_winner_is_player_party)
    ab_winner = [fn_is_player_party(epi) == b_player_party_wins for epi in PLAYERS]
    laufende = payout_laufende(n_laufende, n_payout_per_lauf, n_lauf_lbound)
    return internal_payout((n_payout_base + laufende) * 2, fn_player_multiplier, ab_winner)


def sie(
    params: tuple[int, int, int, int],
    fn_is_player_party: Callable[[int], bool],
    fn_player_multiplier: Callable[[int], int],
) -> list[int]:
    """``SPayoutDeciderSie::payout`` (lib/src/rules/rulessolo.rs at commit
    00600bf69ed61fce157d623d27b1d7a016b79245): the Spieler holds the eight trumps that take
    every trick; (base + 8 Laufende) × 4, Schneider and Schwarz not counted."""
    n_payout_base, _, n_payout_per_lauf, _ = params
    ab_winner = [fn_is_player_party(epi) for epi in PLAYERS]
    n_payout = (n_payout_base + 8 * n_payout_per_lauf) * 4
    return internal_payout(n_payout, fn_player_multiplier, ab_winner)


def bettel(
    n_payout_base: int,
    n_stich_primary_player: int,
    fn_is_player_party: Callable[[int], bool],
    fn_player_multiplier: Callable[[int], int],
) -> list[int]:
    """``SPayoutDeciderBettel::payout``: won when the Spieler took no trick."""
    b_primary_party_wins = n_stich_primary_player == 0
    ab_winner = [fn_is_player_party(epi) == b_primary_party_wins for epi in PLAYERS]
    return internal_payout(n_payout_base, fn_player_multiplier, ab_winner)


def ramsch(n_price: int, an_points: Sequence[int]) -> list[int]:
    """``SRulesRamsch::payout`` without Durchmarsch: the one with the most points pays each
    of the others the price (a tie there is settled by the highest trump: not drawn here)."""
    n_points_max = max(an_points)
    vecepi_most_points = [epi for epi in PLAYERS if an_points[epi] == n_points_max]
    assert len(vecepi_most_points) == 1
    epi_loser = vecepi_most_points[0]
    return [3 * n_price * -1 if epi == epi_loser else -n_price * -1 for epi in PLAYERS]
