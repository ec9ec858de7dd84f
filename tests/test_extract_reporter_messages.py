"""A reST reporter's ``error`` and ``severe`` methods (docutils' ``Reporter``, reached as
``self.reporter`` or ``self.state_machine.reporter`` by its parser, Sphinx directives and
MyST) record a system message as a logger's method records a line: a Sphinx build prints it as
``file:12: ERROR: Unexpected indentation.`` or ``SEVERE: Unexpected section title.``. Each call
is a log site with its level (``REPORTER_METHODS``, issues57); its extra positional arguments
are the message's child nodes, not values its text is formatted with. Before, only ``warning``
was read (its name says warn), and these texts had no site at all."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

_STATES = """class Text:
    def underline(self, match, context, next_state):
        lineno = self.state_machine.abs_line_number()
        msg = self.reporter.severe(
            'Unexpected section title.',
            nodes.literal_block('', context[0]),
            line=lineno)
        self.state_machine.reporter.error('Unexpected indentation.', source='s', line=lineno)
        self.document.reporter.error('Error in "%s" directive:\\n%s.' % (name, detail), line=lineno)
        self.reporter.info('only information')
        self.errors.error('a list of errors is no reporter')
        return msg
"""


def _records() -> set[tuple[int, str, str, str]]:
    ex = extract([SourceFile("docpkg/states.py", _STATES.encode())], "local/docpkg", jobs=1)
    return {(r.line, r.kind, r.exc_type, r.template) for r in ex.records}


def test_a_reporter_s_error_and_severe_calls_are_log_sites() -> None:
    got = _records()
    assert (4, "log", "log.CRITICAL", "Unexpected section title.") in got
    assert (8, "log", "log.ERROR", "Unexpected indentation.") in got
    assert (9, "log", "log.ERROR", 'Error in "{name}" directive:\n{detail}.') in got


def test_other_methods_and_receivers_are_no_sites() -> None:
    got = _records()
    # ``info`` is no error a build fails on; a receiver not named like a reporter is not one
    assert not any(line in (10, 11) for line, _, _, _ in got)
