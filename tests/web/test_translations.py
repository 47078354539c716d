"""Every string a player sees goes through gettext, and every catalogue translates all of them.

The template check reads each template twice: its HTML, with every Jinja tag taken out, must
hold no letters outside tags (nor in attributes a player sees or hears: placeholder, title,
aria-label...); and its Jinja expressions must not print a string literal that is not inside
``_()``, ``gettext`` or ``ngettext``. The catalogue check extracts the strings afresh, as
``make translations`` does, and wants a translation for each in every language.
"""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo

from scorekeeper.web.i18n import LANGUAGES as OFFERED
from tests.support.translations import (
    TEMPLATES,
)
from tests.support.web.translations import (
    TRANSLATIONS,
    _plain,
    catalogue,
    extract_messages,
    placeholders,
    untranslated_html,
    untranslated_literals,
)

# Every language the app offers but English, in which the strings are written.
LANGUAGES = tuple(code for code in OFFERED if code != "en")

# --- templates ------------------------------------------------------------------------------


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_templates_show_no_untranslated_text(template):
    source = template.read_text(encoding="utf-8")
    problems = untranslated_html(source) + untranslated_literals(source)
    assert problems == [], f"{template.name}: wrap these in _(): {problems}"


@pytest.mark.parametrize(
    "source",
    [
        "<p>Hello</p>",
        "<h1>{{ title }} deals</h1>",
        '<input placeholder="Your name">',
        '<button aria-label="Close">×</button>',
        '<input type="submit" value="Save">',
        '<p data-text="Offline: reload">',
        "{{ 'Winner' if won else _('Leading') }}",
        '{{ names|join(" and ") }}',
        '{{ "%d hands" % n }}',
        '{{ {"a": "Long description"}[key] }}',
        '{% for label in ["Contracts", "Tricks"] %}{{ label }}{% endfor %}',
        "{{ field(placeholder='e.g. Noa') }}",
        "{{ total }} point{{ 's' if total != 1 }}",
    ],
)
def test_the_template_check_finds_untranslated_text(source):
    assert untranslated_html(source) + untranslated_literals(source)


@pytest.mark.parametrize(
    "source",
    [
        "<p>{{ _('Hello') }}</p>",
        '<p>{{ ngettext("%(num)d hand", "%(num)d hands", n) }} · #</p>',
        "{% trans %}Hello {{ name }}{% endtrans %}",
        '<input placeholder="{{ _(\'Name\') }}" class="wide" name="player_0">',
        "{{ url_for('games.home') }} {{ keys(form.denomination, 'trumps', red=('D', 'H')) }}",
        '{% if field.type == "SelectField" %}{{ field() }}{% endif %}',
        '<script>const words = {"a": 1};</script><p data-knob="miss_step"></p>',
        '{{ names|join(" · ") }} {{ "%s_%d" % (kind, seat) }}',
    ],
)
def test_the_template_check_passes_translated_text(source):
    assert untranslated_html(source) + untranslated_literals(source) == []


# --- catalogues -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Catalog:
    return extract_messages(tmp_path_factory.mktemp("pot"))


def test_extraction_finds_the_strings_of_every_layer(extracted):
    ids = {m.id for m in extracted if m.id}
    # engine (msg), a form label (_l), a view (_), a template, a plural in a template
    assert "%(field)s must add up to %(total)d, not %(sum)d" in ids
    assert "Target score" in ids
    assert "The game is over. Edit a hand to change the result." in ids
    assert "Start a game" in ids
    assert ("%(num)d hand", "%(num)d hands") in ids


def test_extraction_misses_no_message_of_the_engine(extracted):
    """Every message the engine's sources name in a marker's call, read from their syntax
    tree (``phone_build.engine_messages``, which cuts the phone's words files), is one
    Babel extracts: Babel takes any call whose name is a marker for one and skips the
    markers inside it, so a function that shares a marker's name (a ``refusal`` beside
    ``Message.refusal``) hid "no such call" from every catalogue."""
    from scorekeeper.web.offline.phone_build import ENGINE, engine_messages

    said = {
        form for m in extracted if m.id for form in (m.id if isinstance(m.id, tuple) else [m.id])
    }
    named = engine_messages(sorted(ENGINE.rglob("*.py")))
    assert len(named) > 500
    assert sorted(named - said) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_is_translated(extracted, language):
    translations = catalogue(language)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        found = translations.get(message.id, context=message.context)
        strings = () if found is None else found.string
        strings = (strings,) if isinstance(strings, str) else strings
        if found is None or found.fuzzy or not strings or not all(strings):
            missing.append(message.id)
    assert missing == [], f"{language}: untranslated or fuzzy, run `make translations`: {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_their_placeholders(language):
    """Each translation fills in the same %(name)s and {name} placeholders as its English;
    only a singular may leave out the number (%(num)d), as in "one name"."""
    translations = catalogue(language)
    problems = [(m.id, [str(e) for e in errors]) for m, errors in translations.check()]
    for message in translations:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        wanted = placeholders(ids[-1])
        for form in strings:
            found = placeholders(form)
            if found != wanted and not (len(ids) > 1 and found == wanted - {"%(num)"}):
                problems.append((message.id, form))
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogues_match_their_sources(language):
    """The app reads the .mo files, which make builds from the .po files."""
    mo = TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo"
    assert mo.exists(), f"{mo} is missing: run `make catalogs`"
    with open(mo, "rb") as compiled:
        built = {(_plain(m.id), m.context): _plain(m.string) for m in read_mo(compiled) if m.id}
    source = {
        (_plain(m.id), m.context): _plain(m.string)
        for m in catalogue(language)
        if m.id and not m.fuzzy and (m.string if isinstance(m.string, str) else all(m.string))
    }
    assert built == source, f"{mo} is out of date: run `make catalogs`"
