"""Extraction on a fixture package that exercises every message construction, plus robustness.

The fixture is parsed, never imported. Expected values were checked by hand against what Python
would actually print for each statement.
"""

from __future__ import annotations

import pathlib

import pytest

from errdex.extract import Extraction, extract, is_test_path
from errdex.model import ErrorRecord, SourceFile, error_id, render_template

FIXTURE = pathlib.Path(__file__).parent / "fixtures" / "extract"
REPO = "local/pkg"


def fixture_files() -> list[SourceFile]:
    return [
        SourceFile(p.relative_to(FIXTURE).as_posix(), p.read_bytes()) for p in sorted(FIXTURE.rglob("*.py"))
    ]


@pytest.fixture(scope="module")
def ex() -> Extraction:
    return extract(fixture_files(), REPO, jobs=1)


def at(ex: Extraction, path: str, line: int) -> list[ErrorRecord]:
    found = [r for r in ex.records if r.path == f"pkg/{path}" and r.line == line]
    assert found, f"no record at {path}:{line}"
    return found


def one(ex: Extraction, path: str, line: int) -> ErrorRecord:
    found = at(ex, path, line)
    assert len(found) == 1, [r.template for r in found]
    return found[0]


# (path, line, function, exc_type, template, guards)
CASES = [
    ("core.py", 10, "fstrings", "ValueError", "bad {x=} and {y!r} or {y} nested inner {x}", ["x"]),
    ("core.py", 11, "fstrings", "ValueError", "value {x.attr} {x[0]} {len(y)}", []),
    ("core.py", 15, "concat", "TypeError", "first part second part {a} tail", []),
    ("core.py", 25, "percent", "ValueError", "got {a} and {b!r} ({a}%) {b}", ["a"]),
    ("core.py", 26, "percent", "ValueError", "name {a} is {b}", []),
    ("core.py", 31, "formats", "ValueError", "pos {a} and {b}", ["a"]),
    ("core.py", 33, "formats", "ValueError", "kw {b} {a}", ["b"]),
    ("core.py", 35, "formats", "TypeError", "Output was {a}.", []),
    ("core.py", 40, "bound_format", "TypeError", "Output had {x}.", []),
    ("core.py", 56, "joined", "ValueError", "header:\nitem {item}", []),
    ("core.py", 61, "constants", "ValueError", "local constant message", ["LOCAL"]),
    ("core.py", 63, "constants", "ValueError", "value is missing!", ["MISSING"]),
    ("core.py", 64, "constants", "ValueError", "pkg: full message", []),
    ("core.py", 69, "helpers", "ValueError", "expected {a}, got {b}", ["a"]),
    ("core.py", 71, "helpers", "TypeError", "wrong type {type(x).__name__}", ["b"]),
    ("core.py", 76, "helpers", "ValueError", "outer text. {details}", []),
    ("core.py", 81, "exc_classes", "FooError", "no {name}", ["name"]),
    ("core.py", 83, "exc_classes", "errors.StrError", "bad path p/q", ["err"]),
    ("core.py", 87, "exc_classes", "KeyError", "retyped message", ["except KeyError as e"]),
    ("core.py", 88, "exc_classes", "errors.PkgError", "", []),
    ("core.py", 100, "Thing.run", "RuntimeError", "thing failed: {x}", ["while x > 0", "with open(x) as fh"]),
    (
        "core.py",
        108,
        "Thing.Inner.method",
        "KeyError",
        "inner method",
        ["for i in range(3)", "not (i == 0)", "i == 1"],
    ),
    (
        "core.py",
        110,
        "Thing.Inner.method",
        "IndexError",
        "else branch",
        ["for i in range(3)", "not (i == 0)", "not (i == 1)"],
    ),
    ("core.py", 115, "outer.<locals>.inner", "AssertionError", "assert {v}", []),
    ("core.py", 117, "outer.<locals>.inner", "errors.NotFittedError", "not fitted", []),
    ("core.py", 134, "matching", "ValueError", "matched pair", ["case [x, y] if x > y"]),
    ("warn.py", 11, "warnings_", "DeprecationWarning", "deprecated {a}", []),
    ("warn.py", 12, "warnings_", "UserWarning", "plain warn", []),
    ("warn.py", 13, "warnings_", "RuntimeWarning", "external {a}", []),
    ("warn.py", 18, "logs", "log.WARNING", "disk {a} is {b}% full", []),
    ("warn.py", 19, "logs", "log.EXCEPTION", "crashed: {a!r}", []),
    ("warn.py", 21, "logs", "log.ERROR", "level {a}", []),
    ("warn.py", 26, "Service.stop", "log.CRITICAL", "service {self.name} down", []),
    ("warn.py", 27, "Service.stop.<locals>.<lambda>", "log.ERROR", "in lambda", []),
]


@pytest.mark.parametrize(("path", "line", "function", "exc_type", "template", "guards"), CASES)
def test_fixture_record(
    ex: Extraction, path: str, line: int, function: str, exc_type: str, template: str, guards: list[str]
) -> None:
    r = one(ex, path, line)
    assert (r.function, r.exc_type, r.template, r.guards) == (function, exc_type, template, guards)
    assert render_template(r.segments) == r.template
    assert len(r.segments) % 2 == 1
    assert r.id == error_id(REPO, r.path, r.function, r.exc_type, r.template)


def test_kinds_and_levels(ex: Extraction) -> None:
    assert one(ex, "core.py", 115).kind == "assertion"
    assert one(ex, "warn.py", 11).kind == "warning"
    log = one(ex, "warn.py", 18)
    assert (log.kind, log.level) == ("log", "WARNING")
    assert one(ex, "core.py", 10).kind == "error"


def test_branch_variants_give_one_record_each(ex: Extraction) -> None:
    templates = sorted(r.template for r in at(ex, "core.py", 49))
    assert templates == ["first variant for {kind}", "second variant for {kind}"]


def test_segments_keep_literal_braces_apart_from_placeholders(ex: Extraction) -> None:
    assert one(ex, "core.py", 10).segments == [
        "bad ",
        "x=",
        " and ",
        "y!r",
        " or ",
        "y",
        " nested inner ",
        "x",
        "",
    ]


def test_local_helper_is_expanded_but_not_templated(ex: Extraction) -> None:
    r = one(ex, "core.py", 76)
    assert r.segments == ["outer text. ", "details", ""]
    assert r.expanded_template == "outer text. details about {a}"
    assert one(ex, "core.py", 69).expanded_segments == one(ex, "core.py", 69).segments


def test_exception_qualnames_and_bases(ex: Extraction) -> None:
    foo = one(ex, "core.py", 81)
    assert (foo.exc_qualname, foo.exc_bases) == ("pkg.errors.FooError", ["PkgError"])
    nf = one(ex, "core.py", 117)
    assert (nf.exc_qualname, nf.exc_bases) == ("pkg.errors.NotFittedError", ["ValueError", "AttributeError"])
    assert one(ex, "core.py", 10).exc_qualname == "builtins.ValueError"
    assert one(ex, "core.py", 87).exc_qualname == "builtins.KeyError"


def test_context_window_comments_docstring(ex: Extraction) -> None:
    r = one(ex, "core.py", 100)
    assert (r.window_start, r.window_end) == (95, 100)
    assert r.comments == ["about to fail", "trailing comment"]
    assert r.docstring == "Run the thing."
    concat = one(ex, "core.py", 15)
    assert (concat.line, concat.end_line) == (15, 20)


def test_reraise_and_silent_calls_are_not_records(ex: Extraction) -> None:
    lines = {r.line for r in ex.records if r.path == "pkg/core.py"}
    assert not lines & set(range(120, 128))  # reraise(): a bare ``raise`` is no site of its own
    # ``raise e`` of a caught exception is a statement a traceback can end on: its own record
    caught = one(ex, "core.py", 128)
    assert (caught.exc_type, caught.template, caught.relay) == ("KeyError", "{e}", False)
    # ``assert v`` without a message: a record of no text, for a traceback that ends on it
    bare = one(ex, "core.py", 116)
    assert (bare.exc_type, bare.template, bare.kind) == ("AssertionError", "", "assertion")
    warn_lines = {r.line for r in ex.records if r.path == "pkg/warn.py"}
    assert 14 not in warn_lines and 20 not in warn_lines  # simplefilter, logger.info


def test_test_files_have_symbols_but_no_records(ex: Extraction) -> None:
    assert not [r for r in ex.records if "tests/" in r.path]
    report = next(f for f in ex.files if f.path == "pkg/tests/test_things.py")
    assert report.is_test and report.status == "ok"
    assert "pkg.tests.test_things.test_it" in ex.symbols


def test_symbols(ex: Extraction) -> None:
    for name in (
        "pkg",
        "pkg.core",
        "pkg.core.Thing",
        "pkg.core.Thing.run",
        "pkg.core.Thing.Inner.method",
        "pkg.errors.StrError.path",
        "pkg.errors.MISSING",
        "pkg.FooError",  # re-exported by pkg/__init__.py
        "pkg.warn.logger",
    ):
        assert name in ex.symbols, name
    assert "pkg.core.nonexistent" not in ex.symbols


def test_is_test_path() -> None:
    assert is_test_path("tests/test_a.py")
    assert not is_test_path("numpy/testing/_private/utils.py")  # public library code
    assert is_test_path("pkg/a_test.py")
    assert is_test_path("conftest.py")
    assert not is_test_path("pkg/contest.py")
    assert not is_test_path("pkg/latest.py")


def test_helpers_named_like_tests_stay_in_the_catalogue() -> None:
    helper = SourceFile(
        "lib/test_util.py", b"def check(x):\n    raise AssertionError(f'check failed: {x}')\n"
    )
    real = SourceFile("lib/test_core.py", b"def test_core():\n    raise AssertionError('in a test')\n")
    ex = extract([helper, real], "acme/lib", jobs=1)
    assert [r.template for r in ex.records] == ["check failed: {x}"]
    assert {f.path: f.is_test for f in ex.files} == {"lib/test_util.py": False, "lib/test_core.py": True}


def test_records_sorted_and_files_reported(ex: Extraction) -> None:
    keys = [(r.path, r.line, r.template) for r in ex.records]
    assert keys == sorted(keys)
    assert len(ex.files) == len(fixture_files())
    assert all(f.status == "ok" for f in ex.files)


def test_jobs_do_not_change_results(ex: Extraction) -> None:
    parallel = extract(fixture_files(), REPO, jobs=2)
    assert parallel.records == ex.records
    assert parallel.files == ex.files
    assert parallel.symbols == ex.symbols


def test_progress_counts_every_file() -> None:
    seen: list[int] = []
    files = [*fixture_files(), SourceFile("README.md", b"# not python")]
    out = extract(files, REPO, jobs=1, progress=seen.append)
    assert sum(seen) == len(files) - 1
    assert all(f.path.endswith(".py") for f in out.files)


# ---------------------------------------------------------------- robustness

GOOD = b'def fine(x):\n    raise ValueError(f"fine {x}")\n'


def test_syntax_error_file_is_skipped_and_others_indexed() -> None:
    files = [SourceFile("m/bad.py", b"def broken(:\n    pass\n"), SourceFile("m/good.py", GOOD)]
    out = extract(files, REPO, jobs=1)
    bad = next(f for f in out.files if f.path == "m/bad.py")
    assert bad.status == "skipped"
    assert bad.reason is not None and "SyntaxError" in bad.reason and "line 1" in bad.reason
    assert [r.template for r in out.records] == ["fine {x}"]


def test_latin1_file_with_coding_cookie() -> None:
    data = '# -*- coding: latin-1 -*-\ndef f():\n    raise ValueError("café crème")\n'.encode("latin-1")
    out = extract([SourceFile("m/lat.py", data)], REPO, jobs=1)
    assert [r.template for r in out.records] == ["café crème"]
    assert out.files[0].status == "ok"


def test_undecodable_file_falls_back_to_latin1() -> None:
    data = b'def f():\n    raise ValueError("caf\xe9")\n'  # no cookie, not UTF-8
    out = extract([SourceFile("m/raw.py", data)], REPO, jobs=1)
    assert [r.template for r in out.records] == ["café"]
    assert out.files[0].reason is not None and "latin-1" in out.files[0].reason


NEWER = b"""\
import os

type Alias = list[int]


def before(x):
    raise ValueError(f"before {x}")


def uses_old_except():
    try:
        pass
    except KeyError, IndexError:
        raise RuntimeError("inside unparseable function")


class Holder:
    def method(self, y):
        if y:
            raise TypeError("method {}".format(y))

    def newer(self):
        return t"template {self}"


def after():
    raise KeyError("after")
"""


def test_newer_syntax_falls_back_per_piece() -> None:
    # ``type X = ...`` parses on 3.12+, but ``except A, B:`` (3.14) and t-strings do not on 3.13.
    out = extract([SourceFile("m/new.py", NEWER), SourceFile("m/good.py", GOOD)], REPO, jobs=1)
    report = next(f for f in out.files if f.path == "m/new.py")
    assert report.status == "fallback"
    assert report.reason
    got = {(r.line, r.function, r.template) for r in out.records if r.path == "m/new.py"}
    assert (7, "before", "before {x}") in got
    assert (20, "Holder.method", "method {y}") in got
    assert (27, "after", "after") in got
    assert "m.new.Holder.method" in out.symbols


def test_deeply_nested_expression_never_crashes() -> None:
    deep = b"x = " + b"(" * 50_000 + b"1" + b")" * 50_000 + b"\n"
    deep_ops = b"y = " + b"1+" * 50_000 + b"1\n"
    files = [
        SourceFile("m/deep.py", deep),
        SourceFile("m/deep_ops.py", deep_ops + GOOD),
        SourceFile("m/good.py", GOOD),
    ]
    out = extract(files, REPO, jobs=1)
    status = {f.path: f for f in out.files}
    assert status["m/deep.py"].status == "skipped"
    assert "nesting too deep" in (status["m/deep.py"].reason or "")
    assert status["m/deep_ops.py"].status == "fallback"
    assert [r.path for r in out.records] == ["m/deep_ops.py", "m/good.py"]


MORE_CASES = [
    (
        "core.py",
        144,
        "scatter",
        "ValueError",
        "'c' argument has {c.size} elements, which is inconsistent with size {xsize}.",
    ),
    (
        "core.py",
        145,
        "scatter",
        "ValueError",
        "'c' argument has {len(c)} elements, which is inconsistent with size {xsize}.",
    ),
    (
        "core.py",
        151,
        "check_is_fitted",
        "errors.NotFittedError",
        "This {type(estimator).__name__} instance is not fitted yet.",
    ),
    ("core.py", 156, "lambda_msg", "ValueError", "bad padding on the {side} side"),
    ("core.py", 161, "abstract", "errors.ModeError", "this method is abstract"),  # default argument
    ("core.py", 162, "abstract", "errors.ModeError", "this property is abstract"),
    ("warn.py", 33, "old_style", "log.WARNING", "old api {x}"),
    ("warn.py", 34, "old_style", "UserWarning", "instance warning {x}"),
]


@pytest.mark.parametrize(("path", "line", "function", "exc_type", "template"), MORE_CASES)
def test_helpers_defaults_and_instances(
    ex: Extraction, path: str, line: int, function: str, exc_type: str, template: str
) -> None:
    # one() also checks that the msg=None default variant ({msg}) did not become a second record
    r = one(ex, path, line)
    assert (r.function, r.exc_type, r.template) == (function, exc_type, template)


def _records(src: str) -> list[ErrorRecord]:
    return extract([SourceFile("m/__init__.py", src.encode())], REPO, jobs=1).records


def test_branch_built_message_passed_to_a_constructor_keeps_every_variant() -> None:
    # the class builds its message from its argument: both branches' messages reach the record
    recs = _records(
        "class StatusError(Exception):\n"
        "    def __init__(self, message, *, response):\n"
        "        super().__init__(message)\n"
        "def check(r, redirect):\n"
        "    if redirect:\n"
        "        message = 'status {0.code} for url {0.url}; redirect to {0.location}'\n"
        "    else:\n"
        "        message = 'status {0.code} for url {0.url}'\n"
        "    message = message.format(r)\n"
        "    raise StatusError(message, response=r)\n"
    )
    got = {(r.template, tuple(r.segments)) for r in recs}
    assert got == {
        ("status {r.code} for url {r.url}", ("status ", "r.code", " for url ", "r.url", "")),
        (
            "status {r.code} for url {r.url}; redirect to {r.location}",
            ("status ", "r.code", " for url ", "r.url", "; redirect to ", "r.location", ""),
        ),
    }


def test_a_value_qualified_under_an_if_keeps_its_unqualified_form() -> None:
    # ``if ...: schema = namespace + "." + schema`` (no ``else``): the raise prints the name as
    # passed on the path that skips the ``if``; the "." joins values, it is no message of its
    # own, so the form without it is kept beside it, not dropped as a bare placeholder
    recs = _records(
        "class UnknownType(ValueError):\n"
        "    pass\n"
        "def parse(schema, namespace, named):\n"
        "    if '.' not in schema and namespace:\n"
        "        schema = namespace + '.' + schema\n"
        "    if schema not in named:\n"
        "        raise UnknownType(schema)\n"
    )
    assert sorted((r.exc_type, r.template) for r in recs) == [
        ("UnknownType", "{namespace}.{schema}"),
        ("UnknownType", "{schema}"),
    ]


def test_a_keyword_argument_rebuilt_under_an_if_keeps_its_unbuilt_form() -> None:
    # the same through a keyword the class prints: ``host`` as given when no user is named
    recs = _records(
        "class StrangeHostname(Exception):\n"
        "    def __init__(self, hostname):\n"
        "        super().__init__(hostname)\n"
        "def run(host, username):\n"
        "    if username:\n"
        "        host = f'{username}@{host}'\n"
        "    if host.startswith('-'):\n"
        "        raise StrangeHostname(hostname=host)\n"
    )
    assert sorted(r.template for r in recs) == ["{host}", "{username}@{host}"]


def test_a_worded_form_still_drops_the_bare_placeholder_beside_it() -> None:
    # the library's words are the message a paste shows: ``{name}`` (the value before the
    # ``if``) fits any text and stays out where a worded form exists
    recs = _records(
        "def parse(name, namespace):\n"
        "    if namespace:\n"
        "        name = 'unknown type ' + namespace + '.' + name\n"
        "    raise KeyError(name)\n"
    )
    assert [r.template for r in recs] == ["unknown type {namespace}.{name}"]


@pytest.mark.parametrize(
    ("body", "want"),
    [
        # a name reassigned where the block may not run: either value reaches the raise
        ("    if cond:\n        msg = f'worse value {b}'\n", {"bad value {a}", "worse value {b}"}),
        ("    if cond > 2:\n        msg += f' and {b}'\n", {"bad value {a}", "bad value {a} and {b}"}),
        (
            "    if cond == 1:\n        msg = f'worse value {b}'\n"
            "    elif cond == 2:\n        msg = f'worst value {c}'\n",
            {"bad value {a}", "worse value {b}", "worst value {c}"},
        ),
        ("    for i in cond:\n        msg = f'item {i} failed'\n", {"bad value {a}", "item {i} failed"}),
        ("    while cond:\n        msg = f'count {b} left'\n", {"bad value {a}", "count {b} left"}),
        (
            "    try:\n        msg = f'converted {int(b)}'\n    except ValueError:\n        pass\n",
            {"bad value {a}", "converted {int(b)}"},
        ),
    ],
    ids=["if", "augmented", "elif", "for", "while", "try"],
)
def test_a_message_reassigned_in_a_block_that_may_not_run_keeps_both(body: str, want: set[str]) -> None:
    recs = _records(f"def f(a, b, c, cond):\n    msg = f'bad value {{a}}'\n{body}    raise ValueError(msg)\n")
    assert {r.template for r in recs} == want


def test_helper_with_several_return_texts_is_not_inlined_into_a_longer_message() -> None:
    # state_str() returns "None" or "<X at 0x..>": inlining "None" would be wrong for the other
    recs = _records(
        "def state_str(state):\n"
        "    if state is None:\n"
        "        return 'None'\n"
        "    return '<%s at 0x%x>' % (state.name, id(state))\n"
        "def load(state, key):\n"
        "    raise KeyError('Parent instance %s is not bound; attribute %r' % (state_str(state), key))\n"
    )
    (r,) = recs
    assert r.expanded_segments == [
        "Parent instance ",
        "state_str(state)",
        " is not bound; attribute ",
        "key!r",
        "",
    ]


def test_repr_conversion_never_inlines_text_without_its_quotes() -> None:
    recs = _records(
        "def short(s):\n"
        "    return s[:10] + '...'\n"
        "def f(element):\n"
        "    raise ValueError('Textual SQL %(expr)r should be text(%(expr)r)' % {'expr': short(element)})\n"
        "def g(element):\n"
        "    raise ValueError(f'got {short(element)!r} here')\n"
        "def h(element):\n"
        "    raise ValueError('got {!r} here'.format(short(element)))\n"
    )
    by_fn = {r.function: r for r in recs}
    assert by_fn["f"].expanded_segments == [
        "Textual SQL ",
        "short(element)!r",
        " should be text(",
        "short(element)!r",
        ")",
    ]
    assert by_fn["g"].expanded_segments == ["got ", "short(element)!r", " here"]
    assert by_fn["h"].expanded_segments == ["got ", "short(element)!r", " here"]


def test_a_repr_placeholder_keeps_its_mark_whatever_fills_it() -> None:
    # ``!r`` / ``%r`` stay in the stored name, however the field is reached: an f-string, a
    # format field or %-key the call does not supply, a %r of a whole tuple's item
    recs = _records(
        "def f(name, arg):\n"
        "    raise ValueError(f\"Invalid value for '{name}': {arg!r}\")\n"
        "def g(**kw):\n"
        "    raise ValueError('unknown {key!r} in {where}'.format(**kw))\n"
        "def h(opts):\n"
        "    raise ValueError('no option %(opt)r given' % opts)\n"
        "def k(a, b):\n"
        "    raise ValueError('%r is not %s' % (a, b))\n"
    )
    by_fn = {r.function: r for r in recs}
    assert by_fn["f"].segments == ["Invalid value for '", "name", "': ", "arg!r", ""]
    assert by_fn["f"].template == "Invalid value for '{name}': {arg!r}"
    assert by_fn["g"].segments == ["unknown ", "key!r", " in ", "where", ""]
    assert by_fn["h"].segments == ["no option ", "opt!r", " given"]
    assert by_fn["k"].segments == ["", "a!r", " is not ", "b", ""]


def test_gettext_calls_are_their_source_text() -> None:
    recs = _records(
        "from gettext import gettext as _, ngettext\n"
        "from django.utils.translation import pgettext_lazy\n"
        "def f(opt):\n"
        "    raise ValueError(_('No such option {name!r}.').format(name=opt))\n"
        "def g(args):\n"
        "    raise ValueError(ngettext('Got extra argument ({a})', 'Got extra arguments ({a})', len(args)).format(a=args))\n"
        "def h():\n"
        "    raise ValueError(pgettext_lazy('month', 'Invalid month name'))\n"
    )
    got = sorted((r.function, r.template) for r in recs)
    assert got == [
        ("f", "No such option {opt!r}."),
        ("g", "Got extra argument ({args})"),
        ("g", "Got extra arguments ({args})"),
        ("h", "Invalid month name"),
    ]


def test_item_of_a_dict_of_messages_is_any_of_its_messages() -> None:
    recs = _records(
        "_msg = \"module 'np' has no attribute '{n}'.\\n`np.{n}` was an alias. {extra}\"\n"
        "FORMER = {n: _msg.format(n=n, extra=extra) for n, extra in [('float', ''), ('int', '')]}\n"
        "def __getattr__(attr):\n"
        "    if attr in FORMER:\n"
        "        raise AttributeError(FORMER[attr], name=None)\n"
        "def f(code):\n"
        "    local = {'x': 'local message one', 'y': 'local message two'}\n"
        "    raise ValueError(local[code])\n"
        "def g(k):\n"
        "    names = {'f': 'float32', 'i': 'int64'}\n"
        "    raise ValueError('bad dtype %s' % names[k])\n"
    )
    got = sorted((r.function, r.template) for r in recs)
    assert got == [
        ("__getattr__", "module 'np' has no attribute '{n}'.\n`np.{n}` was an alias. {extra}"),
        ("f", "local message one"),
        ("f", "local message two"),
        # a dict item inside a longer message is a value (a name), not message text
        ("g", "bad dtype {names[k]}"),
    ]


def test_item_of_a_dict_written_where_it_is_read_is_any_of_its_messages() -> None:
    # the message table of a state machine, indexed at once: no name holds the dict
    recs = _records(
        "class Client:\n"
        "    def __enter__(self):\n"
        "        if self._state != 0:\n"
        "            msg = {\n"
        "                1: 'Cannot open a client instance more than once.',\n"
        "                2: ('Cannot reopen a client instance, once it has been closed.'),\n"
        "            }[self._state]\n"
        "            raise RuntimeError(msg)\n"
        "def f(kind):\n"
        "    raise ValueError({'a': 'first message', 'b': 'second message'}[kind])\n"
        "def g(value):\n"
        "    shown = {'': 'the empty string', None: 'None'}[value]\n"
        "    raise ValueError('the value was %s, which matched no entry' % shown)\n"
    )
    got = sorted((r.function, r.template) for r in recs)
    assert got == [
        ("Client.__enter__", "Cannot open a client instance more than once."),
        ("Client.__enter__", "Cannot reopen a client instance, once it has been closed."),
        ("f", "first message"),
        ("f", "second message"),
        # inside a longer message the item stays a value, as a named dict's does
        ("g", "the value was {value}, which matched no entry"),
    ]


def test_call_to_a_function_that_always_raises_is_a_raise_site() -> None:
    recs = _records(
        "from gettext import ngettext\n"
        "class UsageError(Exception):\n"
        "    def __init__(self, message, ctx=None):\n"
        "        super().__init__(message)\n"
        "class Context:\n"
        "    def fail(self, message):\n"
        "        raise UsageError(message, self)\n"
        "    def show(self, message):\n"
        "        print(message)\n"
        "class Base:\n"
        "    def process(self, text):\n"
        "        raise NotImplementedError('subclasses implement process')\n"
        "def _bad(name, value):\n"
        "    raise ValueError(f'invalid {name}: {value!r}')\n"
        "def _check(name, ok):\n"
        "    if ok:\n"
        "        return\n"
        "    raise ValueError(f'check failed: {name}')\n"
        "def parse(ctx, args, obj):\n"
        "    if args:\n"
        "        ctx.fail(ngettext('Got extra argument ({a})', 'Got extra arguments ({a})', len(args)).format(a=args))\n"
        "    ctx.show('not a raise at all')\n"
        "    obj.process('an abstract method is overridden where it is called')\n"
        "    _bad('port number', args)\n"
        "    _check('the call supplies the text', True)\n"
        "    _check(args, True)\n"
    )
    got = sorted((r.line, r.function, r.exc_type, r.template) for r in recs if r.function == "parse")
    # a helper that raises (always, or under a condition) a message built from what it is given:
    # the call supplying the text is a raise site; a call supplying no text is not
    assert got == [
        (21, "parse", "UsageError", "Got extra argument ({args})"),
        (21, "parse", "UsageError", "Got extra arguments ({args})"),
    ]
    # one that composes the text into words of its own raises it there, where the traceback
    # ends: the call's message is a record of that raise
    helpers = {(r.line, r.function, r.template) for r in recs if r.function in ("_bad", "_check")}
    assert (14, "_bad", "invalid port number: {args!r}") in helpers
    assert (18, "_check", "check failed: the call supplies the text") in helpers


def test_method_of_an_annotated_parameter_resolves_through_its_class() -> None:
    recs = _records(
        "class UsageError(Exception):\n"
        "    pass\n"
        "class Context:\n"
        "    def fail(self, message):\n"
        "        raise UsageError(message)\n"
        "class Param:\n"
        "    def fail(self, message):\n"
        "        raise TypeError(message)\n"
        "def parse(ctx: 'Context', other: Context | None, args):\n"
        "    ctx.fail(f'Got extra argument ({args})')\n"
        "    other.fail('Missing parameter')\n"
    )
    got = sorted((r.line, r.exc_type, r.template) for r in recs if r.function == "parse")
    # two classes have an always-raising ``fail``: only the annotation tells which one is called
    assert got == [(10, "UsageError", "Got extra argument ({args})"), (11, "UsageError", "Missing parameter")]


def test_exception_with_several_arguments_prints_their_tuple() -> None:
    recs = _records(
        "class MarkedError(Exception):\n"
        "    def __init__(self, context=None, context_mark=None, problem=None, problem_mark=None):\n"
        "        self.context = context\n"
        "        self.problem = problem\n"
        "def construct(node, mark):\n"
        "    raise MarkedError(None, None, 'no constructor for the tag %r' % node.tag, mark)\n"
        "def scan(ch, mark):\n"
        "    raise MarkedError('while scanning', mark, 'found character %r' % ch, mark)\n"
        "def plain(code):\n"
        "    raise MarkedError(code)\n"
    )
    got = sorted((r.line, r.template) for r in recs)
    # no __str__ and no call of the base initialiser: Python prints the repr of the arguments
    assert got == [
        (6, '(None, None, "no constructor for the tag {node.tag!r}", {mark!r})'),
        (8, "('while scanning', {mark!r}, \"found character {ch!r}\", {mark!r})"),
        (10, "{code}"),
    ]


def test_class_bound_by_a_star_import_resolves_through_it() -> None:
    files = [
        SourceFile("m/__init__.py", b""),
        SourceFile(
            "m/error.py",
            b"class MarkedError(Exception):\n"
            b"    def __init__(self, context=None, context_mark=None, problem=None, problem_mark=None):\n"
            b"        self.problem = problem\n"
            b"class Plain(Exception):\n"
            b"    def __init__(self, value):\n"
            b"        super().__init__(f'bad value: {value}')\n",
        ),
        SourceFile(
            "m/scanner.py",
            b"from .error import *\n"
            b"class ScannerError(MarkedError):\n"
            b"    pass\n"
            b"def fetch(mark):\n"
            b"    raise ScannerError(None, None, 'mapping values are not allowed here', mark)\n"
            b"def check(v):\n"
            b"    raise Plain(v)\n",
        ),
    ]
    recs = extract(files, REPO, jobs=1).records
    got = sorted((r.function, r.exc_type, r.template) for r in recs if r.path == "m/scanner.py")
    assert got == [
        ("check", "Plain", "bad value: {v}"),
        ("fetch", "ScannerError", "(None, None, 'mapping values are not allowed here', {mark!r})"),
    ]


def test_call_of_a_module_level_instance_whose_class_always_raises_is_a_raise_site() -> None:
    recs = _records(
        "class Failed(Exception):\n"
        "    def __init__(self, msg=None, pytrace=True):\n"
        "        super().__init__(msg)\n"
        "class _Fail:\n"
        "    def __call__(self, reason='', pytrace=True):\n"
        "        __tracebackhide__ = True\n"
        "        raise Failed(msg=reason, pytrace=pytrace)\n"
        "fail = _Fail()\n"
        "class _Show:\n"
        "    def __call__(self, text):\n"
        "        print(text)\n"
        "show = _Show()\n"
        "def check(name, expected):\n"
        "    fail(f'DID NOT RAISE {expected}')\n"
        "    show(f'not a raise: {name}')\n"
    )
    got = sorted((r.line, r.exc_type, r.template) for r in recs if r.function == "check")
    assert got == [(14, "Failed", "DID NOT RAISE {expected}")]


def test_property_of_self_in_a_message_is_what_the_property_returns() -> None:
    recs = _records(
        "class UndefinedError(Exception):\n"
        "    pass\n"
        "class Undefined:\n"
        "    def __init__(self, name, obj=None):\n"
        "        self._name = name\n"
        "        self._obj = obj\n"
        "    @property\n"
        "    def _message(self):\n"
        "        if self._obj is None:\n"
        "            return f'{self._name!r} is undefined'\n"
        "        return f'{self._obj!r} has no attribute {self._name!r}'\n"
        "    def fail(self):\n"
        "        raise UndefinedError(self._message)\n"
        "    def other(self):\n"
        "        raise UndefinedError(self._name)\n"
    )
    got = sorted((r.line, r.template) for r in recs)
    assert got == [
        (13, "{self._name!r} is undefined"),
        (13, "{self._obj!r} has no attribute {self._name!r}"),
        (15, "{self._name}"),
    ]


def test_dedented_message_is_its_text() -> None:
    recs = _records(
        "import textwrap\n"
        "import warnings\n"
        "from inspect import cleandoc\n"
        "def kdeplot(shade=None):\n"
        "    if shade is not None:\n"
        "        msg = textwrap.dedent(f'''\\n\n"
        "        `shade` is deprecated; setting `fill={shade}`.\n"
        "        ''')\n"
        "        warnings.warn(msg, FutureWarning, stacklevel=2)\n"
        "    raise ValueError(cleandoc('''\n"
        "        no data\n"
        "        '''))\n"
    )
    got = sorted((r.line, r.template.strip()) for r in recs)
    assert got == [(9, "`shade` is deprecated; setting `fill={shade}`."), (10, "no data")]


def test_helper_that_sometimes_returns_unknown_text_is_not_inlined() -> None:
    recs = _records(
        "def shorten(items, n):\n"
        "    if len(items) <= n:\n"
        "        return repr(items)\n"
        "    return f'[{items[0]}, ..., {items[-1]}]'\n"
        "def always(items):\n"
        "    return f'[{items[0]}, ...]'\n"
        "def get(ds, key):\n"
        "    raise KeyError(f'No variable named {key!r}. Variables include {shorten(ds, 10)}')\n"
        "def get2(ds, key):\n"
        "    raise KeyError(f'No variable named {key!r}. Variables include {always(ds)}')\n"
    )
    got = {r.function: r.expanded_segments for r in recs}
    # a repr of a short list or a shortened one: either way only a value in the message
    assert got["get"] == ["No variable named ", "key!r", ". Variables include ", "shorten(ds, 10)", ""]
    assert got["get2"] == ["No variable named ", "key!r", ". Variables include [", "ds[0]", ", ...]"]


def test_warning_category_with_own_init_takes_the_warned_text() -> None:
    recs = _records(
        "from warnings import warn\n"
        "class TqdmWarning(Warning):\n"
        "    def __init__(self, msg, fp_write=None, *a, **k):\n"
        "        if fp_write is not None:\n"
        "            fp_write(msg)\n"
        "        else:\n"
        "            super().__init__(msg, *a, **k)\n"
        "def bar(frac):\n"
        "    warn('clamping frac to range [0, 1]', TqdmWarning, stacklevel=2)\n"
        "    warn(f'Unknown colour ({frac})', TqdmWarning)\n"
    )
    got = sorted((r.line, r.exc_type, r.template) for r in recs)
    assert got == [
        (9, "TqdmWarning", "clamping frac to range [0, 1]"),
        (10, "TqdmWarning", "Unknown colour ({frac})"),
    ]


def test_raise_of_a_conditional_expression_is_a_site_for_each_branch() -> None:
    recs = _records(
        "class DeprecatedError(Exception):\n"
        "    pass\n"
        "def init(**kwargs):\n"
        "    raise (\n"
        "        DeprecatedError('`nested` is deprecated')\n"
        "        if 'nested' in kwargs else\n"
        "        KeyError('Unknown argument(s): ' + str(kwargs)))\n"
    )
    got = sorted((r.line, r.exc_type, r.template) for r in recs)
    assert got == [
        (4, "DeprecatedError", "`nested` is deprecated"),
        (4, "KeyError", "Unknown argument(s): {kwargs}"),
    ]


def test_message_passed_by_keyword_to_the_parent_init_is_the_message() -> None:
    recs = _records(
        "class APIError(Exception):\n"
        "    def __init__(self, message, request):\n"
        "        super().__init__(message)\n"
        "class APIConnectionError(APIError):\n"
        "    def __init__(self, *, message='Connection error.', request):\n"
        "        super().__init__(message, request)\n"
        "class APITimeoutError(APIConnectionError):\n"
        "    def __init__(self, request):\n"
        "        super().__init__(message='Request timed out.', request=request)\n"
        "def send(request):\n"
        "    raise APITimeoutError(request=request)\n"
        "def send2(request):\n"
        "    raise APIConnectionError(request=request)\n"
    )
    got = sorted((r.line, r.template) for r in recs)
    assert got == [(11, "Request timed out."), (13, "Connection error.")]


def test_lines_flagged_for_warn_and_log_calls_are_those_a_search_line_by_line_finds() -> None:
    # one pass over the lowercased text stands for a case-folding search of each line: the
    # same lines, whatever the case, the whitespace before the call's parenthesis (never the
    # newline) and the characters beyond ASCII
    from errdex.extract.visitor import _FLAG_RE, _flagged_lines

    texts = [
        "x = 1\nWARNINGS.Warn('a')\nlog.ERROR  (\n'b')\nself.log\t(1); y = lambda: 0\n",
        "logger.error\n(\nmsg)\nlogger.exception \x0c(e)\r\nLAMBDA\nwarnwarn warn\n\n",
        "a.critical(1)\na.fatal (2)\na.Log(3)\na.logx(4)\n.error\u00a0(5)\n",
        "# é\nlogger.Error(1)\nlogger.error\u00a0(2)\nwarn\u212a\n",  # not ASCII: line by line
        # an ASCII line of a text that is not: found in the lowercased text, where a character
        # before it may lowercase to two (U+0130); the other lines searched as written
        "\u0130" * 20 + "\nx.log(1)\n\u0131.warn\ny = lambda: 0\n.EXCEPT\u0130ON(e)\nx.logx(2)\n\n\n\n",
        "\u01c5.fatal\t(\n\u212a.critical(\na\u2028.log (\nb\x85lambda\nWARN\n",
        "",
    ]
    for text in texts:
        lines = text.split("\n")
        expected = [i for i, line in enumerate(lines, 1) if _FLAG_RE.search(line)]
        assert _flagged_lines(text, lines) == expected, text
    text = "ok\nA.ERROR (x)\nlogger.error\n(x)\n"
    assert _flagged_lines(text, text.split("\n")) == [2]  # a call split after its name is not one


def test_an_extraction_leaves_nothing_for_the_cyclic_collector() -> None:
    # indexing pauses the collector for a release; whatever the extraction leaves in reference
    # cycles (the resolver and every module's merged facts, once) is walked by the first
    # collection after it, and freed only then
    import gc

    files = fixture_files()
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        ex = extract(files, REPO, jobs=1)
        assert ex.records
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


def test_a_module_named_like_a_test_whose_classes_hold_test_methods_is_test_code() -> None:
    # celery names its test classes ``test_Worker`` (collected by its own pytest config) in files
    # under ``t/unit/``: their raises are test scaffolding, not errors users hit
    from errdex.extract import extract_file

    src = (
        b"class test_Worker:\n    def test_start(self):\n        raise ValueError('boom in a test double')\n"
    )
    facts = extract_file("t/unit/worker/test_worker.py", src)
    assert facts.is_test and not facts.sites
    helper = b"def check(x):\n    raise ValueError('not a test')\n"
    assert not extract_file("pkg/test_util.py", helper).is_test


def test_workers_start_with_the_extractor_loaded() -> None:
    # the fork server imports the extractor once and forks every worker from it; a worker
    # importing it on its first task cost ~0.26 s of CPU, two workers a pool and one pool a
    # release of a history. Every pool of the package takes its context from worker_context.
    from multiprocessing import forkserver

    from errdex.extract import worker_context

    ctx = worker_context()
    assert ctx.get_start_method() == "forkserver"
    assert forkserver._forkserver._preload_modules == ["__main__", "errdex.extract"]


def test_facts_cross_a_process_as_their_field_values() -> None:
    # a worker's facts are pickled as each object's class and field values in order (not
    # slot by slot, by name): smaller and faster both ways, and equal once taken back in
    import pickle

    from errdex.extract import extract_file

    facts = extract_file(
        "pkg/mod.py",
        b"import os\n\nclass Bad(Exception):\n    pass\n\n"
        b"def f(x):\n    if x:\n        raise Bad(f'bad {x} in {os.sep}')\n    g(x)\n",
    )
    assert facts.sites and facts.code is not None and facts.classes
    assert pickle.loads(pickle.dumps(facts)) == facts
    site = facts.sites[0]
    rebuild, args = site.__reduce__()
    assert rebuild is type(site) and args == tuple(getattr(site, n) for n in site.__slots__)
    assert facts.code.__reduce__()[1][0] == facts.code.functions


def test_an_expression_spanning_lines_is_unparsed_once_however_often_its_text_is_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A condition written over two lines guards both branches' raises (``if`` and ``not``):
    its one-line text is printed once, and both guards read it."""
    import errdex.extract.visitor as visitor

    printed: list[str] = []
    unparse = visitor._unparse

    def counting(node: object) -> str:
        text = unparse(node)  # type: ignore[arg-type]
        printed.append(text)
        return text

    monkeypatch.setattr(visitor, "_unparse", counting)
    recs = _records(
        "def check(a, b):\n"
        "    if (a and\n"
        "            b):\n"
        "        raise ValueError('both')\n"
        "    else:\n"
        "        raise ValueError('not both')\n"
    )
    assert sorted(r.guards[0] for r in recs) == ["a and b", "not (a and b)"]
    assert printed.count("a and b") == 1


def test_the_extractors_isinstance_tests_build_no_union_per_call() -> None:
    """``isinstance(x, A | B)`` builds a new union object every time it runs; the extractor runs
    such tests ~500k times a jax release, so its modules test against tuples made once."""
    import ast

    import errdex.extract

    package = pathlib.Path(errdex.extract.__file__).parent
    found = []
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and len(node.args) == 2
                and isinstance(node.args[1], ast.BinOp | ast.Tuple | ast.Starred)
            ):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []
