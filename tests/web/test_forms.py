"""Every choice field of every form refuses a value its page did not offer (issue 77):
another group's member, a word, a number past any id, nothing. The forms are found, not
listed: every form the app's pages draw, reached by their links, is posted as drawn with
each of its choice fields that does not offer the value holding it (each field must say
why, so none hides another's refusal); and every ``FlaskForm`` class of the app with a
choice field must have been met so, so a new form's page is crawled or the test names it.
Before: 500 with a traceback for a menu whose choices a view set as pairs."""

from __future__ import annotations

from typing import Any

import pytest
from wtforms.fields.choices import SelectField

from tests.support.web.forms import (
    NOTHING,
    choice_fields,
    every_form_class,
    first_pages,
    foreign_values,
    form_name,
    make_world,
    pages_forms,
    plain_text,
    words,
)


@pytest.fixture
def world(tmp_path):
    return make_world(tmp_path)


def test_every_choice_field_of_every_form_refuses_a_value_it_did_not_offer(world, monkeypatch):
    # Each choice field a form validates, the field kept to read its errors after.
    validated: dict[tuple[type, str], Any] = {}
    pre_validate = SelectField.pre_validate

    def recorded(field, form):
        validated[type(form), field.name] = field
        return pre_validate(field, form)

    monkeypatch.setattr(SelectField, "pre_validate", recorded)
    client = world.club.organiser
    forms = list(pages_forms(client, first_pages(world)))
    before = world.rows()
    accepted, met = [], set()
    for form in forms:
        read_by_form: set[str] = set()
        for value in foreign_values(world.foreign_member):
            sent, changed = form.forged(value, read_by_form if value == NOTHING else None)
            if not changed:
                continue
            validated.clear()
            answer = client.post(
                form.action, data=sent, content_type="application/x-www-form-urlencoded"
            )
            said = plain_text(answer)
            # 422, or 400 with the form's page again (as the club's pages answer), where
            # each field refused says why beside it; else the answer says it.
            refused = answer.status_code == 422 or (
                answer.status_code == 400 and any(f'name="{n}"' in answer.text for n in changed)
            )
            unsaid = [
                name
                for (_form, name), field in validated.items()
                if name in changed
                and not any(words(e) in said for e in field.errors)
                and f'name="{name}"' not in answer.text
            ]
            if not refused or unsaid:
                accepted.append((form.page, form.action, value, answer.status_code, unsaid))
            met |= {key for key in validated if key[1] in changed}
            read_by_form |= {name for _form, name in validated}
    assert not accepted, accepted
    assert world.rows() == before
    every = {
        (form_class, name)
        for form_class in every_form_class(world.club.app)
        for name in choice_fields(form_class)
    }
    unmet = sorted(f"{form_name(c)}.{n}" for c, n in every - met)
    assert not unmet, f"no page crawled posts these choice fields: {unmet}"
