"""The guard chain in words: when exactly does the statement run?

The extractor records the conditions on the path from function entry to the raise as source
text (``if``/``elif`` tests, ``not (...)`` for else branches, ``for``/``while`` headers,
``except X``, ``with`` items). Source text is exact but terse; a reader scanning a page wants
"`scratch_type.memory_space` is not a `pallas_core.CoreMemorySpace` and not one of ...". This
module turns the common shapes into such phrases with a tiny AST-based generator — isinstance,
``in``/``not in``, comparisons, ``is None``, ``len(x) > n``, ``hasattr``, boolean and/or/not —
and falls back to the code in backticks for anything else, so nothing is ever paraphrased wrongly.

Code stays in backticks exactly as written (aliases included); a trailing note says what each
import alias in the guard is (``tpu_core`` is ``jax._src.pallas.mosaic.core``), because the
alias is what the reader will find in the file but the full name is what they can import.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from errdex.astutil import dotted_name as _dotted

__all__ = ["Trigger", "condition_phrase", "describe_guards"]

_CMP = {
    ast.Gt: "is greater than",
    ast.GtE: "is at least",
    ast.Lt: "is less than",
    ast.LtE: "is at most",
    ast.Eq: "equals",
    ast.NotEq: "differs from",
}
_NEG_CMP = {
    ast.Gt: ast.LtE,
    ast.GtE: ast.Lt,
    ast.Lt: ast.GtE,
    ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_LEN_CMP = {
    ast.Gt: "more than",
    ast.GtE: "at least",
    ast.Lt: "fewer than",
    ast.LtE: "at most",
    ast.Eq: "exactly",
    ast.NotEq: "not exactly",
}


@dataclass(slots=True)
class Trigger:
    conditions: list[str]  # one readable phrase per guard
    text: str  # the whole chain as one paragraph
    names: list[str]  # identifiers the guards use (for alias notes and grounding)
    accepted: list[tuple[str, str]]  # (subject, what is accepted) from negated membership/type tests


def code(src: str) -> str:
    return f"`{src}`"


def describe_guards(guards: list[str], aliases: dict[str, str] | None = None) -> Trigger:
    """Phrases for each guard, then one paragraph; ``aliases`` maps alias -> what it names."""
    conditions: list[str] = []
    names: list[str] = []
    accepted: list[tuple[str, str]] = []
    named: set[str] = set()  # ``names`` as a set: a guard of thousands of names is not quadratic
    for g in guards:
        phrase, used, acc = _guard_phrase(g.strip())
        conditions.append(phrase)
        for n in used:
            if n not in named:
                named.add(n)
                names.append(n)
        accepted.extend(acc)
    if not conditions:
        text = "It is raised unconditionally whenever its function runs this far."
    else:
        text = "It is raised"
        said_when = False
        sep = " "
        for c in conditions:
            if c.startswith("For each "):
                text += sep + "for some " + c[len("For each ") :] + ","
                sep = " "
            elif c.startswith(("Inside", "While", "When", "In the")):
                text += sep + c[0].lower() + c[1:] + ","
                said_when, sep = said_when or c.startswith("When"), " "
            else:
                text += (sep if said_when else sep.rstrip() + " when ") + c
                said_when, sep = True, " and "
        text = text.rstrip(",") + "."
    notes = []
    for n in names:
        head = n.split(".")[0]
        target = (aliases or {}).get(head)
        if target and target != head and f"`{head}` is `{target}`" not in notes:
            notes.append(f"`{head}` is `{target}`")
    if notes:
        text += " Here " + ", ".join(notes) + "."
    return Trigger(conditions, text, names, accepted)


def _guard_phrase(guard: str) -> tuple[str, list[str], list[tuple[str, str]]]:
    for kw, lead in (("for ", "For each"), ("async for ", "For each")):
        if guard.startswith(kw):
            target, sep, it = guard[len(kw) :].partition(" in ")
            if sep:
                return (
                    f"{lead} {code(target.strip())} in {code(it.strip())}",
                    _names_of(target) + _names_of(it),
                    [],
                )
    if guard.startswith("while "):
        inner = guard[len("while ") :]
        phrase, used, _ = _expr_phrase(inner)
        return f"While {phrase}", used, []
    if guard == "except" or guard.startswith("except "):
        what = guard[len("except") :].strip().split(" as ")[0].strip() or "any exception"
        return f"When handling {code(what) if what != 'any exception' else what}", _names_of(what), []
    if guard.startswith("case "):
        pattern, _, cond = guard[len("case ") :].partition(" if ")
        phrase = f"When the matched value fits the pattern {code(pattern.strip())}"
        if cond:
            phrase += f" and {condition_phrase(cond)}"
        return phrase, _names_of(pattern) + _names_of(cond), []
    if guard.startswith(("with ", "async with ")):
        what = guard.split(" ", 1)[1] if guard.startswith("with ") else guard[len("async with ") :]
        return f"Inside {code(what)}", _names_of(what), []
    if guard in ("else", "finally", "try"):
        return f"In the {code(guard)} branch", [], []
    if guard.startswith(("if ", "elif ")):
        guard = guard.split(" ", 1)[1]
    phrase, used, acc = _expr_phrase(guard)
    return phrase, used, acc


def condition_phrase(src: str) -> str:
    """One condition as prose; code in backticks."""
    return _expr_phrase(src)[0]


def _expr_phrase(src: str) -> tuple[str, list[str], list[tuple[str, str]]]:
    try:
        node = ast.parse(src.strip(), mode="eval").body
    except SyntaxError:
        return code(src), [], []
    acc: list[tuple[str, str]] = []
    phrase = _phrase(node, negate=False, acc=acc)
    return phrase[0].upper() + phrase[1:] if phrase.startswith("`") is False else phrase, _names_of(src), acc


def _phrase(node: ast.expr, negate: bool, acc: list[tuple[str, str]]) -> str:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _phrase(node.operand, not negate, acc)
    if isinstance(node, ast.BoolOp):
        is_and = isinstance(node.op, ast.And) != negate  # De Morgan
        parts = _grouped(node.values, negate, acc, "and" if is_and else "or")
        if is_and:
            return " and ".join(parts)
        return "either " + ", or ".join(parts) if len(parts) > 1 else parts[0]
    subj, pred = _subject_pred(node, negate, acc)
    return f"{subj} {pred}" if subj else pred


def _grouped(values: list[ast.expr], negate: bool, acc: list[tuple[str, str]], joiner: str) -> list[str]:
    """Merge consecutive clauses about the same subject: "`a` is not a `B` and not one of ..."."""
    out: list[str] = []
    last_subj: str | None = None
    for v in values:
        subj, pred = _subject_pred(v, negate, acc)
        if isinstance(v, ast.BoolOp) or (isinstance(v, ast.UnaryOp) and isinstance(v.operand, ast.BoolOp)):
            out.append("(" + _phrase(v, negate, acc) + ")")
            last_subj = None
            continue
        if subj and subj == last_subj and out:
            out[-1] += f" {joiner} " + _strip_is(pred)
        else:
            out.append(f"{subj} {pred}" if subj else pred)
        last_subj = subj
    return out


def _strip_is(pred: str) -> str:
    """ "is not one of" after "is not a" reads as "not one of"."""
    for lead in ("is ", "has "):
        if pred.startswith(lead) and not pred.startswith("is greater") and not pred.startswith("is less"):
            return pred[len(lead) :]
    return pred


def _subject_pred(node: ast.expr, negate: bool, acc: list[tuple[str, str]]) -> tuple[str, str]:
    """(subject in backticks, predicate) or ("", whole phrase) when there is no single subject."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _subject_pred(node.operand, not negate, acc)
    if isinstance(node, ast.BoolOp):
        return "", _phrase(node, negate, acc)
    found = None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        found = _builtin_check(node.func.id, node.args, negate, acc)
    elif isinstance(node, ast.Compare) and len(node.ops) == 1:
        found = _comparison(node, negate, acc)
    if found is not None:
        return found
    src = ast.unparse(node)
    if isinstance(node, ast.Call):
        return code(src), "returns false" if negate else "returns true"
    if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
        return code(src), "is false (or empty)" if negate else "is true (or non-empty)"
    return "", (f"{code(src)} is false" if negate else f"{code(src)} holds")


def _builtin_check(
    fname: str, args: list[ast.expr], negate: bool, acc: list[tuple[str, str]]
) -> tuple[str, str] | None:
    """``isinstance``, ``hasattr`` and ``callable`` in words; None for any other call."""
    if fname == "isinstance" and len(args) == 2:
        types = args[1].elts if isinstance(args[1], ast.Tuple) else [args[1]]
        names = [code(ast.unparse(t)) for t in types]
        subj = code(ast.unparse(args[0]))
        if negate:
            acc.append((subj, " or ".join(f"a {n}" for n in names)))
            pred = (
                "is not a " + names[0]
                if len(names) == 1
                else "is neither " + " nor ".join(f"a {n}" for n in names)
            )
        else:
            pred = "is a " + " or a ".join(names)
        return subj, pred
    if fname == "hasattr" and len(args) == 2 and isinstance(args[1], ast.Constant):
        return code(ast.unparse(args[0])), (
            "has no" if negate else "has an"
        ) + f" attribute '{args[1].value!s}'"
    if fname == "callable" and len(args) == 1:
        return code(ast.unparse(args[0])), "is not callable" if negate else "is callable"
    return None


def _comparison(node: ast.Compare, negate: bool, acc: list[tuple[str, str]]) -> tuple[str, str] | None:
    """A single comparison in words (membership, identity, length, order); None when unknown."""
    op = type(node.ops[0])
    if negate:
        op = _NEG_CMP.get(op, op)
    left, right = node.left, node.comparators[0]
    if op in (ast.In, ast.NotIn):
        return _membership(left, right, op is ast.NotIn, acc)
    if op in (ast.Is, ast.IsNot):
        rv = ast.unparse(right)
        if rv == "None":
            return code(ast.unparse(left)), "is None" if op is ast.Is else "is not None"
        return code(ast.unparse(left)), ("is " if op is ast.Is else "is not ") + code(rv)
    if (
        isinstance(left, ast.Call)
        and isinstance(left.func, ast.Name)
        and left.func.id == "len"
        and len(left.args) == 1
        and op in _LEN_CMP
    ):
        n = _val(right)
        return code(ast.unparse(left.args[0])), f"has {_LEN_CMP[op]} {n} item{'' if n == '1' else 's'}"
    if op in _CMP:
        return code(ast.unparse(left)), f"{_CMP[op]} {_val(right)}"
    return None


def _membership(
    left: ast.expr, right: ast.expr, negated: bool, acc: list[tuple[str, str]]
) -> tuple[str, str]:
    """``x in (a, b)`` as "is one of `a`, `b`"; ``x in y`` as "is in `y`"."""
    if isinstance(right, ast.Tuple | ast.List | ast.Set) and right.elts:
        items = ", ".join(code(ast.unparse(e)) for e in right.elts)
        subj = code(ast.unparse(left))
        if negated:
            acc.append((subj, " or ".join(code(ast.unparse(e)) for e in right.elts)))
            return subj, f"is not one of {items}"
        return subj, f"is one of {items}"
    verb = "is not in" if negated else "is in"
    return code(ast.unparse(left)), f"{verb} {code(ast.unparse(right))}"


def _val(node: ast.expr) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return str(node.value)
    return code(ast.unparse(node))


def _names_of(src: str) -> list[str]:
    """Dotted names (``a.b.c``) a piece of code uses; what the grounding check will look up."""
    try:
        tree = ast.parse(src.strip(), mode="eval")
    except SyntaxError:
        try:
            tree = ast.parse(src.strip())  # type: ignore[assignment]
        except SyntaxError:
            return []
    # a name is left out when it is one already out, or a dotted head of one (``a.b`` under
    # ``a.b.c``): both looked up in sets, not by scanning ``out`` per name, which was quadratic in
    # the names of a guard (8,000 ``x.aN == N`` joined by ``and``: 10.8 s for its error page)
    out: list[str] = []
    seen: set[str] = set()
    heads: set[str] = set()  # every ``o[:i]`` with ``o[i] == "."`` of a name ``o`` in ``out``
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute | ast.Name):
            dotted = _dotted(node)
            if dotted and dotted not in seen and dotted not in heads:
                out.append(dotted)
                seen.add(dotted)
                heads.update(dotted[:i] for i, c in enumerate(dotted) if c == ".")
    return out
