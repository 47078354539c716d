"""Helpers of tests/web/test_budget.py."""

import gzip
import re


def first_load(client, path):
    """(HTML bytes as sent gzipped, every byte of the first load)."""
    page = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert page.status_code == 200 and page.headers["Content-Encoding"] == "gzip"
    html = gzip.decompress(page.data).decode()
    total = len(page.data)
    assets = re.findall(r'<(?:link rel="stylesheet" href|script src)="([^"]+)"', html)
    for asset in assets:
        response = client.get(asset, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, asset
        total += len(response.data)
        response.close()
    return len(page.data), total
