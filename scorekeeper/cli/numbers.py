"""Whole numbers on the command line, read by the engine's ``parse_int`` as every number
from outside is (issue 54): click's own ``int`` and ``IntRange`` call ``int()``, which
reads ``"٣"`` as 3 and ``"1_000"`` as 1000, and raises past 4,300 digits."""

from __future__ import annotations

from typing import Any

import click

from ..engine import ParseError, parse_int


class WholeNumber(click.ParamType):
    """A whole number from ``low`` to ``high`` (either may be None); refused naming the
    option and the rule."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low = low
        self.high = high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        field = param.opts[0] if param is not None and param.opts else "the number"
        try:
            return parse_int(value, field, low=self.low, high=self.high)
        except ParseError as exc:
            self.fail(str(exc.message), param, ctx)

    def __repr__(self) -> str:
        return f"WholeNumber({self.low}, {self.high})"
