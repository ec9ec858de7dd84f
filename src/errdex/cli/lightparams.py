"""Typer's per-option value checks, built only for a value that needs one.

typer (>= 0.2x) checks every option of the command being run with a pydantic ``TypeAdapter``,
built on first use: a run of ``errdex index`` built one for each of its options and the root's,
most of them holding no value, which cost importing pydantic and about 0.1 s before any work.
``LightCommand`` and ``LightGroup`` give each parameter a ``LightCoercion`` instead: an absent
value, a string for a ``str`` option and plain digits for an ``int`` one are answered as typer's
own check would answer them; anything else (a path, a choice, a bound, a malformed number) goes
to the check typer builds, so its conversions and its error messages stay exactly typer's.
On a typer without these internals (``type_descriptor``/``_runtime_param``) nothing changes.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup

__all__ = ["LightCoercion", "LightCommand", "LightGroup"]

# plain decimal digits int() and pydantic read alike; bounded so no long-number rules apply
_MAX_DIGITS = 18


class LightCoercion:
    """A parameter's value check: the common values answered in place, typer's for the rest."""

    def __init__(self, descriptor: Any) -> None:
        self.descriptor = descriptor
        info = descriptor.parameter_info
        plain = descriptor.file_annotation is None and getattr(info, "parser", None) is None
        unbounded = info.min is None and info.max is None and not info.clamp
        self.str_ok = plain and descriptor.annotation is str
        self.int_ok = plain and unbounded and descriptor.annotation is int
        self.full: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:  # typer's RuntimeParam.coerce answers None before any check
            return () if param.multiple or param.nargs == -1 else None
        if self.str_ok and type(value) is str:
            return value
        if self.int_ok and _plain_int(value):
            return int(value)
        if self.full is None:
            from typer._coercion import build_runtime_param

            self.full = build_runtime_param(self.descriptor)
        return self.full.coerce(value, param=param, ctx=ctx)


def _plain_int(value: Any) -> bool:
    if type(value) is int:
        return True
    return (
        type(value) is str
        and 0 < len(value) <= _MAX_DIGITS
        and value.isascii()
        and value.isdigit()
        and (value == "0" or not value.startswith("0"))
    )


def light(params: list[Any]) -> None:
    """Give each of ``params`` a ``LightCoercion`` unless it already has a check."""
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is not None and getattr(param, "_runtime_param", False) is None:
            param._runtime_param = LightCoercion(descriptor)


class _LightParse:
    """``parse_args`` that gives the command's parameters ``LightCoercion`` first; mixed in
    before typer's command class, whose ``parse_args`` then runs as before."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        light(self.get_params(ctx))  # type: ignore[attr-defined]
        return super().parse_args(ctx, args)  # type: ignore[misc,no-any-return]


class LightCommand(_LightParse, TyperCommand):
    """A command whose options are checked by ``LightCoercion``."""


class LightGroup(_LightParse, TyperGroup):
    """The root command: its own options (``--db``, ``--version``) checked the same way."""
