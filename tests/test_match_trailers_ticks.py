"""A library whose error class appends a trailer with a link (pydantic's ``For further
information visit https://errors.pydantic.dev/...``, SQLAlchemy's ``(Background on this error
at: https://sqlalche.me/e/...)``) renders every raise's template with it, the text-less ones
too (``raise UserError(self._message, code=...)``): the trailer alone must not make such a raise
exact for any paste ending in it; the words before it decide. And a paste copied from a
rendered Markdown page (an issue) lost the backticks of the template's code spans: the text
is the template's still."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.candidates import trailer_only, unticked_fit

LIB = """\
class UserError(Exception):
    def __init__(self, message, *, code):
        super().__init__(message)
        self.message = message
        self.code = code

    def __str__(self):
        return f"{self.message}\\n\\nFor further information visit https://errors.example.dev/u/{self.code}"


class Mock:
    def __init__(self, error_message, code):
        self._error_message = error_message
        self._code = code

    def rebuild(self):
        raise UserError(self._error_message, code=self._code)


def collect(name):
    if name == "model_config":
        raise UserError(
            "model_config cannot be used as a model field name. Use model_config for model configuration.",
            code="model-config-invalid-field-name",
        )
    return name
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("trailer"), {"lib/core.py": LIB}) as m:
        yield m


def test_a_text_less_raise_is_not_exact_on_its_trailer_alone(matcher: Matcher) -> None:
    # another release's wording of the message, the trailer as the class prints it
    res = matcher.explain(
        "lib.core.UserError: model_config may not be used as a field name. Use model_config for configuration.\n"
        "For further information visit https://errors.example.dev/u/model-config-invalid-field-name"
    )
    top = first(res)
    assert top.function == "collect" and top.approximate
    held = [m for m in res.matches if m.function == "Mock.rebuild"]
    assert all(m.approximate for m in held)


def test_the_words_before_the_trailer_still_answer_exact(matcher: Matcher) -> None:
    res = matcher.explain(
        "lib.core.UserError: model_config cannot be used as a model field name. Use model_config for model"
        " configuration.\n\nFor further information visit https://errors.example.dev/u/model-config-invalid-field-name"
    )
    top = first(res)
    assert top.function == "collect" and not top.approximate


def test_trailer_only_reads_the_link_line_or_parenthesis_as_the_trailer() -> None:
    pyd = "{self._error_message}\n\nFor further information visit https://errors.pydantic.dev/{v}/u/{self._code}"
    sqla = (
        "{...}\n({e.__class__.__name__}) {e}\n(Background on this error at: https://sqlalche.me/e/{v}/{code})"
    )
    assert trailer_only(pyd) and trailer_only(sqla)
    # words of its own before the trailer, on its line or another
    assert not trailer_only(
        "greenlet_spawn has not been called. (Background on this error at: https://x/{v}/xd2s)"
    )
    assert not trailer_only(
        "{name} is bad\nFor further information visit https://errors.example.dev/u/{code}"
    )
    # a message that is its link (no placeholder outside it), or no link at all
    assert not trailer_only("See https://example.dev/{page} for {name}")
    assert not trailer_only("{message}")


TICKED = """\
class ConfigError(Exception):
    pass


def check(name, mode):
    if name == "model_config":
        raise ConfigError("`model_config` cannot be used as a model field name. Use `model_config` for configuration.")
    if mode == "strict":
        raise ConfigError(f"`{name}` is not allowed with ``strict`` mode")
    return name
"""


@pytest.fixture(scope="module")
def ticked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("ticked"), {"ticked/core.py": TICKED}) as m:
        yield m


def test_a_message_whose_code_spans_markdown_ate_is_exact(ticked: Matcher) -> None:
    # the template's backticks as a rendered issue shows them: gone
    res = ticked.explain(
        "ticked.core.ConfigError: model_config cannot be used as a model field name. Use model_config for configuration."
    )
    top = first(res)
    assert top.function == "check" and not top.approximate
    assert any("backticks" in r for r in top.reasons)
    # as written, the same answer without the loosening
    top = first(
        ticked.explain(
            "ConfigError: `model_config` cannot be used as a model field name. Use `model_config` for configuration."
        )
    )
    assert not top.approximate and not any("backticks" in r for r in top.reasons)


def test_backticks_are_optional_only_where_the_paste_lost_them_all() -> None:
    lits = ("`model_config`cannotbeused.Use`model_config`forit.",)
    assert unticked_fit(lits, "model_configcannotbeused.Usemodel_configforit.") is not None
    # the paste keeps one span's backticks: it is not a rendered page, the other is reworded
    assert unticked_fit(lits, "`model_config`cannotbeused.Usemodel_configforit.") is None
    # a doubled backtick is the template's text, not a span
    assert unticked_fit(("``strict``mode",), "strictmode") is None
    # the words must still all be there
    assert unticked_fit(lits, "model_configcannotbeused.") is None


LEADING = """\
class Booster:
    @property
    def best_iteration(self):
        best = self.attr("best_iteration")
        if best is not None:
            return int(best)
        raise AttributeError("`best_iteration` is only defined when early stopping is used.")

    @property
    def best_score(self):
        best = self.attr("best_score")
        if best is not None:
            return float(best)
        raise AttributeError("`best_score` is only defined when early stopping is used.")
"""


@pytest.fixture(scope="module")
def leading(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("leading"), {"boost/core.py": LEADING}) as m:
        yield m


@pytest.mark.parametrize(
    "paste",
    [
        # an issue title: the error in a code span of its own, which cannot nest the template's
        "`AttributeError: best_iteration is only defined when early stopping is used.` with boost 2.0",
        "AttributeError: best_iteration is only defined when early stopping is used.",
    ],
)
def test_a_template_opening_with_a_code_span_markdown_ate_is_exact(leading: Matcher, paste: str) -> None:
    # every key of so short a template holds a backtick: no key of the paste reached it, and
    # its word overlap alone made it a rewording
    top = first(leading.explain(paste))
    assert top.function == "Booster.best_iteration" and not top.approximate, top.reasons
    assert any("backticks" in r for r in top.reasons)


def test_the_first_word_is_ticked_only_when_the_paste_lost_every_backtick(leading: Matcher) -> None:
    from errdex.match.candidates import ticked_heads

    idx = leading.index
    assert ticked_heads(idx, "best_score is only defined when early stopping is used.")
    # a backtick left in the paste: it is not a rendered page
    assert not ticked_heads(idx, "best_score is only defined when `early` stopping is used.")
    # no first word followed by more text
    assert not ticked_heads(idx, "best_score")


INNER = """\
class TunerError(ValueError):
    pass


class Tuner:
    def prepare(self, peft_config):
        if peft_config.target_modules is None:
            raise TunerError("Please specify `target_modules` in `peft_config`")
        if peft_config.rank is None:
            raise TunerError("Please specify `rank` or `alpha` in `peft_config` for this model")
        return peft_config

    def check(self, peft_config):
        if not peft_config.layers:
            raise TunerError("No layers were found in the model for the modules given")
        return peft_config
"""


@pytest.fixture(scope="module")
def inner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("inner"), {"tuner/core.py": INNER}) as m:
        yield m


@pytest.mark.parametrize(
    ("paste", "exact"),
    [
        ("TunerError: Please specify target_modules in peft_config", True),
        ("ValueError: Please specify rank or alpha in peft_config for this model", True),
        # an issue's prose runs on after the text: the fit is full, its share of the paste small
        (
            "The error I got: TunerError: Please specify target_modules in peft_config, which says "
            "target_modules was not set properly in my peft_config. What should target_modules be?",
            False,
        ),
    ],
)
def test_code_spans_markdown_ate_inside_a_template_are_verified(
    inner: Matcher, paste: str, exact: bool
) -> None:
    # each key of the template is cut across a span's backtick: no key of the paste reaches it,
    # only its words did (a rewording, or nothing); the patterns sharing the most keys with the
    # paste are fitted again without their backticks
    res = inner.explain(paste)
    top = first(res)
    assert top.function == "Tuner.prepare", (top.template, top.reasons)
    assert top.template.startswith("Please specify `" + ("target" if "target" in paste else "rank"))
    assert top.approximate is not exact, top.reasons
    assert any("backticks" in r for r in top.reasons) or not exact


def test_code_spans_are_not_dropped_for_a_paste_that_keeps_a_backtick(inner: Matcher) -> None:
    # one span kept: the paste is not a rendered page, the other span's text is another wording
    res = inner.explain("TunerError: Please specify `target_modules` in peft_config")
    assert not any("backticks" in r for m in res.matches for r in m.reasons)
