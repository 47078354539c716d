"""A club night (issues 45 and 68): one blueprint, ``club`` (``blueprint``), whose views
live in a module per job, each registering its routes on it:

- ``routes``: the night's pages (a new night, the night's page and the next series, the
  standings);
- ``lists``: a table's list signed and its hands disputed, a dispute settled;
- ``organiser``: the night's roles (a second organiser, a request to take the night over
  and its answer, the group's key holder's hand-over, each table's phone, the API's
  organiser link);
- ``files``: the night's files in and out, a table's printed list and the ranking;
- ``api``: its JSON API, with the group's key.

What the views share is in ``service`` (the draw, the standings and their cache, what is
still open, the night's title), ``roles`` (who holds which role, the log in words) and
``night_file`` (the night as JSON and CSV); their forms in ``forms``, their refusals in
``errors``. No view module imports another.
"""

from . import api, files, lists, organiser, routes
from .blueprint import bp

__all__ = ["api", "bp", "files", "lists", "organiser", "routes"]
