"""Error lines cut where a stored excerpt ends (acc142, issues46).

A traceback cut inside its class name (``Val``) under a last frame printing ``raise
ValueError('left cannot be >= right')``: that statement is the error, its class and literal text
read from the frame, not a message of three letters. JAX prints an error twice, first unfiltered
(``UnfilteredStackTrace: TypeError: ...`` and a note), then, as the direct cause's result, as
itself: when that last line is cut inside a word, the earlier whole text is its message."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

CUT_CLASS = (
    "Traceback (most recent call last):\n"
    '  File "D:\\envs\\lib\\site-packages\\plotpkg\\figure.py", line 241, in update\n'
    "    raise ValueError('left cannot be >= right')\n"
    "{cut}"
)


def test_an_error_line_cut_inside_its_class_is_the_frames_raise() -> None:
    for cut in ("Val", "V", "ValueErr"):
        q = parse(CUT_CLASS.format(cut=cut))
        assert (q.exc_type, q.message) == ("ValueError", "left cannot be >= right"), cut


def test_a_line_that_is_no_start_of_the_class_stays_the_message() -> None:
    for cut in ("Something went wrong", "Vale", "ValueError: left"):
        q = parse(CUT_CLASS.format(cut=cut))
        assert q.message != "left cannot be >= right" or cut.startswith("ValueError"), cut
    assert parse(CUT_CLASS.format(cut="Vale")).message == "Vale"


GRIDSPEC = """\
class SubplotParams:
    def update(self, left=None, right=None):
        if left is not None and right is not None and left >= right:
            raise ValueError('left cannot be >= right')
        self.left, self.right = left, right
"""


@pytest.fixture(scope="module")
def plots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"plotpkg/__init__.py": "", "plotpkg/gridspec.py": GRIDSPEC}
    with package_matcher(Path(tmp_path_factory.mktemp("cutclass")), files) as m:
        yield m


def test_the_frames_raise_finds_the_moved_statement(plots: Matcher) -> None:
    # figure.py of the paste no longer holds the class: the statement's text finds it
    res = plots.explain(CUT_CLASS.format(cut="Val"))
    assert res.matches, res.verdict
    assert (res.matches[0].path, res.matches[0].function) == ("plotpkg/gridspec.py", "SubplotParams.update")
    assert not res.matches[0].approximate


UNFILTERED = """\
UnfilteredStackTrace                      Traceback (most recent call last)
<ipython-input-22-1ec394f2d568> in <module>
---> 19       run(x)

23 frames
UnfilteredStackTrace: TypeError: Value '<pkg.Buffer object at 0x7f02455d0650>' with dtype object is not a valid array type. Only arrays of numeric types are supported.

The stack trace below excludes JAX-internal frames.
The preceding is the original exception that occurred, unmodified.

--------------------

The above exception was the direct cause of the following exception:

TypeError                                 Traceback (most recent call last)
<ipython-input-12-3773e94ef2f4> in run(x)
--> 127     z = encode(x)

TypeError: Value '<pkg.Buffer object at 0x7f02455d0650>' w"""

WHOLE = (
    "Value '<pkg.Buffer object at 0x7f02455d0650>' with dtype object is not a valid array type. "
    "Only arrays of numeric types are supported."
)


def test_a_cut_last_line_takes_the_unfiltered_lines_whole_text() -> None:
    q = parse(UNFILTERED)
    assert (q.exc_type, q.message) == ("TypeError", WHOLE)


def test_a_cut_at_a_words_end_or_of_another_class_stays_as_pasted() -> None:
    # ``... w`` -> ``... with``: cut at a space, the line may be a shorter message of its own
    at_space = UNFILTERED.removesuffix("w") + "with"
    assert parse(at_space).message == "Value '<pkg.Buffer object at 0x7f02455d0650>' with"
    other = (
        UNFILTERED.removesuffix("TypeError: Value '<pkg.Buffer object at 0x7f02455d0650>' w")
        + "ValueError: Value"
    )
    assert parse(other).message == "Value"


# the chain's last part cut inside its frames (no error line): the unfiltered part is the error
CUT_IN_FRAMES = """\
UnfilteredStackTrace                      Traceback (most recent call last)

<ipython-input-6-0369bdad0cb4> in <module>()
---> 83 out = train(env)

101 frames

UnfilteredStackTrace: ValueError: Incompatible shapes for broadcasting: ((1, 50, 32), (50, 32, 4))

The stack trace below excludes JAX-internal frames.
The preceding is the original exception that occurred, unmodified.

--------------------


The above exception was the direct cause of the following exception:

ValueError                                Traceback (most recent call last)

/usr/local/lib/python3.7/dist-packages/arraypkg/shapes.py in promote(*args)
    245       if mode != "allow":
--> 247       rank = len(broadcast_shapes(*shapes))
    248       return [broadcast_to(ar"""

SHAPES = """\
def broadcast_shapes(*shapes):
    if len({len(s) for s in shapes}) > 1:
        raise ValueError(f"Incompatible shapes for broadcasting: {shapes}")
    return shapes[0]
"""


def test_jax_note_is_no_part_of_the_unfiltered_parts_text() -> None:
    q = parse(CUT_IN_FRAMES)
    assert (q.exc_type, q.message) == (
        "ValueError",
        "Incompatible shapes for broadcasting: ((1, 50, 32), (50, 32, 4))",
    )


def test_the_unfiltered_part_without_its_note_finds_the_raise(tmp_path: Path) -> None:
    files = {"arraypkg/__init__.py": "", "arraypkg/lax.py": SHAPES}
    with package_matcher(tmp_path, files) as m:
        res = m.explain(CUT_IN_FRAMES)
    assert res.matches, res.verdict
    assert (res.matches[0].path, res.matches[0].function) == ("arraypkg/lax.py", "broadcast_shapes")
