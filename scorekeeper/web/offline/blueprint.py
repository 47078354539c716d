"""The ``offline`` blueprint that every view of a phone's own copy registers its routes on:
the sync (``routes``), the kept page (``kept``), the manifest, service worker and offline
page (``pwa``) and the phone's engine files (``phone_engine``)."""

from flask import Blueprint

bp = Blueprint("offline", __name__)
