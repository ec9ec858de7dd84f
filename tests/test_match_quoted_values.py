"""A reworded message's word similarity leaves out the values it quotes: a newer release appended
a clause to ``Unsupported region ..., select from {regions}``, and the older message the paste
shows printed forty quoted region names there, whose words no wording holds. Counted, they sank
the similarity below the floor and the raise was no candidate at all (acc140, issues35
aiplatform-002). Words the template spells itself stay counted, quoted or not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.candidates import _without_quoted, message_words

# zones of their own names: every one a word no wording of the message holds
CITIES = [
    "oslo",
    "lima",
    "rome",
    "kiev",
    "baku",
    "doha",
    "riga",
    "faro",
    "bonn",
    "nice",
    "kobe",
    "pune",
    "agra",
    "giza",
    "suva",
    "apia",
    "male",
    "nuuk",
    "lome",
    "bern",
    "graz",
    "linz",
    "ulm",
    "bari",
    "pisa",
    "como",
    "metz",
    "lyon",
    "caen",
    "brno",
    "gyor",
    "pecs",
    "sofia",
    "varna",
    "perm",
    "omsk",
    "tomsk",
    "chita",
]
ZONES = [f"{city}-{n % 3 + 1}" for n, city in enumerate(CITIES)]

MODULE = f"""\
SUPPORTED_ZONES = frozenset({ZONES!r})
GROUPS = ("eu", "us")


def validate_zone(zone):
    if zone not in SUPPORTED_ZONES:
        raise ValueError(
            "Unsupported zone for the cluster service, select from "
            f"{{SUPPORTED_ZONES}} or from the multi-zone groups {{GROUPS}}"
        )
    return zone


def load_option(name):
    raise KeyError(f"Option 'strict_mode' is not understood by the configuration loader: {{name}}")
"""


def test_quoted_values_are_cut_out_of_the_messages_words() -> None:
    assert _without_quoted("Dataset '/data/a.yaml' not found") == "Dataset   not found"
    # a contraction's apostrophe opens nothing; an unclosed quote keeps the rest of its line
    assert _without_quoted("can't read 'x'") == "can't read  "
    assert _without_quoted("bad 'value\nnext 'b' line") == "bad 'value\nnext   line"
    # a close is a quote with no letter after it, and on the quote's own line
    assert _without_quoted("'it's' now") == "  now"
    # a quoted sentence is wording (another message's), not a value
    assert _without_quoted("('Failed to get it', 'x1')") == "('Failed to get it',  )"
    text = "no quotes here"
    assert _without_quoted(text) is text
    core, held = message_words("Dataset '/data/cats/train.yaml' not found")
    assert core == {"dataset", "not", "found"} and held == {"data", "cats", "train", "yaml"}
    # a message mostly wording keeps the names it quotes: they tell near-alike templates apart
    text = "Argument 'accuracy' is not supported for expression 'Distinct' when targeting Hive."
    core, held = message_words(text)
    assert {"accuracy", "distinct"} <= core and not held


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(Path(tmp_path_factory.mktemp("quoted")), {"cloudpkg/zones.py": MODULE}) as m:
        yield m


def test_a_long_quoted_value_does_not_hide_a_reworded_template(matcher: Matcher) -> None:
    shown = ", ".join(repr(z) for z in ZONES)
    res = matcher.explain(
        f"ValueError: Unsupported zone for the cluster service, select from frozenset({{{shown}}})"
    )
    assert res.matches, res.verdict
    best = res.matches[0]
    assert (best.path, best.function) == ("cloudpkg/zones.py", "validate_zone")
    assert best.approximate  # the older wording: the groups clause is not there


def test_quoted_words_the_template_spells_still_count(matcher: Matcher) -> None:
    # ``'strict_mode'`` is the template's own text: reworded around it, it still weighs
    res = matcher.explain("KeyError: Option 'strict_mode' is not recognised by the configuration loader")
    assert res.matches, res.verdict
    assert (res.matches[0].function, res.matches[0].approximate) == ("load_option", True)
