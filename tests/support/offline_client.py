"""Helpers of tests/browser/test_offline_client.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.support.offline_phone import kept_and_offline
from tests.support.offline_walk_browser import KeepingPhone


@contextmanager
def phone_page(phones: KeepingPhone, language: str) -> Iterator[Any]:
    """A new page on the module's phone, its browser asking for ``language``; closed after,
    the phone back online. No page of the phone may meet a script error while the test
    uses it (as ``offline_phone.watched``); a phone that fails a test is closed, so that
    the next test starts on a fresh one."""
    used = phones.context is not None
    context = phones(language)
    page = context.new_page()
    if used:  # asked whose phone it is, as a new phone (``keep_game``): keep.js's NAME
        page.goto("/")  # (the edit link would keep the game at once under the old one)
        page.evaluate("() => localStorage.removeItem('scorekeeper:phone-name')")
    try:
        yield page
    except BaseException:
        phones.close()
        raise
    context.set_offline(False)
    page.close()
    assert phones.script_errors() == []


@contextmanager
def kept_offline(phones: KeepingPhone, language: str, created: dict[str, Any], name: str):
    """The module's phone opens the edit link of ``created`` (the API's answer), keeps the
    game as ``name``'s phone and goes ``offline``: its page (``offline_phone.kept_offline``
    on the module's phone)."""
    with phone_page(phones, language) as page:
        kept_and_offline(page, language, created, name)
        yield page
