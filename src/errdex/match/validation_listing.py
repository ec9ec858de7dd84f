"""pydantic's ``ValidationError`` listing read for the validator's raise behind it.

When a field or model validator raises, the user sees pydantic's listing, not the raise::

    1 validation error for Settings
    api_key
      Value error, API key must be set [type=value_error, input_value=None, input_type=NoneType]
        For further information visit https://errors.pydantic.dev/2.x/v/value_error

(v1: ``  API key must be set (type=value_error)``). Each error is a location line (left out for
a model's own validator) and an indented message line ending in the error's ``type``. The words
are the validator's: ``Value error, `` / ``Assertion failed, `` is pydantic-core's prefix for the
``ValueError`` / ``AssertionError`` the validator raised, a ``PydanticCustomError('code', 'text
{x}', {...})`` prints its text filled under its own code. Every other code is one of
pydantic-core's built-in errors (``Input should be a valid integer``, ``Field required``): text
made in compiled code, with no Python site to find, so such an error is not read here.

Of several errors, the first a validator raised is the query: each is an independent raise
(pydantic lists every field that failed), the first is the one a reader reads first, and a
single query keeps the paste's other errors, often pydantic-core's own, from answering for it.
"""

from __future__ import annotations

import re

# ``2 validation errors for Model`` (the model's name may be generic, ``Model[int]``, or a
# function's, ``call[func]``): one line, read whole
_HEAD = re.compile(r"\d{1,9} validation errors? for [^\n]{1,300}")
_V2_SUFFIX = " [type="
_V1_SUFFIX = " (type="
_FURTHER = "For further information visit "
# lines of one error's message at most (a validator's text may hold line breaks, printed as they
# are, the continuation lines unindented) and errors read at most: the listing is bounded
_ITEM_LINES = 40
_ITEMS = 100

# the class a validator raised, by the error's code and the prefix pydantic printed for it
_V2_RAISED = {
    "value_error": ("ValueError", "Value error, "),
    "assertion_error": ("AssertionError", "Assertion failed, "),
}
# pydantic v1 wraps a validator's ValueError, TypeError or AssertionError under the class's
# snake-case name; every dotted code (``value_error.missing``, ``type_error.integer``) is its own
_V1_RAISED = {"value_error": "ValueError", "type_error": "TypeError", "assertion_error": "AssertionError"}
# the class a v2 code outside pydantic-core's own is raised as
CUSTOM_ERROR = "PydanticCustomError"

# pydantic-core's own error codes (``pydantic_core.core_schema.ErrorType``, 2.50): an error
# of one of these was made in compiled code, not raised by a validator's Python (``value_error``
# and ``assertion_error`` are its codes for a validator's raise, read above)
CORE_CODES = frozenset(
    [
        "no_such_attribute",
        "json_invalid",
        "json_type",
        "needs_python_object",
        "recursion_loop",
        "recursion_depth_exceeded",
        "missing",
        "frozen_field",
        "frozen_instance",
        "extra_forbidden",
        "invalid_key",
        "get_attribute_error",
        "model_type",
        "model_attributes_type",
        "dataclass_type",
        "dataclass_exact_type",
        "named_tuple_type",
        "default_factory_not_called",
        "none_required",
        "greater_than",
        "greater_than_equal",
        "less_than",
        "less_than_equal",
        "multiple_of",
        "finite_number",
        "too_short",
        "too_long",
        "iterable_type",
        "iteration_error",
        "string_type",
        "string_sub_type",
        "string_unicode",
        "string_too_short",
        "string_too_long",
        "string_pattern_mismatch",
        "string_not_ascii",
        "enum",
        "dict_type",
        "frozen_dict_type",
        "ordered_dict_type",
        "counter_type",
        "mapping_type",
        "list_type",
        "deque_type",
        "tuple_type",
        "set_type",
        "set_item_not_hashable",
        "bool_type",
        "bool_parsing",
        "int_type",
        "int_parsing",
        "int_parsing_size",
        "int_from_float",
        "float_type",
        "float_parsing",
        "bytes_type",
        "bytes_too_short",
        "bytes_too_long",
        "bytes_invalid_encoding",
        "literal_error",
        "missing_sentinel_error",
        "ellipsis_error",
        "date_type",
        "date_parsing",
        "date_from_datetime_parsing",
        "date_from_datetime_inexact",
        "date_past",
        "date_future",
        "time_type",
        "time_parsing",
        "datetime_type",
        "datetime_parsing",
        "datetime_object_invalid",
        "datetime_from_date_parsing",
        "datetime_past",
        "datetime_future",
        "timezone_naive",
        "timezone_aware",
        "timezone_offset",
        "time_delta_type",
        "time_delta_parsing",
        "frozen_set_type",
        "is_instance_of",
        "is_subclass_of",
        "callable_type",
        "union_tag_invalid",
        "union_tag_not_found",
        "arguments_type",
        "missing_argument",
        "unexpected_keyword_argument",
        "missing_keyword_only_argument",
        "unexpected_positional_argument",
        "missing_positional_only_argument",
        "multiple_argument_values",
        "url_type",
        "url_parsing",
        "url_syntax_violation",
        "url_too_long",
        "url_scheme",
        "uuid_type",
        "uuid_parsing",
        "uuid_version",
        "decimal_type",
        "decimal_parsing",
        "decimal_max_digits",
        "decimal_max_places",
        "decimal_whole_digits",
        "fraction_type",
        "fraction_parsing",
        "complex_type",
        "complex_str_parsing",
    ]
)


def listing_head(message: str) -> bool:
    """Whether ``message`` starts with a validation listing's head line."""
    return _HEAD.fullmatch(message.partition("\n")[0].rstrip()) is not None


# the class pydantic v2 raises a listing as (``str(exc)`` prints the listing alone, without it)
CORE_CLASS = "pydantic_core._pydantic_core.ValidationError"


def listing_class(message: str) -> str | None:
    """The class of a validation listing pasted without its class line (``str(exc)``, a log
    record's ``{e}``, an API's error field), or None. The listing's own shape names it: the
    head line, then an error closed by v2's `` [type=...]`` suffix, which only pydantic-core's
    ``ValidationError`` prints. A v1 listing (`` (type=...)``) is left unnamed: pydantic v1's
    class lives at one module in v1 and at another (``pydantic.v1``) in v2's shim."""
    if not listing_head(message):
        return None
    items = _items(message.split("\n")[1:])
    return CORE_CLASS if items and not items[0][2] else None


# what pydantic-core's ``model_type`` error says of the input it was given, by where that input
# came from: a parsed JSON value ("Input should be an object") or a Python object ("Input should
# be a valid dictionary or instance of User"); and the model's method validating each whole
_WHOLE_INPUT = (
    ("Input should be an object", "model_validate_json"),
    ("Input should be a valid dictionary", "model_validate"),
)


def whole_input_method(message: str) -> str | None:
    """The method of pydantic's ``BaseModel`` a v2 listing's shape says validated the input
    (``model_validate_json``, ``model_validate``), or None: its first error is ``model_type``
    with no location line above it, so the input as a whole was no mapping, which the model's
    ``__init__`` never validates (its keyword arguments are one), and the error's wording says
    whether that input was parsed JSON or a Python object. (``TypeAdapter``'s ``validate_json``
    and ``validate_python`` print the same; the model's own methods are the documented ones.)"""
    if not listing_head(message):
        return None
    lines = message.split("\n")
    first = lines[1].rstrip() if len(lines) > 1 else ""
    if not first.startswith("  ") or first.startswith("   "):
        return None  # a location line (unindented) first: a field's error, not the whole input's
    items = _items(lines[1:2])
    if not items or items[0][1] != "model_type" or items[0][2]:
        return None
    text = items[0][0]
    return next((method for words, method in _WHOLE_INPUT if text.startswith(words)), None)


def model_name(message: str) -> str | None:
    """The model a listing's head names (``Settings``; ``Model`` of a generic ``Model[int]``),
    or None: a ``validate_call`` names its function in brackets after ``call``."""
    head = message.partition("\n")[0].rstrip()
    name = head.partition(" for ")[2].partition("[")[0]
    return name if name.isidentifier() and name != "call" else None


def validator_error(message: str) -> tuple[str, str] | None:
    """``(class, text)`` of the first error of a validation listing that a validator raised,
    or None: not a listing, or every error is pydantic-core's own (or v1's)."""
    if not listing_head(message):
        return None
    for text, code, v1 in _items(message.split("\n")[1:]):
        found = _raised(text, code, v1)
        if found is not None:
            return found
    return None


def _items(lines: list[str]) -> list[tuple[str, str, bool]]:
    """Each error's ``(message, code, v1)``: the message from its indented first line (two
    spaces; four are the ``For further information`` line) to the line ending in its ``type``,
    that suffix taken off. One pass over the lines, each looked at once."""
    items: list[tuple[str, str, bool]] = []
    start: int | None = None
    for i, ln in enumerate(lines):
        if len(items) >= _ITEMS:
            break
        body = ln.rstrip()
        if body.startswith("  ") and not body.startswith("    ") and start is None:
            start = i
        if start is None:
            continue
        cut = _suffix(body)
        if cut is None:
            if i - start >= _ITEM_LINES:
                start = None  # not an error of a listing: a message line never closed
            continue
        at, code, v1 = cut
        text = "\n".join([*lines[start:i], body[:at]]).strip()
        items.append((text, code, v1))
        start = None
    return items


def _suffix(body: str) -> tuple[int, str, bool] | None:
    """``(where the suffix starts, the code, v1)`` of a line ending an error's message: v2's
    `` [type=code, input_value=..., input_type=...]`` (or `` [type=code]`` with the input
    hidden), v1's `` (type=code)`` (or ``(type=code; limit_value=2)``)."""
    if body.endswith("]") and (at := body.rfind(_V2_SUFFIX)) >= 0:
        rest = body[at + len(_V2_SUFFIX) : -1]
        return at, rest.partition(",")[0].strip(), False
    if body.endswith(")") and (at := body.rfind(_V1_SUFFIX)) >= 0:
        rest = body[at + len(_V1_SUFFIX) : -1]
        return at, rest.partition(";")[0].strip(), True
    return None


def _raised(text: str, code: str, v1: bool) -> tuple[str, str] | None:
    """The class a validator raised and its text, for an error of ``code``; None for an error
    pydantic made (a built-in code), or an empty text."""
    if v1:
        cls: str | None = _V1_RAISED.get(code)
    elif code in _V2_RAISED:
        cls, prefix = _V2_RAISED[code]
        text = text.removeprefix(prefix)
    else:
        valid = bool(code) and code.replace("_", "a").replace(".", "a").isalnum()
        cls = CUSTOM_ERROR if valid and code not in CORE_CODES else None
    if cls is None or not text or text.startswith(_FURTHER):
        return None
    return cls, text
