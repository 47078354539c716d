"""A group's forms: its name, the name a phone gives itself in it, and a new group's
name with, on a server open only to invited groups, the owner's key."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import PasswordField, StringField

from ..forms import PageForm


class GroupNameForm(PageForm):
    """A group's name, to start a group or rename one (blank: the default name). The
    data layer cleans it (``db.clean_group_name``)."""

    name = StringField(_l("Name of the group"))


class MemberNameForm(PageForm):
    """The name a phone gives itself in a group, so the other members know whose phone
    it is (blank: none; the data layer cleans it, ``db.phones.clean_label``)."""

    label = StringField(_l("Your name, as the others will see it"))


class StartGroupForm(GroupNameForm):
    """A new group's name, and on a server open only to invited groups the owner's key."""

    owner_key = PasswordField(_l("The server owner's key"))
