"""Deprecation registries a module ``__getattr__`` warns or raises from (issue #10): the text is
written at import, handed to a function of the codebase, and read back by a hook that runs when
the attribute is read, so no raise or warn statement holds it.

- cryptography: ``utils.deprecated(TripleDES, __name__, "TripleDES has been moved ...",
  utils.DeprecatedIn43, name="TripleDES")`` at module level stores a ``_DeprecatedValue``;
  ``_ModuleWithDeprecations.__getattr__`` (and ``__delattr__``) warn ``obj.message``.
- jax: ``_deprecations = {"shard_map": ("... is deprecated ...", shard_map)}`` and ``__getattr__ =
  deprecation_getattr(__name__, _deprecations)``; the closure unpacks ``message, fn =
  deprecations[name]``, raises ``AttributeError(message)`` for a row without a function and
  warns it otherwise.
- numpy's form: the module's own ``def __getattr__`` unpacking ``val, msg = DEPRECATED[attr]``.

Before, each site's only record was the placeholder (``{obj.message}``, ``{message}``, ``{msg}``):
issues56's cryptography-001..004 and jax-001/002 found nothing. The records stay at the warn or
raise statement in the hook, where the warning's category and the traceback's last frame are.

The packages are synthetic, parsed and never imported."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

UTILS = """\
import sys, types, warnings


class _DeprecatedValue:
    def __init__(self, value, message, warning_class):
        self.value = value
        self.message = message
        self.warning_class = warning_class


class _ModuleWithDeprecations(types.ModuleType):
    def __init__(self, module):
        super().__init__(module.__name__)
        self.__dict__["_module"] = module

    def __getattr__(self, name):
        obj = getattr(self._module, name)
        if isinstance(obj, _DeprecatedValue):
            warnings.warn(obj.message, obj.warning_class, stacklevel=2)
            obj = obj.value
        return obj

    def __delattr__(self, attr):
        obj = getattr(self._module, attr)
        if isinstance(obj, _DeprecatedValue):
            warnings.warn(obj.message, obj.warning_class, stacklevel=2)
        delattr(self._module, attr)


def deprecated(value, module_name, message, warning_class, name=None):
    module = sys.modules[module_name]
    if not isinstance(module, _ModuleWithDeprecations):
        sys.modules[module_name] = module = _ModuleWithDeprecations(module)
    dv = _DeprecatedValue(value, message, warning_class)
    if name is not None:
        setattr(module, name, dv)
    return dv


class ProjDeprecationWarning(UserWarning):
    pass


def describe(thing):
    print("the thing is described here", thing)
"""

ALGORITHMS = """\
from proj import utils


class Old:
    pass


utils.deprecated(
    Old,
    __name__,
    "Old has been moved to proj.decrepit.Old and will be removed from proj.algorithms in 49.0.0.",
    utils.ProjDeprecationWarning,
    name="Old",
)
utils.describe("a text that is printed, not registered")
"""

DEPRECATIONS = """\
import functools
import warnings


def deprecation_getattr(module, deprecations):
    @functools.cache
    def getattr(name):
        if name in deprecations:
            message, fn = deprecations[name]
            if fn is None:
                raise AttributeError(message)
            warnings.warn(message, DeprecationWarning, stacklevel=2)
            return fn
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return getattr
"""

EXPERIMENTAL = """\
from proj.deprecations import deprecation_getattr as _deprecation_getattr


def new_map():
    pass


_deprecations = {
    "old_map": (
        "proj.experimental.old_map is deprecated in v0.8.0. Use proj.new_map instead.",
        new_map,
    ),
    "replicate": (
        "proj.replicate is deprecated; use proj.put"
        " instead.",
        None,
    ),
}

import typing

if typing.TYPE_CHECKING:
    pass
else:
    __getattr__ = _deprecation_getattr(__name__, _deprecations)
    del _deprecation_getattr
"""

OWN = """\
import warnings

__deprecated_attrs__ = {
    "float_": (float, "proj.float_ was removed in the 2.0 release, use proj.float64 instead"),
}


def __getattr__(attr):
    if attr in __deprecated_attrs__:
        val, msg = __deprecated_attrs__[attr]
        warnings.warn(msg, DeprecationWarning, stacklevel=2)
        return val
    raise AttributeError("module has no attribute %r" % attr)
"""


def _records() -> dict[tuple[str, str], set[str]]:
    files = {
        "proj/utils.py": UTILS,
        "proj/algorithms.py": ALGORITHMS,
        "proj/deprecations.py": DEPRECATIONS,
        "proj/experimental.py": EXPERIMENTAL,
        "proj/own.py": OWN,
    }
    ex = extract([SourceFile(p, t.encode()) for p, t in files.items()], "local/proj", jobs=1)
    got: dict[tuple[str, str], set[str]] = {}
    for r in ex.records:
        got.setdefault((r.function, r.exc_type), set()).add(r.template)
    return got


def test_a_text_handed_to_a_registering_function_is_warned_by_the_module_hook() -> None:
    got = _records()
    text = "Old has been moved to proj.decrepit.Old and will be removed from proj.algorithms in 49.0.0."
    warned = {t for (f, _), ts in got.items() if f == "_ModuleWithDeprecations.__getattr__" for t in ts}
    deleted = {t for (f, _), ts in got.items() if f == "_ModuleWithDeprecations.__delattr__" for t in ts}
    # before: {"{obj.message}"}
    assert warned == {text}, got
    assert deleted == {text}, got
    # a call handing text to a function of the module that no hook reads back is no record
    assert not any("printed, not registered" in t for ts in got.values() for t in ts), got


def test_the_rows_of_a_dict_handed_to_a_hook_factory_are_its_texts() -> None:
    got = _records()
    fn = "deprecation_getattr.<locals>.getattr"
    texts = {
        "proj.experimental.old_map is deprecated in v0.8.0. Use proj.new_map instead.",
        "proj.replicate is deprecated; use proj.put instead.",
    }
    # before: {"{message}"} at each
    assert texts <= got[(fn, "DeprecationWarning")], got
    assert texts <= got[(fn, "AttributeError")], got
    assert "{message}" not in got[(fn, "DeprecationWarning")], got
    # the closure's own raise is untouched
    assert "module {module!r} has no attribute {name!r}" in got[(fn, "AttributeError")], got


def test_a_module_getattr_unpacking_its_own_dict_warns_its_rows() -> None:
    got = _records()
    assert got[("__getattr__", "DeprecationWarning")] == {
        "proj.float_ was removed in the 2.0 release, use proj.float64 instead"
    }, got
