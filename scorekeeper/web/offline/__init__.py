"""What a phone keeps to go on without the network: the offline sync (``routes``), the
kept pages (``kept``), the web app's manifest and service worker (``pwa``), and the
engine it runs in Pyodide (``phone_engine`` serves it, ``phone_build`` and
``phone_stdlib`` build it: ``python -m scorekeeper.web.offline.phone_build``)."""
