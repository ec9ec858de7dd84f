"""Check every code identifier in a piece of text against the snapshot: errdex's answer to
invented APIs.

Code LLMs invent packages and attributes (the seed pages name ``tpu_core.BlockType`` and
``pallas.MemorySpace.TPU_HBM``, neither of which exists in jax). Resolving names is cheap and
decisive, so nothing errdex shows — static or model-written — may name a symbol the code does
not have. This module pulls identifiers out of text:

* code blocks (fenced, or the "before"/"after" of an example fix) are parsed with ``ast``:
  ``import a.b`` / ``from a.b import c`` targets, and every dotted name or attribute chain used;
* backticked spans are parsed the same way when they are code, else scanned for dotted tokens;
* plain prose yields dotted tokens (``tpu_core.BlockType``), skipping URLs, file names and text
  inside “curly quotes” (quotations of the code's own messages are evidence, not claims).

Names resolve through ``ProjectIndex.resolves``: the snapshot's symbols, the raise file's imports
(``tpu_core`` -> ``jax._src.pallas.mosaic.core``) and local names, re-exports, builtins and the
standard library.
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass, field

from errdex.analysis.symbols import ProjectIndex
from errdex.astutil import dotted_name as _dotted

__all__ = ["Check", "check_text", "identifiers", "names_in_code"]

_FENCE = re.compile(r"```[a-zA-Z0-9_+-]*\n(.*?)```", re.S)
_TICK = re.compile(r"`([^`\n]+)`")
_QUOTE = re.compile(r"“[^“”]*”")  # not across another opening quote: linear on "““““..."
_URL = re.compile(r"https?://\S+")
_DOTTED = re.compile(r"(?<![\w./-])([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)(?![\w/-])")
_NOT_CODE = {"e.g", "i.e", "etc", "vs", "a.k.a", "cf"}
_FILE_EXT = (
    ".py",
    ".pyi",
    ".txt",
    ".md",
    ".rst",
    ".json",
    ".toml",
    ".cfg",
    ".yaml",
    ".yml",
    ".html",
    ".whl",
    ".gz",
    ".so",
    ".c",
    ".h",
    ".cc",
)


@dataclass(slots=True)
class Check:
    names: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.unknown


def _parse_apart(src: str) -> ast.Module | None:
    """A snippet that is Python only apart from its context: indented (a statement cut from a
    block), or an expression that parses only in parentheses (a condition quoted from
    ``assert (x := f("a.b"))``, whose walrus needs them at the top level). Without this the
    snippet would be read as prose, and a string literal in it taken for a dotted name."""
    for text in (_dedent(src), f"({src.strip()}\n)"):
        try:
            return ast.parse(text)
        except (SyntaxError, ValueError):
            continue
    return None


# snippets up to this long are remembered (``_names_in``): the backticked spans of the analyses
# repeat (`x`, `self.dtype`, a guard quoted on every error of its function), and parsing them
# was a fifth of verifying a whole codebase's explanations
_MAX_REMEMBERED = 400


def names_in_code(src: str) -> list[str] | None:
    """Dotted names a code snippet uses or imports; None when it is not Python."""
    names = _names_in(src) if len(src) <= _MAX_REMEMBERED else _parse_names(src)
    return None if names is None else list(names)


@functools.lru_cache(maxsize=8192)
def _names_in(src: str) -> tuple[str, ...] | None:
    return _parse_names(src)


def _parse_names(src: str) -> tuple[str, ...] | None:
    tree: ast.Module | None
    try:
        tree = ast.parse(src.strip("\n"))
    except (SyntaxError, ValueError):
        tree = _parse_apart(src)
    if tree is None:
        return None
    out: list[str] = []
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append(a.name)
                bound.add((a.asname or a.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                out.append(f"{node.module}.{a.name}" if a.name != "*" else node.module)
                bound.add(a.asname or a.name)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute | ast.Name) and isinstance(node.ctx, ast.Load):
            dotted = _dotted(node)
            if not dotted or any(o == dotted or o.startswith(dotted + ".") for o in out):
                continue
            head = dotted.split(".")[0]
            if head in bound and not _imported(head, tree):
                continue  # the snippet's own variable: not a claim about the library
            out = [o for o in out if not dotted.startswith(o + ".")]
            out.append(dotted)
    return tuple(out)


def _imported(head: str, tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for a in node.names:
                if (a.asname or a.name.split(".")[0]) == head:
                    return True
    return False


def _dedent(src: str) -> str:
    import textwrap

    return textwrap.dedent(src).strip("\n")


def identifiers(text: str, *, prose_dotted: bool = True) -> list[str]:
    """Every code identifier a text names (see the module docstring for where they come from)."""
    out: list[str] = []

    def add(names: list[str]) -> None:
        out.extend(n for n in names if n not in out)

    text = _QUOTE.sub(" ", text)
    for block in _FENCE.findall(text):
        add(names_in_code(block) or _prose_names(block))
    text = _FENCE.sub(" ", text)
    for span in _TICK.findall(text):
        names = names_in_code(span)
        add(names if names is not None else _prose_names(span))
    text = _TICK.sub(" ", text)
    if prose_dotted:
        add(_prose_names(text))
    return out


def _prose_names(text: str) -> list[str]:
    text = _URL.sub(" ", text)
    out = []
    for m in _DOTTED.finditer(text):
        tok = m.group(1)
        if tok.lower() in _NOT_CODE or tok.lower().endswith(_FILE_EXT) or tok.replace(".", "").isdigit():
            continue
        out.append(tok)
    return out


def check_text(
    text: str, index: ProjectIndex, path: str | None, *, strict: bool = False, code: bool = False
) -> Check:
    """Resolve every identifier in ``text`` (or, with ``code``, in a code snippet)."""
    names = (names_in_code(text) or []) if code else identifiers(text)
    result = Check(names=names)
    for n in names:
        if not index.resolves(n, path, strict_locals=strict):
            result.unknown.append(n)
    return result
