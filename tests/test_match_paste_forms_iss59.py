"""Paste forms and answers issues59's first score missed. A log viewer's line numbers copied
onto the lines they number (AWS CodeBuild's ``285 | File "...", line 926, in run``): left on,
no frame or exception line was found and the whole paste read as one message. A repr'd value
closing before a sentence (``... schema for <class 'app.Model'>. Set `allowed=True` ...``): a
shorter template ending in ``{obj!r}.`` took the sentence as the repr's and explained "all" of
the message. And a traceback of another release whose last library frame calls compiled code
at a line the indexed release holds no function at (pydantic's ``BaseModel.__init__``, moved
by edits above it), beside a function of the frame's name in another package raising a class
of the pasted name (django's ``ValidationError.__init__``): the call was given up, and the
namesake counted as a function the traceback ran. The packages are small synthetic ones; the
real cases are issues59's botocore-002, pydantic-005 and pydantic-001
(docs/measurements/iss59.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

CLIENT = """\
class ClientError(Exception):
    MSG_TEMPLATE = "An error occurred ({error_code}) when calling the {operation_name} operation: {error_message}"

    def __init__(self, error_response, operation_name):
        msg = self.MSG_TEMPLATE.format(
            error_code=error_response["Code"],
            operation_name=operation_name,
            error_message=error_response["Message"],
        )
        super().__init__(msg)


class BaseClient:
    def _make_api_call(self, operation_name, api_params):
        parsed_response = self._send(operation_name, api_params)
        if parsed_response.get("Code"):
            raise ClientError(parsed_response, operation_name)
        return parsed_response
"""

SCHEMA = """\
class SchemaGenerationError(TypeError):
    pass


class GenerateSchema:
    def _pattern_schema(self, pattern_type):
        raise SchemaGenerationError(f"Unable to generate core schema for {pattern_type!r}.")

    def _unknown_type_schema(self, obj):
        raise SchemaGenerationError(
            f"Unable to generate core schema for {obj!r}. "
            "Set `arbitrary_types_allowed=True` in the model_config to ignore this error"
            " or implement `__get_core_schema__` on your type to fully support it."
            "\\n\\nIf you got this error by calling handler(<some type>) within"
            " `__get_core_schema__` then you likely need to call"
            " `handler.generate_schema(<some type>)` since we do not call"
            " `__get_core_schema__` on `<some type>` otherwise to avoid infinite recursion."
        )
"""

# a model whose validator is compiled code outside the catalogue (``corelib``): the line a
# frame of another release names, 8, is the class body's (``answer = 42``) in this release
MODEL = '''\
"""Models validated by compiled code."""

import corelib


class Model:
    """A model."""
    answer = 42
    extra = "forbid"

    def __init__(self, **data):
        """Build the model; the validator raises corelib's ValidationError on bad data."""
        self.__validator__ = corelib.validator(type(self))
        self.__validator__.validate_python(data, self_instance=self)

    def copy(self):
        raise TypeError("Model.copy is not supported: build a new model")
'''

# another package's class of the same name, raised in a function of the frame's name
OTHER = '''\
class ValidationError(Exception):
    """An error while validating data."""

    def __init__(self, message, code=None):
        super().__init__(message, code)
        if isinstance(message, dict):
            self.error_dict = {}
            for field, messages in message.items():
                if not isinstance(messages, ValidationError):
                    messages = ValidationError(messages)
                self.error_dict[field] = messages.error_list
        else:
            self.error_list = [self]
'''


# four packages of one codebase: the frame's ``modellib`` and the namesake's ``otherlib`` apart
FILES = {"awslib/client.py": CLIENT, "schemalib/generate.py": SCHEMA, "modellib/main.py": MODEL}
FILES["otherlib/exceptions.py"] = OTHER


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("iss59"), FILES) as m:
        yield m


DENIED = "An error occurred (AccessDenied) when calling the PutObject operation: Access Denied"

GUTTERED = """\
Stack trace:

Traceback (most recent call last):
--
285 | File "/root/.pyenv/versions/3.7.13/lib/python3.7/threading.py", line 926, in _bootstrap_inner
286 | self.run()
287 | File "/root/.pyenv/versions/3.7.13/lib/python3.7/site-packages/awslib/client.py", line 17, in _make_api_call
288 | raise ClientError(parsed_response, operation_name)
289 | awslib.client.ClientError: {message}
"""


def test_a_gutter_of_line_numbers_is_left_out() -> None:
    q = parse(GUTTERED.format(message=DENIED))
    assert q.exc_type == "awslib.client.ClientError"
    assert q.message == DENIED
    assert [f.function for f in q.frames] == ["_bootstrap_inner", "_make_api_call"]
    assert q.frames[-1].source == "raise ClientError(parsed_response, operation_name)"


def test_a_guttered_traceback_is_answered_at_its_raise(matcher: Matcher) -> None:
    top = first(matcher.explain(GUTTERED.format(message=DENIED)))
    assert (top.path, top.function) == ("awslib/client.py", "BaseClient._make_api_call")


@pytest.mark.parametrize(
    "text",
    [
        # two numbered lines: a report's own short list, not a gutter
        "ValueError: bad rows\n1 | a\n2 | b",
        # numbered out of step: a printed table's columns, not one line after another
        "ValueError: bad rows\n3 | a\n7 | b\n9 | c",
    ],
)
def test_numbers_that_are_no_gutter_stay(text: str) -> None:
    assert parse(text).message == text.split(": ", 1)[1]


SCHEMA_MESSAGE = (
    "Unable to generate core schema for <class 'app.analysis.analyzer.TweetAnalyzer'>. "
    "Set `arbitrary_types_allowed=True` in the model_config to ignore this error or implement "
    "`__get_core_schema__` on your type to fully support it."
)


@pytest.mark.parametrize(
    "paste",
    [
        f"schemalib.generate.SchemaGenerationError: {SCHEMA_MESSAGE}",
        # the error line in a one-line fence, the reporter's sentence under it
        f"I get the following error :\n```schemalib.generate.SchemaGenerationError: {SCHEMA_MESSAGE}```\n\n"
        "The documentation about the issue is pretty sparse",
    ],
)
def test_a_repr_closing_before_a_sentence_does_not_hold_the_sentence(matcher: Matcher, paste: str) -> None:
    # ``... for {pattern_type!r}.`` fits with its last ``.`` at the message's end only by taking
    # ``<class '...'>. Set `...` ... it`` as one repr: the sentence is the other template's text
    top = first(matcher.explain(paste))
    assert top.function == "GenerateSchema._unknown_type_schema", top.reasons


def test_a_repr_closing_at_its_end_is_still_one_value(matcher: Matcher) -> None:
    top = first(
        matcher.explain("SchemaGenerationError: Unable to generate core schema for <class 'app.Model'>.")
    )
    assert top.function == "GenerateSchema._pattern_schema"
    assert not top.approximate, top.reasons


LISTING = "1 validation error for Model\nx\n  Extra inputs are not permitted [type=extra_forbidden, input_value='1', input_type=str]"

COMPILED = """\
Traceback (most recent call last):
  File "/home/u/app/main.py", line 29, in <module>
    model = Model(x="1")
  File "/home/u/venv/lib/python3.9/site-packages/modellib/main.py", line {line}, in __init__
    self.__validator__.validate_python(data, self_instance=self)
corelib._core.ValidationError: {listing}
"""


@pytest.mark.parametrize(
    "line",
    [
        8,  # another release's line, in this release's class body: the call moved down
        14,  # this release's line of the call
    ],
)
def test_a_call_into_compiled_code_is_the_answer_past_a_namesake_elsewhere(
    matcher: Matcher, line: int
) -> None:
    # ``otherlib``'s ``ValidationError.__init__`` raises a class of the pasted name in a function
    # of the frame's name, in another package than the frame's file: the traceback never ran it
    top = first(matcher.explain(COMPILED.format(line=line, listing=LISTING)))
    assert (top.path, top.line, top.function) == ("modellib/main.py", 14, "Model.__init__"), top.reasons
    assert top.approximate  # no statement holds the text: the call is where it was raised


def test_a_moved_call_is_not_guessed_among_several(matcher: Matcher) -> None:
    # a frame of another release printing a call this release's function makes on two lines
    # (``corelib.validator`` is called once, ``validate_python`` once; ``__init__`` calls both
    # only through those names): no such call, the line of the frame stands as no answer
    paste = COMPILED.format(line=8, listing=LISTING).replace(
        "self.__validator__.validate_python(data, self_instance=self)", "self.check(data)"
    )
    res = matcher.explain(paste)
    assert all(m.line != 14 for m in res.matches[:1])
