"""Near-ties of one text: a site's platform or asynchronous twin, and its longer-named variant, rank after it.

A library often raises one message from twin implementations of one operation: the
synchronous method and its ``async`` copy (``_async/``, ``aio/``, ``AsyncX.acquire``,
``_async_poll``), the generic or Linux module and the other platforms' (``_psbsd``,
``serialwin32``, ``windows/``). Pasted without frames, the text cannot tell them apart, and
their scores differ only by the ranker's smallest tie-breakers. The synchronous, generic
site is the one most code runs; the twins stay listed right after it as alternatives.
Measured over every exact near-tie of the regression sets (README, issue #10): 3 gained,
none lost; no other ordering signal tried there (privacy, path depth, the call in the last
frame) gained without losses.

A traceback whose deepest frame itself runs in such a module says which kind raised, even
when the frame leads to both alike: the module was renamed since the user's release
(python-socketio's ``asyncio_client.py``, now ``async_client.py``) or a copy of it ran. Then
the twins come first, their plain sites right after them.

Within each kind, a variant of another site of the tie comes after it (``variant_of``): the
same function in a module whose path is the other's with folders added (an SDK's
``resources/beta/models.py`` beside ``resources/models.py``), or in a class whose name is the
other's with words before it, in the same folder (``FunctionResponsePart.from_uri`` beside
``Part.from_uri``, ``ConcreteInstr`` beside ``Instr``). The shorter name is the general form a
library's users reach first, the longer one a specialisation of it; the answer says which site
each variant was put after. Measured over every exact tie of the regression sets (acc85:
docs/measurements/acc85.md): 6 gained, 1 lost (a variant the user did call).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from errdex.match.result import TIE, Match, at_least, literal, placeholders, tied
from errdex.match.score import fn_last
from errdex.match.verify import REPR_MARK, _bare_word

if TYPE_CHECKING:
    from errdex.match.parse import Frame

# score gap within which two exact matches of the same text are a tie the twins rule may order
NEAR = 0.01
# the other common name of an asynchronous copy: a package ``aio/`` mirroring the synchronous
# modules (kubernetes' ``aio/config/``, the Azure SDKs' ``aio/`` subpackages) or a module
# ``aio.py`` / ``*_aio.py``; only as a whole folder or name part, so ``aiohttp/`` is no twin
_AIO = "aio"
# platform names as module names end in them (``_psbsd``, ``serialwin32``) or folders are named
_PLATFORMS = ("win32", "windows", "darwin", "macos", "osx", "bsd", "sunos", "solaris", "aix", "java")


def twin(m: Match) -> bool:
    """Whether a site is an asynchronous or platform-specific variant (by its path and function)."""
    return _twin_place(m.path, m.function)


def _twin_place(path: str, function: str) -> bool:
    path = path.lower()
    if "async" in path or "async" in function.lower():
        return True
    *dirs, name = path.split("/")
    module = name.removesuffix(".py")
    if _AIO in dirs or module == _AIO or module.endswith("_" + _AIO):
        return True
    stem = module.replace("_", "")
    return stem.endswith(_PLATFORMS) or any(d.replace("_", "") in _PLATFORMS for d in dirs)


def raised_in_twin(frames: Sequence[Frame]) -> bool:
    """Whether the paste's deepest frame runs in an asynchronous or platform module: its file
    and the folder holding it, as printed (the rest of a user's path, ``C:/Windows/...`` or a
    project named ``async-bot``, says nothing about the library)."""
    if not frames:
        return False
    deepest = frames[-1]
    place = "/".join(deepest.path.replace("\\", "/").split("/")[-2:])
    return _twin_place(place, deepest.function or "")


def twins_last(matches: list[Match], frames: Sequence[Frame] = ()) -> list[Match]:
    """The matches with the first answer's near-tied twins after the plain sites of its text,
    or before them when the paste's deepest frame runs in a twin module (``raised_in_twin``).

    Only matches as exact as the first answer, of its class and text, within ``NEAR`` of its
    score move, among their own places; each place keeps its score, so the list stays in
    score order. Approximate answers move only when tied outright (an older wording, the
    class and frames leading to both twins alike): between approximate ones a small gap is
    the text fitting one twin better (``'COM4'`` in the repr one of them prints). A tie of
    only twins (a library all ``async``) or only plain sites is unchanged."""
    if len(matches) < 2:
        return matches
    top = matches[0]
    text = literal(top.template)
    near = 1e-9 if top.approximate else NEAR
    slots = [
        i
        for i, m in enumerate(matches)
        if m.approximate == top.approximate
        and m.exc_type == top.exc_type
        and top.score - m.score < near
        and literal(m.template) == text
    ]
    group = [matches[i] for i in slots]
    first = raised_in_twin(frames)
    general = {id(m): [o for o in group if variant_of(m, o)] for m in group}
    # stable: the ranker's order within each kind and each number of sites it varies
    ordered = sorted(group, key=lambda m: (twin(m) != first, len(general[id(m)])))
    if ordered == group and not any(general.values()):
        return matches
    out = list(matches)
    for i, m in zip(slots, ordered, strict=True):
        reasons = m.reasons
        if general[id(m)]:
            of = ", ".join(f"{o.path}:{o.line} ({o.function})" for o in general[id(m)])
            reasons = [*reasons, f"a variant of {of} (a longer module path or class name): listed after it"]
        out[i] = replace(m, score=matches[i].score, reasons=reasons)
    return out


def frame_named_first(matches: list[Match], frames: Sequence[Frame] = ()) -> list[Match]:
    """The matches with the one site of a tie (``result.tied``) whose function has the name of
    the paste's deepest frame first, above the tie by ``TIE``: the frame says which of the sites
    printing the same words ran. A tie survives the ranker's frame evidence only when that
    frame's file holds no raise of the function (another release moved the method to another
    module: Ray's ``serve/api.py`` ``_wait_for_deployment_healthy``, now the client's in
    ``serve/_private/client.py``), and the name still tells the method from a namesake text of
    another function (a benchmark's ``_controller_wait_for_deployment_healthy``). Only when
    exactly one site of the tie has that name; a tie of namesakes, or of none, is unchanged."""
    if len(matches) < 2 or not frames:
        return matches
    name = fn_last(frames[-1].function)
    if not name or name.startswith("<"):
        return matches
    group = tied(matches)
    named = [m for m in group if fn_last(m.function) == name]
    if len(group) < 2 or len(named) != 1:
        return matches
    pick = named[0]
    why = f"the traceback's last frame names its function ({name}), which no other site of this text has"
    lifted = replace(pick, score=group[0].score + TIE, reasons=[*pick.reasons, why])
    return [lifted, *(m for m in matches if m is not pick)]


def variant_of(a: Match, b: Match) -> bool:
    """Whether site ``a`` is a variant of site ``b`` of the same codebase: the same function
    name, in a module whose path is ``b``'s with folders added (the file's name alike, ``b``'s
    folders in order among ``a``'s; its class the same or a variant) or, in ``b``'s folder, in a
    class whose name is ``b``'s class with CapWords words before it."""
    if a.repo != b.repo or (a.path, a.function) == (b.path, b.function):
        return False
    a_cls, a_fn = _class_and_name(a.function)
    b_cls, b_fn = _class_and_name(b.function)
    if a_fn != b_fn:
        return False
    *a_dirs, a_file = a.path.split("/")
    *b_dirs, b_file = b.path.split("/")
    classed = a_cls == b_cls or _longer_class(a_cls, b_cls)
    if a_file == b_file and len(a_dirs) > len(b_dirs) and _in_order(b_dirs, a_dirs) and classed:
        return True
    return a_dirs == b_dirs and _longer_class(a_cls, b_cls)


def _class_and_name(qualname: str) -> tuple[str, str]:
    """The class a function is a method of (``""`` for a module's function or a nested one's
    ``<locals>``) and its own name."""
    *outer, name = qualname.split(".")
    cls = outer[-1] if outer and outer[-1][:1].isupper() else ""
    return cls, name


def _longer_class(a: str, b: str) -> bool:
    """Whether class name ``a`` is ``b`` with CapWords words before it (``AsyncBatches``,
    ``FunctionResponsePart`` of ``Batches``, ``Part``): ``b`` starts a word inside ``a``."""
    return bool(b) and len(a) > len(b) and a.endswith(b) and a[-len(b) - 1].islower()


def _in_order(short: list[str], long: list[str]) -> bool:
    """Whether the folders ``short`` all appear in ``long``, in the same order."""
    rest = iter(long)
    return all(d in rest for d in short)


def str_before_repr(matches: list[Match]) -> list[Match]:
    """The matches with a tied site that prints a value through ``repr()`` placed after one
    that prints it through ``str()``, when the paste's value there has no quotes.

    Two sites of one text may differ only in how a value is printed: Streamlit's
    ``set_user_option`` says ``Unrecognized config option: {key}`` and its server's
    ``Unrecognized config option: {config_key!r}``. ``repr()`` of a string has quotes, of a
    number digits, of ``None`` its name, of a list or an object brackets: a bare dotted name
    (``deprecation.showPyplotGlobalUse``, ``_bare_word``, on the value's first line:
    ``_first_line``) is what ``str()`` prints, and only a
    class with its own ``__repr__`` prints so through ``repr()``. Such a site drops ``TIE``
    below the ``str()`` one, out of the tie (``result.tied``), saying why; a quoted value
    already fits the ``repr()`` site better and is left as ranked. Only sites tied with the
    first answer (the same class and text, ``tied``) are compared, position by position."""
    group = tied(matches)
    if len(group) < 2:
        return matches
    names = {id(m): placeholders(m.template) for m in group}
    plain: list[Match] = []
    quoted: dict[int, str] = {}
    for m in group:
        shown = next(
            (
                n
                for k, n in enumerate(names[id(m)])
                if n.endswith(REPR_MARK)
                and _bare_word(_first_line(m.values.get(n, "")))
                and any(
                    len(names[id(o)]) > k and not names[id(o)][k].endswith(REPR_MARK)
                    for o in group
                    if o is not m
                )
            ),
            None,
        )
        if shown is None:
            plain.append(m)
        else:
            quoted[id(m)] = shown
    if not quoted or not plain:
        return matches
    below = max(m.score for m in plain) - TIE
    out = []
    for m in matches:
        shown = quoted.get(id(m))
        if shown is None:
            out.append(m)
            continue
        why = (
            f"prints {{{shown}}} through repr(), which would quote a string: the paste's "
            f"{_first_line(m.values.get(shown, ''))} has no quotes, as str() prints it at another site"
        )
        out.append(replace(m, score=min(m.score, below), reasons=[*m.reasons, why]))
    return sorted(out, key=lambda m: -m.score)


def _first_line(value: str) -> str:
    """A fitted value up to its line's end: a template fitted as one whole line of the paste
    may take the reporter's next lines into its last value, but ``repr()`` prints a string on
    one line, so its first line is what the site would have printed there."""
    return value.strip().split("\n", 1)[0].strip()


def mark_ties(matches: list[Match], full: bool = False) -> list[Match]:
    """The matches with each answer of a tie (``result.tied``) saying so, naming the others: the
    list shows them in some order, and a reader must not take the first for the one. ``full``
    as ``result.verdict``'s: a tie filling a full list counts "at least" its others."""
    group = tied(matches)
    if len(group) < 2:
        return matches
    out = list(matches)
    some = at_least(len(group) - 1, full and len(group) == len(matches))
    # an approximate tie's sites share a template the message does not fit word for word
    what = "the same template" if group[0].approximate else "this message"
    for i, m in enumerate(group):
        others = [f"{o.path}:{o.line}" for o in group if o is not m]
        note = (
            f"tied with {some} other site(s) raising {what}, nothing in the paste tells them apart: "
            + ", ".join(others)
        )
        out[i] = replace(m, reasons=[*m.reasons, note], tied_with=others)
    return out
