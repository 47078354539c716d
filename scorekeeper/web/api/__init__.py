"""The JSON API, one blueprint (``api``) under ``/api/``; see ``routes``."""

from .routes import bp

__all__ = ["bp"]
