"""Text one codebase hands to a callable of another indexed codebase, placed at the raise that
prints it.

A framework defines a message and passes it to a toolkit's proxy or validator, which raises it
when it fails: flask's ``current_app = LocalProxy(_cv_app, "app", unbound_message=_no_app_msg)``,
and werkzeug's ``LocalProxy.__init__`` whose closure does ``raise RuntimeError(unbound_message)``.
A user's traceback ends in werkzeug's raise, with flask's words. Each codebase is extracted on
its own, so flask's record of the text sits at the call with no type (the callee is not flask's),
and werkzeug's record at its raise has only its own default (``object is not bound``).

The link is made when the match index is built, which runs after every release and sees every
snapshot, so it holds whichever of the two was indexed first, and whichever is indexed again. It
reads what indexing stored (each file's extraction facts; a file's stored text, extracted again,
only where its facts are of a form this extractor cannot read: written by an extractor before an
upgrade, for a codebase not indexed since):

* the files holding a record of unknown type, and in their facts the calls handing message text
  to a parameter named like a message (``ExcSpec.handoff``) of a callable named by its dotted key;
* the module defining that key in another codebase's snapshots (the key's leading parts as a
  path, following that module's re-exports a few hops), and there the callable's signature, the
  parameter the call's text binds to, and the raises of that parameter as given: in the function
  itself, in a function it defines (a closure), or in any method of the class when its
  ``__init__`` stores the parameter on ``self`` (``raise Err(self._message)``);
* each such raise's own catalogue entries, copied with the handed text as template: the entry
  keeps the raise's place, type and identity, so the answer names the raise and its exception.

The work grows with the number of such calls, not with the catalogue: the files read, the
snapshots a callee is looked up in and the links made are capped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from errdex.extract.cache import decode
from errdex.extract.templates import Opt, Ph, Value, bind, message_param
from errdex.model import UNKNOWN_EXC_TYPE, CatalogueEntry, render_template

if TYPE_CHECKING:
    from errdex.extract.facts import ExcSpec, ModuleFacts, Site
    from errdex.store.sql import Store

__all__ = ["link_entries"]

MAX_FILES = 2000  # files with a worded record of unknown type whose facts are read
MAX_SNAPSHOTS = 8  # snapshots of another codebase a callee is looked up in (newest first)
MAX_LINKS = 20000  # entries made
MAX_HOPS = 3  # re-exports followed to the module defining a callee
MAX_REPARSED = 400  # files whose stored facts are unreadable, extracted again from their text


def link_entries(store: Any) -> list[CatalogueEntry]:
    """Entries placing text a codebase hands to another's callable at the raise that prints it
    (see the module doc); none for a store that keeps no extraction facts."""
    from errdex.store.handoffs import codebases

    full = _full_store(store)
    # a link joins a codebase's text to another codebase's raise: with one codebase there is
    # none to make, and nothing is read (the files of unknown-type records of every release,
    # each one's stored facts decoded, were ~0.3 s of every release added to a 20-release
    # history of one codebase, for no link)
    if full is None or codebases(full) < 2:
        return []
    return _Linker(full).run()


def _full_store(store: Any) -> Store | None:
    """The SQL store behind ``store`` (the read-only handle opens one), or None."""
    if hasattr(store, "engine"):
        return store  # type: ignore[no-any-return]
    opened = getattr(store, "full_store", None)
    return opened() if callable(opened) else None


class _Linker:
    def __init__(self, store: Store) -> None:
        from errdex.store.handoffs import producers

        self.store = store
        self.producer = producers(store)
        self._facts: dict[tuple[str, str], ModuleFacts | None] = {}
        self._reparses = 0  # files extracted again from their stored text (``_reparsed``)
        self._entries: dict[tuple[int, str], list[CatalogueEntry]] = {}
        # (callee key, calling repo, keywords and number of positional arguments, classes of
        # the arguments) -> the entries of the raises the call's text reaches
        self._points: dict[tuple[str, str, tuple[str, ...], tuple[tuple[str, str], ...]], list[_Point]] = {}

    def run(self) -> list[CatalogueEntry]:
        from errdex.store.handoffs import unknown_files

        out: dict[tuple[int, str, str], CatalogueEntry] = {}
        for snap, repo, path, sha in unknown_files(self.store, MAX_FILES):
            mf = self.facts(snap, path, sha)
            if mf is None:
                continue
            # module-level names bound to an instance of a known class (``_cv = ContextVar(...)``)
            made = {
                k.rpartition(".")[2]: v.rpartition(".")[2]
                for k, v in mf.instances.items()
                if k.rpartition(".")[0] == mf.module
            }
            for site in mf.sites:
                for raise_entry, into in self.points(site.exc, repo, made):
                    for given in self.handed(snap, path, site):
                        segs = (
                            list(given.segments)
                            if into is None
                            else _splice(raise_entry.segments, into, given)
                        )
                        template = given.template if into is None else render_template(segs)
                        k = (raise_entry.key, template, given.repo)
                        if len(out) < MAX_LINKS and k not in out:
                            # reached through this call, not through the library's own
                            # callers: the raise's count says nothing of which site it is
                            out[k] = dataclasses.replace(
                                raise_entry, template=template, segments=segs, relay=False, callers=0
                            )
        return [out[k] for k in sorted(out)]

    def facts(self, snap: int, path: str, sha: str) -> ModuleFacts | None:
        """A file's extraction facts as its snapshot's extractor stored them, memoised; or,
        where that extractor wrote them in a form this one cannot read (an upgrade changed
        the facts' classes, and the codebase was not indexed again since), the stored text
        parsed by this extractor."""
        from errdex.store.handoffs import extraction

        key = (sha, path)
        if key not in self._facts:
            data = extraction(self.store, path, sha, self.producer.get(snap, ""))
            got = decode(data) if data is not None else None
            self._facts[key] = got if got is not None else self._reparsed(snap, path)
        return self._facts[key]

    def _reparsed(self, snap: int, path: str) -> ModuleFacts | None:
        """The stored text of a file whose stored facts are unreadable, extracted again (the
        records it is joined with are the snapshot's own: same file, same lines). Without
        this, indexing one codebase with an upgraded extractor rebuilt the match index with
        no link to the codebases indexed before the upgrade, whose facts it could not read,
        where a catalogue indexed from scratch had them. Capped (``MAX_REPARSED``); a file
        over ``IN_PROCESS_BYTES`` is left out, as extraction parses those in a limited worker."""
        from errdex.extract import extract_file
        from errdex.limits import IN_PROCESS_BYTES
        from errdex.store.handoffs import file_bytes

        if self._reparses >= MAX_REPARSED:
            return None
        self._reparses += 1
        data = file_bytes(self.store, snap, path, IN_PROCESS_BYTES)
        if data is None:
            return None
        facts = extract_file(path, data)
        return facts if facts.status != "skipped" else None

    def entries(self, snap: int, path: str) -> list[CatalogueEntry]:
        key = (snap, path)
        got = self._entries.get(key)
        if got is None:
            got = self._entries[key] = list(self.store.iter_entries(snapshot_id=snap, path=path))
        return got

    def handed(self, snap: int, path: str, site: Site) -> Iterator[CatalogueEntry]:
        """The calling codebase's own entries of the handed text: of unknown type, at the call."""
        for e in self.entries(snap, path):
            if e.line == site.line and e.kind == "error" and e.exc_type == UNKNOWN_EXC_TYPE:
                yield e

    def points(self, spec: ExcSpec, repo: str, made: dict[str, str]) -> list[_Point]:
        """The entries of the raises, in another codebase, of the text this call hands on;
        ``made``: the classes of the module-level names the caller's module binds."""
        ref = spec.helper
        if not spec.handoff or ref is None or ref.method or "." not in ref.key:
            return []
        given = [a.text for a in (*ref.args, *(a for _, a in ref.kwargs))]
        kinds = tuple(sorted((t, made[t]) for t in given if t in made))
        memo = (ref.key, repo, (*(k for k, _ in ref.kwargs), str(len(ref.args))), kinds)
        got = self._points.get(memo)
        if got is None:
            got = self._points[memo] = self._find(ref.key, spec, repo, dict(kinds))
        return got

    def _find(self, key: str, spec: ExcSpec, repo: str, kinds: dict[str, str]) -> list[_Point]:
        from errdex.store.handoffs import files_at

        for _ in range(MAX_HOPS):
            rows = files_at(self.store, _module_paths(key), MAX_SNAPSHOTS * 4)
            found: list[_Point] = []
            moved: str | None = None
            snaps: set[int] = set()
            for snap, other, path, sha in rows:
                if other == repo or (snap not in snaps and len(snaps) >= MAX_SNAPSHOTS):
                    continue
                mf = self.facts(snap, path, sha)
                if mf is None:
                    continue
                snaps.add(snap)
                if key in mf.classes or key in mf.funcs or key.removeprefix(mf.module + ".") in mf.hands:
                    found.extend(self._raised(snap, path, mf, key, spec, kinds))
                elif moved is None and key in mf.aliases:
                    moved = mf.aliases[key]  # a re-export: the defining module is looked up next
            if found or moved is None or moved == key:
                return found
            key = moved
        return []

    def _raised(
        self, snap: int, path: str, mf: ModuleFacts, key: str, spec: ExcSpec, kinds: dict[str, str]
    ) -> list[_Point]:
        """The entries of the raises of the parameter the call's text binds to, each with the
        placeholder its template takes the text in (None: the text is the whole message)."""
        places = _raising(mf, key, spec, kinds)
        if not places:
            return []
        out: list[_Point] = []
        seen: set[tuple[int, str]] = set()
        for e in self.entries(snap, path):
            where = (e.line, e.function)
            if where not in places or e.kind != "error" or (e.line, e.exc_type) in seen:
                continue
            into = places[where]
            if into is None or into in e.segments[1::2]:
                seen.add((e.line, e.exc_type))
                out.append((e, into))
        return out


# a raise's entry, and the placeholder of its template the handed text fills (None: all of it)
_Point = tuple[CatalogueEntry, str | None]


def _splice(segments: Sequence[str], name: str, given: CatalogueEntry) -> list[str]:
    """A helper's composed template with the handed text in its placeholder ``name``."""
    text = list(given.segments) if given.segments else [given.template]
    out: list[str] = [segments[0]]
    for i in range(1, len(segments), 2):
        if segments[i] == name:
            out[-1] += text[0]
            out.extend(text[1:])
            out[-1] += segments[i + 1]
        else:
            out.extend((segments[i], segments[i + 1]))
    return out


def _module_paths(key: str) -> list[str]:
    """The files that may define ``key``: its module's (a class or function at module level)
    and, for ``mod.Cls.meth``, the module above."""
    parts = key.split(".")
    out: list[str] = []
    for cut in (len(parts) - 1, len(parts) - 2):
        if cut >= 1:
            base = "/".join(parts[:cut])
            out += [f"{base}.py", f"{base}/__init__.py"]
    return out


def _raising(
    mf: ModuleFacts, key: str, spec: ExcSpec, kinds: dict[str, str]
) -> dict[tuple[int, str], str | None]:
    """(line, function) of the raises in ``mf`` of the text ``spec`` hands to ``key``: the
    parameter as given, raised in the callable or a function it defines, or an attribute its
    class's ``__init__`` stores the parameter in, raised by a method; or either handed on as
    given to a function of the module that raises it (as given, or composed into words of its
    own: then the placeholder it fills).

    Functions the callable defines under tests of what it was given (``if isinstance(local,
    Local): def _get(): ...`` / ``elif isinstance(local, ContextVar): def _get(): ...``) are
    told apart by the class of what the call passes (``kinds``: an argument's source text ->
    its class's name): when some raises sit in a function defined for that class, only those
    are the call's."""
    qual = key[len(mf.module) + 1 :] if key.startswith(mf.module + ".") else ""
    cls = mf.classes.get(key)
    if cls is not None:
        sig, scope = (cls.init.sig if cls.init else None), f"{qual}.__init__"
    else:
        fn = mf.funcs.get(key)
        # (a function raising only through another has no ``funcs`` entry: its handing does)
        sig, scope = (fn.sig if fn is not None else mf.hands.get(qual, (None, []))[0]), qual
    if not qual or sig is None:
        return {}
    assert spec.helper is not None
    bound = bind(sig, spec.helper.args, spec.helper.kwargs)
    param = next((name for name in bound.args if message_param(name)), None)
    if param is None:
        return {}
    attrs: set[str] = set()
    if cls is not None and cls.init is not None:
        attrs = {a for a, v in cls.init.attrs.items() if v == ((Ph(param),),)}
    reach = _Reach(qual, scope, param, attrs)
    found: list[tuple[Site, str | None]] = [(s, None) for s in mf.sites if reach.raises(s)]
    found += _handed_on(mf, reach)
    typed = {name: kinds[a.text] for name, a in bound.args.items() if a.text in kinds}
    picked = [(s, q) for s, q in found if typed and _defined_for(s.outer, typed)]
    return {(s.line, s.function): q for s, q in picked or found}


class _Reach:
    """Where a callable's parameter is in reach, and the name it goes by there: itself in the
    callable and the functions it defines, ``<self>.<attr>`` in the methods of its class when
    its ``__init__`` stored it in ``attr``."""

    def __init__(self, qual: str, scope: str, param: str, attrs: set[str]) -> None:
        self.qual, self.scope, self.param, self.attrs = qual, scope, param, attrs

    def in_scope(self, function: str) -> bool:
        return function == self.scope or function.startswith(self.scope + ".<locals>.")

    def reaches(self, function: str) -> bool:
        return self.in_scope(function) or (bool(self.attrs) and function.startswith(self.qual + "."))

    def holds(self, function: str, name: str) -> bool:
        """Whether ``name`` (a placeholder's) is the parameter in ``function``."""
        if self.in_scope(function):
            return name == self.param
        owner, dot, attr = name.partition(".")
        return bool(owner and dot) and attr in self.attrs and self.reaches(function)

    def raises(self, site: Site) -> bool:
        if site.kind != "error" or site.exc.helper is not None or not self.reaches(site.function):
            return False
        if self.in_scope(site.function):
            return _raises(site.exc.msg, self.param)
        return bool(site.self_name) and any(
            _raises(site.exc.msg, f"{site.self_name}.{a}") for a in self.attrs
        )


def _handed_on(mf: ModuleFacts, reach: _Reach) -> list[tuple[Site, str | None]]:
    """The raises of a function of the module that the parameter is handed to as given
    (``fail(message)``, ``self._fail(self._error_message)``), with the helper's parameter its
    composed template holds it in (None where it raises it as given)."""
    out: list[tuple[Site, str | None]] = []
    for function, (_, refs) in mf.hands.items():
        if not reach.reaches(function):
            continue
        for ref in refs:
            hkey = f"{ref.key}.{ref.method}" if ref.method else ref.key
            info = mf.funcs.get(hkey)
            if info is None or info.sig is None or not hkey.startswith(mf.module + "."):
                continue  # (a helper raising what it is given has a ``funcs`` entry)
            helper = hkey[len(mf.module) + 1 :]
            for q, a in bind(info.sig, ref.args, ref.kwargs).args.items():
                v = a.value
                if (
                    len(v) == 1
                    and len(v[0]) == 1
                    and isinstance(v[0][0], Ph)
                    and reach.holds(function, v[0][0].name)
                ):
                    out += [(s, None if _raises(s.exc.msg, q) else q) for s in _raises_of(mf, helper, q)]
    return out


def _raises_of(mf: ModuleFacts, function: str, name: str) -> list[Site]:
    """The raises in ``function`` whose message holds its parameter ``name``."""
    return [
        s
        for s in mf.sites
        if s.function == function
        and s.kind == "error"
        and s.exc.helper is None
        and any(Ph(name) in variant for variant in s.exc.msg or ())
    ]


def _defined_for(outer: Sequence[str], typed: dict[str, str]) -> bool:
    """Whether one of the conditions a function was defined under is ``isinstance(P, C)``
    with ``C`` named as the class of what the call passes as ``P``."""
    for g in outer:
        if not (g.startswith("isinstance(") and g.endswith(")")):
            continue
        name, _, classes = g[len("isinstance(") : -1].partition(", ")
        want = typed.get(name)
        if want is not None and want in {c.strip("() ").rpartition(".")[2] for c in classes.split(",")}:
            return True
    return False


def _raises(msg: Value | None, name: str) -> bool:
    """Whether a variant of the message is the named value as given (a default put in its
    place under a test of it aside): ``raise RuntimeError(unbound_message)``."""
    if not msg:
        return False
    want = [Ph(name)]
    for variant in msg:
        parts = [p for p in variant if not (isinstance(p, Opt) and not p.value)]
        if parts == want:
            return True
    return False
