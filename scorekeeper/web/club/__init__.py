"""A club night: its pages (``routes``), its JSON API (``api``, through the API's one
error module) and its files in and out (``files``)."""
