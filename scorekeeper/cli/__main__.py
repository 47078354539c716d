"""``python -m scorekeeper.cli``, as the ``scorekeeper`` command."""

import sys

from .commands import entry

if __name__ == "__main__":
    sys.exit(entry())
