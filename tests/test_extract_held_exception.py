"""An exception made in one place, held by an object, and raised by another statement: respx's
side effect ``raise SideEffectError(self, origin=effect("Mock Error", request=request))``
where ``effect`` is a class the conditional tests with ``issubclass``, caught by the router and
re-raised as ``raise error.origin``. The holder's ``__init__`` sets ``self.origin`` from its
parameter, so the text of the exception its constructions hand that parameter is what the
later raise prints, and the tested class is its type.

The package is synthetic, parsed and never imported.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import ErrorRecord, SourceFile

_MODELS = (
    "class RequestError(Exception):\n"
    "    pass\n"
    "\n"
    "\n"
    "class SideEffectError(Exception):\n"
    "    def __init__(self, route, origin):\n"
    "        self.route = route\n"
    "        self.origin = origin\n"
    "\n"
    "\n"
    "class Holder:\n"
    "    def __init__(self, error):\n"
    "        self.error = error\n"
    "\n"
    "    def fire(self):\n"
    "        raise self.error\n"  # line 16
    "\n"
    "\n"
    "HELD = Holder(KeyError('no such route'))\n"
    "\n"
    "\n"
    "class Route:\n"
    "    def resolve(self, effect):\n"
    "        if isinstance(effect, Exception):\n"
    "            raise SideEffectError(self, origin=effect)\n"
    "        raise SideEffectError(\n"
    "            self,\n"
    "            origin=effect('Mock Error') if issubclass(effect, RequestError) else effect(),\n"
    "        )\n"
    "\n"
    "\n"
    "class Router:\n"
    "    def handle(self, route, effect):\n"
    "        try:\n"
    "            route.resolve(effect)\n"
    "        except SideEffectError as error:\n"
    "            raise error.origin from error\n"  # line 37
    "\n"
    "    def other(self, route, effect):\n"
    "        try:\n"
    "            route.resolve(effect)\n"
    "        except SideEffectError as error:\n"
    "            raise error.route\n"  # line 43
)


def _records(line: int) -> list[ErrorRecord]:
    records = extract([SourceFile("pkg/models.py", _MODELS.encode())], "local/pkg", jobs=1).records
    return [r for r in records if r.path == "pkg/models.py" and r.line == line]


def test_a_caught_holders_attribute_raises_the_exception_it_was_built_with() -> None:
    # the literal of the exception made in the ``raise SideEffectError(...)``, typed by the
    # class the conditional's ``issubclass`` test names (a pasted subclass's name agrees)
    assert {(r.exc_type, r.template) for r in _records(37)} == {("pkg.models.RequestError", "Mock Error")}


def test_an_attribute_set_from_another_parameter_is_not_filled() -> None:
    # ``error.route`` is set from ``route``, which no construction gives a made exception:
    # the raise keeps its placeholder alone
    assert {r.template for r in _records(43)} == {"{error.route}"}


def test_a_method_raising_its_own_held_exception() -> None:
    # ``raise self.error`` in ``Holder.fire``; ``Holder(KeyError('no such route'))`` stored at
    # module level: the held exception's text
    assert {r.template for r in _records(16)} >= {"no such route"}
