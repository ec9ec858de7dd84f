"""A class-name placeholder holding a class another codebase defines (issues21-issues88).

peft's ``AuxiliaryTrainingWrapper.__getattr__`` copies torch's ``Module.__getattr__`` line,
``raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")``. A paste of
torch's error on a sentence-transformers model (``'SentenceTransformer' object has no attribute
'model_body'``, raising line and all) fits that template whole, yet ``type(self)`` of the
wrapper's method is the wrapper or a subclass of it, never a class of another library with no
such base: the site stays an answer, not an exact one. A name the catalogue knows no class of (a
user's own subclass) and the site's own class or a subclass keep the exact answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import codebases_matcher

from errdex.match import Matcher

WRAPPERS = """\
class TrainingWrapper:
    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            pass
        if name in ("original", "modules"):
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        return getattr(self.original, name)


class ModulesWrapper(TrainingWrapper):
    pass


class EnumKind(type):
    def __setattr__(cls, name, value):
        if name in cls.__dict__.get("_members", ()):
            raise AttributeError(f"{cls.__name__}: cannot rebind member {name!r}.")
        super().__setattr__(name, value)
"""

# the catalogue records the classes below a class whose message prints ``type(self)``'s name
# (sentence-transformers' models under its ``BaseModel``): the codebase's own classes it knows
ENCODERS = """\
class BaseEncoder:
    def encode(self, texts):
        if not texts:
            raise ValueError(f"{self.__class__.__name__}.encode() was given no texts")
        return texts


class SentenceEncoder(BaseEncoder):
    pass
"""

PASTE = (
    "raise AttributeError(f\"'{{type(self).__name__}}' object has no attribute '{{name}}'\") "
    "AttributeError: '{cls}' object has no attribute 'model_body'"
)


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    codebases = {
        "wrappers": {"wrappers/__init__.py": "", "wrappers/other.py": WRAPPERS},
        "encoders": {"encoders/__init__.py": "", "encoders/model.py": ENCODERS},
    }
    with codebases_matcher(Path(tmp_path_factory.mktemp("elsewhere")), codebases) as m:
        yield m


def test_a_class_of_another_codebase_leaves_the_copied_raise_approximate(both: Matcher) -> None:
    res = both.explain(PASTE.format(cls="SentenceEncoder"))
    assert res.matches, res.verdict
    assert res.matches[0].function == "TrainingWrapper.__getattr__"
    assert res.matches[0].approximate, res.matches[0].reasons


@pytest.mark.parametrize("cls", ["TrainingWrapper", "ModulesWrapper", "MyOwnWrapper"])
def test_the_sites_class_a_subclass_or_an_unknown_name_stays_exact(both: Matcher, cls: str) -> None:
    res = both.explain(PASTE.format(cls=cls))
    assert res.matches and res.matches[0].function == "TrainingWrapper.__getattr__", res.verdict
    assert not res.matches[0].approximate, res.matches[0].reasons


def test_a_metaclass_naming_the_class_made_with_it_stays_exact(both: Matcher) -> None:
    # ``cls`` of a metaclass's method is a class made with it (a user's enum), no subclass of
    # the metaclass: its name may be any class's the catalogue knows and still be printed there
    res = both.explain("AttributeError: SentenceEncoder: cannot rebind member 'RED'.")
    assert res.matches and res.matches[0].function == "EnumKind.__setattr__", res.verdict
    assert not res.matches[0].approximate, res.matches[0].reasons
