"""The root of the ``scorekeeper`` command line, and what its modules share: the group
every command is registered on (``main``), the usage error that names its field, and the
options and texts of more than one command.

Below ``commands``, ``hosting`` and ``server``, which import it and never each other
upwards: ``commands`` (the commands of everyday use, ``serve`` among them) imports
``server`` and ``hosting``; ``server`` imports ``hosting``.
"""

from __future__ import annotations

import click

from .numbers import WholeNumber


class FieldError(click.UsageError):
    """A bad argument, reported as one line that names the field (``--rules``, ``FILE``).
    Takes (message, field), as every error type of scorekeeper does."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message if message.startswith(field) else f"{field}: {message}")
        self.field = field


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="scorekeeper")
def main() -> None:
    """Scorekeeper for card games played with real cards (Israeli Whist; see `scorekeeper
    games`): score hands, show the rules, simulate deals and serve the table app."""


DB_HELP = "SQLite file (default: instance/scorekeeper.db, or $SCOREKEEPER_DATABASE)."
URL_HELP = "The server's address, as the phones open it, for the invite links."
DEFAULT_URL = "http://127.0.0.1:5000"
# A group without a name of its own, as the pages show it in English.
DEFAULT_GROUP_NAME = "Our table"


def invite_link(base: str, invite: str) -> str:
    """The invite link of a group whose invite token is ``invite``, on the server at
    ``base``: whoever opens it may join the group."""
    return f"{base.rstrip('/')}/join/{invite}"


def group_name(name: str | None) -> str:
    return DEFAULT_GROUP_NAME if name is None else name


def url_option(func):
    return click.option(
        "--url", "base_url", default=DEFAULT_URL, show_default=True, metavar="BASE", help=URL_HELP
    )(func)


def group_option(help_text: str):
    return click.option(
        "--group", "group_id", type=WholeNumber(low=1), metavar="ID", help=help_text
    )
