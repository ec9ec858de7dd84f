"""A message pasted alone whose class only compiled code raises (a package the catalogue does not
hold: ``pydantic_core._pydantic_core.ValidationError``) is answered at the library's functions
documented to raise that class, each at its call into the code that raised: approximate, kind
``call``. On a real catalogue of a small package indexed here (``index_helpers.package_matcher``),
whose compiled engine ``fastcore`` is not in it."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match.documented import chosen_call, documented_in, overlap, raises_passage
from errdex.match.result import CALL_KIND
from errdex.model import CallFact, CodeFacts, FunctionFact, ImportFact

_MODEL = '''\
import warnings

from fastcore import FastError, Validator

from pkg.errors import UserError


class Model:
    def __init__(self, **data):
        """Build a model from keyword arguments.

        Raises [`FastError`][fastcore.FastError] if the input data cannot be
        validated to form a valid model.

        `self` is positional-only.
        """
        warnings.warn("deprecated")
        self.check(data)
        self.__validator__.validate_python(data, self_instance=self)

    def check(self, data):
        if not isinstance(data, dict):
            raise UserError("data must be a dict")

    @classmethod
    def from_json(cls, text):
        """Parse a model from JSON.

        Raises:
            FastError: If `text` is not a JSON string or the object could not be validated.
            UserError: If `text` is empty.
        """
        if not text:
            raise UserError("empty text")
        return cls.__validator__.validate_json(text)

    def dump(self):
        """The model as a dict.

        Returns:
            A dict; a FastError of the fields is kept in it.
        """
        return self.__serializer__.to_python(self)


def make_validator(schema):
    """A validator of a schema.

    Raises:
        FastError: If the schema is invalid.
    """
    return Validator(schema)


def validate_all(items):
    try:
        return [Model(**i) for i in items]
    except FastError as err:
        raise err
'''

# a class of the same name the library defines itself (pydantic.v1's own ValidationError): its
# documented raises are not the compiled class's
_OLD = '''\
class FastError(ValueError):
    pass


class OldModel:
    def __init__(self, **data):
        """Build an old model.

        Raises:
            FastError: If the input data cannot be validated to form a valid model.
        """
        self.__fields__.validate(data)
        if not data:
            raise FastError(f"{len(data)} validation errors")
'''

_ERRORS = """\
class UserError(TypeError):
    pass
"""

_FILES = {"pkg/__init__.py": "", "pkg/model.py": _MODEL, "pkg/old.py": _OLD, "pkg/errors.py": _ERRORS}
_INVALID = (
    "fastcore._fastcore.FastError: 1 validation error for Model\nname\n"
    "  Input should be a valid string [type=string_type, input_value=1, input_type=int]"
)


def test_a_compiled_class_is_answered_at_the_documented_functions_calls(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_INVALID)
    call = first(res)
    assert call.kind == CALL_KIND and call.is_call and call.approximate
    # the call into the engine, not ``warnings.warn`` (the standard library) nor ``self.check``
    assert (call.path, call.line, call.function) == ("pkg/model.py", 19, "Model.__init__")
    assert call.exc_type == "fastcore._fastcore.FastError"
    assert call.template == "self.__validator__.validate_python(...)"
    assert "its docstring says it raises the pasted class" in call.reasons[0]
    assert res.outcome == "approximate"
    assert res.verdict.startswith(
        "no exact match: FastError is raised by code the catalogue does not hold (fastcore); "
    )
    calls = [(x.path, x.line, x.function) for x in res.matches if x.is_call]
    # every documented function, the description sharing most of the message's words first
    # ("input", "valid", "model"; then "string"), each at its call that can reach the package:
    # a class imported from it is called in ``make_validator``. ``dump`` names the class outside
    # ``Raises``; the library's own ``FastError`` of pkg/old.py is another class
    assert calls == [
        ("pkg/model.py", 19, "Model.__init__"),
        ("pkg/model.py", 35, "Model.from_json"),
        ("pkg/model.py", 52, "make_validator"),
    ]


def test_the_message_s_words_choose_among_documented_functions(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain("fastcore._fastcore.FastError: Invalid JSON: expected value at line 1 column 2")
    assert (first(res).function, first(res).line) == ("Model.from_json", 35)


def test_a_class_without_its_module_or_of_an_indexed_package_is_not_answered_so(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        bare = m.explain("FastError: 1 validation error for Model")
        own = m.explain("pkg.old.FastError: 1 validation error for Model")
    # a bare name is too common a word to stand for the compiled class; a class of an indexed
    # package has raise statements of its own
    assert not any(x.is_call for x in bare.matches)
    assert not any(x.is_call for x in own.matches)


def test_a_library_writing_the_class_s_message_is_not_answered_so(tmp_path: Path) -> None:
    # requests' HTTPError raised by the library with its own text (``raise HTTPError(msg)``):
    # the message is one of those raises', not compiled code's
    files = dict(_FILES)
    files["pkg/model.py"] = _MODEL.replace("        raise err\n", "        raise FastError(str(err))\n")
    with package_matcher(tmp_path, files) as m:
        res = m.explain(_INVALID)
    assert not any(x.is_call for x in res.matches)


def test_raises_passage_reads_every_docstring_style() -> None:
    google = "Validate.\n\nRaises:\n    FastError: If invalid.\n        More words.\n    ValueError: other\n"
    assert raises_passage(google, "FastError") == "FastError: If invalid.\nMore words."
    numpy = (
        "Norm.\n\nRaises\n------\nAxisError\n    If an axis is out of range\nValueError\n    If repeated\n"
    )
    assert raises_passage(numpy, "AxisError") == "AxisError\nIf an axis is out of range"
    assert raises_passage(numpy, "ValueError") == "ValueError\nIf repeated"
    prose = "Build.\n\nRaises [`FastError`][fastcore.FastError] if the input\ncannot be read.\n\nOther.\n"
    assert (
        raises_passage(prose, "FastError")
        == "Raises [`FastError`][fastcore.FastError] if the input\ncannot be read."
    )
    assert raises_passage(":raises FastError: when bad", "FastError") == ":raises FastError: when bad"
    # named, but not as raised: a return value, an example, another class sharing a prefix
    assert raises_passage("Dump.\n\nReturns:\n    A FastError of the fields.\n", "FastError") is None
    assert raises_passage("Raises:\n    FastErrorGroup: If many.\n", "FastError") is None


def test_chosen_call_is_the_one_that_can_reach_the_package() -> None:
    fn = FunctionFact("Model.load", 1, 9, "Model")
    facts = CodeFacts(
        functions=[fn],
        imports=[
            ImportFact("loads", "fastcore.loads"),
            ImportFact("warnings", "warnings"),
            ImportFact("h", "h", 1),
        ],
    )

    def calls(*callees: str) -> list[CallFact]:
        return [CallFact("Model.load", c, n) for n, c in enumerate(callees, 2)]

    assert chosen_call(facts, fn, calls("warnings.warn", "self.engine.run", "loads"), "fastcore") == CallFact(
        "Model.load", "loads", 4
    )
    assert chosen_call(facts, fn, calls("h.helper", "self.check", "self.engine.run"), "fastcore") == CallFact(
        "Model.load", "self.engine.run", 4
    )
    # an argument's method, a builtin, the class's own method: none reaches the package
    assert chosen_call(facts, fn, calls("text.strip", "len", "self.check"), "fastcore") is None
    # another function's calls are not this one's
    assert chosen_call(facts, fn, [CallFact("Model.other", "loads", 3)], "fastcore") is None


def test_documented_in_needs_the_class_imported_from_the_package() -> None:
    doc = "Load.\n\nRaises:\n    FastError: If bad.\n"
    fn = FunctionFact("load", 1, 3, None, (), doc)
    calls = [CallFact("load", "engine_load", 2)]
    held = CodeFacts(
        functions=[fn],
        imports=[ImportFact("FastError", "fastcore.FastError"), ImportFact("engine_load", "fastcore.load")],
    )
    other = CodeFacts(
        functions=[fn],
        imports=[ImportFact("FastError", "pkg.errors.FastError"), ImportFact("engine_load", "fastcore.load")],
    )
    assert [
        (d.function.qualname, d.call.line) for d in documented_in(held, calls, "FastError", "fastcore")
    ] == [("load", 2)]
    assert documented_in(other, calls, "FastError", "fastcore") == []
    assert overlap("Invalid JSON: at line 1", "If `text` is not a JSON string", "FastError") == 1
    assert overlap("FastError: the error", "FastError: the error", "FastError") == 0
    # a URL's words and a cross-reference's target describe nothing
    message = "Invalid JSON at line 1\n  For further information visit https://errors.fastcore.dev/v/json"
    assert (
        overlap(message, "Raises [`FastError`][fastcore.FastError] if the text is not JSON", "FastError") == 1
    )
    assert overlap(message, "Raises [`FastError`][fastcore.FastError] if the data is bad", "FastError") == 0


# pydantic's shape: the model's ``__init__`` and its two ``model_validate*`` methods, each
# documented to raise the compiled core's ``ValidationError``
_BASE = '''\
from fastcore import ValidationError


class BaseModel:
    def __init__(self, **data):
        """Raises [`ValidationError`][fastcore.ValidationError] if the input data cannot be
        validated to form a valid model."""
        self.__validator__.validate_python(data, self_instance=self)

    @classmethod
    def model_validate(cls, obj):
        """Raises:
            ValidationError: If the object could not be validated.
        """
        return cls.__validator__.validate_python(obj)

    @classmethod
    def model_validate_json(cls, json_data):
        """Raises:
            ValidationError: If `json_data` is not a JSON string or the object could not be validated.
        """
        return cls.__validator__.validate_json(json_data)


def validate_all(items):
    try:
        return [BaseModel(**i) for i in items]
    except ValidationError as err:
        raise err
'''


def test_a_whole_input_model_type_error_answers_the_method_its_wording_names(tmp_path: Path) -> None:
    # ``model_type`` with no location line: the input as a whole was no mapping, never
    # ``__init__``'s keyword arguments; "an object" is JSON's wording, "a valid dictionary" Python's
    head = "fastcore._fastcore.ValidationError: 1 validation error for User\n"
    json_input = "  Input should be an object [type=model_type, input_value=[1, 2], input_type=list]"
    py_input = "  Input should be a valid dictionary or instance of User [type=model_type, input_value='a', input_type=str]"
    field = "name\n  Input should be a valid string [type=string_type, input_value=1, input_type=int]"
    with package_matcher(tmp_path, {"pkg/__init__.py": "", "pkg/main.py": _BASE}) as m:
        got = [first(m.explain(head + text)).function for text in (json_input, py_input, field)]
    assert got[:2] == ["BaseModel.model_validate_json", "BaseModel.model_validate"]
    assert got[2] != got[0] and got[2] != got[1]  # a field's error: the shape names no method
