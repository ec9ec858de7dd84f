"""A caught error whose template opens with a placeholder, wrapped by a raise whose own words open
the message: a config loader's ``failed to load {env}.{key}: {exception}`` around a field
factory's ``{field} expected str or list[str], got list with invalid items: [{i}] {kind}``.

The inner template fits the whole pasted message by itself: its opening hole takes the loader's
words (``failed to load py.deps: deps``) along with the field name. That is no reading of the
whole message the loader's words leave unexplained, so the two are fitted as one template (the
caught text in the loader's ``{exception}``, joined at the ``: `` separator), and the loader's
raise, which printed every word of the paste, is named first. When the paste is the inner
message alone, the factory stays first. On a real catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

FIELDS = """\
class RequirementsField:
    FIELD = "deps"

    @classmethod
    def factory(cls, raw):
        if isinstance(raw, list):
            for i, item in enumerate(raw):
                if not isinstance(item, str):
                    raise TypeError(
                        f"{cls.FIELD} expected str or list[str], got list with invalid items: "
                        f"[{i}] {type(item).__name__}"
                    )
        return raw
"""

LOADER = """\
class HandledError(RuntimeError):
    pass


def load(env_name, key, conf, of_type):
    try:
        return of_type(conf[key])
    except (TypeError, ValueError) as exception:
        raise HandledError(f"failed to load {env_name or 'core'}.{key}: {exception}") from exception
"""

INNER = "deps expected str or list[str], got list with invalid items: [0] int"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"cfgkit/__init__.py": "", "cfgkit/fields.py": FIELDS, "cfgkit/loader.py": LOADER}
    with package_matcher(tmp_path_factory.mktemp("opened"), files) as m:
        yield m


def test_the_wrapper_whose_words_open_the_message_is_named(matcher: Matcher) -> None:
    res = matcher.explain(f"failed to load py.deps: {INNER}")
    assert res.matches, res.verdict
    assert res.matches[0].function == "load", [(m.function, m.approximate) for m in res.matches]
    assert not res.matches[0].approximate
    assert "caught and raised again" in " ".join(res.matches[0].reasons)
    assert any(m.function == "RequirementsField.factory" for m in res.matches[1:3])


def test_the_inner_message_alone_stays_the_factorys(matcher: Matcher) -> None:
    res = matcher.explain(f"TypeError: {INNER}")
    assert res.matches and res.matches[0].function == "RequirementsField.factory"
    assert not res.matches[0].approximate
