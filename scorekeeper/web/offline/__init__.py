"""What a phone keeps to go on without the network: one blueprint, ``offline``
(``blueprint``), whose views register their routes on it: the offline sync (``routes``),
the kept pages (``kept``), the web app's manifest and service worker (``pwa``), and the
engine it runs in Pyodide (``phone_engine`` serves it, ``phone_build`` and
``phone_stdlib`` build it: ``python -m scorekeeper.web.offline.phone_build``). What the
views share is in ``service``. No view module imports another."""

from . import kept, phone_engine, pwa, routes
from .blueprint import bp

__all__ = ["bp", "kept", "phone_engine", "pwa", "routes"]
