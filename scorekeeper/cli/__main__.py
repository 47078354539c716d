"""``python -m scorekeeper.cli``, as the ``scorekeeper`` command."""

import sys

from .commands import entry

sys.exit(entry())
