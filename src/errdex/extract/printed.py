"""Handlers that print a caught exception's text behind fixed words (issue #10).

``except UsageError as e: print(f"Error: {e}"); sys.exit(2)``: the user reads (and pastes)
``Error: <the message of the UsageError raised>``, never the raise's own line. The statement
the user wants is that raise, so the printed form is recorded there (``resolve.
print_to_raises``): the handler's words around each template of the caught class's raises.
This module reads, from the syntax alone, whether a call prints the caught text behind words
and what the words are; it reads no table of the visitor (so no reuse bookkeeping).
"""

from __future__ import annotations

import ast
import re

__all__ = ["printed_parts", "prints"]

# calls that show their first argument to the user: ``print``, ``click.echo``/``secho``,
# ``console.print`` (rich), ``parser.error``/``parser.exit``, ``sys.exit``, ``ctx.fail``,
# ``typer.Abort``'s ``abort``; a logger's calls are log sites of their own (``on_log``)
_PRINTING_NAMES = frozenset({"print", "echo", "secho", "exit"})
_PRINTING_ATTRS = frozenset({"echo", "secho", "print", "error", "exit", "fail", "abort"})
_ONE_S = re.compile(r"%[^s%]")  # a ``%`` conversion other than ``%s`` (and ``%%``)


def prints(func: ast.expr) -> bool:
    """``func`` is a call that shows its argument to the user (not a logger's)."""
    if isinstance(func, ast.Name):
        return func.id in _PRINTING_NAMES
    if isinstance(func, ast.Attribute) and func.attr in _PRINTING_ATTRS:
        recv = func.value
        last = recv.attr if isinstance(recv, ast.Attribute) else recv.id if isinstance(recv, ast.Name) else ""
        return "log" not in last.lower()
    return False


def _reads_caught(node: ast.expr, name: str) -> bool:
    """``e``, ``str(e)``, ``e.args[0]``, ``e.message``: the caught exception's text."""
    if isinstance(node, ast.Name):
        return node.id == name
    if isinstance(node, ast.Call):
        f = node.func
        return (
            isinstance(f, ast.Name)
            and f.id == "str"
            and len(node.args) == 1
            and not node.keywords
            and _reads_caught(node.args[0], name)
        )
    if isinstance(node, ast.Subscript):
        v, s = node.value, node.slice
        return (
            isinstance(v, ast.Attribute)
            and v.attr == "args"
            and isinstance(v.value, ast.Name)
            and v.value.id == name
            and isinstance(s, ast.Constant)
            and s.value == 0
        )
    if isinstance(node, ast.Attribute):
        return node.attr == "message" and isinstance(node.value, ast.Name) and node.value.id == name
    return False


def _names(node: ast.expr, name: str) -> bool:
    """``node`` reads the caught name some other way (``e.code``, ``repr(e)``)."""
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


# a piece of printed text: literal words, another value's placeholder (its source), or None for
# the caught text
type _Piece = tuple[str, bool] | None


def _pieces(node: ast.expr, name: str) -> list[_Piece] | None:
    """The printed text as pieces; None when it is not a string composition read here."""
    if _reads_caught(node, name):
        return [None]
    if isinstance(node, ast.Constant):
        return [(node.value, True)] if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr):
        out: list[_Piece] = []
        for v in node.values:
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                out.append((v.value, True))
            elif isinstance(v, ast.FormattedValue) and v.format_spec is None:
                if _reads_caught(v.value, name) and v.conversion in (-1, ord("s")):
                    out.append(None)
                elif _names(v.value, name):
                    return None  # ``{e!r}``, ``{e.code}``: not the text the raise wrote
                else:
                    out.append((ast.unparse(v.value), False))
            else:
                return None
        return out
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _pieces(node.left, name), _pieces(node.right, name)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _percent(node, name)
    return None


def _percent(node: ast.BinOp, name: str) -> list[_Piece] | None:
    """``"Error: %s" % e`` / ``"%s: %s" % (path, e)``: ``%s`` conversions alone."""
    if not isinstance(node.left, ast.Constant) or not isinstance(node.left.value, str):
        return None
    fmt = node.left.value
    items = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
    chunks = fmt.split("%s")
    if len(chunks) != len(items) + 1 or any(_ONE_S.search(c) for c in chunks):
        return None
    out: list[_Piece] = [(chunks[0].replace("%%", "%"), True)]
    for item, chunk in zip(items, chunks[1:], strict=True):
        if _reads_caught(item, name):
            out.append(None)
        elif _names(item, name):
            return None
        else:
            out.append((ast.unparse(item), False))
        out.append((chunk.replace("%%", "%"), True))
    return out


def _segments(pieces: list[_Piece]) -> tuple[str, ...]:
    """Pieces without the caught text as segments ``[lit, name, lit, ..., lit]``."""
    segs = [""]
    for p in pieces:
        assert p is not None
        text, literal = p
        if literal:
            segs[-1] += text
        else:
            segs.extend((text, ""))
    return tuple(segs)


def printed_parts(node: ast.expr, name: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The segments printed before and after the caught exception's text, when ``node`` shows
    that text once, between fixed words (some letters); else None (the text alone is the
    raise's own record, and two readings of it are not one message)."""
    pieces = _pieces(node, name)
    if pieces is None or pieces.count(None) != 1:
        return None
    at = pieces.index(None)
    words = "".join(p[0] for p in pieces if p is not None and p[1])
    if not any(c.isalpha() for c in words):
        return None
    return _segments(pieces[:at]), _segments(pieces[at + 1 :])
