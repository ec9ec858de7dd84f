"""Paste forms of issues-issues80 (issue #10) on real catalogues indexed from fixture code:

- an exception line, the reporter's paragraphs, then the message's later paragraphs quoted in
  Markdown with a ``>`` alone between them (scipy-001): the quote's ``>`` lines are its blank
  lines, and the whole is one message whose first line is the error's, not the quote's tail;
- a class without an exception's suffix run into Chinese prose on both sides (``报了
  NodeNotFound: target node [...] not in graph的错误``; networkx-002): the class is read, and the
  sentence's close after the text is dropped;
- a Sentry event listing a chain oldest first whose last exception is click's ``SystemExit: 2``
  (click-001): the error is the exception the program exited on, before the exit;
- a class named without its module that two codebases define, one raising it at more sites
  than the class's candidate cap (Django's and Jinja's ``TemplateSyntaxError``; jinja2-002):
  both codebases are pointed at, and the other's exact text is the answer;
- a traceback's last frame printed on a raise statement's opening that several raises of its
  function share (``raise PydanticUserError(``), under a message none of them reads like, while
  another function's raise of the class prints it exactly (pydantic-004: the check moved).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import codebases_matcher, first, line_of, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

INTERP = '''\
ERR_MESG = """\\
`grid2d` has been removed in GridLib 1.14.0.

For legacy code, nearly bug-for-bug compatible replacements are
`SplineGrid` on regular grids, and `scatter_fit` for scattered data.

In new code, for regular grids use `RegularGrid` instead.

For more details see the transition guide.
"""


class grid2d:
    def __init__(self, x, y, z):
        raise NotImplementedError(ERR_MESG)
'''

QUOTED_TAIL = (
    "NotImplementedError: `grid2d` has been removed in GridLib 1.14.0.\n"
    "\n"
    "To reproduce run the example at the docs with the latest release of `gridlib`\n"
    "\n"
    "The error message will also report a suggested upgrade:\n"
    "\n"
    "> In new code, for regular grids use `RegularGrid` instead.\n"
    "> \n"
    "> For more details see the transition guide."
)


@pytest.fixture(scope="module")
def interp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"gridlib/__init__.py": "", "gridlib/interpolate.py": INTERP}
    with package_matcher(Path(tmp_path_factory.mktemp("interp")), files) as m:
        yield m


def test_a_quoted_tail_with_blank_quote_lines_continues_the_exception_line() -> None:
    q = parse(QUOTED_TAIL)
    assert q.exc_type == "NotImplementedError"
    assert q.message.startswith("`grid2d` has been removed in GridLib 1.14.0.")


def test_the_quoted_tail_of_a_long_message_finds_its_raise(interp: Matcher) -> None:
    top = first(interp.explain(QUOTED_TAIL))
    assert (top.path, top.function) == ("gridlib/interpolate.py", "grid2d.__init__")


def test_an_error_quoted_under_prose_is_still_the_quote() -> None:
    q = parse("We get the following error:\n\n> ValueError: bad value\n> \n> more of its text")
    assert q.exc_type == "ValueError"
    assert q.message.startswith("bad value")


def test_a_lone_marker_closing_a_repr_stays_its_last_line() -> None:
    q = parse("grpc.RpcError: <_InactiveRpcError of RPC that terminated with:\n\tstatus = UNAVAILABLE\n>")
    assert q.message.rstrip().endswith(">")


GRAPH = """\
class NodeNotFound(Exception):
    pass


def all_simple_paths(graph, source, target):
    if target not in graph:
        raise NodeNotFound(f"target node {target} not in graph")
    return []
"""

CJK_WRAPPED = (
    "运行数据预处理的脚本时，报了NodeNotFound: target node [(15.0, 2.355), (4.167, -30.0)] not in graph的错误"
)


def test_a_suffixless_class_wrapped_in_cjk_prose_is_set_apart() -> None:
    lines = parse(CJK_WRAPPED).text.split("\n")
    assert lines[-1] == "NodeNotFound: target node [(15.0, 2.355), (4.167, -30.0)] not in graph"


def test_a_cjk_value_inside_the_text_stays() -> None:
    assert parse("报错KeyError: '数据'").text.split("\n")[-1] == "KeyError: '数据'"
    assert parse("报错ValueError: bad file 数据").text.split("\n")[-1] == "ValueError: bad file 数据"


def test_the_cjk_wrapped_class_finds_its_raise(tmp_path: Path) -> None:
    files = {"graphlib/__init__.py": "", "graphlib/paths.py": GRAPH}
    with package_matcher(tmp_path, files) as m:
        top = first(m.explain(CJK_WRAPPED))
    assert (top.path, top.function) == ("graphlib/paths.py", "all_simple_paths")
    assert not top.approximate, top.reasons


SENTRY_EXIT = (
    "NoSuchOption: No such option: -b\n"
    '  File "clipkg/parser.py", line 514, in _process_opts\n'
    "    self._match_long_opt(norm_long_opt, explicit_value, state)\n"
    '  File "clipkg/parser.py", line 398, in _match_long_opt\n'
    "    raise NoSuchOption(opt, possibilities=possibilities, ctx=self.ctx)\n"
    "\n"
    "NoSuchOption: No such option: -b\n"
    "(2 additional frame(s) were not displayed)\n"
    "...\n"
    '  File "clipkg/parser.py", line 337, in parse_args\n'
    "    self._process_args_for_options(state)\n"
    '  File "clipkg/parser.py", line 436, in _match_short_opt\n'
    "    raise NoSuchOption(opt, ctx=self.ctx)\n"
    "\n"
    "SystemExit: 2\n"
    '  File "apscheduler/executors/base.py", line 125, in run_job\n'
    "    retval = job.func(*job.args, **job.kwargs)\n"
    '  File "clipkg/core.py", line 1073, in main\n'
    "    sys.exit(e.exit_code)\n"
    "\n"
    'Job "<Job (id=c'
)


def test_a_chain_ending_in_an_exit_is_the_error_it_exited_on() -> None:
    q = parse(SENTRY_EXIT)
    assert q.exc_type == "NoSuchOption"
    assert q.message == "No such option: -b"


def test_an_exit_alone_stays_the_exit() -> None:
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "app.py", line 3, in <module>\n'
        "    sys.exit(2)\n"
        "SystemExit: 2"
    )
    assert q.exc_type == "SystemExit"


def many_tags() -> str:
    """A template engine raising its syntax error at more sites than a pasted class's cap."""
    raises = "\n".join(
        f"    if tag == 'tag{i}':\n        raise TemplateSyntaxError('Tag number {i} is misplaced in this block')"
        for i in range(80)
    )
    return f"class TemplateSyntaxError(Exception):\n    pass\n\n\ndef check(tag):\n{raises}\n"


OTHER_ENGINE = """\
class TemplateSyntaxError(Exception):
    pass


def fail_unknown_tag(name, looking):
    raise TemplateSyntaxError(f"Encountered unknown tag {name!r}. Jinja was looking for the following tags: {looking}.")
"""


def test_a_bare_class_points_to_every_codebase_defining_it(tmp_path: Path) -> None:
    codebases = {
        "webfw": {"webfw/__init__.py": "", "webfw/tags.py": many_tags()},
        "tmpl": {"tmpl/__init__.py": "", "tmpl/parser.py": OTHER_ENGINE},
    }
    with codebases_matcher(tmp_path, codebases) as m:
        top = first(
            m.explain(
                "TemplateSyntaxError: Encountered unknown tag 'assets'. "
                "Jinja was looking for the following tags: 'endfor' or 'else'."
            )
        )
    assert (top.path, top.function) == ("tmpl/parser.py", "fail_unknown_tag")
    assert not top.approximate, top.reasons


MODELS = """\
class UserError(Exception):
    pass


def inspect_namespace(namespace):
    if "__root__" in namespace:
        raise UserError(
            "To define root models, use `RootModel` rather than a field called '__root__'"
        )
    for name in namespace:
        if name.startswith("__"):
            raise UserError(
                f"Private attributes must not use dunder names; use a single underscore prefix instead of {name!r}."
            )
    return namespace


def collect_fields(cls, name, value):
    raise UserError(
        f"A non-annotated attribute was detected: `{name} = {value!r}`. All model fields require a "
        "type annotation."
    )
"""


def moved_check(line: int, text: str) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "app.py", line 4, in <module>\n'
        "    class Box(Model):\n"
        f'  File "/venv/lib/python3.10/site-packages/modelkit/construction.py", line {line}, in inspect_namespace\n'
        "    raise UserError(\n"
        f"modelkit.construction.UserError: {text}"
    )


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"modelkit/__init__.py": "", "modelkit/construction.py": MODELS}
    with package_matcher(Path(tmp_path_factory.mktemp("models")), files) as m:
        yield m


def test_a_shared_raise_opening_yields_to_the_exact_text_elsewhere(models: Matcher) -> None:
    top = first(
        models.explain(
            moved_check(
                372,
                "A non-annotated attribute was detected: `top = 0`. All model fields require a type annotation.",
            )
        )
    )
    assert (top.path, top.function) == ("modelkit/construction.py", "collect_fields")
    assert not top.approximate, top.reasons


def test_a_shared_raise_opening_still_lands_on_its_own_text(models: Matcher) -> None:
    at = line_of(MODELS, "Private attributes") - 1  # the raise statement's first line
    top = first(
        models.explain(
            moved_check(
                at,
                "Private attributes must not use dunder names; use a single underscore prefix instead of '__x'.",
            )
        )
    )
    assert (top.path, top.function) == ("modelkit/construction.py", "inspect_namespace")
    assert not top.approximate, top.reasons
