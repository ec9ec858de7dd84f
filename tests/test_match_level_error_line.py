"""A traceback whose exception line is indented as far as its frames' ``File`` lines: a paste
re-indented by hand (``  OSError: ...`` under ``  File ...``) or by a Markdown list that shifted
every line alike, frames' source included (nodeenv's ``callit`` in issues12-issues93). The
line, under a frame whose source is already read, is the exception line, not a second source
line of that frame; a source line at the frame's indent, and a class-like line with more
frames after it, stay what they were."""

from __future__ import annotations

from errdex.match.parse import parse

FRAMES = (
    "(env)$ nodekit -p\n"
    "* Install node (0.10.20) .Traceback (most recent call last):\n"
    '  File "/usr/local/bin/nodekit", line 9, in <module>\n'
    "    main()\n"
    '  File "/usr/local/lib/python2.7/dist-packages/nodekit.py", line 267, in callit\n'
    "    % (cmd_desc, proc.returncode))\n"
)


def test_an_exception_line_at_the_frames_indent_ends_the_traceback() -> None:
    q = parse(FRAMES + "  OSError: Command ./configure --prefix=/srv/env failed with error code 1")
    assert (q.exc_type, q.message) == (
        "OSError",
        "Command ./configure --prefix=/srv/env failed with error code 1",
    )
    assert q.frames[-1].function == "callit"
    assert q.frames[-1].source == "% (cmd_desc, proc.returncode))"


def test_a_traceback_shifted_whole_with_its_source_at_the_frames_indent() -> None:
    # a Markdown list item: every line at four spaces, each frame's source at its heading's
    q = parse(
        "  - Install npm (latest) ... Traceback (most recent call last):\n"
        '    File "/home/u/env/bin/nodekit", line 9, in <module>\n'
        "    main()\n"
        '    File "/home/u/env/lib/python2.6/site-packages/nodekit.py", line 263, in callit\n'
        "    % (cmd_desc, proc.returncode))\n"
        '    OSError: Command "npm install" failed'
    )
    assert (q.exc_type, q.message) == ("OSError", 'Command "npm install" failed')
    assert [f.source for f in q.frames] == ["main()", "% (cmd_desc, proc.returncode))"]


def test_a_class_like_line_with_frames_after_it_is_no_exception_line() -> None:
    q = parse(
        FRAMES
        + "  KeyError: 'cmd'\n"
        + '  File "/srv/nodekit.py", line 12, in run\n    run()\nValueError: bad'
    )
    assert (q.exc_type, q.message) == ("ValueError", "bad")
