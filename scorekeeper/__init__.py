"""Scorekeeper: a rules engine for card games played with real cards, and the table app.

- ``engine/``: the rules, one package per game behind one interface, found by name in
  its registry; it imports neither Flask nor SQLite.
- ``db/``: storage, as named migrations and the queries.
- ``web/``: the Flask app (``scorekeeper.web.create_app``), its pages and ``web/api/``.
- ``transfer/``: the export and import files, and ``transfer/peers/`` for other apps' files.
- ``cli/``: the ``scorekeeper`` command, the production server and the simulation runner.
- ``names`` and ``json_input``: input checks shared by the pages, the API and import.
"""
