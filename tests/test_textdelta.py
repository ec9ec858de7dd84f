"""File texts stored as differences from an earlier release's (real wheels from the registry)."""

from __future__ import annotations

import hashlib
import zlib

import pytest

from errdex.sources import open_source
from errdex.store import textdelta

pytestmark = [pytest.mark.network]


def test_the_files_a_release_changed_cost_their_difference_and_read_back_whole() -> None:
    old = {f.path: f.data for f in open_source("pypi:packaging==26.3").files}
    new = {f.path: f.data for f in open_source("pypi:packaging==26.4").files}
    changed = [(old[p], d) for p, d in new.items() if p in old and old[p] != d]
    assert len(changed) > 20
    total = whole = 0
    for base, text in changed:
        sha = hashlib.sha256(base).hexdigest()
        packed = textdelta.make(text, sha, base)
        whole += len(zlib.compress(text, 6))
        if packed is None:  # drifted too far from its base: stored whole, the next base
            total += len(zlib.compress(text, 6))
            continue
        assert textdelta.base_of(packed) == sha
        assert textdelta.apply(packed, base, len(text)) == text
        total += len(packed) - 68
    # what 26.4's changed files cost: 281,586 bytes whole; as differences (or whole where a
    # difference is not worth it) 114,906 with zstd's level 3, 102,265 with level 9
    assert total < 108_000 and whole > 270_000
