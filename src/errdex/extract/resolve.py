"""Cross-module resolution, run once in the parent over every module's facts.

Workers leave ``Ref``s for anything defined outside the function being analysed. Here the
per-module tables are merged into codebase-wide ones and each site's message is turned into
final segment lists: module constants are inlined, a helper call that *is* the whole message is
inlined into the template (otherwise the template would be a lone placeholder), and a helper call
that is only part of a message stays a placeholder in ``segments`` but is inlined in
``expanded_segments`` so the matcher has more literal text. This pass is cheap: it touches only
sites and the helpers they reference, never ASTs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from errdex.extract.facts import ClassInfo, ExcSpec, FuncInfo, ModuleFacts, Site
from errdex.extract.templates import (
    MAX_PLACEHOLDERS,
    MAX_VARIANTS,
    Arg,
    Ph,
    Ref,
    Value,
    capped,
    has_literal,
    join_values,
    ph,
    to_segments,
    value_has_literal,
)
from errdex.model import ErrorRecord, error_id, render_template

Flat = tuple[str | Ph, ...]
Pair = tuple[Flat, Flat]  # (main parts, expanded parts)

_MAX_DEPTH = 12
_MAX_STAR_DEPTH = 4  # ``from a import *`` chains followed
_STAR_BUDGET = 64  # modules one star-import search may look in
_UNRESOLVED: Pair = ((), ())
_MAX_PARTS = 4 * MAX_PLACEHOLDERS + 8  # a rendering longer than this is capped while it is built


def _cap(parts: Iterable[str | Ph]) -> Flat:
    return capped(parts)  # type: ignore[return-value]  # capping adds only Ph, never a Ref


class Resolver:
    """Codebase-wide tables and the resolution of values, helpers and exception classes."""

    def __init__(self, modules: Iterable[ModuleFacts]) -> None:
        self.consts: dict[str, Value] = {}
        self.funcs: dict[str, FuncInfo] = {}
        self.classes: dict[str, ClassInfo] = {}
        self.aliases: dict[str, str] = {}
        self.stars: dict[str, list[str]] = {}
        self.instances: dict[str, str] = {}
        for m in modules:
            self.consts.update(m.consts)
            self.funcs.update(m.funcs)
            self.classes.update(m.classes)
            self.aliases.update(m.aliases)
            self.instances.update(m.instances)
            if m.stars:
                self.stars[m.module] = m.stars
        # method name -> the methods of that name that always raise (``ctx.fail`` on an object of
        # unknown class resolves when exactly one class of the codebase has such a method)
        self.raisers: dict[str, list[str]] = {}
        for k, f in self.funcs.items():
            if f.raises and k.rpartition(".")[0] in self.classes:
                self.raisers.setdefault(k.rpartition(".")[2], []).append(k)
        self._canon: dict[str, str | None] = {}
        self._star_depth = 0
        self._star_budget = 0
        self._memo: dict[str, list[Pair]] = {}
        self._active: set[str] = set()

    # ------------------------------------------------------------ names

    def canon(self, key: str | None) -> str | None:
        """The defining key for a dotted name, following imports and re-exports."""
        if key is None:
            return None
        if key in self._canon:
            return self._canon[key]
        result: str | None = None
        cur = key
        for _ in range(_MAX_DEPTH):
            if cur in self.consts or cur in self.funcs or cur in self.classes or cur in self.instances:
                result = cur
                break
            nxt = self.aliases.get(cur)
            if nxt is None:
                i = cur.rfind(".")
                while i > 0:
                    prefix = cur[:i]
                    target = self.aliases.get(prefix)
                    if target is not None and target != prefix:
                        nxt = target + cur[i:]
                        break
                    i = cur.rfind(".", 0, i)
            if nxt is None or nxt == cur:
                break
            cur = nxt
        self._canon[key] = result
        if result is None and self.stars and self._star_depth < _MAX_STAR_DEPTH:
            top = self._star_depth == 0
            if top:
                self._star_budget = _STAR_BUDGET
            self._star_depth += 1
            try:
                result = self._via_star(cur)
            finally:
                self._star_depth -= 1
            if result is not None or top:
                self._canon[key] = result
            else:
                self._canon.pop(key, None)  # a cut-short search proves nothing: do not cache it
        return result

    def _via_star(self, key: str) -> str | None:
        """``pkg.mod.Name`` where ``pkg.mod`` did ``from pkg.errors import *``: look there.

        Only the innermost star-importing module of the key is followed (the module the name was
        looked up in), and a whole search visits a bounded number of modules: a package that
        star-imports hundreds of subpackages must not make every unknown name cost thousands."""
        i = key.rfind(".")
        if i > 0 and key[:i] not in self.stars:
            i = key.rfind(".", 0, i)  # ``mod.Name.attr``: a name and one attribute at most
        if i <= 0 or key[:i] not in self.stars:
            return None
        for src in self.stars[key[:i]]:
            if self._star_budget <= 0:
                return None
            self._star_budget -= 1
            found = self.canon(src + key[i:])
            if found is not None:
                return found
        return None

    def qualname(self, key: str | None) -> str | None:
        """Where an exception class lives: its definition if in the codebase, else the import."""
        if key is None:
            return None
        c = self.canon(key)
        if c is not None:
            return c
        cur = key
        for _ in range(_MAX_DEPTH):
            nxt = self.aliases.get(cur)
            if nxt is None or nxt == cur:
                break
            cur = nxt
        return cur

    def mro(self, class_key: str) -> list[str]:
        out: list[str] = []
        todo = [class_key]
        while todo and len(out) < 32:
            k = todo.pop(0)
            if k in out:
                continue
            info = self.classes.get(k)
            if info is None:
                continue
            out.append(k)
            todo.extend(c for c in (self.canon(b) for b in info.base_keys) if c is not None)
        return out

    def func_for(self, ref: Ref) -> tuple[str, FuncInfo] | None:
        if ref.method and not ref.key:
            keys = self.raisers.get(ref.method, [])
            return (keys[0], self.funcs[keys[0]]) if len(keys) == 1 else None
        if ref.method:
            ck = self.canon(ref.key)
            if ck is None:
                return None
            for k in self.mro(ck):
                fk = f"{k}.{ref.method}"
                info = self.funcs.get(fk)
                if info is not None:
                    return fk, info
            return None
        key = self.canon(ref.key)
        if key is None:
            return None
        found = self.funcs.get(key)
        if found is None and key in self.instances:
            ck = self.canon(self.instances[key])
            for k in self.mro(ck) if ck is not None else ():
                fk = f"{k}.__call__"
                if fk in self.funcs:
                    return fk, self.funcs[fk]
        return (key, found) if found is not None else None

    # ------------------------------------------------------------ values

    def value(self, value: Value, depth: int = 0) -> list[Pair]:
        """All (main, expanded) renderings of a value, capped.

        Each rendering is grown in place as a list and capped as it grows, so a message of many
        parts costs time linear in its parts, not quadratic.
        """
        out: dict[Pair, None] = {}
        for variant in value:
            whole = len(variant) == 1
            combos: list[tuple[list[str | Ph], list[str | Ph]]] = [([], [])]
            for part in variant:
                if isinstance(part, Ref):
                    opts = self.ref(part, whole, depth)
                    if len(opts) == 1 and len(combos) == 1:
                        combos[0][0].extend(opts[0][0])
                        combos[0][1].extend(opts[0][1])
                    else:
                        combos = [([*m, *om], [*e, *oe]) for (m, e) in combos for (om, oe) in opts][
                            :MAX_VARIANTS
                        ]
                    if combos and len(combos[0][1]) > _MAX_PARTS:
                        combos = [(list(_cap(m)), list(_cap(e))) for m, e in combos]
                else:
                    for m, e in combos:
                        m.append(part)
                        e.append(part)
            for m, e in combos:
                out.setdefault((_cap(m), _cap(e)), None)
            if len(out) >= MAX_VARIANTS:
                break
        return list(out)[:MAX_VARIANTS]

    def ref(self, ref: Ref, whole: bool, depth: int) -> list[Pair]:
        placeholder: list[Pair] = [((Ph(ref.name),), (Ph(ref.name),))]
        if depth > _MAX_DEPTH:
            return placeholder
        if not ref.call and ref.method == "[]":
            # an item of a dict of messages: any of its values, when it is the whole message (a
            # dict item inside a longer message is more likely a name or a value than text)
            if not whole:
                return placeholder
            cur = ref.key
            for _ in range(_MAX_DEPTH):
                if f"{cur}[]" in self.consts:
                    return self.memo(f"{cur}[]", self.consts[f"{cur}[]"], depth) or placeholder
                nxt = self.aliases.get(cur)
                if nxt is None or nxt == cur:
                    break
                cur = nxt
            return placeholder
        if not ref.call:
            key = self.canon(ref.key)
            if key is None or key not in self.consts:
                return placeholder
            return self.memo(key, self.consts[key], depth) or placeholder
        found = self.func_for(ref)
        if found is None or not found[1].ret:
            return placeholder
        key, info = found
        pairs = self.memo(key, info.ret, depth)
        if not pairs:
            return placeholder
        pairs = self.substitute(pairs, info.params, ref.args, ref.kwargs, depth, info.defaults)
        if whole:
            return pairs
        if len(pairs) > 1:
            # a helper returning different text in different branches ("None" or "<X at 0x..>"):
            # inlining one of them would make the others fail to fit, so it stays a placeholder
            return placeholder
        return [((Ph(ref.name),), pairs[0][1])]

    def memo(self, key: str, value: Value, depth: int) -> list[Pair]:
        if key in self._memo:
            return self._memo[key]
        if key in self._active:
            return []
        self._active.add(key)
        try:
            pairs = self.value(value, depth + 1)
        finally:
            self._active.discard(key)
        self._memo[key] = pairs
        return pairs

    def substitute(
        self,
        pairs: list[Pair],
        params: Sequence[str],
        args: Sequence[Arg],
        kwargs: Sequence[tuple[str, Arg]],
        depth: int,
        defaults: dict[str, Arg] | None = None,
    ) -> list[Pair]:
        """Rename a helper's parameter placeholders to what the caller passed (or the default)."""
        mapping = _arg_mapping(params, args, kwargs, defaults)
        if not mapping:
            return pairs
        resolved: dict[str, list[Pair]] = {}

        def arg_pairs(name: str) -> list[Pair]:
            if name not in resolved:
                got = self.value(mapping[name].value, depth + 1)
                resolved[name] = got or [((Ph(mapping[name].text),), (Ph(mapping[name].text),))]
            return resolved[name]

        result: dict[Pair, None] = {}
        for m, e in pairs:
            # every rendering of an argument: a message built in two branches and passed to a
            # constructor or helper is two messages, not the first of them
            names = [n for n in dict.fromkeys(p.name for p in (*m, *e) if isinstance(p, Ph)) if n in mapping]
            choices: list[dict[str, Pair]] = [{}]
            for n in names:
                opts = arg_pairs(n)
                if len(opts) > 1:
                    choices = [{**c, n: o} for c in choices for o in opts][:MAX_VARIANTS]
            for c in choices:
                # an argument with one rendering is not in the choice: its first (only) one
                whole = {n: c[n] if n in c else arg_pairs(n)[0] for n in names}
                result.setdefault((_fill(m, 0, whole, mapping), _fill(e, 1, whole, mapping)), None)
        return list(result)[:MAX_VARIANTS]

    # ------------------------------------------------------------ exceptions

    def exc(self, spec: ExcSpec, depth: int = 0) -> tuple[str, str | None, list[str], list[Pair]]:
        """(exc_type as written, qualname, bases, message renderings) for what a site raises."""
        if spec.helper is not None and depth <= _MAX_DEPTH:
            found = self.func_for(spec.helper)
            if spec.via_call and (found is None or not found[1].raises):
                return spec.exc_type, None, [], []
            if found is not None and found[1].exc is not None:
                helper = found[1]
                assert helper.exc is not None
                h_type, h_qual, h_bases, h_pairs = self.exc(helper.exc, depth + 1)
                h_pairs = self.substitute(
                    h_pairs, helper.params, spec.helper.args, spec.helper.kwargs, depth, helper.defaults
                )
                return h_type, h_qual, h_bases, h_pairs
        key = self.canon(spec.key)
        bases: list[str] = []
        pairs: list[Pair] | None = None
        custom_init = False
        if key is not None and key in self.classes:
            bases = list(self.classes[key].bases)
            for k in self.mro(key):
                info = self.classes[k]
                if info.msg is not None:
                    pairs = self.value(info.msg, depth + 1)
                    pairs = self.substitute(pairs, info.params, spec.args, spec.kwargs, depth, info.defaults)
                    break
                if f"{k}.__init__" in self.funcs:
                    # an __init__ that does not build a message: the first argument is it, unless
                    # it is no text at all (``Error(None, None, "problem", mark)``): then the
                    # message is what the text arguments say, whatever sits between them
                    custom_init = True
                    break
        if pairs is None and custom_init:
            msg = _text_args(spec.args)
            if msg is not None:
                pairs = self.value(msg, depth)
        if pairs is None:
            pairs = self.value(spec.msg, depth) if spec.msg is not None else [(("",), ("",))]
        qual = self.qualname(spec.key)
        return spec.exc_type, qual, bases, pairs


def _arg_mapping(
    params: Sequence[str],
    args: Sequence[Arg],
    kwargs: Sequence[tuple[str, Arg]],
    defaults: dict[str, Arg] | None,
) -> dict[str, Arg]:
    """Parameter name -> the argument a call binds to it (or its string default)."""
    mapping: dict[str, Arg] = dict(defaults) if defaults else {}
    for p, a in zip(params, args, strict=False):
        mapping[p] = a
    for k, a in kwargs:
        if k in params:
            mapping[k] = a
    return mapping


def _fill(parts: Flat, which: int, chosen: dict[str, Pair], mapping: dict[str, Arg]) -> Flat:
    """Placeholders named after a parameter become the chosen rendering of its argument
    (``which``: 0 main, 1 expanded); ``param.attr``/``param[i]``/``param=`` are renamed after
    the argument's source text."""
    out: list[str | Ph] = []
    for p in parts:
        if not isinstance(p, Ph):
            out.append(p)
            continue
        name = p.name
        if name in chosen:
            out.extend(chosen[name][which])
            continue
        cut = next((i for i, ch in enumerate(name) if ch in ".[="), -1)
        head = name[:cut] if cut >= 0 else ""
        out.append(Ph(mapping[head].text + name[cut:]) if head in mapping else p)
    return _cap(out)


def _text_args(args: tuple[Arg, ...]) -> Value | None:
    """The message of ``Error(None, ..., "text", ...)``: the positional arguments that carry text,
    joined by placeholders; None when the first argument carries text or none does."""
    if not args or value_has_literal(args[0].value):
        return None
    texts = [a.value for a in args if value_has_literal(a.value)]
    if not texts:
        return None
    return join_values(ph("..."), texts)


def build_records(repo: str, path: str, sites: Sequence[Site], resolver: Resolver) -> list[ErrorRecord]:
    """Turn one file's sites into records: one per distinct message template."""
    records: list[ErrorRecord] = []
    for site in sites:
        exc_type, qual, bases, pairs = resolver.exc(site.exc)
        if site.exc.via_call and not pairs:
            continue  # the function called does not always raise: not a raise site
        if any(has_literal(m) for m, _ in pairs):
            pairs = [p for p in pairs if has_literal(p[0])]
        seen: set[str] = set()
        for main, expanded in pairs or [(("",), ("",))]:
            segments = to_segments(main)
            template = render_template(segments)
            if template in seen:
                continue
            seen.add(template)
            records.append(
                ErrorRecord(
                    kind=site.kind,
                    exc_type=exc_type,
                    template=template,
                    segments=segments,
                    expanded_segments=to_segments(expanded),
                    path=path,
                    line=site.line,
                    end_line=site.end_line,
                    function=site.function,
                    exc_qualname=qual,
                    exc_bases=bases,
                    level=site.level,
                    guards=list(site.guards),
                    window_start=site.window_start,
                    window_end=site.window_end,
                    comments=list(site.comments),
                    docstring=site.docstring,
                    id=error_id(repo, path, site.function, exc_type, template),
                )
            )
    return records
