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


EXTRA_KINDS = ("doppelkopf", "fox_caught", "charlie", "charlie_caught")
"""A party's extra points by kind, in the order a hand keeps their counts."""
PARTY_NAMES = ("re", "kontra")


@dataclass(frozen=True, slots=True)
class Party:
    """One party's part of a hand: its card points, its highest announcement's level
    (0..5), whether it took no trick, and its extra points by kind (``EXTRA_KINDS``)."""

    points: int
    level: int
    no_trick: bool
    kept: tuple[int, ...] = ()

    @property
    def extras(self) -> int:
        return sum(self.kept)

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


Term = tuple[str, int, str | None]
"""One part of a hand's value: what it is (``won``, ``under_90``…, ``no_trick``,
``against_no_90``…, ``no_90``… for a refusal made, ``said``, ``against_the_queens``, or an
extra point's kind), its points with their sign, and the party that made it (``re``,
``kontra``; None for the win)."""


@dataclass(frozen=True, slots=True)
class Working:
    """How a hand's value was worked out, as a table checks it: ``terms`` counted for the
    winners (for Re when nobody won), and the announcements that double their sum
    (``doubled``, under ``announcements = double``)."""

    won: int | None
    terms: tuple[Term, ...]
    doubled: tuple[str, ...]

    @property
    def sum(self) -> int:
        """The terms added up."""
        return sum(n for _, n, _ in self.terms)

    @property
    def value(self) -> int:
        """The hand's value V for Re (before Bock)."""
        value = self.sum * 2 ** len(self.doubled)
        return -value if self.won == 1 else value


def working(settings: DoppelkopfSettings, re: Party, kontra: Party, solo: bool) -> Working:
    """The terms of the hand's value (TSR 7.2; ``announcements = double`` doubles instead
    of adding 2) and who won: the one place the value is worked out."""
    won = winner(re, kontra)
    parties = dict(zip(PARTY_NAMES, (re, kontra), strict=True))
    favoured = "kontra" if won == 1 else "re"
    terms: list[Term] = []

    def add(what: str, n: int, by: str | None, made_for: str | None = None) -> None:
        """``n`` points for ``made_for`` (None: the party that made it, or the winners)."""
        side = made_for or by or favoured
        terms.append((what, n if side == favoured else -n, by))

    def lost_marks(party: str) -> None:
        """The other party's points for ``party``'s card points under 90, 60, 30, none."""
        own = parties[party]
        for mark in (90, 60, 30):
            if own.points < mark:
                add(f"under_{mark}", 1, party, _other(party))
        if own.no_trick:
            add("no_trick", 1, party, _other(party))

    def against(party: str, made_for: str | None = None) -> None:
        """``party``'s card points against the other party's refusals."""
        own, other = parties[party], parties[_other(party)]
        for refusal, mark in zip(REFUSED, AGAINST[: other.refused], strict=False):
            if own.points >= mark:
                add(f"against_{refusal}", 1, party, made_for)

    if won is None:  # TSR 7.1.4: each party's (a) without the win, and its (e, f)
        for party in PARTY_NAMES:
            lost_marks(_other(party))
            against(party)
    else:
        winners = PARTY_NAMES[won]
        add("won", 1, None)
        lost_marks(_other(winners))
        against(winners)
        against(_other(winners), winners)
        for party in PARTY_NAMES:
            for refusal in REFUSED[: parties[party].refused]:
                add(refusal, 1, party, winners)
        if settings.announcements == "add_two":
            for party in PARTY_NAMES:
                if parties[party].level:
                    add("said", 2, party, winners)
        if won == 1 and not solo and settings.against_the_queens:
            add("against_the_queens", 1, "kontra")
    for party in PARTY_NAMES:
        for kind, n in zip(EXTRA_KINDS, parties[party].kept, strict=False):
            if n:
                add(kind, n, party)
    doubled: tuple[str, ...] = ()
    if settings.announcements == "double":
        doubled = tuple(party for party in PARTY_NAMES if parties[party].level)
    return Working(won, tuple(terms), doubled)


REFUSED = ("no_90", "no_60", "no_30", "schwarz")


def _other(party: str) -> str:
    return "kontra" if party == "re" else "re"


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
