"""The one ``truncate`` and the one source decoder, shared by every stage that shows text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from errdex.textsafe import decode_source, truncate


def test_short_text_is_left_alone_on_one_line() -> None:
    assert truncate("bad  value\n {x}") == "bad value {x}"
    assert truncate("a\n  b", one_line=False) == "a\n  b"


def test_a_cut_never_splits_a_placeholder() -> None:
    title = "index out of range while reading the table of rows: {k + 1} of {n}"
    assert truncate(title, 56) == "index out of range while reading the table of rows:…"
    assert truncate(title, 60) == "index out of range while reading the table of rows: {k + 1}…"
    for width in range(len(title) // 2, len(title)):
        cut = truncate(title, width)
        assert cut.count("{") == cut.count("}"), (width, cut)


@given(st.text(alphabet="ab {}+1 \n", max_size=200), st.integers(min_value=1, max_value=120))
def test_truncate_is_bounded_and_keeps_a_prefix(text: str, width: int) -> None:
    out = truncate(text, width)
    flat = " ".join(text.split())
    assert len(out) <= width
    assert flat.startswith(out.removesuffix("…").rstrip())


def test_decoding_follows_pep_263_and_never_fails() -> None:
    assert decode_source("x = 'é'\n".encode()) == ("x = 'é'\n", None)
    cp1252 = "# -*- coding: cp1252 -*-\nx = '€'\n"
    assert decode_source(cp1252.encode("cp1252")) == (cp1252, None)
    text, note = decode_source(b"x = '\xff\xfe'\n")
    assert text == "x = 'ÿþ'\n" and note is not None and note.startswith("decoded as latin-1")
