"""Paste forms of issues43/44 (issue #10) on a real catalogue indexed from fixture code:

- prose on both sides of the one exception line, the line qualified by its module and set
  after pdb's ``*** `` (eth-abi-004: "fails to decode with the error", a fenced ``***
  eth_abi.exceptions.InsufficientDataBytes: ...`` in an older wording, "which is caught and
  ignored"): the line is read alone; the sentences diluted the older wording's word overlap
  below the answer floor;
- a Markdown list marker before a sentence quoting the message in a code span
  (social-core-008: ``4. i got the error `This account is already in use.` ``): the marker
  is the list's, and left on it turned an exact answer into "reworded?";
- an older release's frame whose line lands on another function's raise statement that reads
  the same and says nothing of the text (``raise exc.LibTmuxException(proc.stderr)`` of
  ``Server.kill``, the frame naming ``new_session``; libtmux-001): the function the frame names
  wins, no "on the raise statement itself" for the namesake.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

LIB = """\
class InsufficientBytes(Exception):
    pass


class AccountInUse(Exception):
    def __str__(self):
        return "This account is already in use."


class ToolError(Exception):
    def __init__(self, *args, subcommand=None):
        super().__init__(*args)
        self.subcommand = subcommand

    def __str__(self):
        base = super().__str__()
        if self.subcommand is None:
            return base
        return f"{self.subcommand}: {base}"


def read_words(stream, size):
    data = stream.read(size)
    if len(data) < size:
        raise InsufficientBytes(f"Tried to read {size} bytes, only got {len(data)} bytes.")
    return data


def link_account(user, social):
    if social.user != user:
        raise AccountInUse()
    return social


class Server:
    def run(self, *args):
        return args

    def kill(self):
        proc = self.run("kill-server")
        if proc.stderr:
            raise ToolError(proc.stderr)

    def new_session(self, name):
        proc = self.run("new-session", name)
        check(proc, "new-session")
        return proc


def check(proc, subcommand):
    if proc.stderr:
        raise ToolError("\\n".join(proc.stderr), subcommand=subcommand)
"""

PROSE = """\
the decoder fails on this swap with the error
```
*** lib.words.InsufficientBytes: Tried to read 128 bytes.  Only got 118 bytes
```
which is caught by the classifier and ignored"""

# an older release: ``new_session`` raised tmux's stderr itself, printed at line 42, where
# this one has ``kill``'s raise; this one's ``new_session`` hands it to a helper
FRAME = """\
Traceback (most recent call last):
  File "/srv/app/run.py", line 3, in <module>
    server.new_session("main")
  File "/usr/lib/python3.11/site-packages/lib/words.py", line 42, in new_session
    raise ToolError(proc.stderr)
lib.words.ToolError: ['no current client']
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("prose_around"), {"words.py": LIB}) as m:
        yield m


def test_the_one_qualified_exception_line_between_sentences_is_read_alone(matcher: Matcher) -> None:
    res = matcher.explain(PROSE)
    # before: no match (the two sentences kept the older wording under the floor)
    assert first(res).function == "read_words", res.verdict
    assert "the exception line" in res.verdict
    # one sentence alone around it was answered before too; two exception lines are no prose
    two = PROSE.replace(
        "which is caught", "lib.words.InsufficientBytes: Tried to read 4 bytes, which is caught"
    )
    assert "the exception line" not in matcher.explain(two).verdict
    # the line first, or many lines after it: those may be its message's own lines, left whole
    first_line = "lib.words.InsufficientBytes: Tried to read 128 bytes.  Only got 118 bytes\nwhich is ignored"
    assert "the exception line" not in matcher.explain(first_line).verdict
    many = PROSE + "\n" + "\n".join(f"  detail {i}" for i in range(3))
    assert "the exception line" not in matcher.explain(many).verdict


def test_a_list_marker_before_a_quoted_message_is_the_lists(matcher: Matcher) -> None:
    for marker in ("4. ", "- ", "* ", "12) ", "\u2022 "):
        res = matcher.explain(marker + "i got the error  `This account is already in use.`")
        m = first(res)
        # before: "reworded?", approximate
        assert m.function == "link_account" and not m.approximate, (marker, res.verdict)
    # a message of several lines may list its own fields in Markdown: its markers stay
    listed = parse(
        "ValueError: GenerationConfig is invalid:\n- `temperature`: not used\n2. use a `src-layout`"
    )
    assert listed.message.split("\n")[1:] == ["- `temperature`: not used", "2. use a `src-layout`"]


def test_a_frame_names_its_function_over_a_namesake_statement_on_its_line(matcher: Matcher) -> None:
    res = matcher.explain(FRAME)
    kill = [m for m in res.matches if m.function == "Server.kill"]
    # before: Server.kill first, "on the raise statement itself", exact
    assert first(res).function == "Server.new_session", [m.function for m in res.matches]
    assert not any("on the raise statement itself" in r for m in kill for r in m.reasons)
    # on its own function's line the same statement still lands
    own = FRAME.replace("line 42, in new_session", "line 42, in kill")
    assert first(matcher.explain(own)).function == "Server.kill"


# Sentry's class-first chain (issues43's storages-007): each exception's line at the margin with
# its frames under it, the inner (earlier) exception first, the outer (raised) one last
SENTRY = """\
ValueError: the joined path is located outside of the base path component
  File "lib/paths.py", line 377, in _normalize_name
    return safe_join(self.location, name)
  File "lib/paths.py", line 79, in safe_join
    raise ValueError('the joined path is located outside of the base path'
SuspiciousOperation: Attempted access to '/media/x.txt' denied.
  File "app/checks.py", line 63, in _check_storage
  File "lib/paths.py", line 474, in exists
    name = self._normalize_
"""


def test_a_class_first_chain_is_split_and_its_last_exception_is_the_one_raised() -> None:
    q = parse(SENTRY)
    # before: one block, the inner ValueError read as the error with all eight frames
    assert [b.exc_type for b in q.blocks] == ["ValueError", "SuspiciousOperation"]
    assert q.primary == 1 and q.message == "Attempted access to '/media/x.txt' denied."
    assert [f.function for f in q.blocks[0].frames] == ["_normalize_name", "safe_join"]
    # an outer exception whose one frame line the paste cuts before its line number
    cut = parse(SENTRY + 'StorageError: Could not save\n  File "app/views.py"\n')
    assert [b.exc_type for b in cut.blocks][-2:] == ["SuspiciousOperation", "StorageError"]
    assert cut.primary == 2 and cut.message == "Could not save"
    # one exception so laid out is left as it was (no chain to split)
    one = parse(SENTRY.split("SuspiciousOperation")[0])
    assert len(one.blocks) == 1 and one.exc_type == "ValueError"


# issues43's cmdstanpy-008: the error line only in the reporter's sentence, above an IPython
# traceback cut inside a caller's frame (its arrow cut to ``--> 4``) before any error line
IPYTHON = """\
running something like `m.sample()`
results in ValueError: model not compiled
```
In [10]: m.sample()
---------------------------------------------------------------------------
ValueError                                Traceback (most recent call last)
<ipython-input-10-31b74a9f17cd> in <module>
----> 1 m.sample()

~/env/lib/python3.6/site-packages/lib/model.py in sample(self, data)
    538                 output=name,
--> 540                 refresh=refresh,
    541             )
"""


def test_a_cut_traceback_with_no_error_line_takes_its_class_line_from_the_prose_above() -> None:
    q = parse(IPYTHON)
    # before: the class alone, no text (the caller's frame read as the site)
    assert q.exc_type == "ValueError" and q.message == "model not compiled"
    # the class must be the traceback's own; another class named in the prose is not its line
    other = parse(IPYTHON.replace("results in ValueError:", "results in KeyError:"))
    assert other.exc_type == "ValueError" and other.message == ""
    # a traceback with its own error line keeps it
    whole = parse(IPYTHON + "\nValueError: data not loaded\n")
    assert whole.message == "data not loaded"
