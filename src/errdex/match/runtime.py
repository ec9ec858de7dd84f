"""Messages that the interpreter (and compiled extension code) raises, as catalogue entries.

Many pasted errors never came from a ``raise`` in library code: ``'NoneType' object has no
attribute 'shape'``, ``list index out of range``, ``No module named 'x'``, json's ``Expecting
value: ...``, Cython's buffer checks. A generic library template (``{obj} has no attribute {name}``)
matches those by accident, and a confident wrong answer is worse than none. So the matcher indexes
this hand-written catalogue (``data/cpython_messages.txt``, from CPython's and Cython's sources)
alongside the library and uses a hit to demote generic library matches and to say what it is.

The entries get pseudo repos ``<python>``, ``<cython>``, ``<numpy>`` (the ``@origin`` sections of
the data file) and never appear in the returned matches.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from errdex.model import CatalogueEntry
from errdex.pyexc import interpreter_data, interpreter_messages

RUNTIME_PREFIX = "<"


@lru_cache(maxsize=1)
def data_digest() -> str:
    """Changes whenever the data file or the index-building code changes, so a stored index built
    from an older one (or by an older errdex) is stale and rebuilt on load."""
    h = hashlib.blake2b(interpreter_data().encode(), digest_size=8)
    h.update(Path(__file__).with_name("index.py").read_bytes())
    return h.hexdigest()


def is_runtime(repo: str) -> bool:
    return repo.startswith(RUNTIME_PREFIX)


def runtime_entries() -> list[CatalogueEntry]:
    """Parse the data file: ``TYPE<TAB>template`` lines, ``{}`` per placeholder, ``@origin NAME``."""
    out: list[CatalogueEntry] = []
    for n, origin, exc_type, template in interpreter_messages():
        parts = template.split("{}")
        segments: list[str] = [parts[0]]
        for i, lit in enumerate(parts[1:], 1):
            segments += [f"arg{i}", lit]
        out.append(
            CatalogueEntry(
                key=-n, error_id=f"runtime:{n}", repo=f"<{origin}>", version="", snapshot_date=None,
                kind="error", exc_type=exc_type, exc_qualname=exc_type, template=template.replace("{}", "{...}"),
                segments=segments, path=f"<{origin}>", line=n, function="",
            )
        )  # fmt: skip
    return out
