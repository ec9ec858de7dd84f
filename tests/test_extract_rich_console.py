"""An exception class that rich prints (a CLI's error handler hands the instance to a rich
console): ``__rich_console__`` yields its own attributes, set from the keywords it is built with
(pip's ``DiagnosticPipError``: ``message=``, ``context=``, ``hint_stmt=``), each laid out by a
helper (``_prefix_with_indent(self.message, console, prefix="× ")``). What the user reads is
those lines, not ``str()`` (``metadata generation failed``, or ``<DiagnosticError: error>``),
so the raise's keyword texts are templates of the raise, as a printer's texts are.

The package is synthetic, parsed and never imported."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

ERRORS = """\
def _indented(s, console, *, prefix):
    return prefix + s


class DiagnosticError(Exception):
    def __init__(self, *, message, context, hint_stmt, reference="error"):
        self.message = message
        self.context = context
        self.hint_stmt = hint_stmt
        self.reference = reference
        super().__init__(f"<{self.__class__.__name__}: {self.reference}>")

    def __rich_console__(self, console, options):
        yield f"error: {self.reference}"
        yield ""
        yield _indented(self.message, console, prefix="x ")
        if self.context is not None:
            yield _indented(self.context, console, prefix="> ")
        if self.hint_stmt is not None:
            yield _indented(self.hint_stmt, console, prefix="hint: ")


class MetadataFailed(DiagnosticError):
    def __init__(self, *, package_details):
        super().__init__(
            message="Encountered error while generating package metadata.",
            context=package_details,
            hint_stmt="See above for details.",
            reference="metadata-generation-failed",
        )

    def __str__(self):
        return "metadata generation failed"


def generate(details):
    raise MetadataFailed(package_details=details)


def build(name):
    raise DiagnosticError(message=f"Cannot build {name!r}.", context=None, hint_stmt=None)
"""


def _templates(source: str) -> dict[str, set[str]]:
    ex = extract([SourceFile("piplib/errors.py", source.encode())], "local/piplib", jobs=1)
    out: dict[str, set[str]] = {}
    for r in ex.records:
        out.setdefault(r.function, set()).add(r.template)
    return out


def test_the_lines_rich_prints_are_templates_beside_str() -> None:
    got = _templates(ERRORS)
    assert got["generate"] == {
        "metadata generation failed",
        "Encountered error while generating package metadata.",
        "See above for details.",
    }
    assert "Cannot build {name!r}." in got["build"]


def test_a_class_without_rich_console_prints_as_before() -> None:
    plain = ERRORS.replace("__rich_console__", "describe")
    got = _templates(plain)
    assert got["generate"] == {"metadata generation failed"}


SUBPROCESS = (
    ERRORS
    + """

class SubprocessError(DiagnosticError):
    def __init__(self, *, command_description, exit_code):
        super().__init__(
            message=f"{command_description} did not run successfully.",
            context=None,
            hint_stmt="This error originates from a subprocess, and is likely not a problem with this tool.",
        )
        self.command_description = command_description
        self.exit_code = exit_code

    def __str__(self):
        return f"{self.command_description} exited with {self.exit_code}"


def call_subprocess(args, command_desc):
    code = len(args)
    if code:
        raise SubprocessError(command_description=command_desc, exit_code=code)


def install(kind):
    call_subprocess(["pip"], command_desc=f"installing build dependencies for {kind}")
"""
)


def test_a_callers_text_is_still_supplied_beside_the_lines_rich_prints() -> None:
    # the class's own hint line, long and placeholder-free, is no part of the sentence the
    # caller's words complete: the caller still supplies ``{command_description} exited ...``
    got = _templates(SUBPROCESS)
    assert got["install"] == {
        "installing build dependencies for {kind} exited with {code}",
        "installing build dependencies for {kind} did not run successfully.",
    }
