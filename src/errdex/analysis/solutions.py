"""How to fix an error, from facts only — or one line saying no fix is known.

A solution must name something the user controls; "make sure that the check holds" restates the
guard (already shown under "When it happens") and is not advice. What counts, best first:

* **parameter** — the guard tests a value that is a parameter of the public function the user
  called (the raising function itself, or a public function that reaches it and has a parameter
  of the same name): the fix is in what they pass there, so name that argument and the condition
  it must meet. A method's guard on ``self.x`` counts the same way when the class's constructor
  takes ``x``: the user set it when they made the object.
* **guard** — a failed membership or type test says, by negation, what *is* accepted: ``x not in
  (A, B)`` means "use A or B", a failed ``isinstance(x, T)`` means "pass a T".
* **message** — authors often write the fix into the message ("Try using lax.scan", "Use
  arr.filled()"); those imperative sentences are quoted, not paraphrased.
* **comment** — the same, from a comment at the raise (not a TODO: that is the maintainers'
  plan, not the user's remedy).
* **docs** — URLs in the message or its expanded helpers become references.
* **sibling** — errors of the same function often state the fix the other one leaves implicit.

Imperatives are recognised conservatively: many verbs are also nouns or function names
("reshape with None dimensions not supported", "check failed"), so a sentence counts only when
its first word is an imperative verb *used as one*.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from errdex.analysis.result import Solution
from errdex.analysis.trigger import Trigger, condition_phrase, describe_guards

__all__ = ["NO_FIX", "URL", "Feed", "imperatives", "solutions_for"]

NO_FIX = (
    "errdex found no fix stated in the code (no accepted values, no argument of a public function, "
    "no advice in the message or its comments); “When it happens” says what must change."
)
URL = re.compile(r"https?://[^\s'\"<>)\]}`]+[^\s'\"<>)\]}`.,;:]")
# verbs that are imperatives whatever follows them
_STRONG = (
    r"try|use|call|pass|please|consider|make sure|ensure|specify|provide|install|upgrade|downgrade|"
    r"convert|avoid|do not|don't|instead use|see|refer to|set"
)
# verbs that double as nouns or function names: imperatives only when an object follows
_WEAK = (
    r"reshape|add|remove|check|run|switch|wrap|rename|define|increase|decrease|reduce|cast|report|"
    r"file|update|change|replace|import|enable|disable|restart|reinstall|move|split|select|choose"
)
_LEAD = re.compile(rf"^(?:(?P<strong>{_STRONG})|(?P<weak>{_WEAK}))\b\s*(?P<next>[\w'`\"(\[.-]*)", re.I)
_MODAL = re.compile(r"\b(?:you (?:can|should|may|must|might|need to|have to)|please)\b", re.I)
# what follows a noun, not an imperative verb: "reshape with ...", "check failed", "add is ..."
_NOUN_FOLLOWERS = (
    "must is are was were has have had should can cannot could will would may might does did "
    "doesn't isn't aren't requires require expects expected supports supported failed fails "
    "returned returns got not only with of for on in at to operation operations op ops dimension "
    "dimensions mode rule size shape function method"
)
_NOT_AN_OBJECT = frozenset(_NOUN_FOLLOWERS.split())
_CLAUSE = re.compile(  # a lead-in before the imperative: "Instead, use ...", "To fix this, pass ..."
    r"^(?:instead|alternatively|otherwise|if so|in that case"
    r"|to (?:fix|avoid|resolve|silence|suppress)\b[^,]{0,80}),\s*",
    re.I,
)
_ABBREV = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf|approx)\.", re.I)
_TO_USER = re.compile(r"\b(?:you|your|users?|callers?)\b", re.I)
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True, slots=True)
class Feed:
    """A public function's parameter that carries the value a guard tests."""

    param: str  # the parameter's name, as the guard uses it
    function: str  # the public dotted name the user calls
    direct: bool  # the guard is in that function itself (else: a parameter of the same name)
    condition: str  # the negated guard: what must hold for the call to pass
    attribute: bool = False  # the guard tests ``self.<param>``; ``function`` is the class


def imperatives(template: str) -> list[str]:
    """Sentences of a message that tell the reader what to do."""
    protected = URL.sub(lambda m: m.group(0).replace(".", "\x00"), template)
    protected = _ABBREV.sub(lambda m: m.group(0).replace(".", "\x00"), protected)
    out: list[str] = []
    for sent in re.split(r"(?<=[.!?])\s+|\n+", protected):
        s = sent.replace("\x00", ".").strip(" \t-:;,")
        if 8 <= len(s) <= 300 and _asks(s) and len(_PLACEHOLDER.sub("", s)) >= 8:
            out.append(s)  # (a sentence made mostly of placeholders tells nothing)
    return out


def _asks(sentence: str) -> bool:
    body = _CLAUSE.sub("", sentence, count=1)
    m = _LEAD.match(body)
    if m is not None:
        if m.group("strong"):
            return True
        nxt = m.group("next").lower()
        return bool(nxt) and nxt not in _NOT_AN_OBJECT
    return bool(_MODAL.search(sentence))


def solutions_for(
    trigger: Trigger,
    guards: list[str],
    template: str,
    expanded: str,
    siblings: list[str],
    *,
    notes: Sequence[str] = (),
    feeds: Sequence[Feed] = (),
) -> tuple[list[Solution], list[str]]:
    """(solutions, references). Each solution says where it came from."""
    found: list[tuple[str, str]] = [*_from_guards(trigger, feeds)]
    found += [
        (f"The message says: “{s}”", "message")
        for s in imperatives(expanded or template)
        if not URL.search(s)
    ]  # fmt: skip  (a link is listed as a docs solution below)
    found += [(f"A comment at the raise says: “{s}”", "comment") for s in _comment_advice(notes)]
    refs = list(dict.fromkeys(URL.findall(expanded) + URL.findall(template)))
    found += [(f"Read the documentation the message links to: {url}", "docs") for url in refs]
    advised = [s for sib in siblings for s in imperatives(sib)[:1]]
    found += [(f"A sibling error in the same function suggests: “{s}”", "sibling") for s in advised[:2]]
    sols: list[Solution] = []
    for text, source in found:
        if text and all(s.text != text for s in sols):
            sols.append(Solution(text, source))
    return sols, refs


def _from_guards(trigger: Trigger, feeds: Sequence[Feed]) -> list[tuple[str, str]]:
    """The arguments to change, then the accepted values of subjects that are not arguments."""
    by_subject: dict[str, list[str]] = {}
    for subj, accepted in trigger.accepted:
        by_subject.setdefault(subj, []).append(accepted)
    out = [(_feed_text(f, by_subject.get(f"`{f.param}`")), "parameter") for f in feeds]
    fed = {f.param for f in feeds}
    for subj, options in by_subject.items():
        if subj.strip("`") not in fed:
            out.append(
                (f"Make {subj} {' or '.join(options)}: those are the values this check accepts.", "guard")
            )
    return out


def _comment_advice(notes: Sequence[str]) -> list[str]:
    """The first imperative of each comment that speaks to the user, not among maintainers.

    Most comments at a raise are notes between maintainers ("Use the dynamic indices from now
    on!"); only one that names the user or caller ("you", "users", "callers") is their remedy.
    """
    return [
        s
        for note in notes
        if not re.match(r"^(TODO|FIXME|XXX|HACK|BUG)\b", note, re.I) and _TO_USER.search(note)
        for s in imperatives(note)[:1]
    ]


def _feed_text(f: Feed, accepted: list[str] | None) -> str:
    # the keyword form names the argument without listing the signature's other parameters,
    # which would read as identifiers of the raising file
    where = f"`{f.function}({f.param}=...)`"
    need = f"give it {' or '.join(accepted)}" if accepted else f"the call fails unless {f.condition}"
    if f.attribute:
        return f"`self.{f.param}` is what you pass as {where} (or to a subclass) when you make the object: {need}."
    if f.direct:
        return f"Check the value you pass as {where}: {need}."
    return (
        f"Check the value you pass as {where}, a public function that reaches this check and has a "
        f"parameter of the same name as the value tested: {need}."
    )


def parameter_feeds(
    guards: list[str],
    raising: tuple[str, tuple[str, ...]] | None,
    reaching: list[tuple[str, tuple[str, ...]]],
    constructor: tuple[str, tuple[str, ...]] | None = None,
) -> list[Feed]:
    """The public parameters that carry a value a guard tests, closest guard to the raise first.

    ``raising`` is the raising function's (public name, parameters) when it is public; ``reaching``
    lists the public functions that reach it, with their parameters. A guard's value counts when
    its root name is a parameter: directly for the raising function, by name for a caller.
    ``constructor`` is, for a method, its public class and the parameters of the ``__init__`` it
    uses: a guard on ``self.x`` counts when that ``__init__`` takes ``x`` (the value the user
    gave when making the object; an attribute computed later has no parameter of its name).
    """
    feeds: list[Feed] = []
    seen: set[str] = set()
    for g in reversed([g for g in guards if _is_condition(g)]):
        names = describe_guards([g]).names
        roots = {n.split(".")[0].split("[")[0] for n in names}
        for root in sorted(roots - seen - {"self", "cls"}):
            owner = _owner(root, raising, reaching)
            if owner is not None:
                seen.add(root)
                (name, _), direct = owner
                feeds.append(Feed(root, name, direct, _negated(g)))
        if constructor is None:
            continue
        attrs = {n.split(".")[1].split("[")[0].split("(")[0] for n in names if n.startswith("self.")}
        for attr in sorted(attrs & set(constructor[1]) - seen - {"self"}):
            seen.add(attr)
            feeds.append(Feed(attr, constructor[0], False, _negated(g), attribute=True))
    return feeds[:3]


def _owner(
    root: str, raising: tuple[str, tuple[str, ...]] | None, reaching: list[tuple[str, tuple[str, ...]]]
) -> tuple[tuple[str, tuple[str, ...]], bool] | None:
    if raising is not None and root in raising[1]:
        return raising, True
    for fn in reaching:
        if root in fn[1]:
            return fn, False
    return None


def _is_condition(guard: str) -> bool:
    return not guard.startswith(
        ("for ", "async for ", "while ", "except", "with ", "async with ", "case ")
    ) and guard not in ("else", "finally", "try")


def _negated(guard: str) -> str:
    src = guard.split(" ", 1)[1] if guard.startswith(("if ", "elif ")) else guard
    phrase = condition_phrase(f"not ({src})")
    return phrase[0].lower() + phrase[1:] if phrase[:1].isupper() and not phrase.startswith("`") else phrase
