"""Bytes -> text -> AST, never fatal.

Indexed code may use syntax newer than the running Python, contain syntax errors, odd encodings
or pathological nesting. ``ast`` is tried first (fast, exact); when it fails, tree-sitter (which
knows newer grammar and never recurses on the C stack) splits the file into top-level and
class-level statements, and each piece that ``ast`` accepts on its own is analysed, so one
``type X = ...`` line does not hide the rest of the file. Pieces keep their original line and
column numbers (they are shifted, not dedented), so records point at the real source.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from errdex.textsafe import decode_source

Piece = tuple[list[ast.stmt], tuple[str, ...]]  # statements, enclosing class names


@dataclass(slots=True)
class Decoded:
    text: str
    note: str | None = None  # set when the declared encoding could not be used


def decode(data: bytes) -> Decoded:
    """Decode per PEP 263 (BOM / coding cookie, default UTF-8), else latin-1 with a note."""
    return Decoded(*decode_source(data))


def describe(exc: BaseException) -> str:
    """A short reason for a parse failure, as shown in file reports."""
    if isinstance(exc, RecursionError):
        return f"nesting too deep ({type(exc).__name__})"
    if isinstance(exc, SyntaxError):
        if "too many nested" in (exc.msg or ""):
            return f"nesting too deep (SyntaxError: {exc.msg})"
        return f"SyntaxError: {exc.msg} line {exc.lineno}"
    return f"{type(exc).__name__}: {exc}"


def parse_ast(text: str, path: str) -> tuple[ast.Module | None, str | None]:
    """The module's AST, or None and why. MemoryError propagates: the file is over budget, and
    no fallback should try again."""
    try:
        return ast.parse(text, filename=path), None
    except (SyntaxError, ValueError, RecursionError) as exc:
        return None, describe(exc)


@dataclass(slots=True)
class Split:
    pieces: list[Piece] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # reasons for pieces that did not parse


_PARSER: Any = None


def _parser() -> Any:
    global _PARSER
    if _PARSER is None:
        import tree_sitter_python
        from tree_sitter import Language, Parser

        _PARSER = Parser(Language(tree_sitter_python.language()))
    return _PARSER


def split_pieces(text: str, path: str) -> Split:
    """Parse what can be parsed: each top-level statement, or class-body statement, alone."""
    out = Split()
    lines = text.split("\n")
    tree = _parser().parse(text.encode("utf-8", "surrogatepass"))
    _split_block(tree.root_node.children, lines, (), path, out, depth=0)
    return out


def _class_parts(node: Any) -> tuple[str, Any] | None:
    """(name, body block) for a class_definition, possibly decorated."""
    if node.type == "decorated_definition":
        node = node.child_by_field_name("definition")
        if node is None:
            return None
    if node.type != "class_definition":
        return None
    name = node.child_by_field_name("name")
    body = node.child_by_field_name("body")
    if name is None or body is None:
        return None
    return name.text.decode("utf-8", "replace"), body


def _split_block(
    children: list[Any], lines: list[str], classes: tuple[str, ...], path: str, out: Split, depth: int
) -> None:
    for child in children:
        if child.type == "comment":
            continue
        start, end = child.start_point[0] + 1, child.end_point[0] + 1
        stmts, reason = _parse_piece(lines, start, end, indented=bool(classes), path=path)
        if stmts is not None:
            out.pieces.append((stmts, classes))
            continue
        parts = _class_parts(child)
        if parts is not None and depth < 20:
            name, body = parts
            _split_block(body.children, lines, (*classes, name), path, out, depth + 1)
            continue
        out.failed.append(reason or f"unparseable line {start}")


def _parse_piece(
    lines: list[str], start: int, end: int, *, indented: bool, path: str
) -> tuple[list[ast.stmt] | None, str | None]:
    """Parse lines ``start..end`` alone, with the line numbers they have in the file.

    The piece is parsed as it stands and its nodes are moved down afterwards
    (``ast.increment_lineno``): padding it with the preceding newlines instead would make each
    piece cost as much as everything before it, quadratic in the file.
    """
    body = "\n".join(lines[start - 1 : end])
    if not body.strip():
        return [], None
    if indented:
        if start < 2:
            return None, f"unparseable line {start}"
        text, offset = "if 1:\n" + body, start - 2  # keeps the body's own indentation and columns
    else:
        text, offset = body, start - 1
    try:
        tree = ast.parse(text, filename=path)
    except (SyntaxError, ValueError, RecursionError) as exc:
        if isinstance(exc, SyntaxError) and exc.lineno is not None:
            exc.lineno += offset
        return None, describe(exc)
    ast.increment_lineno(tree, offset)
    if indented:
        first = tree.body[0]
        assert isinstance(first, ast.If)
        return list(first.body), None
    return list(tree.body), None
