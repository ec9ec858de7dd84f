"""An exception object put in a local container and raised later through a name (issue #10):
black's ``lib2to3_parse`` tries each grammar, stores ``errors[grammar.version] =
InvalidInput(error_msg, ...)`` for each failure, then ``exc = errors[max(errors)]`` and ``raise
exc from None``. The raise printed one of the stored exceptions' texts, but the extractor kept
only ``{exc}`` there (the subscript store was not followed), so the message had no candidate.
Now the container collects what is stored into it (as ``errors.append(...)`` always did) and a
name taken from it (``errors[k]``, ``errors.pop()``), or the item raised directly, raises any
of them, beside the raise's open record (what else the container holds, caught exceptions
appended or extended onto it, is not followed). A parameter's container, or an object made
elsewhere, gains nothing.

The package is synthetic, parsed and never imported."""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
class InvalidInput(ValueError):
    pass


def parse(src, grammars):
    errors = {}
    for grammar in grammars:
        try:
            return grammar.parse(src)
        except KeyError as pe:
            lineno, column = pe.args
            errors[grammar.version] = InvalidInput(f"cannot parse: {lineno}:{column}")
        except IndexError as te:
            msg = f"cannot tokenize: {te.args[0]}"
            errors[grammar.version] = InvalidInput(msg)
    exc = errors[max(errors)]
    raise exc from None  # <- taken


def last(src, grammars):
    tried = {}
    for grammar in grammars:
        tried[grammar] = InvalidInput(f"no grammar for {src}")
    raise tried.pop(grammar)  # <- popped


def listed(src, grammars):
    errors = []
    for grammar in grammars:
        errors.append(InvalidInput(f"bad token in {src}"))
    raise errors[-1]  # <- listed


def torn_down(stack):
    exceptions = []
    for node, finalizers in stack:
        these = []
        for fin in finalizers:
            try:
                fin()
            except RuntimeError as e:
                these.append(e)
        if len(these) == 1:
            exceptions.extend(these)
        elif these:
            exceptions.append(InvalidInput(f"errors while tearing down {node!r}"))
    if exceptions:
        raise exceptions[0]  # <- extended


def collected(rows):
    nodes = {}
    for row in rows:
        nodes[row] = Node(row)
    raise ValueError(nodes)  # <- unraised


class Node:
    def __init__(self, row):
        self.row = row


def given(errors, key):
    errors[key] = InvalidInput("given away")
    raise errors[key]  # <- param
"""

_MARK = re.compile(r"# <- (\w+)")


def _at(name: str) -> set[tuple[str, str]]:
    marks = {m.group(1): i for i, line in enumerate(SOURCE.split("\n"), 1) if (m := _MARK.search(line))}
    ex = extract([SourceFile("grammar/parse.py", SOURCE.encode())], "local/grammar", jobs=1)
    return {(r.exc_type, r.template) for r in ex.records if r.line == marks[name]}


def test_a_name_taken_from_a_dict_of_stored_exceptions_raises_each_stored_text() -> None:
    # before: {("<unknown>", "{exc}")} only
    assert _at("taken") == {
        ("InvalidInput", "cannot parse: {lineno}:{column}"),
        ("InvalidInput", "cannot tokenize: {te.args[0]}"),
        ("<unknown>", "{exc}"),  # the dict's earlier contents are not followed
    }


def test_an_item_popped_and_raised_directly_raises_the_stored_text() -> None:
    assert ("InvalidInput", "no grammar for {src}") in _at("popped")


def test_an_item_of_a_list_raises_what_was_appended_beside_its_open_record() -> None:
    # before: {("<unknown>", "{errors[-1]}")} only
    assert _at("listed") == {("InvalidInput", "bad token in {src}"), ("<unknown>", "{errors[-1]}")}


def test_a_parameter_s_container_gains_nothing() -> None:
    # the caller's dict may hold anything: the raise stays open
    assert all(t != "given away" for _, t in _at("param")), _at("param")


def test_a_container_whose_items_are_never_raised_is_left_as_it_was() -> None:
    # a dict of objects handed whole to an exception: no item of it is raised
    assert _at("unraised") == {("ValueError", "{nodes: dict!r}")}  # as before the rule


def test_items_extended_onto_the_list_keep_the_open_record() -> None:
    # ``exceptions.extend(these)`` of caught exceptions: the first item may be one of them
    assert _at("extended") == {
        ("InvalidInput", "errors while tearing down {node!r}"),
        ("<unknown>", "{exceptions[0]}"),
    }
