"""The ``scorekeeper`` command line: its commands, the production server (``serve``) and the
simulation runner (``simulate``)."""

from .commands import entry, main

__all__ = ["entry", "main"]
