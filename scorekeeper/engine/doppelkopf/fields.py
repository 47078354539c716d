"""The two fields of a Doppelkopf hand that the schema has no type for: who was Re (two
players, or one with a solo) and a party's extra points (a small object)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.command_line import HandOption
from ..core.form import Choice, FormField, numbers
from ..core.messages import msg
from ..core.numbers import shown, whole_or_none
from ..core.schema import Context, Field, Refused

SOLO_KEY = "solo"


def _number_or_text(value: Any) -> Any:
    """``value`` as a whole number when ``parse_int`` reads it so, else as given, for
    ``parse`` to refuse in its words (never ``str.isdigit``, which takes "²" and "٣")."""
    number = whole_or_none(value)
    return value if number is None else number


def _numbers_or_text(value: Any) -> Any:
    """Each of the command line's ``value`` as :func:`_number_or_text` reads it; a value
    that is no list, unchanged."""
    if not isinstance(value, list | tuple):
        return value
    return [_number_or_text(item) for item in value]


def playing(ctx: Context) -> list[int]:
    """The seats that play the hand: all but a fifth player's dealer, who sits out."""
    out = ctx.dealer if ctx.seats == 5 else None
    return [s for s in range(ctx.seats) if s != out]


class ReParty(Field):
    """The Re party: the API's list of two seats (a normal game, a marriage) or of one
    (a solo); the form asks a player, then the partner or "Solo"."""

    metavar = "SEAT[,SEAT]"
    listed = False

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        seats = value if isinstance(value, list | tuple) else None
        good = (
            seats is not None
            and len(seats) in (1, 2)
            and all(type(s) is int and 0 <= s < ctx.seats for s in seats)
            and len(set(seats)) == len(seats)
        )
        if not good:
            said = msg(
                "%(field)s must be a list of two seats (or one, for a solo) from 0 to "
                "%(high)d, not %(value)s",
                field=self.name,
                high=ctx.seats - 1,
                value=shown(value),
            ).said_at_table("Re is two players, or one player with a solo.")
            raise Refused((self.name, said))
        return tuple(sorted(seats))

    def dump(self, typed: Any) -> Any:
        return None if typed is None else list(typed)

    def load(self, value: Any) -> Any:
        return None if value is None else tuple(value)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = tuple(Choice(str(s), players[s]) for s in playing(ctx) if s < len(players))
        solo = (*keys, Choice(SOLO_KEY, msg("Solo")))
        return (
            FormField(f"{self.name}_0", msg("Re"), keys, style="names"),
            FormField(f"{self.name}_1", msg("Partner"), solo, style="names"),
        )

    def to_form(self, value: Any) -> dict[str, str]:
        if not value:
            return {}
        second = str(value[1]) if len(value) > 1 else SOLO_KEY
        return {f"{self.name}_0": str(value[0]), f"{self.name}_1": second}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        picked = [values.get(f"{self.name}_{i}") for i in (0, 1)]
        seats = [n for v in picked if (n := whole_or_none(v, low=0)) is not None]
        return seats if picked[1] == SOLO_KEY or len(seats) == 2 else None

    def option(self, ctx: Context) -> HandOption:
        text = f"Who was Re: two seats (0 to {ctx.seats - 1}), or one seat and --solo."
        return HandOption(self.name, text, metavar=self.metavar, listed=True)

    def from_option(self, value: Any) -> Any:
        return _numbers_or_text(value)

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return " & ".join(names[s] for s in typed)

    def draw(self, ctx: Context, rng: random.Random) -> list[int]:
        return rng.sample(playing(ctx), 1 if rng.random() < 0.2 else 2)

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> str | None:
        return None if typed is None else " & ".join(names[s] for s in typed)


MARRIAGE_KEYS = ("0", "1", "2", "3", "4")
"""The partner's keys (a seat, not "Solo"): the marriage is asked only beside them."""


class Marriage(Field):
    """Who announced a Hochzeit that found its partner: the API's seat (one of ``re``) or
    null, today's "no marriage"; on the form "no" and the two Re players only. A marriage
    that found no partner is the solo ``marriage_alone``.

    The form asks it in a field per first Re player (``marriage_<seat>``, shown while Re
    is that player), whose keys the partner tapped allows: the page script's rules have
    one ``by`` each, and who may have announced it is both Re players."""

    metavar = "SEAT"

    def __init__(self, name: str, label: Any, **kwargs: Any) -> None:
        kwargs.setdefault("shown_when", ("re_1", MARRIAGE_KEYS))
        super().__init__(name, label, default=None, omit_empty=True, **kwargs)

    def parse(self, value: Any, ctx: Context) -> int:
        if type(value) is int and 0 <= value < ctx.seats:
            return value
        said = msg(
            "%(field)s must be the seat (0 to %(high)d) of the Re player who announced the "
            "marriage, or null, not %(value)s",
            field=self.name,
            high=ctx.seats - 1,
            value=shown(value),
        ).said_at_table("The marriage is announced by one of the Re players.")
        raise Refused((self.name, said))

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = tuple(Choice(str(s), players[s]) for s in playing(ctx) if s < len(players))
        return tuple(
            FormField(
                f"{self.name}_{first}",
                self.label,
                (Choice(NO_MARRIAGE, msg("no")), *keys),
                style="names",
                default=NO_MARRIAGE,
            )
            for first in playing(ctx)
            if first < len(players)
        )

    def form_rules(self, ctx: Context) -> dict[str, list[Any]]:
        """Each first Re player's field shown while Re is that player, its keys "no" and
        the two Re players: the first and the partner tapped."""
        seats = playing(ctx)
        return {
            "show": [
                {"field": f"{self.name}_{first}", "by": "re_0", "values": [str(first)]}
                for first in seats
            ],
            "allow": [
                {
                    "field": f"{self.name}_{first}",
                    "by": "re_1",
                    "table": {
                        str(partner): [NO_MARRIAGE, str(first), str(partner)]
                        for partner in seats
                        if partner != first
                    },
                }
                for first in seats
            ],
        }

    def to_form(self, value: Any) -> dict[str, str]:
        said = NO_MARRIAGE if value is None else str(value)
        return {f"{self.name}_{first}": said for first in map(int, MARRIAGE_KEYS)}

    def to_form_in(self, value: Any, hand: Mapping[str, Any]) -> dict[str, str]:
        """In the first Re player's field only: the one the form shows."""
        re = hand.get("re")
        if not isinstance(re, list | tuple) or not re:
            return self.to_form(value)
        return {f"{self.name}_{re[0]}": NO_MARRIAGE if value is None else str(value)}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        """The first Re player's field."""
        value = values.get(f"{self.name}_{values.get('re_0')}")
        if value in (None, "", NO_MARRIAGE):
            return None
        return _number_or_text(value)

    def option(self, ctx: Context) -> HandOption:
        text = (
            "The seat of the Re player who announced a marriage (Hochzeit) and found the "
            "other Re player as partner; a marriage that found none is --solo marriage_alone."
        )
        return HandOption(self.name, text, metavar=self.metavar)

    def from_option(self, value: Any) -> Any:
        return _number_or_text(value)

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return "" if typed is None else names[typed]

    def draw(self, ctx: Context, rng: random.Random) -> int | None:
        return rng.choice((None, None, None, *playing(ctx)))

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> str | None:
        return None


NO_MARRIAGE = "none"

EXTRAS = (
    ("doppelkopf", msg("Doppelkopf"), 6),
    ("fox_caught", msg("Fox caught"), 2),
    ("charlie", msg("Charlie"), 1),
    ("charlie_caught", msg("Charlie caught"), 2),
)
CAUGHT = "charlie_caught"
"""The extra point only the knob ``charlie_caught`` counts (Karlchen gefangen)."""


def counted(ctx: Context) -> tuple[tuple[str, Any, int], ...]:
    """The extra points the table's rules count: Charlie caught only where played."""
    played = getattr(ctx.settings, "charlie_caught", False)
    return tuple(extra for extra in EXTRAS if played or extra[0] != CAUGHT)


class Extras(Field):
    """A party's extra points: the API's ``{"doppelkopf": 0, "fox_caught": 1,
    "charlie": 1}`` (each 0 when left out), typed as the tuple of the three counts."""

    metavar = "D,F,C[,K]"

    def __init__(self, name: str, label: Any, party: Any, **kwargs: Any) -> None:
        super().__init__(name, label, default=(0, 0, 0, 0), **kwargs)
        self.party = party

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        keys = [key for key, _, _ in EXTRAS]
        if isinstance(value, Mapping) and set(value) <= set(keys):
            found, problems = [], []
            if value.get(CAUGHT) and not getattr(ctx.settings, CAUGHT, False):
                said = msg(
                    "%(field)s.%(key)s: Charlie caught is not counted under these rules "
                    "(charlie_caught is off)",
                    field=self.name,
                    key=CAUGHT,
                ).said_at_table("Charlie caught is not counted under these rules.")
                raise Refused((self.name, said))
            for key, label, high in EXTRAS:
                item = value.get(key, 0)
                if type(item) is bool:
                    item = int(item)
                if type(item) is not int or not 0 <= item <= high:
                    said = msg(
                        "%(field)s.%(key)s must be a whole number from 0 to %(high)d, not "
                        "%(value)s",
                        field=self.name,
                        key=key,
                        high=high,
                        value=shown(item),
                    ).said_at_table(
                        "%(what)s for %(party)s must be 0 to %(high)d.",
                        what=label,
                        party=self.party,
                        high=high,
                    )
                    problems.append((self.name, said))
                found.append(item)
            if problems:
                raise Refused(*problems)
            return tuple(found)
        said = msg(
            "%(field)s must be an object with %(keys)s, not %(value)s",
            field=self.name,
            keys=", ".join(keys),
            value=shown(value),
        ).said_at_table("%(what)s are not extra points.", what=self.label)
        raise Refused((self.name, said))

    def dump(self, typed: Any) -> Any:
        """The counts by kind; Charlie caught only when made (a hand of a table that does
        not count it keeps the three kinds it always had)."""
        if typed is None:
            return None
        found = dict(zip((k for k, _, _ in EXTRAS), typed, strict=False))
        return found if found.get(CAUGHT) else {k: n for k, n in found.items() if k != CAUGHT}

    def load(self, value: Any) -> Any:
        return None if value is None else tuple(value.get(k, 0) for k, _, _ in EXTRAS)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(
            FormField(
                f"{self.name}_{key}",
                msg("%(what)s (%(party)s)", what=label, party=self.party),
                numbers(0, high),
                style="short",
                default="0",
            )
            for key, label, high in counted(ctx)
        )

    def to_form(self, value: Any) -> dict[str, str]:
        if value is None:
            return {}
        # Charlie caught only when the hand holds it: a table that does not count it has
        # no such field on its form.
        return {
            f"{self.name}_{key}": str(value.get(key, 0))
            for key, _, _ in EXTRAS
            if key != CAUGHT or key in value
        }

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        found = {}
        for key, _, _ in EXTRAS:
            item = values.get(f"{self.name}_{key}")
            blank = item is None or (isinstance(item, str) and not item.strip())
            found[key] = 0 if blank else _number_or_text(item)
        return found

    def option(self, ctx: Context) -> HandOption:
        text = (
            f"{self.label}: Doppelkopf tricks, foxes caught, Charlie (0 or 1), and with "
            "charlie_caught the other party's Charlies caught, e.g. 1,0,1."
        )
        return HandOption(self.name, text, metavar=self.metavar, listed=True)

    def from_option(self, value: Any) -> Any:
        counts = _numbers_or_text(value)
        if not isinstance(counts, list) or not 3 <= len(counts) <= len(EXTRAS):
            return value
        return dict(zip((k for k, _, _ in EXTRAS), counts, strict=False))

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        shown = typed if typed[3:] and typed[3] else typed[:3]
        return "/".join(map(str, shown))

    def draw(self, ctx: Context, rng: random.Random) -> dict[str, int]:
        return {key: rng.choice((0, 0, 0, 1, high)) for key, _, high in counted(ctx)}

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> str | None:
        return None
