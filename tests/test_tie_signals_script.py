"""scripts/tie_signals.py reads a tie as the matcher owns up to it (docs/measurements/acc182.md).

The measurement re-ranks the first answer's tie by candidate signals; the tie it re-ranks must be
``result.tied``'s (as the answers' ``tied_with`` list it), the priors it takes off must be the
ranker's, and a package ``__init__``'s exported names are what it imports or defines."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from test_match_rules import entry

from errdex.match import Matcher
from errdex.match.result import tied
from errdex.match.score import site_privacy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import tie_signals  # a script, found through the path above


def _dumped(res: Any) -> list[dict[str, Any]]:
    """The answers as ``tie_signals.dump`` keeps them: JSON, the unrounded score, the site facts
    (privacy from the path; no callers in a catalogue built from entries)."""
    return [
        m.to_json()
        | {
            "score": m.score,
            "f": {"privacy": site_privacy(m.path, m.function), "called": False, "callers": 0, "relay": False},
        }
        for m in res.matches
    ]


def test_the_tie_read_is_the_matchers_and_its_priors_are_taken_off() -> None:
    # one literal raised by a public method, a private helper and a private class of a private
    # module, beside a longer wording: the three are one tie, ordered public first, and only
    # the privacy prior parts them
    text = ["Channel closed before the reply arrived"]
    sites = [
        entry(text, path="rpc/_wire.py", line=12, function="_Reader.read_frame"),
        entry(text, path="rpc/client.py", line=40, function="Client._recv"),
        entry(text, path="rpc/client.py", line=90, function="Client.call"),
        entry(["Channel closed before the reply arrived: ", "reason", ""], path="rpc/server.py", line=7),
    ]
    res = Matcher.from_entries(sites).explain("ConnectionError: Channel closed before the reply arrived")
    ms = _dumped(res)
    tie = tie_signals._tie(ms)
    assert [ms[i]["function"] for i in tie] == [m.function for m in tied(res.matches)]
    assert [ms[i]["function"] for i in tie] == ["Client.call", "Client._recv", "_Reader.read_frame"]
    # without the priors the three score alike (to the answers' rounding): a signal, not the
    # text, decides among them
    bases = [tie_signals._base(ms[i]) for i in tie]
    assert max(bases) - min(bases) < tie_signals.ALIKE


def test_a_lone_site_is_no_tie() -> None:
    res = Matcher.from_entries([entry(["Quota exceeded for bucket ", "name", ""])]).explain(
        "ValueError: Quota exceeded for bucket logs"
    )
    assert tie_signals._tie(_dumped(res)) == [0]


def test_the_names_a_package_init_exports() -> None:
    source = b"""
from ._core import Client, _helper as helper
from . import errors
try:
    from ._speedups import fast_path
except ImportError:
    pass
def connect(url): ...
class Pool: ...
def _hidden():
    def nested(): ...
"""
    names = tie_signals._init_names(source)
    assert {"Client", "_helper", "errors", "fast_path", "connect", "Pool", "_hidden"} <= names
    assert "nested" not in names
    assert tie_signals._init_names(b"def broken(:\n") == set()
