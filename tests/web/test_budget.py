"""The phone's budget: a 60-hand scoreboard is <= 8 KB gzipped, and its first load (HTML,
CSS and JS as sent) is <= 50 KB, all from this server: no CDN, and no web font but the
printed sheet's own."""

import gzip
import re

import pytest

from tests.support.budget import ROOT, benchmark_module
from tests.support.web.budget import first_load

HTML_GZ_BUDGET = 8 * 1024
FIRST_LOAD_BUDGET = 50 * 1024


@pytest.fixture
def sixty_hands(client, make_game):
    sample_hand = benchmark_module().sample_hand
    game_id, key = make_game(
        "israeli-whist",
        rules="pagat-german",
        players=["Shira Ben-David", "Wassim Haddad", "Noa Rosenberg", "Eitan Mizrahi"],
        target=100_000,
    )
    for index in range(60):
        response = client.post(
            f"/api/games/{game_id}/hands",
            json=sample_hand(index),
            headers={"Authorization": f"Bearer {key}"},
        )
        assert response.status_code == 201, response.get_json()
    client.get(f"/games/{game_id}/edit/{key}")  # the editor's page is the larger one
    return game_id


def test_sample_hands_are_legal_and_varied():
    sample_hand = benchmark_module().sample_hand
    hands = [sample_hand(i) for i in range(60)]
    assert sum(1 for h in hands if h.get("thrown_in")) == 6
    assert len({h["bid"] for h in hands if "bid" in h}) >= 8


def test_a_sixty_hand_scoreboard_fits_the_budget(client, sixty_hands):
    html_gz, total = first_load(client, f"/games/{sixty_hands}")
    assert html_gz <= HTML_GZ_BUDGET, html_gz
    assert total <= FIRST_LOAD_BUDGET, total


@pytest.mark.parametrize("path", ["/", "/games/new"])
def test_other_pages_fit_the_budget(client, sixty_hands, path):
    _, total = first_load(client, path)
    assert total <= FIRST_LOAD_BUDGET


def test_the_hand_form_fits_the_budget(client, sixty_hands):
    _, total = first_load(client, f"/games/{sixty_hands}/hands/new")
    assert total <= FIRST_LOAD_BUDGET


# The printed sheet's stylesheet, the one place a font is loaded: paper has to look the same
# on every machine (static/fonts/, cut by scripts/make_print_font.py). Phones' pages use
# the system's fonts.
PRINT_CSS = ROOT / "static" / "print.css"
PRINT_FONT_BUDGET = 24 * 1024  # each file


def test_no_cdn_no_web_font_no_external_url_in_templates_or_static():
    static_text = [p for p in (ROOT / "static").rglob("*") if p.suffix in (".css", ".js")]
    for path in [*(ROOT / "templates").glob("*.html"), *static_text]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//cdn|@import", text), path.name
        if path != PRINT_CSS:
            assert not re.search(r"@font-face|\burl\(", text), path.name


def test_the_print_sheet_loads_only_its_own_small_fonts():
    urls = re.findall(r"\burl\(([^)]*)\)", PRINT_CSS.read_text(encoding="utf-8"))
    assert urls
    for url in urls:
        assert re.fullmatch(r"fonts/[a-z0-9-]+\.woff2", url), url
        font = PRINT_CSS.parent / url
        assert font.stat().st_size <= PRINT_FONT_BUDGET, url


def test_static_files_travel_gzipped_from_memory(client):
    page = client.get("/games/new?game=israeli-whist").get_data(as_text=True)
    css = re.search(r'href="(/static/app\.css\?v=[^"]+)"', page).group(1)
    packed = client.get(css, headers={"Accept-Encoding": "gzip"})
    assert (
        packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    )
    plain = client.get(css)
    assert "Content-Encoding" not in plain.headers
    assert gzip.decompress(packed.data) == plain.data and len(packed.data) < len(plain.data) / 3
    assert packed.headers["ETag"] != plain.headers["ETag"]
    icon = client.get("/static/icons/icon-192.png", headers={"Accept-Encoding": "gzip"})
    assert icon.status_code == 200 and "Content-Encoding" not in icon.headers
    assert icon.data.startswith(b"\x89PNG")
