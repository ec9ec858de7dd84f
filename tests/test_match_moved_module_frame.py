"""Frames of an older release whose module moved or whose function left its file (acc142,
issues46).

scikit-learn 0.22 printed ``sklearn/svm/base.py ... in _fit_liblinear``; the module is
``svm/_base.py`` now. A frame's path matches the catalogue's modulo a leading underscore on the
module or a package of its path when the function it names is in that file, so the frame breaks
the tie of two sites raising one text. A frame in a file its function has since left, printing
a raise that names only its class (``raise TypeError(``, its text on the lines below), names
none of that file's other raises of the class: the exact text elsewhere is the answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

BASE = """\
def _fit_liblinear(classes_):
    if len(classes_) < 2:
        raise ValueError(
            "This solver needs samples of at least 2 classes in the data, but the data contains only one"
            " class: %r" % classes_[0]
        )
    return classes_
"""

LOGISTIC = """\
class LogisticRegression:
    def fit(self, classes_):
        if len(classes_) < 2:
            raise ValueError(
                "This solver needs samples of at least 2 classes in the data, but the data contains only one"
                " class: %r" % classes_[0]
            )
        return self
"""

MOVED = (
    "Traceback (most recent call last):\n"
    '  File "feature_selection.py", line 30, in <module>\n'
    "    lsvc = LinearSVC().fit(dataX, dataY)\n"
    '  File "C:\\Anaconda2\\lib\\site-packages\\learnpkg\\svm\\{name}", line 881, in _fit_liblinear\n'
    '    " class: %r" % classes_[0])\n'
    "ValueError: This solver needs samples of at least 2 classes in the data, but the data contains only one class: 0\n"
)


def test_a_frame_of_a_module_made_private_names_its_function(learn: Matcher) -> None:
    res = learn.explain(MOVED.format(name="base.py"))
    assert res.matches and res.matches[0].function == "_fit_liblinear", res.verdict
    assert res.matches[0].path == "learnpkg/svm/_base.py"
    assert not res.matches[0].approximate
    assert any("in _fit_liblinear" in r for r in res.matches[0].reasons)


def test_a_moved_path_needs_the_function_in_that_file(learn: Matcher) -> None:
    # a frame naming a function the private module does not hold: no move is assumed, and the
    # two raises stay a tie the priors order (the public method first)
    res = learn.explain(MOVED.format(name="base.py").replace("in _fit_liblinear", "in _fit_other"))
    assert res.matches and res.matches[0].function == "LogisticRegression.fit"


API_UTIL = """\
def check_refs(x):
    if x:
        raise TypeError(
            f"Argument {x} was given a transformed reference, which this transformation cannot take"
        )


def resolve_kwargs(fun, args):
    if args:
        raise TypeError(
            f"keyword arguments could not be resolved to positions for {fun}"
        )
"""

CORE = """\
def shaped_abstractify(x):
    if not hasattr(x, "dtype"):
        raise TypeError(
            f"Cannot interpret value of type {type(x)} as an abstract array; it "
            "does not have a dtype attribute"
        )
    return x
"""

LEFT = (
    "Traceback (most recent call last):\n"
    '  File "/home/u/site-packages/arraypkg/api_util.py", line 547, in _shaped_abstractify_slow\n'
    "    raise TypeError(\n"
    "TypeError: Cannot interpret value of type <class '__main__.A'> as an abstract array; "
    "it does not have a dtype attribute\n"
)


@pytest.fixture(scope="module")
def learn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """One catalogue of both packages (the scikit-learn-like and the jax-like)."""
    files = {"learnpkg/__init__.py": "", "learnpkg/svm/__init__.py": "", "learnpkg/svm/_base.py": BASE}
    files |= {"learnpkg/linear_model/__init__.py": "", "learnpkg/linear_model/logistic.py": LOGISTIC}
    files |= {"arraypkg/__init__.py": "", "arraypkg/api_util.py": API_UTIL, "arraypkg/core.py": CORE}
    with package_matcher(Path(tmp_path_factory.mktemp("moved")), files) as m:
        yield m


def test_a_frame_in_a_file_its_function_left_names_no_raise_of_its_class_there(learn: Matcher) -> None:
    assert parse(LEFT).frames[-1].source == "raise TypeError("
    res = learn.explain(LEFT)
    assert res.matches, res.verdict
    best = res.matches[0]
    assert (best.path, best.function) == ("arraypkg/core.py", "shaped_abstractify")
    assert not best.approximate


def test_a_frame_in_its_functions_file_still_lands_on_its_raise(learn: Matcher) -> None:
    # the function is in the file: its own ``raise TypeError(`` is the frame's statement
    res = learn.explain(LEFT.replace("_shaped_abstractify_slow", "resolve_kwargs"))
    assert res.matches and res.matches[0].function == "resolve_kwargs"


# peft 0.3's ``peft/utils/config.py`` is ``peft/config.py`` now (its subpackage dropped from the
# path), the check reworded: the old frame still names its function there (issues21-issues88).
ADAPT_CONFIG = """\
CONFIG_NAME = "adapter_config.json"


class ConfigMixin:
    @classmethod
    def from_pretrained(cls, path):
        if not path:
            raise ValueError(f"Can't find '{CONFIG_NAME}' at '{path}'")
        if path == "/":
            raise ValueError("Cannot load a config from the file system root")
        return cls()
"""

ADAPT_MODEL = """\
class AdapterModel:
    @classmethod
    def from_pretrained(cls, model, model_id, config=None):
        if config is not None and not isinstance(config, dict):
            raise ValueError(f"The input config must be a dict, got {config.__class__}")
        if model_id == ".":
            raise ValueError("If model_id is a local path, then `adapters` must be passed in kwargs.")
        return cls()
"""

HOISTED = (
    "Traceback (most recent call last):\n"
    '  File "test.py", line 69, in <module>\n'
    "    model = AdapterModel.from_pretrained(model, save_path)\n"
    '  File "/envs/lora/lib/python3.8/site-packages/adaptpkg/peft_model.py", line 135, in from_pretrained\n'
    "    config = ConfigMixin.from_pretrained(model_id)\n"
    '  File "/envs/lora/lib/python3.8/site-packages/adaptpkg/{sub}config.py", line 101, in from_pretrained\n'
    "    raise ValueError(f\"Can't find config.json at '{{pretrained_model_name_or_path}}'\")\n"
    "ValueError: Can't find config.json at './sst2_lora'\n"
)


@pytest.fixture(scope="module")
def adapt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """A peft-like package whose config module sits at its top (it was under ``utils/``)."""
    files = {
        "adaptpkg/__init__.py": "",
        "adaptpkg/config.py": ADAPT_CONFIG,
        "adaptpkg/peft_model.py": ADAPT_MODEL,
    }
    files |= {"adaptpkg/utils/__init__.py": "", "adaptpkg/utils/other.py": "def helper():\n    return 1\n"}
    with package_matcher(Path(tmp_path_factory.mktemp("hoisted")), files) as m:
        yield m


def test_a_frame_of_a_module_moved_out_of_its_subpackage_names_its_function(adapt: Matcher) -> None:
    res = adapt.explain(HOISTED.format(sub="utils/"))
    assert res.matches, res.verdict
    best = res.matches[0]
    assert (best.path, best.function) == ("adaptpkg/config.py", "ConfigMixin.from_pretrained"), best
    assert any("adaptpkg/config.py:101" in r for r in best.reasons), best.reasons


def test_a_hoisted_path_needs_the_function_in_that_file(adapt: Matcher) -> None:
    # the frame names a function the top-level module does not hold: no move is assumed, and the
    # deepest frame the catalogue holds (the model's from_pretrained) stands
    res = adapt.explain(
        HOISTED.format(sub="utils/").replace("line 101, in from_pretrained", "line 101, in load_config")
    )
    assert res.matches and res.matches[0].function == "AdapterModel.from_pretrained"
