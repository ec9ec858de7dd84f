"""Issue #10 item 7: a site in a codebase nothing in the paste points to is never an exact match
when the interpreter's own message explains the text. A library imitating the interpreter with
one of its words made literal (``f"{type(decoded).__name__!r} object has no attribute 'keys'"``)
covers more of ``'list' object has no attribute 'keys'`` than the interpreter's template does,
yet a message pasted alone, of a built-in class, says nothing of that library having run."""

from __future__ import annotations

import pytest

from errdex.match import Matcher
from errdex.model import CatalogueEntry, render_template

IMITATION = ["", "type(decoded).__name__!r", " object has no attribute 'keys'"]
TEXT = "'list' object has no attribute 'keys'"


def _entry() -> CatalogueEntry:
    return CatalogueEntry(
        key=1, error_id="imitation", repo="o/proxy", version="1.0", snapshot_date=None, kind="error",
        exc_type="AttributeError", exc_qualname=None, template=render_template(IMITATION),
        segments=IMITATION, path="proxy/permissions.py", line=147, function="decoded_permissions",
    )  # fmt: skip


def test_an_interpreter_message_pasted_alone_is_no_exact_answer_from_a_library_imitating_it() -> None:
    m = Matcher.from_entries([_entry()])
    res = m.explain(f"AttributeError: {TEXT}")
    assert res.matches and all(x.approximate for x in res.matches), res.verdict
    assert res.builtin is not None  # the interpreter's message is the answer's verdict
    assert "an interpreter message explains the text as well" in res.matches[0].reasons


def test_a_paste_pointing_to_the_library_keeps_its_exact_answer() -> None:
    # a frame in the library's file (its caller, not the raise): the paste points to it
    m = Matcher.from_entries([_entry()])
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.12/site-packages/proxy/permissions.py", line 160, in load\n'
        "    return decoded_permissions(value)\n"
        '  File "/venv/lib/python3.12/site-packages/proxy/permissions.py", line 147, in decoded_permissions\n'
        "    raise AttributeError(f\"{type(decoded).__name__!r} object has no attribute 'keys'\")\n"
        f"AttributeError: {TEXT}"
    )
    res = m.explain(paste)
    assert res.matches and res.matches[0].id == "imitation" and not res.matches[0].approximate


def test_a_library_wording_beyond_the_interpreters_template_stays_exact_when_pasted_alone() -> None:
    # ``{} is not a valid coordinate or range`` goes three words beyond the interpreter's
    # ``{} is not a valid {}``: the library's own wording, not an imitation
    segs = ["", "range_string", " is not a valid coordinate or range"]
    own = CatalogueEntry(
        key=2, error_id="own", repo="o/sheets", version="1.0", snapshot_date=None, kind="error",
        exc_type="ValueError", exc_qualname=None, template=render_template(segs), segments=segs,
        path="sheets/cell.py", line=148, function="range_boundaries",
    )  # fmt: skip
    res = Matcher.from_entries([own]).explain("ValueError: 1A is not a valid coordinate or range")
    assert res.matches and res.matches[0].id == "own" and not res.matches[0].approximate


@pytest.mark.parametrize(
    ("segs", "text"),
    [
        (["", "value", " is not a valid input"], "ValueError: 61 is not a valid input"),
        (["__init__() got an unexpected keyword argument '", "k", "'"],
         "TypeError: __init__() got an unexpected keyword argument 'pretty'"),
    ],
)  # fmt: skip
def test_one_word_of_the_librarys_own_wording_keeps_it_exact(segs: list[str], text: str) -> None:
    # one word beyond the interpreter's template, but wording (``input``, ``__init__``), not a
    # value the message quotes: the library's message, exact as before
    own = CatalogueEntry(
        key=3, error_id="own", repo="o/lib", version="1.0", snapshot_date=None, kind="error",
        exc_type=text.split(":", 1)[0], exc_qualname=None, template=render_template(segs), segments=segs,
        path="lib/api.py", line=10, function="check",
    )  # fmt: skip
    res = Matcher.from_entries([own]).explain(text)
    assert res.matches and res.matches[0].id == "own" and not res.matches[0].approximate, res.verdict


# a library imitating ``module 'x' has no attribute 'y'`` without its quotes (yt-dlp's
# ``passthrough_module``), and a log record of a caught AttributeError printed after a label
MODULE_IMITATION = ["module ", "parent.__name__", " has no attribute ", "attr", ""]
LABELLED = (
    "Extracting frames from clip.mp4\n"
    "Exception encountered while attempting to extract frames: module 'ffmpeg' has no attribute 'input'"
)


def _module_entry(segs: list[str], path: str = "shim/compat.py") -> CatalogueEntry:
    return CatalogueEntry(
        key=4, error_id="shim", repo="o/shim", version="1.0", snapshot_date=None, kind="error",
        exc_type="AttributeError", exc_qualname=None, template=render_template(segs), segments=segs,
        path=path, line=56, function="passthrough_module.<locals>.__getattr__",
    )  # fmt: skip


def test_an_interpreter_message_after_a_label_is_no_exact_answer_from_a_library_imitating_it() -> None:
    # ``logger.error(f"...: {e}")`` of the interpreter's own AttributeError: its template fits
    # from the label's colon to the end, and nothing in the paste points to the library
    m = Matcher.from_entries([_module_entry(MODULE_IMITATION)])
    res = m.explain(LABELLED)
    assert res.matches and all(x.approximate for x in res.matches), res.verdict
    assert res.builtin is not None and "has no attribute" in res.builtin
    assert "an interpreter message explains the text as well" in res.matches[0].reasons
    # the same text at the start of the message was already the interpreter's
    alone = m.explain("module 'ffmpeg' has no attribute 'input'")
    assert alone.matches and all(x.approximate for x in alone.matches), alone.verdict


def test_text_before_the_fit_that_is_no_label_leaves_the_library_exact() -> None:
    # no colon before the words: a sentence going on into them, not a caught error's text
    # printed after a label; and a library wording beyond the interpreter's stays the library's
    own = ["module ", "parent.__name__", " has no attribute ", "attr", " in the plugin registry"]
    m = Matcher.from_entries([_module_entry(own)])
    res = m.explain("Loading failed: module 'ffmpeg' has no attribute 'input' in the plugin registry")
    assert res.matches and res.matches[0].id == "shim" and not res.matches[0].approximate, res.verdict
    m2 = Matcher.from_entries([_module_entry(MODULE_IMITATION)])
    res2 = m2.explain("AttributeError: while importing the module 'ffmpeg' has no attribute 'input'")
    assert res2.builtin is None, res2.verdict


# a vendored serializer imitating the interpreter's keyword error with the function name spelt
# out (``__init__`` fills the interpreter template's ``{}()``), and tracebacks that end in the
# user's frame: one calling another class (the interpreter rejected that call's keyword), one
# calling the serializer itself (its frames may have been hidden: its raise stays exact)
KWARG_IMITATION = ["__init__() got an unexpected keyword argument '", "next(iter(unexpected_args))", "'"]


def _kwarg_entry() -> CatalogueEntry:
    return CatalogueEntry(
        key=5, error_id="serializer", repo="o/board", version="1.0", snapshot_date=None, kind="error",
        exc_type="TypeError", exc_qualname=None, template=render_template(KWARG_IMITATION),
        segments=KWARG_IMITATION, path="board/_vendor/html/serializer.py", line=216,
        function="HTMLSerializer.__init__",
    )  # fmt: skip


def _ipython_traceback(call: str) -> str:
    return (
        "TypeError                                 Traceback (most recent call last)\n"
        "<ipython-input-17-a1ad9ae26dd8> in <module>\n"
        '      1 name = "run-{}".format(int(time.time()))\n'
        f"----> 2 board = {call}\n\n"
        "TypeError: __init__() got an unexpected keyword argument 'logdir'"
    )


def test_a_traceback_ending_in_a_call_of_another_class_is_no_exact_answer_from_an_imitation() -> None:
    m = Matcher.from_entries([_kwarg_entry()])
    res = m.explain(_ipython_traceback("Board(logdir='logs/{}'.format(name))"))
    assert res.matches and all(x.approximate for x in res.matches), res.verdict
    assert "an interpreter message explains the text as well" in res.matches[0].reasons
    # the same message pasted alone says nothing of the call: the library's raise stays exact
    alone = m.explain("TypeError: __init__() got an unexpected keyword argument 'logdir'")
    assert alone.matches and alone.matches[0].id == "serializer" and not alone.matches[0].approximate


def test_a_traceback_ending_in_a_call_of_the_sites_class_keeps_it_exact() -> None:
    m = Matcher.from_entries([_kwarg_entry()])
    res = m.explain(_ipython_traceback("HTMLSerializer(logdir='logs/{}'.format(name))"))
    assert res.matches and res.matches[0].id == "serializer" and not res.matches[0].approximate, res.verdict
