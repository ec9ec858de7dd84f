"""A placeholder printing a list or a dict (``{versions: list!r}``) holds only a value opening
with that container's bracket: ``repr()`` of a list is ``['s3v5']``, never the bare ``s3v5``.

botocore raises ``UnknownSignatureVersionError`` from two sites of one wording: one with the
single version asked for (``Unknown Signature Version: s3v5.``), one with the list of versions
a service offers (``Unknown Signature Version: ['s3v5'].``). A paste of the first is no exact
fit of the second, whose value a bare word cannot be (the runtime6 set's boto3-rt-009 answered
the list site first, as exact, for a bare version). On a real catalogue indexed from fixture
code shaped like that."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Match, Matcher, Result

SIGNERS = """\
KNOWN = {"v4": object(), "s3v4": object()}


class UnknownSignatureVersionError(Exception):
    pass


def choose_version(offered):
    candidates = list(offered)
    for known in candidates:
        if known in KNOWN:
            return known
    raise UnknownSignatureVersionError(f"Unknown Signature Version: {candidates}.")


class RequestSigner:
    def get_auth_instance(self, signature_version):
        cls = KNOWN.get(signature_version)
        if cls is None:
            raise UnknownSignatureVersionError(f"Unknown Signature Version: {signature_version}.")
        return cls
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"signlib/__init__.py": "", "signlib/signers.py": SIGNERS}
    with package_matcher(tmp_path_factory.mktemp("container_value"), files) as m:
        yield m


def _site(res: Result, function: str) -> Match:
    return next((m for m in res.matches if m.function == function), None) or pytest.fail(
        f"{function} not among {[m.function for m in res.matches]}"
    )


def test_the_list_site_prints_a_container(matcher: Matcher) -> None:
    res = matcher.explain(
        "signlib.signers.UnknownSignatureVersionError: Unknown Signature Version: ['s3v5']."
    )
    assert _site(res, "choose_version").template == "Unknown Signature Version: {candidates: list!r}."
    assert first(res).function == "choose_version"
    assert not first(res).approximate


def test_a_bare_word_is_no_value_of_a_list_placeholder(matcher: Matcher) -> None:
    res = matcher.explain("signlib.signers.UnknownSignatureVersionError: Unknown Signature Version: s3v5.")
    top = first(res)
    assert top.function == "RequestSigner.get_auth_instance"
    assert not top.approximate
    listed = _site(res, "choose_version")
    assert listed.approximate
    assert listed.score < top.score


@pytest.mark.parametrize(
    ("value", "bare"),
    [
        ("s3v5", True),
        ("botocore.auth", True),
        ("_MISSING", True),
        ("['s3v5']", False),
        ("{'a':1}", False),
        ("('lat','bnds')", False),
        ("'-qtests'", False),
        ("defaultdict(<class'list'>,{})", False),
        ("None", False),
        ("42", False),
        ("-1.5", False),
        ("", False),
    ],
)
def test_only_a_bare_name_is_no_value_of_a_container(value: str, bare: bool) -> None:
    # a quoted string, a tuple or None may be what a type check rejected (pytest's
    # ``args: list[str]`` printed as ``'-q tests'``): only a bare name is never a container
    from errdex.match.verify import _bare_word

    assert _bare_word(value) is bare
