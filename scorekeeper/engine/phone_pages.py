"""What the server's hand form says, worked out by the engine for a phone that draws the
form itself when it has no network (issue 34; ``phone.py`` answers it as JSON).

The server's hand form (``web/hands.py``, ``web/forms.py``, ``templates/hand_form.html``)
takes its fields, rules and refusals from the game's form description
(``core/form.py``); so does this, in the same words (``core/language.py``), so that the
phone's form and the server's show and refuse alike. The form's shape checks (a key is
one of its choices, a count a whole number in its range) are the server form's, said as
it says them.

The scoreboard's hands and legend are the engine's page model (``pages/sheet.py``), drawn
by the server's own template (``scorekeeper/pages``); the rest of the sheet is said here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core.display import label_with_sides, total
from .core.errors import EngineError, ParseError
from .core.form import (
    FormField,
    HandFormSpec,
    fill_fixed,
    form_refusals,
    in_shown_order,
    shown_order,
    thing_named,
)
from .core.game import Game, HandPlace, HandRecord, partnered, sides_as_named
from .core.language import PageText, Words, isolate
from .core.messages import msg
from .core.numbers import parse_int
from .core.schema import Refused
from .core.seating import SeatChange, names_at
from .pages import sheet

# Sentences of the server's hand form page that it writes itself, as it writes them.
DEALS = msg("%(dealer)s deals")
FOLDED_WHAT = msg("%(what)s by %(name)s")
ONE_CHOICE = msg("%(field)s must be %(choice)s, not %(value)s.")
CHOICES = msg("%(field)s must be one of %(choices)s, not %(value)s.")
OUT_OF_RANGE = msg("%(what)s must be from %(low)d to %(high)d, not %(number)d.")
NOT_SCORED = msg("These entries cannot be scored yet.")
GAME_OVER = msg("The game is over. Edit a hand to change the result.")


@dataclass(frozen=True, slots=True)
class Table:
    """One hand's form at its place: the game, its settings, the players by seat as they
    sit for it, the hand's place, the page's words and the form (``Game.hand_form``)."""

    rules: Game
    settings: Any
    players: Sequence[str]
    place: HandPlace
    words: Words
    spec: HandFormSpec

    @classmethod
    def at(
        cls, rules: Game, settings: Any, players: Sequence[str], place: HandPlace, words: Words
    ) -> Table:
        return cls(
            rules, settings, players, place, words, rules.hand_form(settings, players, place)
        )


def form_page(
    table: Table, stored: Mapping[str, Any] | None = None, finished: bool = False
) -> dict[str, Any]:
    """The hand form as the server's page shows it: for the next hand, or with ``stored``
    (a stored hand's body) to edit the hand at the table's place. Raises Refused, as the
    server says it, for the next hand of a game that is over (``finished``)."""
    rules, words, spec = table.rules, table.words, table.spec
    if finished and stored is None:
        raise Refused([("hand", str(words.translate(GAME_OVER)))])
    number = table.place.number
    hand = rules.page_words.hand
    if stored is None:
        values = {f.name: f.default for f in spec.fields if f.default is not None}
    else:
        values = {k: None if v is None else str(v) for k, v in rules.form_values(stored).items()}
    order = shown_order(spec, values | spec.hidden_defaults())
    dealer = table.players[table.place.dealer] if rules.shows_dealer(table.settings) else None
    note = rules.deal_note(table.settings, table.place)
    steps = []
    for index, step in enumerate(spec.steps, 1):
        plain = in_shown_order([f for f in step.fields if not f.folded], order)
        steps.append(
            {
                "id": step.id,
                "number": index,
                "label": words.translate(step.label),
                "note": None if step.note is None else words.translate(step.note),
                "folds": step.folds,
                "folded_label": None
                if step.folded_label is None
                else words.translate(step.folded_label),
                "fields": [field_of(table, f) for f in plain],
                "folded": [field_of(table, f) for f in step.fields if f.folded],
                "actions": [a.name for a in spec.actions if a.step == step.id],
            }
        )
    return {
        "number": number,
        "title": words.translate(hand.edit if stored else hand.title, number=number),
        "dealer": dealer,
        "dealer_line": None if dealer is None else words.translate(DEALS, dealer=isolate(dealer)),
        "deal_note": None if note is None else words.translate(note),
        "save": words.translate(hand.save_number, number=number)
        if stored
        else words.translate(hand.save),
        "thrown_in": bool(stored) and rules.record_from_dict(table.settings, stored).thrown_in,
        "steps": steps,
        "actions": [
            {"name": a.name, "label": words.translate(a.label), "step": a.step}
            for a in spec.actions
        ],
        "values": values,
        "order": order,
        "rules": dict(spec.rules),
        "texts": {key: words.translate(text) for key, text in spec.texts.items()},
    }


def field_of(table: Table, described: FormField) -> dict[str, Any]:
    """One field as the page draws it: its keys' words, the player whose box it is, and
    how a refusal names it (``thing``)."""
    words, players = table.words, table.players
    seat = described.seat
    player = None if seat is None or seat >= len(players) else players[seat]
    label = words.translate(described.label)
    found: dict[str, Any] = {
        "name": described.name,
        "kind": "count" if described.is_count else "keys",
        "label": label,
        "thing": said_as(table, described),
        "seat": seat,
        "player": player,
        "prefix": described.name.rpartition("_")[0] if seat is not None else None,
        "style": described.style,
        "default": described.default,
        "hidden": described.is_hidden,
        "read_back": None if described.read_back is None else words.translate(described.read_back),
    }
    if described.is_count:
        found |= {"low": described.low, "high": described.high}
    else:
        found["choices"] = [
            {"value": c.value, "label": words.translate(c.label), "tone": c.tone}
            for c in described.choices
        ]
    if described.folded and player is not None:
        found["what"] = words.translate(FOLDED_WHAT, what=PageText(label), name=PageText(player))
    return found


def said_as(table: Table, described: FormField) -> str:
    """How the form's own refusals name a field: a seat's field with its player ("Bid for
    Noa"), any other by its label (``web/forms.py``'s ``said_as``)."""
    if described.seat is not None:
        return str(table.words.translate(thing_named(described, table.players)))
    return str(table.words.translate(described.label))


# --- a hand entered on the form --------------------------------------------------------------


def entered_record(
    table: Table, posted: Mapping[str, str], action: str | None = None
) -> tuple[dict[str, Any], HandRecord]:
    """The body and record of the hand the form posted (``posted``: field name to text, as
    a browser posts the form; ``action``: the action button tapped, None for Save), read at
    its place. Raises Refused with the server form's refusals, in its words."""
    spec = table.spec
    values, problems = shape_checked(table, spec, posted)
    if problems:
        raise Refused(in_page_order(spec, problems))
    if action is not None and action not in {a.name for a in spec.actions}:
        action = None
    if action is None:
        fill_fixed(spec, values)
    try:
        body = table.rules.form_body(table.settings, values, action)
        record = table.rules.record_from_dict(table.settings, body, table.place)
    except EngineError as refused:
        raise Refused(in_page_order(spec, refusals(table, values, action, refused))) from None
    return body, record


def shape_checked(
    table: Table, spec: HandFormSpec, posted: Mapping[str, str]
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The form's values (None for a field left empty; a field not posted at all keeps its
    default) and its shape problems, by field, as the server's form checks them."""
    values: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    words = table.words
    for described in spec.fields:
        raw = posted.get(described.name)
        if raw is None:
            values[described.name] = described.default
            continue
        raw = str(raw)
        blank = not raw.strip()
        what = said_as(table, described)
        if described.is_count:
            values[described.name] = None
            if blank:
                continue
            try:
                number = parse_int(raw, described.name, label=PageText(what))
            except ParseError as wrong:
                problems.append((described.name, str(words.translate(wrong.message))))
                continue
            values[described.name] = str(number)
            if not described.low <= number <= described.high:
                problems.append(
                    (
                        described.name,
                        words.gettext(
                            OUT_OF_RANGE.template,
                            what=what,
                            low=described.low,
                            high=described.high,
                            number=number,
                        ),
                    )
                )
            continue
        values[described.name] = None if raw == "" else raw
        offered = [str(words.translate(c.label)) for c in described.choices if c.value != ""]
        if blank or raw in {c.value for c in described.choices}:
            continue
        sent = isolate(raw[:40])
        if len(offered) == 1:
            problem = words.gettext(
                ONE_CHOICE.template, field=what, choice=isolate(offered[0]), value=sent
            )
        else:
            problem = words.gettext(
                CHOICES.template, field=what, choices=choices_in_words(words, offered), value=sent
            )
        problems.append((described.name, problem))
    return values, problems


def choices_in_words(words: Words, labels: Sequence[str]) -> str:
    """A field's choices as a sentence names them: a run of whole numbers as "1–13",
    anything else listed ("Ann, Bob or Cat")."""
    if labels and all(label.isdigit() for label in labels):
        numbers = [int(label) for label in labels]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))) and len(numbers) > 2:
            return words.ltr(f"{numbers[0]}\u2013{numbers[-1]}")
    return words.or_list([isolate(label) for label in labels])


def refusals(
    table: Table, values: dict[str, Any], action: str | None, refused: EngineError
) -> list[tuple[str, str]]:
    """The engine's refusal of the entered hand as the server's form says it
    (``core.form.form_refusals``, as ``web/hands.py``'s ``_refused``), in the table's
    words and the page's language."""
    words = table.words
    return form_refusals(
        table.spec,
        refused,
        values,
        action,
        table.players,
        lambda text: str(words.translate(text)),
        lambda text, players: str(words.named(text, players)),
    )


def in_page_order(spec: HandFormSpec, problems: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each problem at what it goes beside (a field, a step, or "hand" for the hand as a
    whole), in the order the server's form lists them (``HandForm.error_links``)."""
    steps = {step.id for step in spec.steps}
    beside: dict[str, list[str]] = {}
    for field, message in problems:
        target = spec.error_target(field)
        if spec.field_named(target) is None and target not in steps:
            target = "hand"
        beside.setdefault(target, []).append(message)
    ordered = [("hand", message) for message in beside.get("hand", [])]
    for step in spec.steps:
        unfolded = [f for f in step.fields if not f.folded]
        for described in sorted(step.fields, key=lambda f: f.folded):
            ordered += [(described.name, message) for message in beside.get(described.name, [])]
            if unfolded and described is unfolded[-1]:
                ordered += [(step.id, message) for message in beside.get(step.id, [])]
    return ordered


def preview_entered(
    table: Table, posted: Mapping[str, str], action: str | None, seated: Sequence[str]
) -> dict[str, Any]:
    """The entered hand's points as the server's form previews them (``POST
    .../hands/preview``): ``points`` and ``names`` per side (``seated``: who sits now),
    and ``result``, how the hand went where the game's preview says so; or ``problem``."""
    rules, words = table.rules, table.words
    try:
        _, record = entered_record(table, posted, action)
    except Refused:
        return {"problem": words.translate(NOT_SCORED)}
    points = rules.preview(table.settings, record, table.place)["points"]
    result = ""
    if rules.page_words.preview_outcome:
        replayed = rules.replay(table.settings, 0, [record])
        outcome = rules.hand_views(replayed)[0].outcome
        result = words.shown(label_with_sides(outcome, sides_as_named(rules, table.players)))
    return {"points": list(points), "names": sides_as_named(rules, seated), "result": result}


# --- the scoreboard ---------------------------------------------------------------------------

LEADING = msg("leading")
SHARED_WIN = msg("%(names)s share the win with %(total)s!")
TIE = msg("Tie at the top: %(names)s on %(total)s. Play on!")
DEALER = msg("dealer")
TOOK_SEAT = msg("%(new)s for %(old)s")


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sat where, hand by hand: ``players`` as they sat for the first hand, and the
    seat ``changes`` since (``core.seating``)."""

    players: tuple[str, ...]
    changes: tuple[SeatChange, ...]

    def at(self, number: int) -> tuple[str, ...]:
        return names_at(self.players, self.changes, number)

    def took_seats(self, words: Words) -> dict[int, list[str]]:
        """By the hand it takes effect from, who took whose seat, as the server's
        scoreboard says it over that hand (``web/games.py``'s ``_seat_changes``): "Eve for
        Bob"."""
        found: dict[int, list[str]] = {}
        for change in self.changes:
            old = self.at(change.from_hand - 1)[change.seat]
            found.setdefault(change.from_hand, []).append(
                words.translate(TOOK_SEAT, new=isolate(change.name), old=isolate(old))
            )
        return found


def sheet_page(
    rules: Game,
    settings: Any,
    progress: Any,
    players: Sequence[str],
    words: Words,
    seating: Seating | None = None,
) -> dict[str, Any]:
    """The scoreboard as the server's page shows it (``web/scoreboard.py``'s ``hand_rows``
    and ``standing_of``, ``templates/_scoreboard_live.html``): the hands of ``progress``
    (a resumed one holds those after its state), the totals, the banner and the next
    hand's line, for ``players`` by seat as they sit now, in ``words``; each hand with
    the names that sat for it and who took whose seat from it, by ``seating`` (None: all
    of them as ``players``). A name is isolated (FSI…PDI) where the page wraps it in
    ``<bdi>``."""
    sides = sides_as_named(rules, players)
    shows_dealer = rules.shows_dealer(settings)
    paired = partnered(rules)
    finished = progress.status == "finished"
    totals = [total(t) for t in progress.totals]
    leaders = list(progress.leaders) if progress.hands else []
    sat = (lambda number: players) if seating is None else seating.at
    took = {} if seating is None else seating.took_seats(words)
    rows = sheet.hand_rows(rules, progress, sat, words.shown, took, shows_dealer)
    banner = banner_of(rules, settings, progress, sides, totals, words)
    turn = None
    note = None
    if not finished:
        deal_note = rules.deal_note(
            settings, HandPlace(progress.next_number, progress.dealer, progress.state)
        )
        note = None if deal_note is None else words.translate(deal_note)
        if shows_dealer:
            turn = words.gettext(
                rules.page_words.turn.template,
                number=progress.next_number,
                dealer=isolate(players[progress.dealer]),
                opener=isolate(players[progress.opener]),
            )
    page = rules.page_words
    legend = sheet.legend_of(rules, rows, words.shown, shows_dealer)
    result_note = rules.result_note(progress) if finished else None
    return {
        "sides": sides,
        "members": [[players[seat] for seat in side] for side in rules.sides],  # as they sit
        # For templates/_sheet.html's banner and turn (scorekeeper.pages.phone):
        "standing": sheet.standing_of(rules, settings, progress),
        "page_words": page,
        "seats": list(players),
        "shows_dealer": shows_dealer,
        "paired": paired,
        "totals": totals,
        "leaders": leaders,
        "leading": words.translate(LEADING),
        "status": progress.status,
        "banner": banner,
        "result_note": None if result_note is None else words.named(result_note, sides),
        "turn": turn,
        "deal_note": note,
        "next_number": progress.next_number,
        "record": None
        if finished
        else words.gettext(page.hand.record.template, number=progress.next_number),
        "hand_rows": rows,  # drawn by templates/_sheet.html (scorekeeper.pages.phone)
        "legend": legend,  # drawn by templates/_sheet.html too
        "none_yet": words.gettext(page.hand.none_yet.template),
    }


def banner_of(
    rules: Game,
    settings: Any,
    progress: Any,
    sides: Sequence[str],
    totals: Sequence[str],
    words: Words,
) -> dict[str, str] | None:
    """The banner over the scoreboard: who won (or went out), who share the win, a tie
    at the top; None while the game simply goes on."""
    leaders = list(progress.leaders) if progress.hands else []
    winner = progress.winner
    floor = rules.losing_floor(settings)
    fallen = [side for side, t in enumerate(progress.totals) if floor is not None and t <= floor]
    winners = list(getattr(progress, "winners", None) or ())
    page = rules.page_words
    if winner is not None and progress.status == "finished" and fallen and page.went_out:
        text = words.gettext(
            page.went_out.template,
            loser=isolate(sides[fallen[0]]),
            lost=words.ltr(totals[fallen[0]]),
            name=isolate(sides[winner]),
            total=words.ltr(totals[winner]),
        )
        return {"kind": "win", "text": text}
    if winner is not None:
        text = words.gettext(
            page.win.template, name=isolate(sides[winner]), total=words.ltr(totals[winner])
        )
        return {"kind": "win", "text": text}
    if len(winners) > 1:
        names = words.and_list([isolate(sides[s]) for s in winners])
        text = words.gettext(SHARED_WIN.template, names=names, total=words.ltr(totals[winners[0]]))
        return {"kind": "win", "text": text}
    if progress.tie_at_top:
        names = words.and_list([isolate(sides[s]) for s in leaders])
        text = words.gettext(TIE.template, names=names, total=words.ltr(totals[leaders[0]]))
        return {"kind": "tie", "text": text}
    return None
