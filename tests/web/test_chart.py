"""The running-totals chart: its SVG parsed back and checked against the totals."""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.israeli_whist import preset, record_from_dict
from scorekeeper.web.chart import (
    HEIGHT,
    NAME_FONT,
    TICK_FONT,
    WIDTH,
    game_chart,
    ratings_svg,
    running_totals_svg,
)
from tests.support.web.chart import (
    SVG,
    TOTALS,
    _contrast,
    label,
    lines,
    parse,
    points,
    random_totals,
    read,
    said,
    value_map,
)

WHIST = get_game("israeli-whist")

NAMES = ("Avi", "Bat", "Gil", "Dana")


def test_one_line_per_player_told_apart_by_dash_and_colour():
    root = parse(running_totals_svg(NAMES, TOTALS))
    groups = lines(root)
    assert len(groups) == 4
    dashes = [g.get("stroke-dasharray") for g in groups]
    assert len(set(dashes)) == 4
    colours = [next(c for c in g.get("class").split() if c.startswith("s")) for g in groups]
    assert len(set(colours)) == 4


def test_each_line_ends_with_its_players_name():
    root = parse(running_totals_svg(NAMES, TOTALS))
    for group, name in zip(lines(root), NAMES, strict=True):
        assert label(group).text == name
        end_x = points(group)[-1][0]
        assert float(label(group).get("x")) > end_x


def test_each_line_ends_at_its_value_and_only_a_faint_stub_turns_to_its_name():
    """A line ended bending down to its nudged name, in its own stroke (Tyler's 100 read as
    about 85): it ends at its last value, marked by a dot there; what joins it to its name
    is a thin, faint, solid stub that leaves it level with that value."""
    root = parse(running_totals_svg(NAMES, TOTALS))
    style = root.find(f"{SVG}style").text
    assert ".skc .k{stroke-width:1;stroke-opacity:.6}" in style
    y_of_zero, per_point = value_map(root)
    nudged = 0
    for group, total in zip(lines(root), TOTALS[-1], strict=True):
        value_y = y_of_zero + per_point * total
        drawn = [p for p in group.iter(f"{SVG}polyline") if p.get("class") != "k"]
        [line] = drawn  # nothing else drawn in the line's own stroke
        assert points(group)[-1][1] == pytest.approx(value_y, abs=0.11)
        [dot] = group.iter(f"{SVG}circle")
        assert (float(dot.get("cx")), float(dot.get("cy"))) == pytest.approx(points(group)[-1])
        [stub] = [p for p in group.iter(f"{SVG}polyline") if p.get("class") == "k"]
        assert stub.get("stroke-dasharray") == "none"
        turns = [tuple(map(float, pair.split(","))) for pair in stub.get("points").split()]
        assert turns[0][1] == turns[1][1] == pytest.approx(value_y, abs=0.11)
        assert turns[0][0] > points(group)[-1][0]
        name_y = float(label(group).get("y")) - NAME_FONT * 0.35
        assert turns[-1][1] == pytest.approx(name_y, abs=0.11)
        nudged += abs(name_y - value_y) > 1
    assert nudged  # the case the stub bends in: 45 and 40 are too close for their names


def test_points_follow_the_running_totals():
    root = parse(running_totals_svg(NAMES, TOTALS))
    first = points(lines(root)[0])
    x0, step = first[0][0], first[1][0] - first[0][0]
    y_of_zero, per_point = value_map(root)
    assert per_point < 0  # a higher total is drawn higher up
    for seat, group in enumerate(lines(root)):
        expected = [0, *(row[seat] for row in TOTALS)]
        got = points(group)
        assert len(got) == len(TOTALS) + 1
        for hand, ((x, y), total) in enumerate(zip(got, expected, strict=True)):
            assert x == pytest.approx(x0 + step * hand, abs=0.11)
            assert y == pytest.approx(y_of_zero + per_point * total, abs=0.11)


def test_zero_line_and_value_ticks_sit_where_their_values_are():
    root = parse(running_totals_svg(NAMES, TOTALS))
    y_of_zero, per_point = value_map(root)
    zero = next(p for p in root.iter(f"{SVG}path") if p.get("class") == "z")
    assert float(re.match(r"M[\d.]+ ([\d.]+)H", zero.get("d")).group(1)) == pytest.approx(
        y_of_zero, abs=0.11
    )
    ticks = root.find(f"{SVG}g[@class='y']")
    values = [int(t.text.replace("\u2212", "-")) for t in ticks]
    assert 0 in values
    assert min(values) >= -50 and max(values) <= 45
    for text, value in zip(ticks, values, strict=True):
        centre = float(text.get("y")) - TICK_FONT * 0.35
        assert centre == pytest.approx(y_of_zero + per_point * value, abs=0.2)


def test_the_value_axis_writes_a_minus_as_the_page_does():
    """A negative tick reads "−50" with the page's minus sign (U+2212), never a hyphen."""
    ticks = [t.text for t in parse(running_totals_svg(NAMES, TOTALS)).find(f"{SVG}g[@class='y']")]
    negative = [t for t in ticks if t.startswith("\u2212")]
    assert negative, ticks
    assert not [t for t in ticks if "-" in t], ticks


@pytest.mark.parametrize(
    ("hands", "x_labels"),
    [
        (0, ["0"]),
        (1, ["0", "1"]),
        (3, ["0", "1", "2", "3"]),
        (12, ["0", "2", "4", "6", "8", "10", "12"]),
    ],
)
def test_hand_axis_labels(hands, x_labels):
    root = parse(running_totals_svg(NAMES, [TOTALS[0]] * hands))
    assert [t.text for t in root.find(f"{SVG}g[@class='x']")] == x_labels


def test_empty_game_draws_axes_and_names():
    root = parse(running_totals_svg(NAMES, []))
    groups = lines(root)
    assert [label(g).text for g in groups] == list(NAMES)
    assert all(len(points(g)) == 1 for g in groups)
    assert {points(g)[0] for g in groups} == {points(groups[0])[0]}
    assert [t.text for t in root.find(f"{SVG}g[@class='y']")] == [
        "\u221210",
        "\u22125",
        "0",
        "5",
        "10",
    ]


def test_game_chart_plots_the_engines_totals():
    pagat = preset("pagat-german")
    hands = [
        record_from_dict(
            pagat, dict(declarer=2, bid="7C", contracts=[2, 3, 7, 0], tricks=[0, 3, 8, 2])
        ),
        record_from_dict(pagat, {"thrown_in": True}),
        record_from_dict(
            pagat, dict(declarer=0, bid="5S", contracts=[5, 4, 0, 3], tricks=[5, 4, 0, 4])
        ),
    ]
    assert game_chart(WHIST.replay(pagat, 0, hands), NAMES) == running_totals_svg(NAMES, TOTALS)


def test_names_are_escaped_and_long_ones_shown_whole_on_lines_between_words():
    """No name is cut short (a printed sheet read "Maximiliane…"): a
    long one goes on lines of whole words, a word longer than a line prints smaller."""
    names = ("<script>alert(1)</script>", "Tom & Jerry", 'Say "hi"', "Bat\x00\x07 Sheva")
    svg = running_totals_svg(names, TOTALS)
    assert "<script" not in svg and "…" not in svg
    groups = lines(parse(svg))
    assert [said(label(g)) for g in groups] == [
        ["<script>alert(1)</script>"],
        ["Tom & Jerry"],
        ['Say "hi"'],
        ["Bat Sheva"],
    ]
    # 25 characters where a line holds 12: smaller, so that it ends inside the chart.
    assert label(groups[0]).get("class") == "f7"
    assert label(groups[1]).get("class") is None


def test_a_long_name_is_shown_whole_on_lines_broken_between_its_words():
    """The chart writes left to right: a Hebrew name's lines each end with a right-to-left
    mark, which holds a hyphen at a line's end to the name's own side, its left."""
    names = ("אביגיל בן-דוד מירושלים", "Maximiliane Oberhauser-Lindahl", "רותם", "Noa")
    texts = [said(label(g)) for g in lines(parse(running_totals_svg(names, TOTALS)))]
    assert texts == [
        ["אביגיל\u200f", "בן-דוד\u200f", "מירושלים\u200f"],
        ["Maximiliane", "Oberhauser-", "Lindahl"],
        ["רותם\u200f"],
        ["Noa"],
    ]


def test_a_label_broken_over_lines_keeps_its_spaces_for_a_reader_and_a_copy():
    """The lines of a label carried no space ("ChristopherMontgomery-Whitley" for a screen
    reader and in a copy): a line broken at a space keeps it, one broken after a hyphen
    adds none, and a side's partners are apart."""
    names = ("Christopher Montgomery-Whitley", "אביגיל בן-דוד מירושלים", ("Ann Lee", "Bo"))
    got = [read(label(g)) for g in lines(parse(running_totals_svg(names, [(1, 2, 3)])))]
    assert got == [
        "Christopher Montgomery-Whitley",
        "אביגיל\u200f בן-דוד\u200f מירושלים\u200f",
        "Ann Lee Bo",
    ]
    ratings = ratings_svg([(names[0], [1.0])], title="Ratings")
    assert read(label(lines(parse(ratings))[0])) == names[0]


def test_title_is_escaped_and_replaceable():
    root = parse(running_totals_svg(NAMES, TOTALS, title="סיכום <ביניים>"))
    assert root.find(f"{SVG}title").text == "סיכום <ביניים>"


def test_labels_of_close_lines_are_nudged_apart():
    root = parse(running_totals_svg(NAMES, [(10, 10, 11, 9), (20, 21, 19, 20)]))
    ys = sorted(float(label(g).get("y")) for g in lines(root))
    assert all(b - a >= NAME_FONT for a, b in zip(ys, ys[1:], strict=False))


def test_labels_of_far_lines_stay_at_their_ends():
    root = parse(running_totals_svg(NAMES, [(100, 0, -100, 50)]))
    for group in lines(root):
        end_y = points(group)[-1][1]
        assert float(label(group).get("y")) == pytest.approx(end_y + NAME_FONT * 0.35, abs=0.11)


@pytest.mark.parametrize(
    ("names", "totals"),
    [
        (NAMES, []),
        (NAMES, [TOTALS[0]]),
        (NAMES, [(-300, -250, -200, -350)] * 5),
        (("Gilgamesh of Uruk", "Bat", "Enkidu the Wild", "Dana"), random_totals(60, 1)),
        (NAMES, random_totals(150, 2)),
    ],
    ids=["empty", "one hand", "all negative", "long names", "150 hands"],
)
def test_everything_is_drawn_inside_the_view_box(names, totals):
    root = parse(running_totals_svg(names, totals))
    assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    for group in lines(root):
        for x, y in points(group):
            assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT
        assert 0 < float(label(group).get("y")) <= HEIGHT
    for text in root.iter(f"{SVG}text"):
        assert 0 <= float(text.get("x")) <= WIDTH


def test_coordinates_have_at_most_one_decimal():
    svg = running_totals_svg(NAMES, random_totals(60, 3))
    numbers = re.findall(r"-?\d+\.\d+", svg)
    assert numbers and all(len(n.split(".")[1]) == 1 for n in numbers)


def test_sixty_hands_stay_small():
    svg = running_totals_svg(("Gilgamesh", "Bat-Sheva", "Avi", "Dana"), random_totals(60, 4))
    assert len(gzip.compress(svg.encode())) < 2500


def test_page_theme_applies_and_nothing_is_loaded():
    svg = running_totals_svg(NAMES, TOTALS)
    root = parse(svg)
    assert root.get("width") == "100%"
    style = root.find(f"{SVG}style").text
    assert "currentColor" in style and "direction:ltr" in style
    assert "background" not in svg and "#fff" not in svg.lower()
    assert "<script" not in svg and "href" not in svg and "url(" not in svg


def test_totals_must_have_one_value_per_name():
    with pytest.raises(ValueError, match="hand 2 has 3 totals for 4 players"):
        running_totals_svg(NAMES, [(0, 0, 0, 0), (1, 2, 3)])


def test_the_four_seat_colours_reach_3_to_1_on_every_page_background():
    import pathlib
    import re

    from scorekeeper.web.chart import COLOURS

    css = (pathlib.Path(__file__).parents[2] / "static" / "app.css").read_text(encoding="utf-8")
    backgrounds = set(re.findall(r"--(?:bg|card):\s*(#[0-9a-fA-F]{6})", css)) | {"#ffffff"}
    assert len(backgrounds) >= 3  # light page, dark page and paper at least
    for colour in COLOURS[:4]:
        for background in backgrounds:
            assert _contrast(colour, background) >= 3, (colour, background)


def test_a_long_game_draws_a_bounded_line_that_ends_at_the_last_total():
    from scorekeeper.web.chart import LINE_POINTS

    totals = [(h, -h, 2 * h, h % 7) for h in range(1, 1001)]
    svg = running_totals_svg(["A", "B", "C", "D"], totals)
    lines = re.findall(
        r'<polyline points="([^"]+)"/><circle class="e" cx="([^"]+)" cy="([^"]+)"', svg
    )
    assert len(lines) == 4
    for line, x, y in lines:
        points = line.split()
        assert len(points) <= LINE_POINTS + 1
        # The line ends exactly where its end is marked: at the last hand's total.
        assert points[-1] == f"{x},{y}"


def test_a_sides_partners_are_named_one_under_the_other():
    """A side's label has a line per partner, a long name on lines of its own, so a long
    first name never hides the partner after it."""
    sides = (("Christopher Montgomery-Whitley", "Ann"), ("אלכסנדרה בן-דויד", "Bob"))
    root = parse(running_totals_svg(sides, [(5, 0), (5, -4)]))
    labels = [label(g) for g in lines(root)]
    assert [said(t) for t in labels] == [
        ["Christopher", "Montgomery-", "Whitley", "Ann"],
        ["אלכסנדרה\u200f", "בן-דויד\u200f", "Bob"],
    ]
    # Each line sits a line under the one before, a partner's name half a line further,
    # all inside the chart.
    gaps = [[float(line.get("dy")) / (NAME_FONT + 1) for line in text] for text in labels]
    assert gaps == [[1, 1, 1.5], [1, 1.5]]
    for text, gap in zip(labels, gaps, strict=True):
        top = float(text.get("y")) - NAME_FONT
        bottom = float(text.get("y")) + (NAME_FONT + 1) * sum(gap)
        assert top > 0 and bottom < HEIGHT


def test_ratings_chart_draws_lines_of_different_lengths_with_title_and_description():
    from scorekeeper.web.chart import ratings_svg, sparkline_svg

    svg = ratings_svg(
        [("Spades", [1.5, -2.0, 3.25]), ("<Any> & game", [4.0])],
        title="Rating after each game",
        description="Spades: 3 games",
    )
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{ns}title").text == "Rating after each game"
    assert root.find(f"{ns}desc").text == "Spades: 3 games"
    lines = root.findall(f"{ns}g")
    labelled = [g for g in lines if g.get("class", "").startswith("l ")]
    assert [g.find(f"{ns}text").text for g in labelled] == ["Spades", "<Any> & game"]
    first, second = (g.find(f"{ns}polyline").get("points").split() for g in labelled)
    assert len(first) == 4 and len(second) == 2  # 0 before the first game, then each
    spark = ET.fromstring(sparkline_svg([1.0, 2.0, 1.5]))
    assert spark.get("aria-hidden") == "true"
    assert len(spark.find(f"{ns}polyline").get("points").split()) == 3
    assert sparkline_svg([1.0]) == ""


def test_the_ratings_chart_names_each_line_whole_as_the_running_totals_do():
    """A ratings chart's label was cut to its first 11 letters and "…" ("Israeli Whi…"):
    it is whole now, on the running totals' lines broken between words."""
    from scorekeeper.web.chart import ratings_svg

    names = ("Maximiliane Oberhauser-Lindahl", "אביגיל בן-דוד מירושלים", "Israeli Whist")
    svg = ratings_svg([(name, [1.0, 2.0]) for name in names], title="Ratings")
    assert "…" not in svg
    texts = [said(label(g)) for g in lines(parse(svg))]
    assert texts == [
        ["Maximiliane", "Oberhauser-", "Lindahl"],
        ["אביגיל\u200f", "בן-דוד\u200f", "מירושלים\u200f"],
        ["Israeli", "Whist"],
    ]
    assert texts == [said(label(g)) for g in lines(parse(running_totals_svg(names, [[1, 2, 3]])))]
