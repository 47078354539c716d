"""The printed Israeli Whist sheet says how the auction ends as a table says it, in every
language: the knob's form label with a bare number ("Auction end passes: 4") was no
sentence a player reads at the table."""

import pytest

SAID = {
    "en": ("The auction ends after", "4 passes in a row", "3 passes in a row"),
    "he": ("המכרז נגמר אחרי", "4 פאסים ברצף", "3 פאסים ברצף"),
    "de": ("Das Bieten endet nach", "4 Pässen in Folge", "3 Pässen in Folge"),
    "fr": ("Les enchères se terminent après", "4 passes consécutives", "3 passes consécutives"),
}


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_blank_sheet_says_how_many_passes_end_the_auction(client, language):
    label, four, three = SAID[language]
    asked = {"Accept-Language": language}
    for rules, passes in (("pagat-german", four), ("standard", three)):
        page = client.get(f"/sheets/blank?rules={rules}", headers=asked).get_data(as_text=True)
        assert f"{label}</th><td>{passes}<" in page, (language, rules)
        assert "Auction end passes" not in page
