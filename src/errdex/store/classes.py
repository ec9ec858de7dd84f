"""Which of a catalogue's classes are exception classes, from their names and bases alone."""

from __future__ import annotations

from collections.abc import Sequence

from errdex.pyexc import BUILTIN_EXCEPTIONS

_SUFFIXES = ("error", "exception", "warning")
MAX_ROUNDS = 16  # a class this many bases away from an exception-like one is not followed


def _last(name: str) -> str:
    return name.rsplit(".", 1)[-1].strip().lower()


def exception_classes(rows: Sequence[tuple[str, tuple[str, ...]]]) -> list[tuple[str, tuple[str, ...]]]:
    """The rows whose class is an exception class: its name or a base's reads like one
    (``...Error``), or a base is a builtin exception or an exception class found so far (a
    fixed point over the bases, by last name, bounded)."""
    known = {n.lower() for n in BUILTIN_EXCEPTIONS}
    keep = [False] * len(rows)
    for _ in range(MAX_ROUNDS):
        grew = False
        for i, (name, bases) in enumerate(rows):
            if keep[i]:
                continue
            lasts = [_last(b) for b in bases]
            if _last(name).endswith(_SUFFIXES) or any(b in known or b.endswith(_SUFFIXES) for b in lasts):
                keep[i] = grew = True
                known.add(_last(name))
        if not grew:
            break
    return [row for row, k in zip(rows, keep, strict=True) if k]
