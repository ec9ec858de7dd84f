"""Fitting many copies of one raise (issue #13: at 10M synthetic templates a message cut short
fits ~100 near-duplicates of its template alike, each a confident candidate): the trailer test
(``_trailer_alone``, a template whose only words are a trailer with a link) renders a
candidate's template only when its compact literals or names hold a link (``_may_link``).

Checked for its answers (the same with the test forced on) and for the work counted (no
template rendered for copies without a link)."""

from __future__ import annotations

import pytest

from errdex.match import Matcher, candidates
from errdex.match.index import Index
from errdex.match.verify import compact
from errdex.model import CatalogueEntry, render_template

COPIES = 6
LIMIT = 10


def _entry(key: int, repo: str, segs: list[str]) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"e{key}-{repo}", repo=repo, version="1.0", snapshot_date=None,
        kind="error", exc_type="ValueError", exc_qualname=None, template=render_template(segs),
        segments=segs, path="kernels/lower.py", line=10 + key, function="lower",
    )  # fmt: skip


def _catalogue() -> list[CatalogueEntry]:
    """Copies of one raise, a tag word apiece past where a paste may be cut (as the synthetic
    catalogue's), and copies of a text-less raise whose class appends a trailer with a link."""
    out: list[CatalogueEntry] = []
    for k in range(COPIES):
        repo = f"o/kernels-{k}"
        segs = ["Mosaic kernels cannot be automatically partitioned along ", "axis", f" in variant{k}"]
        out.append(_entry(len(out), repo, segs))
        trailer = [
            "\n\nFor further information visit https://errors.example.dev/",
            "v",
            f"/u{k}/",
            "code",
            "",
        ]
        out.append(_entry(len(out), repo, ["", "message", *trailer]))
    return out


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher.from_entries(_catalogue())


def _answers(m: Matcher, text: str) -> list[tuple[str, str, int, float, bool, tuple[str, ...]]]:
    res = m.explain(text, limit=LIMIT)
    return [(x.id, x.repo, x.line, round(x.score, 9), x.approximate, tuple(x.reasons)) for x in res.matches]


def _renders(mp: pytest.MonkeyPatch) -> list[int]:
    """Count ``Index.template`` calls, the pattern's rendering (cleared so each is counted)."""
    calls: list[int] = []
    real = Index.template

    def counted(self: Index, pid: int) -> str:
        calls.append(pid)
        self._templates.pop(pid, None)
        return real(self, pid)

    mp.setattr(Index, "template", counted)
    return calls


CUT = [
    "ValueError: Mosaic kernels cannot be automatically partitioned along batch in varia",
    "ValueError: Mosaic kernels cannot be automatically partitione",
]


@pytest.mark.parametrize("text", CUT)
def test_copies_without_a_link_render_no_template(matcher: Matcher, text: str) -> None:
    with pytest.MonkeyPatch.context() as mp:
        renders = _renders(mp)
        got = _answers(matcher, text)
    assert {repo for _id, repo, *_ in got} >= {f"o/kernels-{k}" for k in range(COPIES)}
    assert renders == []
    # the test forced on (every confident candidate's template rendered): the same answers
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(candidates, "_may_link", lambda lits, names: True)
        renders = _renders(mp)
        assert _answers(matcher, text) == got
    assert len(renders) >= COPIES


def test_a_trailer_alone_is_still_found(matcher: Matcher) -> None:
    text = (
        "ValueError: Something else went wrong entirely here\n\n"
        "For further information visit https://errors.example.dev/2.1/u3/bad-config"
    )
    seen: list[bool] = []
    real = candidates.trailer_only
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(candidates, "trailer_only", lambda t: seen.append(real(t)) or seen[-1])
        got = _answers(matcher, text)
    # the copy whose trailer fits in full is judged a trailer alone: nothing exact
    assert True in seen
    assert got and all(approximate for *_, approximate, _r in got)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(candidates, "_may_link", lambda lits, names: True)
        assert _answers(matcher, text) == got


SHAPES = [
    ["See https://example.dev/", "page", " for ", "name", ""],
    ["", "message", "\n\nFor further information visit https://errors.example.dev/", "v", "/u/", "code", ""],
    ["", "message", "\n(Background on this error at: https :// sqlalche.me/e/", "v", ")"],
    ["read http:", "x", "//host"],  # a name between: no link in the template
    ["", '"https://" + host', "/path"],  # the link in a name (an f-string's expression)
    ["plain text, no link", "name", " at all"],
    ["\u201cquoted\u201d ftp://", "x", ""],
]


@pytest.mark.parametrize("segs", SHAPES)
def test_may_link_is_false_only_where_the_template_holds_no_link(segs: list[str]) -> None:
    lits, names = tuple(compact(x) for x in segs[0::2]), tuple(segs[1::2])
    rendered = render_template(segs)
    if "://" in rendered:
        assert candidates._may_link(lits, names)
    # and the trailer test of a template with no link: never a trailer
    if not candidates._may_link(lits, names):
        assert not candidates.trailer_only(rendered)
