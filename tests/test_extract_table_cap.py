"""perf60: a dict of messages (``{"E1": "bad name", ...}``) or of records (``{"1201": {"en":
"New Jersey"}, ...}``) keeps at most ``MAX_TABLE`` variants of text (per field of a record), so
once that many are held a value whose evaluation notes nothing (a string constant, a plain
name's call on constants: ``_inert_text``) is no longer evaluated. The facts must be those of
evaluating every value, byte for byte in the cache's encoding: a value that may note something
(a local table read, kept under its key) is still evaluated past the cap."""

from __future__ import annotations

import itertools

import pytest

from errdex.extract import extract_file, visitor
from errdex.extract.cache import _pack
from errdex.extract.templates import MAX_TABLE
from errdex.extract.visitor import ModuleVisitor


def _module(rows: int) -> str:
    """A generated module of the phonenumbers geodata shape, a flat table of messages, and a
    function whose local table reads another local table in a row past the cap."""
    records = "\n".join(f'    "{i}": {{"en": "Place {i}", "de": _("Ort {i}")}},' for i in range(rows))
    flat = "\n".join(f'    "E{i}": "bad value number {i}",' for i in range(rows))
    local = "\n".join(f'        "r{i}": {{"msg": "text {i}"}},' for i in range(rows))
    return f"""\
from gettext import gettext as _

GEO = {{
{records}
}}

MESSAGES = {{
{flat}
}}


class LookupError_(Exception):
    pass


def describe(prefix):
    raise LookupError_(GEO[prefix]["en"])


def fail(code):
    raise ValueError(MESSAGES[code])


def build(k):
    names = {{"a": "first text", "b": "second text"}}
    table = {{
{local}
        "late": {{"msg": names[k]}},
    }}
    raise ValueError(table[k]["msg"])
"""


def _facts(src: str, monkeypatch: pytest.MonkeyPatch, bound: bool) -> tuple[bytes, int, list[str]]:
    """The file's facts packed, how many values ``eval_msg`` evaluated, and its kept tables."""
    if not bound:
        monkeypatch.setattr(visitor, "_inert_text", lambda e: False)
    ticks = itertools.count()
    evaluate = ModuleVisitor.eval_msg
    # (each evaluation takes a tick first, then evaluates as the visitor would)
    monkeypatch.setattr(ModuleVisitor, "eval_msg", lambda self, *a: (next(ticks), evaluate(self, *a))[1])
    facts = extract_file("pkg/geo.py", src.encode())
    monkeypatch.undo()
    return _pack(facts), next(ticks), sorted(k for k in facts.consts if k.endswith("[]"))


def test_capped_tables_give_the_facts_of_evaluating_every_value(monkeypatch: pytest.MonkeyPatch) -> None:
    for rows in (40, MAX_TABLE + 60):
        src = _module(rows)
        capped, capped_calls, kept = _facts(src, monkeypatch, bound=True)
        whole, whole_calls, _ = _facts(src, monkeypatch, bound=False)
        assert capped == whole
        # the local table read in the row past the cap is kept as before
        assert "pkg.geo.build.<locals>.names[]" in kept
        assert "pkg.geo.GEO[].en[]" in kept and "pkg.geo.MESSAGES[]" in kept
        if rows < MAX_TABLE:
            assert capped_calls == whole_calls
        else:
            assert capped_calls < whole_calls - 3 * 50


def test_a_huge_generated_table_costs_the_first_rows_work(monkeypatch: pytest.MonkeyPatch) -> None:
    # 3,000 records of two fields, 3,000 messages and a local table of 3,000 records: ~4 *
    # MAX_TABLE evaluations, not 12,000 (the bound is on the rows, whatever their number)
    _, calls, kept = _facts(_module(3_000), monkeypatch, bound=True)
    assert calls < 6 * MAX_TABLE + 200
    assert "pkg.geo.GEO[].en[]" in kept
