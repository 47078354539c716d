"""Text for players that a page can show in their language.

The engine speaks English: ``str()`` of a :class:`Message` is the finished English
sentence, so the command line, the JSON API and every comparison read it as plain text.
A Message also keeps its gettext ``template`` (``%(name)s`` placeholders) and its
``params``, so the web app can render the same sentence in Hebrew or German without the
engine knowing about Babel. ``msg``, ``nmsg`` and ``cmsg`` are the markers ``pybabel extract`` looks
for (see ``babel.cfg``). Numbers stay numbers in ``params`` until the page formats them.
"""

from __future__ import annotations

from typing import Any


class Message(str):
    """English text that remembers how it was made: ``template``, ``plural`` and ``params``.

    A parameter may itself be a Message (a field's name inside a sentence); it is
    translated on its own before it is put in.
    """

    template: str
    plural: str | None
    params: dict[str, Any]
    table: Message | None = None
    """The same refusal in the table's words, for a page: players named by their
    :class:`Seat` and things as the game calls them, where this (English, for the API and
    the command line) names fields and seats as the API does (``bids[2]``)."""

    def __new__(cls, template: str, params: dict[str, Any], plural: str | None = None):
        form = plural if plural is not None and params["num"] != 1 else template
        self = super().__new__(cls, form % params if params else form)
        self.template = template
        self.plural = plural
        self.params = params
        return self

    context: str | None = None
    """The catalogue's msgctxt of ``template`` (``cmsg``): the same English words that
    another language says otherwise there (a game's name after "of": "de la belote")."""

    def __reduce__(self):
        return (_remade, (self.template, self.params, self.plural, self.context))

    def said_at_table(self, template: str | Message, **params: Any) -> Message:
        """This message with its table words (``table``): ``template % params``, where a
        :class:`Seat` parameter becomes that player's name once the names are known; or
        ``template`` itself, a Message (an :func:`nmsg`, whose words follow a number)."""
        self.table = template if isinstance(template, Message) else Message(template, params)
        return self

    def refusal(self, template: str | Message, **params: Any) -> tuple[str, Message]:
        """A hand's refusal as a game's ``check`` returns it, of this message in the API's
        words, which name the field first ("card_points: no card is worth 1 point"): that
        field, and this message with its table words (``said_at_table``)."""
        return self.split(":")[0], self.said_at_table(template, **params)


class Seat(int):
    """A seat inside a message's table words: the page puts the player's name there."""


def msg(template: str, **params: Any) -> Message:
    """Returns the sentence ``template % params`` as a translatable Message."""
    return Message(template, params)


def nmsg(singular: str, plural: str, num: int, **params: Any) -> Message:
    """Returns a Message whose wording depends on the number ``num`` (``%(num)d``)."""
    return Message(singular, {**params, "num": num}, plural)


def cmsg(context: str, template: str, **params: Any) -> Message:
    """Returns the Message ``template % params`` that the catalogue translates in
    ``context`` (gettext's msgctxt, ``pgettext``): English words that another language
    says differently where they stand ("Belote" after "of": French "de la belote")."""
    found = Message(template, params)
    found.context = context
    return found


def _remade(template: str, params: dict[str, Any], plural: str | None, context: str | None):
    found = Message(template, params, plural)
    found.context = context
    return found


class SeatName(int):
    """A seat a sentence names (``%(player)s``): "seat 2" in the English text the API and
    the command line read; a page names the player who sits there instead (the web app's
    ``translate`` with the table's names)."""

    def __str__(self) -> str:
        return f"seat {int(self) + 1}"

    def __repr__(self) -> str:
        return f"SeatName({int(self)})"


class Side(int):
    """A side of a partnership game inside a message: the API and the command line say its
    letter ("B set"); a page puts its players' names there (:func:`with_sides`)."""

    def __str__(self) -> str:
        return "ABCDEFGH"[self]


class Partner(SeatName):
    """A player of a side inside a message ("Dana named ♥"): the API and the command line
    say the seat ("seat 4"); a page puts the player's name there (:func:`with_sides`),
    the ``member``-th of side ``side`` as it sat for the hand."""

    side: int
    member: int

    def __new__(cls, seat: int, side: int, member: int) -> Partner:
        self = super().__new__(cls, seat)
        self.side, self.member = side, member
        return self

    def __reduce__(self):
        return (Partner, (int(self), self.side, self.member))


def with_partner(seat: int) -> Message:
    """ "with Dana": whom a player played with (French Tarot's called partner, the
    Mitspieler of a Sauspiel), in a game whose sides are its seats: the API's text says the
    seat, a page names the player (a :class:`Partner`, the one member of the seat's side;
    seat 0 too, which no "alone" is)."""
    return msg("with %(name)s", name=Partner(seat, seat, 0))


def _named(value: Any, sides: list[str] | tuple[str, ...]) -> Any:
    if isinstance(value, Side) and value < len(sides):
        return sides[value]
    if isinstance(value, Partner) and value.side < len(sides):
        # A side named by its partners (``language.Partners``) knows each of them.
        members = getattr(sides[value.side], "members", ())
        return members[value.member] if value.member < len(members) else value
    return value


def with_sides(message: Message, sides: list[str] | tuple[str, ...]) -> Message:
    """``message`` with each :class:`Side` among its parameters, and theirs (a message in a
    message), named by its players (``sides``: each side's names as a page shows them), and
    each :class:`Partner` by its name where the side's names are a page's
    (``language.Partners``)."""
    if not _names_a_side(message):
        return message
    params = {
        key: with_sides(value, sides) if isinstance(value, Message) else _named(value, sides)
        for key, value in message.params.items()
    }
    return Message(message.template, params, message.plural)


def _names_a_side(message: Message) -> bool:
    return any(
        isinstance(value, Side | Partner) or (isinstance(value, Message) and _names_a_side(value))
        for value in message.params.values()
    )
