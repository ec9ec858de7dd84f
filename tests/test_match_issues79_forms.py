"""Paste forms of popular-issues79 (issue #10) on real catalogues indexed from fixture code:

- a library catching its dependency's error and raising its own with that text (boto3's
  ``except ClientError as e: raise S3UploadFailedError(f"Failed to upload ...: {e}")`` around
  botocore's ``An error occurred (AccessDenied) when calling the PutObject operation: ...``;
  boto3-001): the outer raise of the other codebase is exact, its handler naming the inner
  raise's class, where its own few words alone left it approximate under the inner template;
- an IPython traceback whose header names the chain's first class (``ClientError   Traceback
  ...``) with its middle cut and elided (``[...]``), its last line the handler's class and text
  (boto3-001): that line is the error, not the header's class over every line left;
- a short lead-in sentence, then a class qualified by a package of capitals
  (``I got this error: PIL.UnidentifiedImageError: cannot identify image file ...``;
  pillow-001): the class is read as Python prints it, past the reporter's words;
- the error's text after "error:" inside a reporter's sentence, among other sentences, no
  class (``When importing tqdm in notebook, it is showing error: IProgress not found. ...``;
  tqdm-001): that text read alone is the message a raise prints.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import codebases_matcher, first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

SVC_ERRORS = """\
class ServiceError(Exception):
    pass


def call(operation, code, message):
    raise ServiceError(f"An error occurred ({code}) when calling the {operation} operation: {message}")
"""


def upload_module(caught: str) -> str:
    """The dependent codebase's upload, its handler catching ``caught``."""
    return f"""\
from svccore.errors import ServiceError, call


class UploadFailedError(Exception):
    pass


def upload_file(filename, bucket, key):
    try:
        call("PutObject", "AccessDenied", "Access Denied")
    except {caught} as e:
        raise UploadFailedError(f"Failed to upload {{filename}} to {{bucket}}/{{key}}: {{e}}")
"""


LINE = (
    "UploadFailedError: Failed to upload data/train.csv to team-bucket/reuse-blog/training_data/train.csv: "
    "An error occurred (AccessDenied) when calling the PutObject operation: Access Denied"
)

IPYTHON = (
    "---------------------------------------------------------------------------\n"
    "ServiceError                              Traceback (most recent call last)\n"
    "/opt/conda/lib/python3.7/site-packages/s3wrap/transfer.py in upload_file(filename, bucket, key)\n"
    "      9     try:\n"
    '---> 10         call("PutObject", "AccessDenied", "Access Denied")\n'
    "     11     except ServiceError as e:\n"
    "\n"
    "/opt/conda/lib/python3.7/site-package\n"
    "\n"
    "[...]\n"
    "\n" + LINE
)


def two_codebases(caught: str) -> dict[str, dict[str, str]]:
    """The service library and the one wrapping it, to index as two codebases into one catalogue."""
    return {
        "svccore": {"svccore/__init__.py": "", "svccore/errors.py": SVC_ERRORS},
        "s3wrap": {"s3wrap/__init__.py": "", "s3wrap/transfer.py": upload_module(caught)},
    }


@pytest.fixture(scope="module")
def wrapped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with codebases_matcher(Path(tmp_path_factory.mktemp("wrapped")), two_codebases("ServiceError")) as m:
        yield m


@pytest.fixture(scope="module")
def unhandled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with codebases_matcher(Path(tmp_path_factory.mktemp("unhandled")), two_codebases("OSError")) as m:
        yield m


def test_the_raise_wrapping_a_dependencys_caught_error_is_exact(wrapped: Matcher) -> None:
    top = first(wrapped.explain(LINE))
    assert (top.path, top.function) == ("s3wrap/transfer.py", "upload_file")
    assert not top.approximate, top.reasons
    assert top.values["e"].startswith("An error occurred (AccessDenied)")


def test_without_a_handler_for_its_class_the_other_codebases_text_is_no_caught_error(
    unhandled: Matcher,
) -> None:
    # the same words side by side, but nothing says the wrapping raise caught the service's error
    top = first(unhandled.explain(LINE))
    assert top.path == "s3wrap/transfer.py"
    assert top.approximate


def test_an_elided_ipython_chain_ends_in_the_handlers_error_line() -> None:
    q = parse(IPYTHON)
    assert q.exc_type == "UploadFailedError"
    assert q.message.startswith("Failed to upload data/train.csv")


def test_an_ipython_error_line_of_the_headers_class_is_read_as_before() -> None:
    q = parse(
        "ValueError                                Traceback (most recent call last)\n"
        "<ipython-input-3-1> in <module>\n"
        "----> 1 check(-1)\n"
        "\n"
        "ValueError: value must be positive"
    )
    assert (q.exc_type, q.message) == ("ValueError", "value must be positive")


def test_the_elided_ipython_chain_finds_the_wrapping_raise(wrapped: Matcher) -> None:
    top = first(wrapped.explain(IPYTHON))
    assert (top.path, top.function) == ("s3wrap/transfer.py", "upload_file")
    assert not top.approximate, top.reasons


def test_a_class_of_a_capitalised_package_after_a_lead_in_is_read() -> None:
    q = parse(
        "I got this error: PIL.UnidentifiedImageError: cannot identify image file while reading pics\n"
        'from a directory using "from PIL import Image".'
    )
    assert q.exc_type == "PIL.UnidentifiedImageError"
    assert q.message.startswith("cannot identify image file while reading pics")


def test_capitalised_words_before_a_label_stay_prose() -> None:
    # no exception's suffix on the last part: a sentence, not a class
    q = parse("Note: See.Below: the steps we took\nand more prose")
    assert q.exc_type is None


NOTEBOOK = """\
WARN_NOWIDGETS = ("IProgress not found. Please update jupyter and ipywidgets."
                  " See https://ipywidgets.readthedocs.io/en/stable/user_install.html")


def status_printer(widget, total):
    if widget is None:
        raise ImportError(WARN_NOWIDGETS)
    return widget(total)
"""

SENTENCES = (
    "This solution is not working on SageMaker Studio Notebook with images `pytorch 1.12 python 3.8 CPU`.\n"
    "When importing tqdm in notebook, it is showing error: IProgress not found. "
    "Please update jupyter and ipywidgets.\n"
    "\n"
    "Have not tested on other images yet."
)


@pytest.fixture(scope="module")
def notebook(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"barpkg/__init__.py": "", "barpkg/notebook.py": NOTEBOOK}
    with package_matcher(Path(tmp_path_factory.mktemp("leadin")), files) as m:
        yield m


def test_the_text_after_a_lead_in_inside_a_sentence_is_the_message(notebook: Matcher) -> None:
    top = first(notebook.explain(SENTENCES))
    assert (top.path, top.function) == ("barpkg/notebook.py", "status_printer")
    assert not top.approximate, top.reasons


def test_a_lead_in_before_the_reporters_own_words_gives_no_exact_answer(notebook: Matcher) -> None:
    res = notebook.explain(
        "We upgraded the notebook image last week.\n"
        "Since then the kernel dies with error: something about widgets missing, no idea why.\n"
        "\n"
        "Any help appreciated."
    )
    assert not res.exact_top


CONFIG = """\
class SchemaError(ValueError):
    pass


def check(name, count):
    raise SchemaError(f"{name} must be valid exactly by one definition ({count} matches found)")


def validate(ex):
    error = f"invalid config: {ex.name}."
    summary = f"configuration error: {ex.summary}"
    raise ValueError(f"{error}\\n{summary}") from None
"""

QUOTED_BUILD = (
    "|ValueError: invalid config: `project.license`.\n"
    "|    configuration error: `project.license` must be valid exactly by one definition (2 matches found):\n"
    "|        - keys:\n"
    "|            'file': {type: string}\n"
    "|          required: ['file']\n"
    "|    ERROR Backend subprocess exited when trying to invoke build_wheel"
)


def test_a_lead_in_inside_a_named_classs_text_is_that_errors_own_words(tmp_path: Path) -> None:
    # under a class's error line every line is its text: the library's own "configuration
    # error: ..." holds another raise's words, and the paste is not read from there on
    files = {"cfgpkg/__init__.py": "", "cfgpkg/config.py": CONFIG}
    with package_matcher(tmp_path, files) as m:
        res = m.explain(QUOTED_BUILD)
    assert "lead-in" not in res.verdict
    assert first(res).function == "validate"


SENTRY_EVENT = (
    "MissingSchema: Invalid URL 'example.com/...': No schema supplied. Perhaps you meant http://example.com/...?\n"
    "(6 additional frame(s) were not displayed)\n"
    "...\n"
    '  File "urlpkg/models.py", line 8, in prepare_url\n'
    "    raise MissingSchema(error)\n"
    "\n"
    "Unhandled exception in task 5b84b0c1-e087-4557-924c-ac5d5ae2b985."
)

URLS = """\
class MissingSchema(ValueError):
    pass


class InvalidURL(ValueError):
    pass


def prepare_url(url, parse):
    try:
        scheme = parse(url)
    except KeyError as e:
        raise InvalidURL(*e.args)
    if not scheme:
        raise MissingSchema(f"Invalid URL {url!r}: No scheme supplied. Perhaps you meant https://{url}?")
"""


def test_a_sentry_events_class_without_an_exceptions_suffix_is_its_error_line() -> None:
    # the worker's line after the frames is the event's title, not the exception
    q = parse(SENTRY_EVENT)
    assert q.exc_type == "MissingSchema"
    assert q.message.startswith("Invalid URL 'example.com/...'")


def test_the_sentry_events_class_picks_its_raise(tmp_path: Path) -> None:
    files = {"urlpkg/__init__.py": "", "urlpkg/models.py": URLS}
    with package_matcher(tmp_path, files) as m:
        top = first(m.explain(SENTRY_EVENT))
    assert (top.function, top.exc_type) == ("prepare_url", "MissingSchema")
