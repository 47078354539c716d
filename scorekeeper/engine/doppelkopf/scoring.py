"""The value of a Doppelkopf hand (TSR 7.1, 7.2 and the house rules), as a pure function
of the settings and what the table wrote down; and the Bock hands a hand leaves owed."""

from __future__ import annotations

from dataclasses import dataclass

from .settings import DoppelkopfSettings

LEVELS = ("none", "said", "no_90", "no_60", "no_30", "schwarz")
"""A party's highest announcement, by level: its Ansage ("re"/"kontra") is ``said``."""
NEEDS = {1: 151, 2: 181, 3: 211}  # a party that refused 90, 60, 30
OPPONENTS_NEED = {1: 90, 2: 60, 3: 30}  # … lets the other party win with
AGAINST = (120, 90, 60, 30)  # card points against keine 90, 60, 30, schwarz
BANDS = {"90+": 100, "60-89": 75, "30-59": 45, "0-29": 15, "no_trick": 0}
"""The losers' card points standing for each band of the shorthand (one within it)."""


@dataclass(frozen=True, slots=True)
class Party:
    """One party's part of a hand: its card points, its highest announcement's level
    (0..5), whether it took no trick, and its extra points."""

    points: int
    level: int
    no_trick: bool
    extras: int

    @property
    def refused(self) -> int:
        """Refusals made: 0, or 1 (keine 90) to 4 (schwarz)."""
        return max(0, self.level - 1)

    def reaches(self, need: int | None, other: Party) -> bool:
        """Whether it has ``need`` card points (None: every trick)."""
        return other.no_trick if need is None else self.points >= need

    def against(self, other: Party) -> int:
        """Its points (e, f): its card points against the other's refusals."""
        return sum(self.points >= mark for mark in AGAINST[: other.refused])

    def under(self) -> int:
        """The losers' points (a) without the win: under 90, 60, 30, and no trick."""
        return sum(self.points < mark for mark in (90, 60, 30)) + self.no_trick


def needs(party: Party, other: Party, is_re: bool) -> int | None:
    """The card points ``party`` needs to win (None: every trick; 0 with a trick)."""
    if party.refused:
        return NEEDS.get(party.refused)
    if other.refused:
        return OPPONENTS_NEED.get(other.refused, 1)
    re, kontra = (party, other) if is_re else (other, party)
    only_kontra = kontra.level > 0 and re.level == 0  # then Kontra needs 121, Re 120
    return 120 + (is_re != only_kontra)


def winner(re: Party, kontra: Party) -> int | None:
    """0 Re, 1 Kontra, None nobody (both refused and both missed)."""
    for index, (party, other) in enumerate(((re, kontra), (kontra, re))):
        need = needs(party, other, index == 0)
        won = not party.no_trick if need == 1 else party.reaches(need, other)
        if won:
            return index
    return None


def hand_value(
    settings: DoppelkopfSettings, re: Party, kontra: Party, solo: bool
) -> tuple[int, int | None]:
    """The hand's value V for Re (before Bock) and who won (0 Re, 1 Kontra, None)."""
    won = winner(re, kontra)
    extras = re.extras - kontra.extras
    said = (re.level > 0) + (kontra.level > 0)
    if won is None:  # TSR 7.1.4: each party's (a) without the win, and its (e, f)
        value = re.against(kontra) + kontra.under() - kontra.against(re) - re.under()
        said = said if settings.announcements == "double" else 0
    else:
        winners, losers = (re, kontra) if won == 0 else (kontra, re)
        value = 1 + losers.under() + winners.against(losers) + losers.against(winners)
        value += re.refused + kontra.refused
        if settings.announcements == "add_two":
            value, said = value + 2 * said, 0
        value = value if won == 0 else -value
        if won == 1 and not solo and settings.against_the_queens:
            extras -= 1
    return (value + extras) * 2**said, won


def bock_after(
    settings: DoppelkopfSettings,
    owed: tuple[int, ...],
    events: set[str],
    seats: int,
) -> tuple[int, ...]:
    """The Bock factors of the hands to come after a hand that leaves ``owed`` (the
    factors still owed after it) and brought about ``events``."""
    if not events & set(settings.bock_after):
        return owed
    count = settings.bock_games or seats
    factor = settings.bock_factor
    if settings.bock_overlap == "queue":
        return owed + (factor,) * count
    longer = owed + (1,) * max(0, count - len(owed))
    return tuple(f * factor if i < count else f for i, f in enumerate(longer))
