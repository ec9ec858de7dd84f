"""JSON text of errdex's own values, as ``json.dumps`` writes it, without its per-call set-up.

``json.dumps(value)`` (and an encoder's ``encode``) builds a new C encoder object for every call,
through three Python frames: for the small values a release write serializes (~50k occurrence
bodies, error segments, code-fact lists and their digests on jax) that set-up costs more than
the encoding itself. ``encoder`` builds the C encoder once per set of options and reuses it.

The values are errdex's own (records, facts), never cyclic, so the circular-reference check
``json.dumps`` makes is left out: the text of every acyclic value is the same. Where the C
accelerator is missing or takes other arguments (another Python), ``encoder`` falls back to
the standard encoder, so the text never differs, only the cost.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import encoder as _json_encoder
from typing import Any

__all__ = ["encoder", "json_column"]

# a value that exercises every branch of the encoder: nesting, each scalar, escapes, a lone
# surrogate (kept by ``ensure_ascii=False``, escaped otherwise), an empty container
_PROBE: Any = [{"a": [1, -2.5, None, True, False, 'é\udc80\n"\\'], "": {}}, [], "x", 10**20]


def encoder(*, ensure_ascii: bool = True, separators: tuple[str, str] = (", ", ": ")) -> Callable[[Any], str]:
    """``json.JSONEncoder(ensure_ascii=..., separators=...).encode``, made once: the same text."""
    standard = json.JSONEncoder(ensure_ascii=ensure_ascii, separators=separators)
    make: Any = getattr(_json_encoder, "c_make_encoder", None)
    if make is None:
        return standard.encode
    strings = _json_encoder.encode_basestring_ascii if ensure_ascii else _json_encoder.encode_basestring
    item_sep, key_sep = separators
    try:
        made = make(None, standard.default, strings, None, key_sep, item_sep, False, False, True)
    except TypeError:  # another signature: not this Python's accelerator
        return standard.encode
    join = "".join

    def encode(value: Any) -> str:
        return join(made(value, 0))

    try:
        same = encode(_PROBE) == standard.encode(_PROBE)
    except (TypeError, ValueError):
        same = False
    return encode if same else standard.encode


def json_column(value: object) -> object:
    """A JSON column: text from SQLite, already decoded by PostgreSQL's driver."""
    return json.loads(value) if isinstance(value, str | bytes) else value
