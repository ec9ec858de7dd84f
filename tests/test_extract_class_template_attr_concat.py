"""A printer formatting a class-level template joined to literal text (issue #10): GitPython's
``CommandError.__str__`` is ``(self._msg + "\\n  cmdline: %s%s%s") % (self._cmd, self._cause,
self._cmdline, self.stdout, self.stderr)`` with ``_msg = "Cmd('%s') failed%s"`` on the class (a
subclass sets its own), and ``__init__`` keeps its pieces in the old conditional form
``self._cause = status and " due to: %s" % status or "!"``. The ``%`` used to fill the literal's
three ``%s`` with the first three values (the command, the cause and the command line landed
after ``cmdline:``) and left ``Cmd('%s') failed%s`` as written; the ``and``/``or`` pieces stayed
placeholders. runtime9's gitpython-rt-009/-017/-023 (``Cmd('git') failed due to: exit code(1)
cmdline: git checkout develop stderr: ...``) ranked 3-6 under ``Remote.urls``' bare ``{ex}``.

The package is synthetic, parsed and never imported."""

from __future__ import annotations

from index_helpers import marked_templates

SOURCE = """\
class CommandError(Exception):
    _msg = "Cmd('%s') failed%s"

    def __init__(self, command, status=None, stderr=None):
        self.command = command
        if status:
            status = "exit code(%s)" % int(status)
        self._cmd = command[0]
        self._cmdline = " ".join(command)
        self._cause = status and " due to: %s" % status or "!"
        self.stderr = stderr and "\\n  stderr: '%s'" % stderr or ""

    def __str__(self):
        return (self._msg + "\\n  cmdline: %s%s") % (self._cmd, self._cause, self._cmdline, self.stderr)


class NotFound(CommandError):
    def __init__(self, command, cause):
        super().__init__(command, cause)
        self._msg = "Cmd('%s') not found%s"


def run(cmd, status, err):
    raise CommandError(cmd, status, err)  # <- failed


def locate(cmd):
    raise NotFound(cmd, "no such file")  # <- missing


def plain(name, value):
    raise ValueError(("bad %s: " + name) % value)  # <- plain
"""


def _templates() -> dict[str, set[str]]:
    return marked_templates(SOURCE)


def test_the_class_template_comes_first_and_takes_the_first_values() -> None:
    got = _templates()["failed"]
    # before: "Cmd('%s') failed%s\n  cmdline: {cmd[0]}{status and ...}{...}" (values shifted)
    assert (
        "Cmd('{cmd[0]}') failed due to: exit code({int(status)})\n  cmdline: {\" \".join(command)}" in got
    ), got
    assert any(t.endswith("\n  stderr: '{err}'") and "failed due to: exit code(" in t for t in got), got
    assert all("%s" not in t for t in got), got


def test_the_old_conditional_form_gives_both_texts() -> None:
    got = _templates()["failed"]
    assert any("failed!\n  cmdline: " in t for t in got), got
    assert any("failed due to: " in t for t in got), got


def test_a_subclass_template_set_in_its_init_is_its_own() -> None:
    got = _templates()["missing"]
    # its own template, set after the base's ``__init__``, with the base's pieces in it
    assert any(t.startswith("Cmd('{cmd[0]}') not found due to: ") and "\n  cmdline: " in t for t in got), got
    assert all("failed" not in t for t in got), got


def test_a_literal_head_is_formatted_at_once_as_before() -> None:
    # a literal first: its own directive takes the value, the name stays a placeholder
    assert _templates()["plain"] == {"bad {value}: {name}"}
