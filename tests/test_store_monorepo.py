"""A monorepo's distributions released at one version are stored side by side, not over each other.

An orchestrator and its shared helpers (or an API and its SDK) are released from one source
repository at one version: both releases name the same ``owner/repo`` and version. The catalogue
identified a snapshot by its codebase and version, so the second release indexed replaced the
first, and every raise of the first left the catalogue (a paste of its errors matched nothing).
"""

from __future__ import annotations

from errdex.model import ErrorRecord, FileReport, SnapshotInfo, SourceFile, error_id, render_template
from errdex.store import Store


def _write(
    store: Store, dist: str, package: str, message: str, ref_kind: str = "pypi", ref: str = "1.0"
) -> None:
    info = SnapshotInfo(
        repo="acme/mono",
        name=dist,
        version=ref,
        ref_kind=ref_kind,  # type: ignore[arg-type]
        ref=ref,
        source_url="https://github.com/acme/mono",
    )
    path = f"{package}/core.py"
    body = f"def f():\n    raise ValueError({message!r})\n"
    tmpl = render_template([message])
    rec = ErrorRecord(
        kind="error",
        exc_type="ValueError",
        template=tmpl,
        segments=[message],
        expanded_segments=[message],
        path=path,
        line=2,
        end_line=2,
        function="f",
        id=error_id("acme/mono", path, "f", "ValueError", tmpl),
    )
    result = store.write_snapshot(
        info, [SourceFile(path, body.encode())], [rec], [FileReport(path, "ok")], set()
    )
    assert result.changed


def _held(store: Store) -> dict[str, list[str]]:
    """Each codebase's releases."""
    return {r.name: [sn.version for sn in r.snapshots] for r in store.repos()}


def test_two_distributions_of_one_repository_at_one_version_both_stay(db_url: str) -> None:
    with Store.open(db_url) as store:
        _write(store, "mono", "mono", "the orchestrator's own text")
        _write(store, "mono-shared", "mono_shared", "the shared helpers' text")
        templates = sorted(r.template for r in store.list_errors()[1])
        assert templates == ["the orchestrator's own text", "the shared helpers' text"]
        assert _held(store) == {"acme/mono": ["1.0"], "acme/mono/mono-shared": ["1.0"]}
        # each distribution keeps its own codebase, whatever the spelling of its name
        _write(store, "Mono_Shared", "mono_shared", "the shared helpers' new text", ref="1.1")
        _write(store, "mono", "mono", "the orchestrator's new text", ref="1.1")
        assert _held(store) == {"acme/mono": ["1.0", "1.1"], "acme/mono/mono-shared": ["1.0", "1.1"]}


def test_a_repository_indexed_from_git_then_from_pypi_stays_one_codebase(db_url: str) -> None:
    with Store.open(db_url) as store:
        # a git snapshot names its codebase after the folder; the distribution is spelled otherwise
        _write(store, "mono-folder", "mono", "from git", ref_kind="git", ref="abc123")
        _write(store, "python-mono", "mono", "from the release")
        _write(store, "python-mono", "mono", "the next release", ref="1.1")
        assert _held(store) == {"acme/mono": ["abc123", "1.0", "1.1"]}
