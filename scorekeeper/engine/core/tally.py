"""A tally per side, declared once like any field of a hand (``core.schema``): how many of
each named item a side showed (a Pinochle side's meld by combination; a game's
announcements). The API's value is one object per side, ``{item: count}``, an item left
out 0; the command line's ``A:run=1,pinochle=1;B:aces=1``; on the form a folded box per
side and item, each a count with − and +. With ``weights`` (points per item, by the
Context) and ``into`` (a per-side field), the page fills that field with each side's
worked sum as the boxes are tapped (the ``tally`` rule of ``core.form``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .form import FormField
from .messages import Message, msg
from .numbers import shown
from .schema import Bound, Context, Count, Field, PerSide, Refused, _missing, bound

Tally = tuple[tuple[tuple[str, int], ...], ...]
"""The typed value: per side, the items it showed, ``(key, count)`` with a count above 0, in
the order the field lists its items."""


@dataclass(frozen=True, slots=True)
class Item:
    """One thing a side may show: its key, what the table calls it, and the most a side
    can show under the Context's rules (0: none under these rules, not asked)."""

    key: str
    label: Message
    most: Bound


def counts(tally: Tally | None, side: int) -> dict[str, int]:
    """Side ``side``'s counts by item (none: an empty dict)."""
    return {} if tally is None else dict(tally[side])


class TallyPerSide(Field):
    """Per side, a count of each of ``items``; None (left out) when nothing was tallied."""

    metavar = "A:ITEM=N,…;B:…"
    null_is_default = True

    def __init__(
        self,
        name: str,
        label: Message,
        items: Sequence[Item],
        *,
        weights: Callable[[Context], Mapping[str, int]] | None = None,
        into: str | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("default", None)
        kwargs.setdefault("omit_empty", True)
        super().__init__(name, label, **kwargs)
        self.items, self.weights, self.into = tuple(items), weights, into

    def offered(self, ctx: Context) -> list[tuple[Item, int]]:
        """The items asked under ``ctx``'s rules, each with the most a side can show."""
        return [(item, most) for item in self.items if (most := bound(item.most, ctx) or 0)]

    def parse(self, value: Any, ctx: Context) -> Tally | None:
        if isinstance(value, str):
            value = _from_text(value, len(ctx.sides))
        sides = len(ctx.sides)
        if not isinstance(value, list | tuple) or len(value) != sides:
            said = msg(
                "%(field)s must be a list of %(count)d objects, one per side, not %(value)s",
                field=self.name,
                count=sides,
                value=shown(value),
            )
            table = said.said_at_table("%(what)s must be given for every side.", what=self.label)
            raise Refused((self.name, table))
        offered = {item.key: (item, most) for item, most in self.offered(ctx)}
        found, problems = [], []
        for index, given in enumerate(value):
            where = f"{self.name}[{index}]"
            if not isinstance(given, Mapping):
                said = msg("%(field)s must be an object of counts", field=where)
                problems.append((where, said.said_at_table("%(what)s: counts.", what=self.label)))
                continue
            unknown = next((key for key in given if key not in offered), None)
            if unknown is not None:
                said = msg(
                    "%(field)s: %(key)s is none of %(known)s under these rules",
                    field=where,
                    key=shown(unknown),
                    known=", ".join(offered),
                )
                table = said.said_at_table("%(what)s: not one of its choices.", what=self.label)
                problems.append((where, table))
                continue
            row = []
            for key, (item, most) in offered.items():
                try:
                    count = Count(f"{where}.{key}", item.label, 0, most).parse(
                        given.get(key, 0), ctx
                    )
                except Refused as exc:
                    problems += exc.problems
                    continue
                row += [(key, count)] if count else []
            found.append(tuple(row))
        if problems:
            raise Refused(*problems)
        return tuple(found) if any(found) else None

    def dump(self, typed: Any) -> Any:
        return None if typed is None else [dict(side) for side in typed]

    def load(self, value: Any) -> Any:
        """A side's counts in the items' order, as ``parse`` gives them: the store writes
        its keys sorted (``json.dumps(sort_keys=True)``), and a hand read back unchecked
        (``schema.stored_record``) is then the hand that was saved, equal to it. A key no
        item names any more keeps its place after them."""
        if value is None:
            return None
        order = {item.key: index for index, item in enumerate(self.items)}
        return tuple(
            tuple(sorted(side.items(), key=lambda pair: order.get(pair[0], len(order))))
            for side in value
        )

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        """A folded box per side and item: the side's names a heading before its first
        box, each box drawn by its item's name and read as "Run for Ann & Cat"."""
        found = []
        for index, side in enumerate(ctx.sides):
            names = " & ".join(players[s] for s in side if s < len(players))
            for place, (item, most) in enumerate(self.offered(ctx)):
                label = msg("%(thing)s for %(name)s", thing=item.label, name=names)
                box = FormField(f"{self.name}_{index}_{item.key}", label, high=most)
                heading = msg("%(side)s", side=names) if place == 0 else None
                found.append(
                    replace(box, default="0", folded=True, short=item.label, heading=heading)
                )
        return tuple(found)

    def form_rules(self, ctx: Context) -> dict[str, list[Any]]:
        if self.weights is None or self.into is None:
            return {}
        keys = [item.key for item, _ in self.offered(ctx)]
        weights = self.weights(ctx)
        rule = {"prefix": self.name, "into": self.into, "sides": len(ctx.sides)}
        return {"tally": [rule | {"weights": {key: weights[key] for key in keys}}]}

    def to_form(self, value: Any) -> dict[str, str]:
        sides = value or ()
        return {
            f"{self.name}_{i}_{k}": str(n) for i, side in enumerate(sides) for k, n in side.items()
        }

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        found = [
            {
                item.key: values.get(f"{self.name}_{i}_{item.key}") or 0
                for item, _ in self.offered(ctx)
            }
            for i in range(len(ctx.sides))
        ]
        return (
            found if any(str(n) not in ("0", "") for side in found for n in side.values()) else None
        )

    def range_words(self, ctx: Context) -> str:
        keys = ", ".join(f"{item.key} (0 to {most})" for item, most in self.offered(ctx))
        return f"per side (A:…;B:…), a count of each of {keys}"

    def from_option(self, value: Any) -> Any:
        return value

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        if typed is None:
            return ""
        return ";".join(
            "ABCDEFGH"[i] + ":" + ",".join(f"{k}={n}" for k, n in side)
            for i, side in enumerate(typed)
        )

    def draw(self, ctx: Context, rng: random.Random) -> None:
        return None

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> None:
        return None


class Tallied(PerSide):
    """A number per side (a side's meld), as the table totals it or worked out from the
    side's ``tally`` (a :class:`TallyPerSide` with ``weights``) where its items are counted;
    a total given beside them must equal theirs, and once the tally is given a side with
    neither shows 0. Without a tally the totals are needed; on the form they are never
    "still missing", as the tally may fill them."""

    def __init__(self, name: str, label: Message, *args: Any, tally: TallyPerSide, **kwargs):
        super().__init__(name, label, *args, default=None, **kwargs)
        self.tally = tally

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(replace(f, optional=True) for f in super().form_fields(ctx, players))

    def read_in(self, body: Mapping[str, Any], ctx: Context) -> Any:
        given = body.get(self.name)
        if isinstance(given, list | tuple) and all(side is None for side in given):
            given = None  # a form's empty boxes
        if body.get(self.tally.name) is None or self.tally.weights is None:
            if given is None:  # needed: a field of no default says it is missing
                return PerSide(self.name, self.label).read_in({}, ctx)
            if isinstance(given, list | tuple) and len(given) == len(ctx.sides):
                # A side's box left empty with no combination counted: still missing, as
                # the form (on which the boxes are optional, the tally may fill them) says
                # of a needed box, never "must be 0 to 500" of a box nobody typed in.
                empty = [
                    f"{self.name}[{side}]" for side, value in enumerate(given) if value is None
                ]
                if empty:
                    raise Refused(*((where, _missing(where, self.label)) for where in empty))
            return self.parse(given, ctx)
        try:
            tally = self.tally.parse(body[self.tally.name], ctx)
        except Refused:
            return (0,) * len(ctx.sides)  # the tally's own refusal says why
        if given is not None:  # each side's box, typed or empty
            sides = len(ctx.sides)
            filled = [0 if side is None else side for side in given]
            typed = self.parse(filled, ctx) if len(given) == sides else self.parse(given, ctx)
            given = [None if g is None else t for g, t in zip(given, typed, strict=True)]
        weights, found = self.tally.weights(ctx), []
        for side in range(len(ctx.sides)):
            shown = counts(tally, side)
            worked = sum(weights[key] * n for key, n in shown.items())
            written = None if given is None else given[side]
            if shown and written is not None and written != worked:
                field = f"{self.name}[{side}]"
                said = msg(
                    "%(field)s: the items counted make %(worked)d", field=field, worked=worked
                )
                table = said.said_at_table(
                    "%(what)s: the combinations entered make %(worked)d, not %(given)d.",
                    what=self.label,
                    worked=worked,
                    given=written,
                )
                raise Refused((field, table))
            found.append(worked if shown else written or 0)
        return tuple(found)


def _from_text(text: str, sides: int) -> Any:
    """The command line's ``A:run=1,pinochle=1;B:aces=1`` as the API's list (a side left out
    shows nothing); text that does not read so is handed back, for the field to refuse."""
    found: list[dict[str, str]] = [{} for _ in range(sides)]
    for part in filter(None, (p.strip() for p in text.split(";"))):
        letter, _, items = part.partition(":")
        index = "ABCDEFGH".find(letter.strip().upper())
        if not 0 <= index < sides or len(letter.strip()) != 1:
            return text
        for item in filter(None, (i.strip() for i in items.split(","))):
            key, _, count = item.partition("=")
            found[index][key.strip()] = count.strip() or "1"
    return found
