"""A paste dotted with one package's class, raised by another codebase that imports the class.

``graphql.error.graphql_error.GraphQLError: DateTime cannot represent value: 'yesterday'`` names
graphql-core's module, but graphene raises that class (``from graphql.error import
GraphQLError``) with that text: the codebase importing the class from the named package is
pointed to as well, so its exact raise is the answer, not an approximate one of the package's
own codebase."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))


def entry(
    segments: list[str], *, repo: str, path: str, function: str, qualname: str | None
) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo=repo, version="1.0", snapshot_date=None, kind="error",
        exc_type="GraphQLError", exc_qualname=qualname, template=render_template(segments), segments=segments,
        path=path, line=10 + k, function=function,
    )  # fmt: skip


PASTE = "graphql.error.graphql_error.GraphQLError: DateTime cannot represent value: 'yesterday'"
# the package's own raise of its class, a text like the paste's in part
CORE = (
    ["Enum ", "self.name!r", " cannot represent value: ", "inspect(value)", ""],
    "o/graphql-core",
    "graphql/type/definition.py",
    "GraphQLEnumType.serialize",
)
DEPENDENT = (
    ["DateTime cannot represent value: ", "repr(dt)", ""],
    "o/graphene",
    "graphene/types/datetime.py",
    "DateTime.serialize",
)


def _entries(dependent_qualname: str) -> tuple[CatalogueEntry, CatalogueEntry]:
    segs, repo, path, fn = CORE
    core = entry(segs, repo=repo, path=path, function=fn, qualname="graphql.error.graphql_error.GraphQLError")
    segs, repo, path, fn = DEPENDENT
    return core, entry(segs, repo=repo, path=path, function=fn, qualname=dependent_qualname)


def test_a_class_imported_from_the_pasted_package_points_to_the_codebase_raising_it() -> None:
    core, dependent = _entries("graphql.error.GraphQLError")
    res = Matcher.from_entries([core, dependent]).explain(PASTE)
    assert res.matches[0].id == dependent.error_id
    assert not res.matches[0].approximate


def test_a_class_of_that_name_defined_elsewhere_is_not_the_pasted_one() -> None:
    # the dependent's own class of the same name (not imported from the named package): the paste
    # does not point to its codebase, so its raise is never exact
    core, dependent = _entries("graphene.errors.GraphQLError")
    res = Matcher.from_entries([core, dependent]).explain(PASTE)
    assert all(m.approximate for m in res.matches if m.id == dependent.error_id)
