"""The ``scorekeeper`` command line: its commands, the production server (``serve``) and the
simulation runner (``simulate``)."""

from . import hosting  # noqa: F401 - registers backup, check and restore
from .commands import entry, main
from .sealing import secrets_command  # noqa: F401 - registers secrets

__all__ = ["entry", "main"]
