"""A traceback printing the bare name of its last function, as CPython does, when the file
defines that name twice: as a class's method and as the module's function (pipenv's
``Resolver.resolve`` beside ``resolve``), on a real catalogue indexed from fixture code. Both
raise the pasted class with a text the catalogue cannot read, and the printed raise line is
another release's, so the frame above, in the same file, decides: ``resolver.resolve()`` calls
the method, ``resolve(...)`` the function."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

LIB = """\
class ResolutionFailure(Exception):
    pass


def _format(exc):
    return str(exc).strip()


def resolve(cmd, msg):
    if msg:
        raise ResolutionFailure(msg)
    return cmd


def venv_resolve(cmd, msg):
    return resolve(cmd, msg)


class Resolver:
    def __init__(self, constraints):
        self.constraints = constraints

    def resolve(self):
        try:
            return sorted(self.constraints)
        except TypeError as e:
            raise ResolutionFailure(_format(e)) from e


def actually_resolve(constraints):
    resolver = Resolver(constraints)
    resolver.resolve()
    return resolver
"""

# another release: its method raised ``ResolutionFailure(message=str(e))`` at line 26 (27 here)
PASTE = """\
Traceback (most recent call last):
  File "/usr/local/lib/python3.7/site-packages/lib/resolver.py", line 32, in actually_resolve
    resolver.resolve()
  File "/usr/local/lib/python3.7/site-packages/lib/resolver.py", line 26, in resolve
    raise ResolutionFailure(message=str(e))
lib.resolver.ResolutionFailure: ERROR: metadata generation failed
"""


def test_the_call_in_the_frame_above_names_the_method_or_the_function(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"resolver.py": LIB}) as matcher:
        res = matcher.explain(PASTE)
        # ``resolver.resolve()``: a call through an object reaches the method
        assert first(res).function == "Resolver.resolve", [(m.function, m.score) for m in res.matches]
        assert any("called as a method by the frame above" in r for r in first(res).reasons)
        # ``resolve(cmd, msg)``: a bare call in the same module reaches its function
        paste = PASTE.replace("line 32, in actually_resolve", "line 16, in venv_resolve").replace(
            "resolver.resolve()", "return resolve(cmd, msg)"
        )
        assert first(matcher.explain(paste)).function == "resolve"
