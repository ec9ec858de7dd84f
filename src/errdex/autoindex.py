"""Indexing on demand what a pasted traceback runs through, and saying what would help.

A traceback's frames name files by absolute path, and a path through ``site-packages`` names the
installed distribution it belongs to. When a frame points into a package the catalogue does not
hold, and that package is installed here (in the site directory the paste names, when it exists
on this machine, else in this interpreter's environment), ``errdex explain`` indexes it from the
installed files, at the installed version, before answering; the answer says which version that
was, since the paste may come from a machine with another one. When nothing could be indexed,
``advice`` names the command that would help.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from errdex.sitepaths import split_site_path

if TYPE_CHECKING:
    from errdex.store.records import CatalogueReader

__all__ = ["Missing", "advice", "deepest_advice", "deepest_missing", "index_missing", "missing_packages"]

MAX_AUTO = 3  # distributions indexed for one paste, at most


@dataclass(frozen=True, slots=True)
class Missing:
    """A package a frame runs through that the catalogue does not hold."""

    site: str  # the site directory as the paste spells it
    rel: str  # the frame's file inside it
    top: str  # its top-level package or module ("pandas")


def missing_packages(frames: list[Any], reader: Any) -> list[Missing]:
    """Packages that frames (``match.parse.Frame``) run through and the catalogue of ``reader``
    (None: no catalogue) holds no file of, deepest first."""
    out: dict[str, Missing] = {}
    for fr in reversed(frames):  # deepest first: the raise is there
        split = split_site_path(fr.path or "")
        if split is None or not split[1].endswith(".py"):
            continue
        site, rel = split
        top = rel.split("/", 1)[0].removesuffix(".py")
        if top in out or (reader is not None and reader.has_package(top)):
            continue
        out[top] = Missing(site, rel, top)
    return list(out.values())


def _owner(m: Missing) -> Any:
    """The installed distribution holding ``m``'s file: in the paste's own site directory when
    it is on this machine, else in this interpreter's."""
    from errdex.sources.installed import owner_of, site_dirs

    here = Path(m.site)
    dirs = ([here] if here.is_dir() else []) + [d for d in site_dirs() if d != here]
    for d in dirs:
        found = owner_of(d, m.rel)
        if found is not None:
            return found
    return None


def index_missing(
    db: str | None, missing: list[Missing], progress: Any = None
) -> tuple[list[str], list[Missing]]:
    """Index the installed distributions behind ``missing``; the notes to show and what is left."""
    from errdex.environment import index_installed

    notes: list[str] = []
    left: list[Missing] = []
    done: set[str] = set()
    for m in missing[:MAX_AUTO]:
        inst = _owner(m)
        if inst is None:
            left.append(m)
            continue
        if inst.key in done:
            continue
        done.add(inst.key)
        summary = index_installed(db, inst, progress)
        if summary is None:
            left.append(m)
            continue
        notes.append(
            f"indexed {inst.name} {inst.version} from the files installed in {inst.root} "
            f"(the traceback may come from another version of {inst.name})"
        )
    left.extend(missing[MAX_AUTO:])
    return notes, left


def deepest_missing(frames: list[Any], reader: Any) -> Missing | None:
    """The package of the deepest frame (the error's raise) when the catalogue lacks it: the
    answers found elsewhere are then no more than guesses, whatever their scores."""
    if not frames:
        return None
    found = missing_packages(frames[-1:], reader)
    return found[0] if found else None


def deepest_advice(m: Missing) -> str:
    """The command that indexes the package the error was raised in, beside other answers."""
    inst = _owner(m)
    if inst is not None:
        how = f"{inst.name} {inst.version} is installed here: run `errdex index {inst.spec}`"
    else:
        how = (
            f"run `errdex index pypi:{m.top}` (or `pypi:NAME==VERSION` of the distribution that "
            f"installs {m.top}, when its name differs)"
        )
    return (
        f"the error was raised in {m.top} ({m.rel}), which is not indexed, so these answers come from "
        f"other code; {how}, or `errdex index --env` in the environment where it happened"
    )


def advice(left: list[Missing], *, catalogue_empty: bool) -> str | None:
    """The command that would let the next attempt match, or None when there is none to give."""
    for m in left:
        inst = _owner(m)
        if inst is not None:
            return (
                f"the traceback runs through {m.top} ({m.rel}), which is not indexed; {inst.name} "
                f"{inst.version} is installed here: run `errdex index {inst.spec}` (or `errdex index "
                "--env` for every installed package), or leave out --no-auto-index"
            )
    if left:
        m = left[0]
        return (
            f"the traceback runs through {m.top} ({m.rel}), which is not indexed and not installed here: "
            f"run `errdex index pypi:{m.top}` (or `pypi:NAME==VERSION` with the distribution and version "
            f"that installs {m.top} where the error happened: `pip show` there names them), or "
            "`errdex index --env` in that environment"
        )
    if catalogue_empty:
        return "the catalogue is empty: run `errdex index --env` to index every package installed here"
    return (
        "if a library that is not indexed raised it, index it: `errdex index pypi:NAME==VERSION`, "
        "or `errdex index --env` for every package installed here"
    )


@dataclass(slots=True)
class Outcome:
    """An answer to one paste, with what was indexed for it and what would help further."""

    result: Any  # ``match.Result``
    reader: CatalogueReader  # the catalogue it was answered from; the caller closes it
    notes: list[str]
    hint: str | None


def explain(
    text: str, db: str | None, *, repo: str | None = None, limit: int = 10, auto: bool = True
) -> Outcome:
    """``errdex explain`` for one paste: index what its frames need (``auto``), then match.

    With ``auto`` a missing catalogue is no error when the paste's packages are installed here:
    indexing them creates it.
    """
    from errdex.match import parse_query
    from errdex.match.matcher import kept_matcher
    from errdex.store.errors import StoreError
    from errdex.store.fast import open_reader

    frames = _frames(parse_query(text))
    try:
        reader: Any = open_reader(db)
    except StoreError as e:
        if not auto or e.kind != "missing":
            raise
        reader = None
    notes: list[str] = []
    left: list[Missing] = []
    try:  # the reader is the caller's only once the answer is returned; closed on any failure
        if auto:
            missing = missing_packages(frames, reader)
            if missing:
                notes, left = index_missing(db, missing)  # a package that cannot be read raises
        if reader is None or notes:
            if reader is not None:  # the catalogue grew: read it afresh
                reader.close()
                reader = None
            reader = open_reader(db)  # a StoreError here is the catalogue that still does not exist
        # kept across calls while the catalogue stays at its generation: the MCP server's
        # explain_error answers many pastes from one process, and loads the index once
        result = kept_matcher(reader, db, repo).explain(text, limit=limit, store=reader)
        hint = _hint(result, frames, left, reader)
    except BaseException:
        if reader is not None:
            reader.close()
        raise
    return Outcome(result, reader, notes, hint)


def _hint(result: Any, frames: list[Any], left: list[Missing], reader: Any) -> str | None:
    """What to index next: with no match, what the frames need (or the general command); beside
    matches, the package of the deepest frame when the catalogue lacks it."""
    if result.builtin is not None:  # Python's own message: nothing to index
        return None
    if not result.matches:
        return advice(left or missing_packages(frames, reader), catalogue_empty=not reader.has_snapshots())
    deepest = deepest_missing(list(result.query.frames), reader)
    return None if deepest is None else deepest_advice(deepest)


def _frames(q: Any) -> list[Any]:
    out = list(q.frames)
    for b in q.blocks:
        out.extend(f for f in b.frames if f not in out)
    return out
