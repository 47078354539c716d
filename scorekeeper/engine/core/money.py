"""Money as a table writes it down: cents as euros and cents, each form a catalogue entry,
so that a page says it in its language's way ("+€1.20" in English, "−1,20 €" in German)."""

from __future__ import annotations

from .messages import Message, msg


def money(cents: int, sign: bool = True) -> Message:
    """``cents`` as money, with its sign (unless ``sign`` is off: an amount on the table)."""
    whole, part = divmod(abs(cents), 100)
    if sign and cents > 0:
        return msg("+€%(whole)d.%(cents)02d", whole=whole, cents=part)
    if sign and cents < 0:
        return msg("\u2212€%(whole)d.%(cents)02d", whole=whole, cents=part)
    return msg("€%(whole)d.%(cents)02d", whole=whole, cents=part)
