"""Frames first (issue #10 item 6): the deepest frame the catalogue holds names the error's site
when nothing of the library below it raised. Three readings, each on a real catalogue of a small
package indexed here (``index_helpers.package_matcher``) with pastes in CPython's format:

- an installed package the catalogue does not hold, raising below the library's call (Beautiful
  Soup's ``self.api.select(...)`` into soupsieve's Python), is code with no raise of the
  catalogue, as the standard library is: the library's call is the site it can name, while a
  held package's raise is the site itself, and so is the library's own raise when the paste
  prints a held package's class (the library caught the dependency's error and raised it);
- a handler re-raising with a rebuilt trail of template code (jinja2's ``raise
  rewrite_traceback_stack(...)`` over ``<template>``): the library frame that called the
  handler ran that code, and names the site when no raise fits the text exactly;
- the library's raise of a built-in class the pasted one contradicts (an ``assert`` where
  ``TypeError`` is printed) is no raise of the text, so it does not keep the interpreter's error
  at the deepest frame's statement (FastAPI's ``[*parent.deps, *(deps or [])]``) from first place.
"""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match.frames import trail_caller
from errdex.match.parse import Frame

_SOUP = """\
from dep.parser import compile_selector


class CSS:
    def __init__(self, tag):
        self.tag = tag

    def select(self, selector):
        return compile_selector(selector).select(self.tag)

    def select_one(self, selector):
        if not selector:
            raise ValueError("an empty selector selects nothing")
        return self.select(selector)[0]
"""

_DEP = """\
class SelectorSyntaxError(Exception):
    pass


def compile_selector(pattern):
    index = pattern.find("[")
    raise SelectorSyntaxError(f"Malformed attribute selector at position {index}")
"""

_SITE = "/venv/lib/python3.13/site-packages"


def _traceback(*lines: str) -> str:
    """CPython's report of ``lines`` (frames, then the exception's line) under a user's script."""
    return "\n".join(
        ["Traceback (most recent call last):", '  File "/home/u/main.py", line 4, in <module>', *lines]
    )


def _frame(path: str, line: int, function: str, source: str, carets: str = "") -> list[str]:
    return [
        f'  File "{path}", line {line}, in {function}',
        f"    {source}",
        *([f"    {carets}"] if carets else []),
    ]


_SELECT = _traceback(
    *_frame("/home/u/main.py", 4, "<module>", "CSS(tag).select('a[href=/a]')", "~~~~~~~~~~~~~~~^^^^^^^^^^^^^^")[1:],
    *_frame(f"{_SITE}/pkg/soup.py", 9, "select", "return compile_selector(selector).select(self.tag)",
            "       ~~~~~~~~~~~~~~~~^^^^^^^^^^"),
    *_frame(f"{_SITE}/dep/parser.py", 7, "compile_selector",
            'raise SelectorSyntaxError(f"Malformed attribute selector at position {index}")'),
    "dep.parser.SelectorSyntaxError: Malformed attribute selector at position 1",
)  # fmt: skip


def test_an_unheld_packages_raise_below_the_librarys_call_answers_the_call(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/__init__.py": "", "pkg/soup.py": _SOUP}) as m:
        res = m.explain(_SELECT)
    call = first(res)
    assert call.is_call and (call.path, call.line, call.function) == ("pkg/soup.py", 9, "CSS.select")
    assert call.approximate and call.exc_type == "dep.parser.SelectorSyntaxError"
    assert "(dep/parser.py)" in call.reasons[0]
    assert "a package the catalogue does not hold" in res.verdict


def test_a_class_of_the_library_over_an_unheld_packages_frames_is_no_call(tmp_path: Path) -> None:
    # a dependency does not raise its dependent's class: the library caught the dependency's
    # error and raised its own (a context manager whose frame the paste does not print), the
    # frames below are the caught error's trail (kombu's ``OperationalError`` over amqp's)
    own = _SELECT.replace("dep.parser.SelectorSyntaxError:", "pkg.soup.SelectorError:")
    with package_matcher(tmp_path, {"pkg/__init__.py": "", "pkg/soup.py": _SOUP}) as m:
        res = m.explain(own)
    assert not any(x.is_call for x in res.matches)


def test_a_held_packages_raise_below_the_call_is_the_site(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/soup.py": _SOUP, "dep/__init__.py": "", "dep/parser.py": _DEP}
    with package_matcher(tmp_path, files) as m:
        res = m.explain(_SELECT)
    top = first(res)
    assert (top.path, top.line, top.function) == ("dep/parser.py", 7, "compile_selector")
    assert not top.is_call and not top.approximate
    assert not any(x.is_call for x in res.matches)


_ROUTING = """\
class Router:
    def __init__(self, deps=()):
        self.deps = list(deps)

    def include(self, other, prefix="", deps=None):
        assert deps is None or isinstance(deps, list), "Dependencies must be an iterable of Depends"
        return Context.make(self, deps)


class Context:
    def __init__(self, deps):
        self.deps = deps

    @classmethod
    def make(cls, parent, deps):
        return cls(
            deps=[*parent.deps, *(deps or [])],
        )
"""

_INCLUDE = _traceback(
    *_frame("/home/u/main.py", 4, "<module>", "app.include(r, prefix='/v1', deps=Dep())",
            "~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^^^")[1:],
    *_frame(f"{_SITE}/pkg/routing.py", 7, "include", "return Context.make(self, deps)", "       ~~~~~~~~~~~~^^^^^^^^^^^^"),
    *_frame(f"{_SITE}/pkg/routing.py", 17, "make", "deps=[*parent.deps, *(deps or [])],", "     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"),
    "TypeError: Value after * must be an iterable, not Dep",
)  # fmt: skip


def test_a_contradicted_class_of_the_library_leaves_the_deepest_statement_first(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/__init__.py": "", "pkg/routing.py": _ROUTING}) as m:
        res = m.explain(_INCLUDE)
        # the assertion is among the answers, approximate (its class is not the pasted one)
        assert any(x.kind == "assertion" and x.approximate for x in res.matches), res.matches
        top = first(res)
        assert top.is_call and (top.path, top.line, top.function) == ("pkg/routing.py", 17, "Context.make")
        assert "the interpreter raised the error evaluating it" in top.reasons[0]
        # an AssertionError pasted there is the assertion's own class: it keeps its place
        asserted = m.explain(_INCLUDE.replace("TypeError", "AssertionError"))
    assert not first(asserted).is_call


# a template engine: ``render`` runs the template's compiled code and, when it fails, a handler
# re-raises the error with a trail of template frames (jinja2's ``rewrite_traceback_stack``)
_ENGINE = """\
class TemplateRuntimeError(Exception):
    pass


class Template:
    def render(self, ctx):
        try:
            return self.root(ctx)
        except Exception:
            self.env.handle_exception()


class Environment:
    def handle_exception(self):
        raise rewrite_traceback_stack(source=None)


class Undefined:
    def fail(self, name):
        raise TemplateRuntimeError(f"the variable {name!r} is not defined in this template")


def rewrite_traceback_stack(source):
    return source
"""


def _rendered(message: str) -> str:
    site = f"{_SITE.replace('3.13', '3.12')}/pkg/engine.py"
    return _traceback(
        "    Template(src).render({})",
        *_frame(site, 10, "render", "self.env.handle_exception()"),
        *_frame(site, 15, "handle_exception", "raise rewrite_traceback_stack(source=None)"),
        '  File "<template>", line 1, in top-level template code',
        f"pkg.engine.TemplateRuntimeError: {message}",
    )


def test_a_rebuilt_trail_of_template_code_answers_the_frame_that_ran_it(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/__init__.py": "", "pkg/engine.py": _ENGINE}) as m:
        res = m.explain(_rendered("cannot assign attribute on non-namespace object"))
        top = first(res)
        assert top.is_call and (top.path, top.line, top.function) == ("pkg/engine.py", 10, "Template.render")
        assert top.approximate and "generated at run time (<template>)" in top.reasons[0]
        # a raise whose text fits exactly keeps its place: the rebuilt trail may leave its
        # frame out (jinja2 skips its ``@internalcode`` functions)
        fits = m.explain(_rendered("the variable 'x' is not defined in this template"))
    assert (first(fits).function, first(fits).approximate) == ("Undefined.fail", False)
    assert not any(x.is_call for x in fits.matches)


def test_a_trail_caller_needs_generated_code_below_and_a_library_call_above() -> None:
    site = f"{_SITE}/pkg/engine.py"
    render = Frame(site, 10, "render", "self.env.handle_exception()")
    handler = Frame(site, 15, "handle_exception", "raise rewrite_traceback_stack(source=None)")
    lib = [(0, "pkg/engine.py"), (1, "pkg/engine.py")]
    for below in ("<template>", "templates/index.html", "/usr/lib/python3.12/json/decoder.py"):
        assert trail_caller([render, handler, Frame(below, 1, "top-level template code", None)], lib) == 0
    # the user's code, a Python file of a package, or no frame below: the trail says nothing
    for below in ("<stdin>", "/home/u/filters.py", f"{_SITE}/dep/x.py"):
        assert trail_caller([render, handler, Frame(below, 1, "f", None)], lib) is None
    assert trail_caller([render, handler], lib) is None
    # the frame above is the user's (Keras' ``raise e.with_traceback(filtered_tb)`` under the
    # user's ``model.fit(...)``), or the raise is a name the frame holds
    template = Frame("<template>", 1, "top-level template code", None)
    assert trail_caller([render, handler, template], lib[1:]) is None
    assert trail_caller([render, Frame(site, 15, "handle_exception", "raise exc"), template], lib) is None
