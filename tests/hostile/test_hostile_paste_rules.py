"""Stop 52's new paste-reading and class-text rules under hostile input: work counted, not timed.

- A pasted chain in an error tracker's class-first layout (``parse._split_class_first``): each
  part was paired with its exception line by a scan of every exception line, 50M steps for a
  chain of 10k parts (2 s of the 1 MB a paste is cut to, 0.23 s before the rule); now one step
  a part.
- An exception class whose properties read each other (``ClassMessages.attr``), or whose
  generated ``__repr__`` reads a property returning that repr again
  (``ClassMessages.generated_repr``): followed to the depth they were fan-out^depth reads (a few
  KB of source: minutes), and the read past the depth raised ``KeyError``, failing the whole
  ``errdex index``. Now a bounded number of property reads under each outermost one, and an
  instance's repr is not printed again while it is being printed.
- ``Ranker._paste_names``: a whole-word search of the paste led by the name's literal (its
  edges checked around it), so ``re`` skips to the literal in C; the same answer as the
  lookbehind-led pattern it replaces, at any edge.

The builders are shared with ``bench/hostile.py`` (``index_attacks.paste_attack``).
"""

from __future__ import annotations

import re
import sys
from types import SimpleNamespace, TracebackType
from typing import Any

from index_attacks import class_first_chain
from index_helpers import marked_templates

from errdex.extract.classes import ClassMessages
from errdex.match import parse
from errdex.match.rank import Ranker

PARTS = 2_000  # parts of the hostile chain; the old pairing took PARTS^2 / 2 steps
LINES_PER_PART = 60  # traced line events allowed per part (37 counted: three lines, each read)


class _LineCount:
    """Line events of the Python code run inside ``parse``'s module while active."""

    def __init__(self) -> None:
        self.n = 0

    def _trace(self, frame: Any, event: str, arg: object) -> Any:
        if frame.f_globals.get("__name__") != parse.__name__:
            return None
        if event == "line":
            self.n += 1
        return self._trace

    def __enter__(self) -> _LineCount:
        sys.settrace(self._trace)
        return self

    def __exit__(
        self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None
    ) -> None:
        sys.settrace(None)


def test_a_class_first_chain_is_split_in_one_step_a_part() -> None:
    lines = class_first_chain(PARTS).split("\n")
    with _LineCount() as count:
        blocks = parse._split_class_first([lines])
    assert len(blocks) == PARTS
    # each part in Python's order: its frames, then its exception line
    assert blocks[0][-1] == "pkg.errors.Err0: boom"
    assert blocks[-1][0].lstrip().startswith('File "')
    assert blocks[-1][-1] == f"pkg.errors.Err{PARTS - 1}: boom"
    assert count.n <= LINES_PER_PART * PARTS, count.n  # the old pairing: ~PARTS^2 / 2 = 2M


def test_a_class_first_chain_still_reads_its_last_part_as_raised() -> None:
    q = parse.parse(class_first_chain(50))
    assert q.exc_type == "pkg.errors.Err49"
    assert q.message == "boom"


def _fan_out_source(props: int) -> str:
    """A class whose every property reads every property, printed by ``__str__``."""
    body = "".join(f"{{self.p{i}}}" for i in range(props))
    out = ["class E(Exception):"]
    for i in range(props):
        out += ["    @property", f"    def p{i}(self):", f'        return f"x{body}"', ""]
    out += [
        "    def __str__(self):",
        "        return self.p0",
        "",
        "",
        "def f():",
        "    raise E()  # <- fan",
        "",
    ]
    return "\n".join(out) + "\n"


def _repr_loop_source(fields: int) -> str:
    """A dataclass exception printing its generated repr, whose fields a subclass's properties
    read as that repr again (Python: a RecursionError when printed)."""
    out = ["from dataclasses import dataclass", "", "", "@dataclass", "class Base(Exception):"]
    out += [f"    a{i}: int" for i in range(fields)]
    out += ["", "", "class Sub(Base):"]
    for i in range(fields):
        out += ["    @property", f"    def a{i}(self):", "        return self.__repr__()", ""]
    out += [
        "    def __str__(self):",
        "        return self.__repr__()",
        "",
        "",
        "def f():",
        "    raise Sub()  # <- loop",
    ]
    return "\n".join(out) + "\n"


def _counted_attr_reads(source: str, monkeypatch: Any) -> tuple[dict[str, set[str]], int]:
    reads = 0
    attr = ClassMessages.attr

    def counted(self: ClassMessages, *a: Any, **k: Any) -> Any:
        nonlocal reads
        reads += 1
        return attr(self, *a, **k)

    monkeypatch.setattr(ClassMessages, "attr", counted)
    return marked_templates(source), reads


def test_properties_reading_each_other_are_read_a_bounded_number_of_times(monkeypatch: Any) -> None:
    # before: a KeyError past the depth failed the index; past it, 24^8 reads to the depth
    got, reads = _counted_attr_reads(_fan_out_source(24), monkeypatch)
    (text,) = got["fan"]
    assert text.startswith("xx") and "{self.p0}" in text  # what is read, then the unknown
    assert reads <= 24 * 200, reads  # properties x (reads under one outermost read + its refills)


def test_a_self_referent_property_does_not_fail_the_file() -> None:
    # ``KeyError: 'p0'`` in ``attr`` failed ``errdex index`` of the whole package before
    (text,) = marked_templates(_fan_out_source(1))["fan"]
    assert text.endswith("{self.p0}") and text.startswith("x")


def test_a_generated_repr_is_not_printed_again_inside_itself(monkeypatch: Any) -> None:
    # before: each of 24 fields printed the repr again, 24^4 reads (and a KeyError past the depth)
    got, reads = _counted_attr_reads(_repr_loop_source(24), monkeypatch)
    fields = ", ".join(f"a{i}={{self.a{i}!r}}" for i in range(24))
    assert got["loop"] == {f"Sub({fields})"}
    assert reads <= 24 * 10, reads


def _names(paste: str, name: str) -> bool:
    ranker: Any = SimpleNamespace(ev=SimpleNamespace(paste=paste), _named_words={})
    return bool(Ranker._paste_names(ranker, name))


def test_the_literal_led_word_search_reads_every_edge_as_before() -> None:
    cases = [
        "Err",
        "Err x",
        "x Err",
        "xErr",
        "Errx",
        "_Err",
        "Err_",
        "éErr",
        "Erré",
        "1Err",
        "(Err)",
        "Err.x",
        "a.Err",
    ]
    cases += ["ErrErr Err", "ErrxErr", "xErrErr", ""]
    for paste in cases:
        before = re.search(r"(?<![\w])Err(?![\w])", paste) is not None
        assert _names(paste, "Err") == before, paste
    assert not _names("anything", "")
    assert _names("raise a.b(", "a.b") and not _names("raise xa.b(", "a.b")
