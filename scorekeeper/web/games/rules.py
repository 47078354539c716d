"""Each game's rules page (``/rules/<game>``): what a hand records, how it scores, the
house rules with their words, choices and the preset's values, and one hand worked out,
in the page's language. Everything on it is the engine's own: the hand form's steps and
fields, the sheet's rules lines and sentences, the knobs as declared once (label, help,
group, choices or range) and a hand the engine draws and explains."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import render_template, request
from flask_babel import gettext as _

from ...engine import Game, Settings
from ...engine.core.display import signed, total
from ...engine.core.game import HandPlace, Knob, seat_counts, title_of
from ...engine.core.knobs import declared_of
from ...engine.core.language import words_in
from ...engine.core.messages import Message
from ...engine.core.play import random_game
from ..forms import preset_label
from ..i18n import current_language, isolate_ltr, shown, shown_ltr, translate
from ..service import describe, offered_game, offered_preset
from ..weight import light
from .blueprint import bp
from .forms import GROUP_TITLES
from .scoreboard import sides_named, terms_said

# The hand worked out on the page where the preset declares none: the first hand of a game
# the engine draws from the first of these seeds that scores (a thrown-in deal explains
# nothing).
EXAMPLE_SEED = 43
EXAMPLE_TRIES = 12
GROUP_ORDER = ("deal", "scoring", "play", "end", "rules")


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One knob as the rules page words it: its label and help, what it may be (its
    choices in words, a range, yes or no) and its value in the chosen preset."""

    name: str
    label: str
    help: str
    allowed: str
    value: str


def _players(game: Game) -> list[str]:
    return [_("Player %(number)d", number=seat + 1) for seat in range(game.seats)]


def _value_words(knob: Knob, value: Any, zero: Message | None = None) -> str:
    """A knob's value as the new-game form words it: a choice by its label, yes or no,
    none, a list with commas."""
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value == 0 and zero is not None:
        return str(translate(zero))
    labels = dict(zip(knob.choices, knob.choice_labels, strict=False))
    if isinstance(value, list | tuple):
        return ", ".join(_value_words(knob, item) for item in value)
    if str(value) in labels:
        return str(translate(labels[str(value)]))
    return total(value) if isinstance(value, int) else str(value)  # −200, the true minus


def _allowed(knob: Knob, zero: Message | None = None) -> str:
    """What a knob may be, in words: its choices, its range, or yes and no."""
    if knob.kind == "bool":
        return _("yes or no")
    if knob.choices:
        labels = dict(zip(knob.choices, knob.choice_labels, strict=False))
        words = [str(translate(labels[c])) if c in labels else c for c in knob.choices]
        return words_in(current_language()).or_list(words)
    if knob.low is not None and knob.high is not None:
        if knob.kind == "int_list":
            return _(
                "%(count)d whole numbers from %(low)s to %(high)s, with commas between",
                count=knob.length or 0,
                low=signed_low(knob.low),
                high=knob.high,
            )
        allowed = _(
            "a whole number from %(low)s to %(high)s", low=signed_low(knob.low), high=knob.high
        )
        if zero is not None:
            allowed = _("%(allowed)s; 0: %(zero)s", allowed=allowed, zero=translate(zero))
        return allowed
    return ""


def signed_low(low: int) -> str:
    """A range's low end as a page writes a number: −5 with the minus sign (kept left to
    right in a right-to-left sentence), 0, 18."""
    return isolate_ltr(signed(low)) if low < 0 else str(low)


def zero_of(declared: dict[str, Any], name: str) -> Message | None:
    """What the knob ``name``'s 0 means in words, where it declares it (``knob(zero=)``)."""
    return declared[name].zero if name in declared else None


def house_rules(game: Game, settings: Settings) -> list[tuple[str, list[HouseRule]]]:
    """The game's knobs by their group, each with its words and the value in ``settings``;
    groups titled as the new-game form titles them."""
    values = settings.to_dict()
    declared = declared_of(settings)
    groups: dict[str, list[HouseRule]] = {}
    for knob in settings.knobs_for_table():
        groups.setdefault(knob.group, []).append(
            HouseRule(
                name=knob.name,
                label=str(translate(knob.label)) if knob.label is not None else knob.name,
                help=str(translate(knob.help)),
                allowed=_allowed(knob, zero_of(declared, knob.name)),
                value=_value_words(knob, values.get(knob.name), zero_of(declared, knob.name)),
            )
        )
    titles = {k: str(v) for k, v in GROUP_TITLES.items()} | {
        group: str(translate(title)) for group, title in game.page_words.group_titles.items()
    }
    order = {group: index for index, group in enumerate(GROUP_ORDER)}
    ranked = sorted(groups, key=lambda group: order.get(group, len(order)))
    return [(titles.get(group, group), groups[group]) for group in ranked]


def hand_parts(game: Game, settings: Settings, players: Sequence[str]) -> list[dict[str, Any]]:
    """What a hand records, step by step as the hand form asks it: each step's label and
    note, and its fields, each with its own label and the words of its own keys, where
    they are more than yes and no and are not the players themselves (whose seat the
    field asks); a field asked of each player is named once."""
    place = HandPlace.after(game.replay(settings, 0, []).state)
    spec = game.hand_form(settings, players, place)
    parts = []
    for step in spec.steps:
        fields: dict[str, list[str]] = {}
        for described in step.fields:
            if described.is_hidden:
                continue
            choices = fields.setdefault(str(translate(described.label)), [])
            for choice in described.choices if len(described.choices) > 2 else ():
                said = str(shown(choice.label))
                if said not in players and said not in choices:
                    choices.append(said)
        label = str(translate(step.label))
        parts.append(
            {
                "label": label,
                "note": None if step.note is None else str(translate(step.note)),
                # A step of one field named as the step: its keys beside the step's name.
                "choices": fields.pop(label, []) if len(fields) == 1 else [],
                "fields": [{"label": name, "choices": keys} for name, keys in fields.items()],
            }
        )
    return parts


def example_hand(game: Game, settings: Settings, preset: str) -> tuple[HandPlace, Any, dict]:
    """The first hand the rules page works out: the preset's own (its hand's ``examples``), else
    the first the engine draws with this seed that scores (a thrown-in deal explains
    nothing). Each is read at its place, so the rules refuse what they cannot produce."""
    place = HandPlace.after(game.replay(settings, 0, []).state)
    body = getattr(game.hand, "examples", {}).get(preset.strip().lower())
    if body is not None:
        return place, game.record_from_dict(settings, body, place), dict(body)
    for seed in range(EXAMPLE_SEED, EXAMPLE_SEED + EXAMPLE_TRIES):
        (placed,) = random_game(game, settings, 1, seed, 0)
        if not placed.record.thrown_in and any(game.explain(settings, placed.record, place)):
            return place, placed.record, placed.body
    return place, placed.record, placed.body


def worked_example(
    game: Game, settings: Settings, players: Sequence[str], preset: str
) -> dict[str, Any]:
    """The first hand of a game (``example_hand``) and how each player's points come of it,
    as the scoreboard's "why" page says them; with the hand's body, as the API takes it,
    for the suite to play it again."""
    place, record, body = example_hand(game, settings, preset)
    terms = game.explain(settings, record, place)
    points = game.points(settings, record, place)
    names = list(players)
    sides = sides_named(game, names)
    said = [terms_said(terms[seat], names, sides) for seat in range(len(names))]
    return {
        "number": place.number,
        "dealer": names[place.dealer],
        "summary": describe(game, record.to_dict(), names, settings),
        "body": body,
        "seats": [
            {
                "name": name,
                "points": signed(points[seat]),
                # A term that only repeats the points ("0") says nothing more.
                "terms": said[seat],
            }
            for seat, name in enumerate(names)
        ],
    }


@light
@bp.get("/rules/<game>")
def rules(game: str):
    """A game's rules in the page's language, under one of its presets (``?rules=``, the
    default preset when not given): a 404 naming the games for an unknown game, a 400
    naming the presets for an unknown preset."""
    rules_of = offered_game(game)
    chosen = request.args.get("rules", rules_of.default_preset)
    settings = offered_preset(rules_of, chosen)
    players = _players(rules_of)
    counts = seat_counts(rules_of)
    return render_template(
        "rules.html",
        game=rules_of,
        title=str(translate(title_of(rules_of, chosen))),
        kind=str(translate(title_of(rules_of, chosen))),
        chosen=chosen,
        presets=[
            {
                "name": name,
                "label": str(preset_label(rules_of, name)),
                "about": str(translate(rules_of.preset_words[name][1]))
                if name in rules_of.preset_words
                else "",
            }
            for name in rules_of.presets
        ],
        fewest=counts[0],
        most=counts[-1],
        partners=any(len(side) > 1 for side in rules_of.sides),
        parts=hand_parts(rules_of, settings, players),
        scoring=[
            (shown(line.label), shown_ltr(line.value)) for line in rules_of.rules_lines(settings)
        ],
        sentences=[shown(note) for note in rules_of.rules_notes(settings)],
        points_table=[(n, signed(points)) for n, points in rules_of.paper.points_table(settings)],
        groups=house_rules(rules_of, settings),
        example=worked_example(rules_of, settings, players, chosen),
    )
