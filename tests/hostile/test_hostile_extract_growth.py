"""Module shapes whose extraction grew faster than the module: CPU against a benign twin.

A text grown one piece per statement (``a1 = a0 + "y"``, ``a2 = a1 + "y"``, ...) kept each
piece as a part of the value, so every statement copied all the pieces before it: a 190 KB
module took 3.9 s to extract and a megabyte minutes (``templates.capped`` now joins adjacent
texts past ``MAX_PARTS`` parts). The twin has the same statements without the chain. In this
thread's CPU: the wall clock on a shared machine also counts other processes' turns."""

from __future__ import annotations

import time

from errdex.extract import extract_file
from errdex.extract.templates import MAX_PARTS

STATEMENTS = 8_000
FACTOR = 3.0  # the chain's extraction <= this x its twin's (it read 8x at this size before)


def _cpu(source: str) -> float:
    start = time.thread_time()
    facts = extract_file("pkg/m.py", source.encode())
    took = time.thread_time() - start
    assert [s.exc.exc_type for s in facts.sites] == ["ValueError"]  # the raise is read
    return took


def _module(step: str) -> str:
    body = "".join(f"    a{i} = {step.format(i=i, prev=i - 1)}\n" for i in range(1, STATEMENTS))
    return f"def f(x):\n    a0 = 'x'\n{body}    raise ValueError(a{STATEMENTS - 1})\n"


def test_a_text_grown_a_piece_per_statement_costs_what_its_twin_does() -> None:
    chain = _module("a{prev} + 'y'")
    twin = _module("'y' + 'y'")
    assert abs(len(chain) - len(twin)) < len(chain) // 5
    assert STATEMENTS > 4 * MAX_PARTS  # the chain passes the cap many times over
    chained, benign = _cpu(chain), _cpu(twin)
    # and the chain's message is still its whole text, up to the literal cap
    (site,) = extract_file("pkg/m.py", chain.encode()).sites
    assert "".join(p for p in site.exc.msg[0] if isinstance(p, str)).startswith("xyyy")
    assert chained <= FACTOR * benign + 0.1, (chained, benign)
