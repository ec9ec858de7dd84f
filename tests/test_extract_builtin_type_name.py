"""A helper building an exception from a class its caller passes (``_mismatch(obj, str, name)``)
shows ``{ttype.__name__}``: for a built-in class named in the call, that name is known where the
call is written (``is not a str``), so the template carries it as text instead of a
placeholder fitting any word. Exact templates from parsed code, never imported."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
class CheckError(TypeError):
    pass


def _mismatch(obj, ttype, name):
    return CheckError(f'Param "{name}" is not a {ttype.__name__}. Got {obj!r}')


def str_param(obj, name):
    if not isinstance(obj, str):
        raise _mismatch(obj, str, name)
    return obj


def inst_param(obj, ttype, name):
    if not isinstance(obj, ttype):
        raise _mismatch(obj, ttype, name)
    return obj
"""


def test_a_builtin_class_passed_to_a_helper_is_named_in_the_template() -> None:
    ex = extract([SourceFile("pkg/check.py", SOURCE.encode())], "local/pkg", jobs=1)
    by_function = {r.function: r.template for r in ex.records}
    # before: ``Param "{name}" is not a {str.__name__}. ...``, which fits every other helper's text
    assert by_function["str_param"] == 'Param "{name}" is not a str. Got {obj!r}'
    # a class given by the caller's own caller stays open
    assert by_function["inst_param"] == 'Param "{name}" is not a {ttype.__name__}. Got {obj!r}'
