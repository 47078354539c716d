"""Helpers of tests/cli/test_serve.py."""

from flask import request, url_for


def _requester(app):
    """``app`` with a page that shows whom and where a request came from, as the app sees it."""

    @app.get("/_test/requester")
    def requester():
        return {
            "client": request.remote_addr,
            "url_root": request.url_root,
            "view_url": url_for("games.scoreboard", game_id=7, _external=True),
        }

    return app.test_client()
