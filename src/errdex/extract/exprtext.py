"""``ast.unparse`` of an expression, the common shapes written directly.

The statement visitor names a placeholder by its expression's source, and an expression written
over several lines by ``ast.unparse``'s one tidy line (``visitor._unparse``): a raise's f-string
message continued on the next line, a call with one argument a line. Those ~5k calls for jax
0.10.2 cost ~2% of its index (perf54): the unparser builds an object per call, dispatches each
node by name, opens a generator-based context manager per bracket and calls a Python function
per character of every f-string's text.

``text`` writes the shapes most of them are — names, dotted paths, plain constants, calls,
keywords, starred arguments, list and tuple displays, f-strings of plain text and simple
fields — the way CPython's unparser writes them, and hands anything else to ``ast.unparse``,
so the text is the same by construction:

- an argument of a call, a keyword's value and an item of a list or tuple are unparsed at the
  default precedence (``_Precedence.TEST``) both in place and alone: one that is not a shape
  of its own here is ``ast.unparse``'d alone;
- a callee, a starred value and an f-string's field are unparsed at a higher precedence (an
  atom, an expression, a test's next): only names, dotted paths and calls, which take no
  parentheses at any precedence, are written there, else the whole expression is unparsed;
- a constant is its ``repr`` (floats and complex numbers aside: the unparser spells their
  infinities apart), ``u"..."`` strings aside;
- an f-string is ``f'...'`` when its text parts hold no quote, no backslash and only printable
  characters (each part is then its own escape, every quote is free, the first, ``'``, taken)
  and its fields are names, dotted paths or calls without a format spec whose text holds no
  quote or backslash (Python 3.12's unparser writes a string inside a field its own way).

``tests/test_exprtext.py`` checks the text against ``ast.unparse`` on every expression of the
standard library's modules.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from errdex.astutil import dotted_name

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

__all__ = ["text"]

# the constants whose text is their ``repr`` (``ast._Unparser._write_constant``)
_REPR = frozenset({str, int, bool, type(None), bytes})
# an f-string's quotes, in the unparser's order of preference (``ast._ALL_QUOTES``)
_QUOTES = ("'", '"', '"""', "'''")


def text(node: ast.AST) -> str:
    """``ast.unparse(node)``, the same text. Also the text of a call's argument, a keyword's
    value or a display's item, any expression at all: each is unparsed at the default
    precedence in place as alone."""
    got = _shape(node)
    return got if got is not None else ast.unparse(node)


def _atom(node: ast.AST) -> str | None:
    """The text of a name, dotted path, call, or attribute of a call or of a string constant
    (``"{} {}".format``): no parentheses at any precedence. Else None."""
    t = type(node)
    if t is ast.Name:
        return node.id  # type: ignore[attr-defined,no-any-return]
    if t is ast.Call:
        return _call(node)  # type: ignore[arg-type]
    if t is not ast.Attribute:
        return None
    got = dotted_name(node)  # type: ignore[arg-type]
    if got is not None:
        return got
    base = node.value  # type: ignore[attr-defined]
    if type(base) is ast.Constant:  # (an int's attribute is written ``1 .real``: not here)
        value = base.value
        inner = repr(value) if (type(value) is str or type(value) is bytes) and base.kind is None else None
    else:
        inner = _atom(base)
    return None if inner is None else f"{inner}.{node.attr}"  # type: ignore[attr-defined]


def _call(node: ast.Call) -> str | None:
    func = _atom(node.func)
    if func is None:
        return None
    parts = [text(a) for a in node.args]
    for k in node.keywords:
        parts.append(f"{k.arg}={text(k.value)}" if k.arg is not None else f"**{text(k.value)}")
    return f"{func}({', '.join(parts)})"


def _shape(node: ast.AST) -> str | None:
    """The text of the shapes written here (module docstring), else None."""
    t = type(node)
    if t is ast.Name or t is ast.Attribute or t is ast.Call:
        return _atom(node)
    if t is ast.Constant:
        value = node.value  # type: ignore[attr-defined]
        return repr(value) if type(value) in _REPR and node.kind is None else None  # type: ignore[attr-defined]
    if t is ast.JoinedStr:
        return _fstring(node)  # type: ignore[arg-type]
    if t is ast.List:
        return f"[{', '.join([text(e) for e in node.elts])}]"  # type: ignore[attr-defined]
    if t is ast.Tuple:
        items = [text(e) for e in node.elts]  # type: ignore[attr-defined]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if t is ast.Starred:
        inner = _atom(node.value)  # type: ignore[attr-defined]
        return None if inner is None else f"*{inner}"
    return None


def _fstring(node: ast.JoinedStr) -> str | None:
    """``visit_JoinedStr``: each text part narrows the quotes the f-string may take (those it
    does not hold, the one its last character is tried last), the first left is taken."""
    parts: list[str] = []
    quotes = list(_QUOTES)
    for v in node.values:
        if type(v) is ast.Constant:
            s = v.value
            if type(s) is not str or "\\" in s or not s.isprintable():
                return None
            s = s.replace("{", "{{").replace("}", "}}")
            if s:
                quotes = [q for q in quotes if q not in s]
                if not quotes:
                    return None
                quotes.sort(key=lambda q: q[0] == s[-1])  # (stable: ``_str_literal_helper``)
                if quotes[0][0] == s[-1]:  # the last character would be escaped
                    return None
            parts.append(s)
            continue
        field = _field(v)
        if field is None:
            return None
        parts.append(field)
    return f"f{quotes[0]}{''.join(parts)}{quotes[0]}"


def _field(v: ast.AST) -> str | None:
    """An f-string's ``{name}``, ``{call(x)!r}``, ``{x:>10}``: its value a name, dotted path
    or call whose text holds no quote or backslash, a format spec of plain text."""
    if type(v) is not ast.FormattedValue:
        return None
    inner = _atom(v.value)
    if inner is None or "'" in inner or '"' in inner or "\\" in inner:
        return None
    if v.conversion != -1:
        inner += f"!{chr(v.conversion)}"
    spec = v.format_spec
    if spec is None:
        return f"{{{inner}}}"
    texts: list[str] = []
    for part in spec.values:  # type: ignore[attr-defined]
        s = part.value if type(part) is ast.Constant else None
        if type(s) is not str or "'" in s or '"' in s or "\\" in s or not s.isprintable():
            return None
        texts.append(s.replace("{", "{{").replace("}", "}}"))
    return f"{{{inner}:{''.join(texts)}}}"
