"""The pages the server and the phone both draw, drawn by the same Jinja templates
(``templates/``) from the engine's page models (``engine/pages``), with no Flask: the
phone runs this under Pyodide, where jinja2 and markupsafe (pure Python) come in the
engine's zip (``web/offline/phone_engine.py``). Issue 46."""
