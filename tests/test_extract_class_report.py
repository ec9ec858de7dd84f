"""A structured report an exception class composes (issue #10): ``__init__`` stores what a
renderer method returns (``self.message = self._render()``), ``__str__`` prints the attribute;
the renderer joins one block per group of errors (reframed, ``Error 1: ...``, when there are
several), each block picked per group by another method and stripped. Each raise's templates are
the blocks' texts, a first line of literals and placeholders before a variable body."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
class ReportError(Exception):
    def __init__(self, obj, err):
        super().__init__(str(err))
        self.obj = obj
        self._groups = err.groups
        self.message = self._render()

    def __str__(self):
        return self.message

    def _render(self):
        def indent(text):
            return text.replace("\\n", "\\n    ")

        messages = []
        for errors in self._groups[:3]:
            messages.append(self._render_group(errors))
        message = ""
        if len(messages) > 1:
            messages = [indent(f"Error {n}: {m}") for n, m in enumerate(messages, start=1)]
            message += "Multiple errors were found.\\n\\n"
        message += "\\n\\n".join(messages)
        return message

    def _render_group(self, errors):
        if errors[0].validator == "additionalProperties":
            message = self._unknown_name(errors[0])
        else:
            message = self._invalid_value(errors)
        return message.strip()

    def _unknown_name(self, error):
        return f"`{error.cls}` has no parameter named '{error.name}'"

    def _invalid_value(self, errors):
        error = errors[0]
        message = f"'{error.instance}' is an invalid value"
        if error.path:
            message += f" for `{error.path[-1]}`"
        message += ".\\n\\n"
        message += "\\n".join(e.message for e in errors)
        return message


def to_dict(obj, validate):
    try:
        validate(obj)
    except ValueError as err:
        raise ReportError(obj, err) from None  # <- report
"""


def test_a_report_rendered_by_the_class_s_methods_is_the_raise_s_text() -> None:
    ex = extract([SourceFile("pkg/errors.py", SOURCE.encode())], "local/pkg", jobs=1)
    line = next(i for i, text in enumerate(SOURCE.split("\n"), 1) if "# <- report" in text)
    found = {r.template for r in ex.records if r.line == line}
    assert found == {
        # one group: the block of the method picked for it (``message.strip()`` of a local
        # holding either method's result), its first line composed before the other errors; the
        # words appended under ``if error.path:`` (a local's test: there or not) both ways
        "'{error.instance}' is an invalid value.\n\n{\"\\n\".join(e.message for e in errors)}",
        "'{error.instance}' is an invalid value for `{error.path[-1]}`.\n\n{\"\\n\".join(e.message for e in errors)}",
        "`{errors[0].cls}` has no parameter named '{errors[0].name}'",
        # several: the list mapped in a branch (``[f"Error {n}: {m}" for ...]``) is the branch's
        'Multiple errors were found.\n\n{indent(f"Error {n}: {m}")}',
    }
