"""Files from other scorekeepers, converted into our own import format.

Each module here is a pure converter (no Flask, no SQLite): it reads another app's parsed
JSON and returns a document in our export format (see ``scorekeeper.transfer``), which the
import then checks and stores like any file of ours. What cannot be carried over exactly is
refused, naming the field and the reason.

- ``iws``: IsraeliWhist-Scorekeeper (``illuminati945/IsraeliWhist-Scorekeeper``).
"""
