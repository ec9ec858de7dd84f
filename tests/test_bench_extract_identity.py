"""bench/extract_identity.py: two trees' hashes compared file for file (perf22)."""

from __future__ import annotations

import json
from pathlib import Path

from bench_helpers import load_bench

ei = load_bench("extract_identity")


def test_a_file_whose_entry_or_code_facts_differ_is_listed() -> None:
    base = {"a.py": ["e1", "c1"], "b.py": ["e2", "c2"], "c.py": ["e3", "c3"]}
    new = {"a.py": ["e1", "c1"], "b.py": ["e2", "cX"], "c.py": ["eX", "c3"]}
    assert ei.compare(base, new) == (1, ["b.py", "c.py"], [])


def test_a_file_one_tree_did_not_read_is_apart_from_the_differing() -> None:
    base = {"a.py": ["e1", "c1"], "gone.py": ["e2", "c2"]}
    new = {"a.py": ["e1", "c1"], "new.py": ["e3", "c3"]}
    assert ei.compare(base, new) == (1, [], ["gone.py", "new.py"])


def test_a_child_output_is_read_by_release(tmp_path: Path) -> None:
    out = tmp_path / "base.jsonl"
    rows = [{"spec": "pypi:a==1", "files": {"a/x.py": ["e", "c"]}}, {"spec": "pypi:b==2", "files": {}}]
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert ei.load(out) == {"pypi:a==1": {"a/x.py": ["e", "c"]}, "pypi:b==2": {}}
    assert ei._loaded(tmp_path / "absent.jsonl") == {}
