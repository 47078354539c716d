"""What a browser without JavaScript sends for a page's form: each named field as the page
drew it (a box's value, the checked key of a row, a menu's selected option), so a test
posts what a person who only typed and tapped would, not a body of its own making."""

from __future__ import annotations

from html.parser import HTMLParser


class _Fields(HTMLParser):
    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.menu = form_id, False, None
        self.sent: dict[str, str] = {}
        self.first_option: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.inside = found.get("id") == self.form_id
        if not self.inside or "disabled" in found:
            return
        name = found.get("name")
        if tag == "input" and name:
            kind = found.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in found:
                    self.sent[name] = found.get("value", "on")
            elif kind not in ("submit", "button", "image", "reset", "file"):
                self.sent[name] = found.get("value", "")
        elif tag == "select" and name:
            self.menu = name
        elif tag == "option" and self.menu:
            self.first_option.setdefault(self.menu, found.get("value", ""))
            if "selected" in found:
                self.sent[self.menu] = found.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.menu = None


def sent_by(page: str, form_id: str) -> dict[str, str]:
    """The fields form ``form_id`` of ``page`` sends as drawn, by name (a menu with no
    option selected sends its first)."""
    parser = _Fields(form_id)
    parser.feed(page)
    parser.close()
    return parser.first_option | parser.sent
