"""The JSON API under ``/api/``: the games' and groups' routes (``routes``, the ``api``
blueprint) and the one error module every API blueprint answers through (``errors``; the
club's API, ``club/api.py``, registers the same)."""
