"""Helpers 8 test modules had, each the same in every one: tests/web/games/test_card.py,
tests/web/games/test_edit_key.py, tests/web/games/test_seat_range.py,
tests/web/games/test_sheets.py, tests/web/groups/test_routes.py,
tests/web/review/test_evening_card.py, tests/web/test_french.py and
tests/web/test_languages.py."""

import re


def in_language(client, language: str, path: str):
    return client.get(path, headers={"Accept-Language": language})


def csrf_of(page: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)[1]


def text_of(response) -> str:
    return response.get_data(as_text=True)


def errors_in(response) -> list[str]:
    return re.findall(r'<p class="err">(.*?)</p>', response.get_data(as_text=True))
