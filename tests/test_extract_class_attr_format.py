"""A class attribute holding a format, filled in a base's ``__init__`` (issue #10): pipenv's
``PipenvFileError.formatted_message = "{} {{}} {{}}".format("[bold red]ERROR:[/bold red]")``
(itself made by a format: the escaped braces are its fields), ``message =
self.formatted_message.format(f"{filename} not found!", message)``, handed on as the click-style
``hint`` that ``format_message`` prints through ``self.message``. ``raise PipfileNotFound(path)``
printed ``ERROR: <path> not found! Aborting! Please ensure ...``; its only template was ``unknown
error`` (the text when no hint is given): the format's text was never read from the class, and
a format made by a format kept its escaped braces as separate literal parts, never fields.

The package is synthetic, parsed and never imported."""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
class ClickLike(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def format_message(self):
        return self.message


class FileProblem(ClickLike):
    def __init__(self, filename, hint=None):
        if hint is None:
            hint = "unknown error"
        super().__init__(hint)


class ProjectFileError(FileProblem):
    formatted_message = "{} {{}} {{}}".format("ERROR:")

    def __init__(self, filename, message=None):
        if not message:
            message = "Please ensure that the file exists!"
        message = self.formatted_message.format(f"{filename} not found!", message)
        FileProblem.__init__(self, filename=filename, hint=message)


class ManifestNotFound(ProjectFileError):
    def __init__(self, filename="Manifest"):
        message = "{} {}".format("Aborting!", "Run it in the project root.")
        super().__init__(filename, message=message)


class Plain(Exception):
    shown = "{} {{}} ({{code}})".format("failed:")

    def __init__(self, what, code):
        super().__init__(self.shown.format(what, code=code))


def install(path):
    raise ManifestNotFound(path)  # <- printer


def plain(what):
    raise Plain(what, 3)  # <- direct
"""

_MARK = re.compile(r"# <- (\w+)")


def _templates() -> dict[str, set[str]]:
    marks = {m.group(1): i for i, line in enumerate(SOURCE.split("\n"), 1) if (m := _MARK.search(line))}
    ex = extract([SourceFile("proj/errors.py", SOURCE.encode())], "local/proj", jobs=1)
    return {k: {r.template for r in ex.records if r.line == n} for k, n in marks.items()}


def test_a_class_attribute_format_filled_in_a_base_init_is_the_printed_text() -> None:
    got = _templates()
    # before: {"unknown error"} only (the hint's default when no hint is given)
    assert "ERROR: {path} not found! Aborting! Run it in the project root." in got["printer"], got
    # a format made by a format: the escaped braces are the second format's fields
    assert got["direct"] == {"failed: {what} (3)"}, got
