"""A paste that is one ``raise`` statement and nothing else (issue #10, issues15-issues85's
cloudpickle miss: an issue titled ``raise pickle.PicklingError(msg)``, the line its traceback
stopped on): the catalogue's statements with that first line, raising the class it builds, are
the answers. On a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match.matcher import lone_raise

_PICKLER = """\
import pickle


class Pickler(pickle.Pickler):
    def dump(self, obj):
        try:
            return super().dump(obj)
        except RecursionError as e:
            msg = "Could not pickle object as excessively deep recursion required."
            raise pickle.PicklingError(msg) from e


def file_reduce(obj):
    raise pickle.PicklingError("Cannot pickle files that are not opened for reading")


def check(obj):
    if obj is None:
        raise ValueError("no object")
"""


def test_a_paste_of_one_raise_statement_is_answered_by_that_statement(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/pickler.py": _PICKLER}) as m:
        for paste in ("raise pickle.PicklingError(msg)", "`raise pickle.PicklingError(msg) from e`"):
            res = m.explain(paste)
            assert res.matches, paste
            assert first(res).function == "Pickler.dump", [x.function for x in res.matches]


def test_only_a_lone_statement_reads_so() -> None:
    assert lone_raise("  raise pickle.PicklingError(msg)\n") == "raise pickle.PicklingError(msg)"
    assert lone_raise("raise X(msg)\nX: text") is None
    assert lone_raise("I raise X(msg) here") is None
    assert lone_raise("raise " + "x" * 600) is None
