#!/usr/bin/env python3
"""Make the runtime regression set: everyday errors produced by running real libraries.

The script creates a virtualenv, installs pinned releases of popular libraries into it, and runs
small pieces of ordinary user code (each in its own process) that make the mistakes people make:
wrong values and types, missing arguments and configuration, invalid data, bad paths, bad
command-line arguments, deprecated calls. The truth of each case comes from the real exception,
never from errdex:

* the raising frame is the deepest frame, in the stack where the exception was first raised, whose
  file belongs to an installed package of a pinned library: its path relative to site-packages,
  line, ``co_qualname`` and the exception type. That stack is the traceback, except where a
  library rewrites the traceback (jinja2) or re-raises with another exception's traceback
  (SQLAlchemy); frames of Cython-compiled ``.py`` files, known only from the traceback, count;
* when that frame is a raise (or ``warnings.warn``) of a message the function was handed as a
  parameter (a generic helper such as ``ParamType.fail(message)``; decided with ``ast`` from the
  raise statement and the exception class's constructor parameters), the caller one frame up in
  the same library is the expected site and the helper's raise is an alternative;
* a failing ``assert`` raises its message as a ``raise`` would, on the statement's first line,
  whichever span the interpreter reports for it (3.12: the statement; 3.13: its test);
* when the exception wraps another one whose text it carries and which a pinned library raised,
  that raise is an alternative too;
* when the error comes from outside the libraries' Python code (C extensions, the interpreter,
  another package) and its text appears in no string literal of the library's ``.py`` files, the
  case is a negative (no exact match is the right answer); when the text does appear there, the
  truth is ambiguous and the snippet is reported and left out. A snippet marked
  ``compiled_truth`` instead takes the deepest library frame above the compiled code as its
  truth (the call into it), as a judge reading the traceback does.

Every error is written twice: as the message the user sees last (``Type: text``; for a CLI the
``Error: ...`` line it prints) and as the whole output (the traceback, or the CLI's terminal
output). Output: ``cases.jsonl`` (the evaluation case format) and ``versions.json`` in ``--out``.

    python scripts/make_runtime_set.py                       # every library, default pins
    python scripts/make_runtime_set.py --only click --only typer
    python scripts/make_runtime_set.py --versions click==8.3.0 --versions pins.json

Only the standard library is used, so any Python >= 3.12 runs it; the snippets run on the same
interpreter, inside the virtualenv.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "tests" / "data" / "regression" / "runtime"
SCRIPT_NAME = "scripts/make_runtime_set.py"
DEFAULT_WORK = Path(tempfile.gettempdir()) / "errdex-runtime-set"
# Pinned distributions installed whatever `--only` says, though no snippet list is theirs: what a
# library needs to be run at all (httpx under fastapi's TestClient) and does not depend on.
ALSO_INSTALL: tuple[str, ...] = ()

# Releases the committed set was made from (PyPI names). `--versions` overrides any of them.
PINS: dict[str, str] = {
    "attrs": "26.1.0",
    "click": "8.5.1",
    "httpx": "0.28.1",
    "jinja2": "3.1.6",
    "jsonschema": "4.26.0",
    "marshmallow": "4.4.0",
    "networkx": "3.7",
    "numpy": "2.5.5",
    "packaging": "26.4",
    "pydantic": "2.14.4",
    "python-dateutil": "4.0.0",
    "pyyaml": "6.0.4",
    "sqlalchemy": "2.1.9",
    "typer": "0.29.2",
}


@dataclass(frozen=True)
class Snippet:
    """One piece of user code that fails.

    ``code`` runs as ``main.py`` (or, with ``argv``, as the command-line program ``app.py``
    invoked with those arguments). ``files`` are written beside it first (configuration, data).
    ``warnings_as_errors`` runs it as ``python -W error`` does, so a warning shows its traceback.
    ``compiled_truth`` makes an error raised in compiled code below a library's Python frame (a
    numpy ufunc, pandas' Cython, pydantic-core's validators) a positive whose truth is that
    deepest Python frame of the library, as a judge reading the traceback takes it, rather than a
    negative or an ambiguous snippet left out.
    """

    about: str
    code: str
    argv: tuple[str, ...] | None = None
    files: dict[str, str] = field(default_factory=dict)
    warnings_as_errors: bool = False
    compiled_truth: bool = False


def _s(about: str, code: str, **kw: Any) -> Snippet:
    return Snippet(about=about, code=textwrap.dedent(code).lstrip("\n"), **kw)


# The snippets are ordinary user code, written from the libraries' documented APIs. Their number
# within a library (1-based) is part of each case's `source`, so new ones go at the end of a list.
CLICK_APP = """
import click

@click.command()
@click.option("--count", type=int, default=1, help="How many greetings.")
@click.option("--color", type=click.Choice(["red", "green"]), default="red")
@click.option("--port", type=click.IntRange(1, 65535), default=8080)
@click.option("--verbose", is_flag=True)
@click.option("--name", default="World")
@click.argument("src", type=click.Path(exists=True), required=False)
def greet(count, color, port, verbose, name, src):
    for _ in range(count):
        click.echo(f"Hello {name}!")

if __name__ == "__main__":
    greet()
"""

SNIPPETS: dict[str, list[Snippet]] = {
    "click": [
        _s("an integer option given a word", CLICK_APP, argv=("--count", "abc")),
        _s("a choice option given a value outside the choices", CLICK_APP, argv=("--color", "blue")),
        _s("a path argument that does not exist", CLICK_APP, argv=("missing.txt",)),
        _s(
            "a required option left out",
            """
            import click

            @click.command()
            @click.option("--name", required=True)
            def hello(name):
                click.echo(f"Hello {name}")

            if __name__ == "__main__":
                hello()
            """,
            argv=(),
        ),
        _s("a misspelt option", CLICK_APP, argv=("--verbse",)),
        _s(
            "a required argument left out",
            """
            import click

            @click.command()
            @click.argument("filename")
            def show(filename):
                click.echo(open(filename).read())

            if __name__ == "__main__":
                show()
            """,
            argv=(),
        ),
        _s(
            "an extra positional argument",
            """
            import click

            @click.command()
            @click.argument("filename")
            def show(filename):
                click.echo(filename)

            if __name__ == "__main__":
                show()
            """,
            argv=("a.txt", "b.txt"),
        ),
        _s("a port outside its range", CLICK_APP, argv=("--port", "70000")),
        _s("an option given without its value", CLICK_APP, argv=("--name",)),
        _s(
            "a file argument that cannot be opened",
            """
            import click

            @click.command()
            @click.argument("input", type=click.File("r"))
            def count_lines(input):
                click.echo(sum(1 for _ in input))

            if __name__ == "__main__":
                count_lines()
            """,
            argv=("nofile.txt",),
        ),
    ],
    "typer": [
        _s(
            "an integer argument given a word",
            """
            import typer

            def main(count: int):
                print("hello " * count)

            if __name__ == "__main__":
                typer.run(main)
            """,
            argv=("abc",),
        ),
        _s(
            "an enum option given a value outside it",
            """
            from enum import Enum

            import typer

            class Color(str, Enum):
                red = "red"
                green = "green"

            def main(color: Color = Color.red):
                print(color.value)

            if __name__ == "__main__":
                typer.run(main)
            """,
            argv=("--color", "blue"),
        ),
        _s(
            "a required argument left out",
            """
            import typer

            app = typer.Typer()

            @app.command()
            def deploy(environment: str, replicas: int = 1):
                print(f"deploying {replicas} to {environment}")

            if __name__ == "__main__":
                app()
            """,
            argv=("--replicas", "3"),
        ),
        _s(
            "a date option in the wrong format",
            """
            from datetime import datetime

            import typer

            def main(since: datetime = typer.Option(...)):
                print(since)

            if __name__ == "__main__":
                typer.run(main)
            """,
            argv=("--since", "31/12/2024"),
        ),
        _s(
            "a path that must exist",
            """
            from pathlib import Path

            import typer

            def main(config: Path = typer.Option(..., exists=True, dir_okay=False)):
                print(config.read_text())

            if __name__ == "__main__":
                typer.run(main)
            """,
            argv=("--config", "settings.toml"),
        ),
        _s(
            "a parameter annotated with a type typer cannot parse",
            """
            import typer

            def main(options: dict):
                print(options)

            if __name__ == "__main__":
                typer.run(main)
            """,
            argv=("a=1",),
        ),
        _s(
            "a misspelt option",
            """
            import typer

            def main(name: str, verbose: bool = False):
                print(name)

            if __name__ == "__main__":
                typer.run(main)
            """,
            argv=("Ann", "--verbos"),
        ),
    ],
    "pydantic": [
        _s(
            "a model field given a word for an integer",
            """
            from pydantic import BaseModel

            class User(BaseModel):
                id: int
                name: str

            User(id="abc", name="Ann")
            """,
        ),
        _s(
            "a required model field left out",
            """
            from pydantic import BaseModel

            class User(BaseModel):
                id: int
                name: str

            User(id=1)
            """,
        ),
        _s(
            "the v1 .dict() method on a v2 model",
            """
            from pydantic import BaseModel

            class User(BaseModel):
                id: int

            print(User(id=1).dict())
            """,
            warnings_as_errors=True,
        ),
        _s(
            "a v1-style inner Config class",
            """
            from pydantic import BaseModel

            class User(BaseModel):
                id: int

                class Config:
                    frozen = True
            """,
            warnings_as_errors=True,
        ),
        _s(
            "the v1 @validator decorator",
            """
            from pydantic import BaseModel, validator

            class User(BaseModel):
                name: str

                @validator("name")
                def strip_name(cls, v):
                    return v.strip()
            """,
            warnings_as_errors=True,
        ),
        _s(
            "both a Config class and model_config on one model",
            """
            from pydantic import BaseModel, ConfigDict

            class User(BaseModel):
                model_config = ConfigDict(str_strip_whitespace=True)
                name: str

                class Config:
                    frozen = True
            """,
        ),
        _s(
            "a model attribute without a type annotation",
            """
            from pydantic import BaseModel, Field

            class Item(BaseModel):
                name: str
                price = Field(default=0.0, ge=0)
            """,
        ),
        _s(
            "the v1 parse_obj class method",
            """
            from pydantic import BaseModel

            class User(BaseModel):
                id: int

            User.parse_obj({"id": 1})
            """,
            warnings_as_errors=True,
        ),
    ],
    "marshmallow": [
        _s(
            "an integer field given a word",
            """
            from marshmallow import Schema, fields

            class UserSchema(Schema):
                name = fields.Str(required=True)
                age = fields.Int()

            UserSchema().load({"name": "Ann", "age": "abc"})
            """,
        ),
        _s(
            "a required field left out",
            """
            from marshmallow import Schema, fields

            class UserSchema(Schema):
                name = fields.Str(required=True)
                age = fields.Int()

            UserSchema().load({"age": 3})
            """,
        ),
        _s(
            "an unknown key in the input",
            """
            from marshmallow import Schema, fields

            class UserSchema(Schema):
                name = fields.Str(required=True)

            UserSchema().load({"name": "Ann", "nickname": "A"})
            """,
        ),
        _s(
            "an invalid e-mail address",
            """
            from marshmallow import Schema, fields

            class SignupSchema(Schema):
                email = fields.Email(required=True)

            SignupSchema().load({"email": "ann-at-example.com"})
            """,
        ),
        _s(
            "the removed `missing=` argument of a field",
            """
            from marshmallow import Schema, fields

            class UserSchema(Schema):
                role = fields.Str(missing="user")
            """,
        ),
        _s(
            "a value outside a OneOf validator",
            """
            from marshmallow import Schema, fields, validate

            class ShirtSchema(Schema):
                size = fields.Str(validate=validate.OneOf(["S", "M", "L"]))

            ShirtSchema().load({"size": "XL"})
            """,
        ),
        _s(
            "a single object loaded with many=True",
            """
            from marshmallow import Schema, fields

            class UserSchema(Schema):
                name = fields.Str()

            UserSchema(many=True).load({"name": "Ann"})
            """,
        ),
        _s(
            "a nested schema referred to by a name that is not defined",
            """
            from marshmallow import Schema, fields

            class BlogSchema(Schema):
                title = fields.Str()
                author = fields.Nested("AuthorSchema")

            BlogSchema().load({"title": "x", "author": {"name": "Ann"}})
            """,
        ),
    ],
    "jsonschema": [
        _s(
            "a string where the schema wants an integer",
            """
            import jsonschema

            schema = {"type": "object", "properties": {"age": {"type": "integer"}}}
            jsonschema.validate({"age": "abc"}, schema)
            """,
        ),
        _s(
            "a required property left out",
            """
            import jsonschema

            schema = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
            jsonschema.validate({"age": 3}, schema)
            """,
        ),
        _s(
            "a value outside an enum",
            """
            import jsonschema

            schema = {"type": "object", "properties": {"color": {"enum": ["red", "green"]}}}
            jsonschema.validate({"color": "blue"}, schema)
            """,
        ),
        _s(
            "an extra property with additionalProperties false",
            """
            import jsonschema

            schema = {
                "type": "object",
                "properties": {"name": {"type": "string"}},
                "additionalProperties": False,
            }
            jsonschema.validate({"name": "Ann", "nickname": "A"}, schema)
            """,
        ),
        _s(
            "a misspelt type name in the schema itself",
            """
            import jsonschema

            schema = {"type": "object", "properties": {"age": {"type": "integr"}}}
            jsonschema.validate({"age": 3}, schema)
            """,
        ),
        _s(
            "a number below the minimum",
            """
            import jsonschema

            schema = {"type": "object", "properties": {"quantity": {"type": "integer", "minimum": 1}}}
            jsonschema.validate({"quantity": 0}, schema)
            """,
        ),
        _s(
            "a string that does not match the pattern",
            """
            from jsonschema import Draft202012Validator

            schema = {"type": "string", "pattern": "^[0-9]{5}$"}
            Draft202012Validator(schema).validate("1234a")
            """,
        ),
        _s(
            "a schema read from a file with a wrong $ref",
            """
            import json

            import jsonschema

            with open("schema.json") as f:
                schema = json.load(f)
            jsonschema.validate({"id": 1}, schema)
            """,
            files={
                "schema.json": json.dumps(
                    {"type": "object", "properties": {"id": {"$ref": "#/definitions/identifier"}}}
                )
            },
        ),
    ],
    "jinja2": [
        _s(
            "a template file that is not in the template folder",
            """
            from jinja2 import Environment, FileSystemLoader

            env = Environment(loader=FileSystemLoader("templates"))
            print(env.get_template("index.html").render(title="Home"))
            """,
            files={"templates/base.html": "<html>{% block body %}{% endblock %}</html>\n"},
        ),
        _s(
            "an if block that is never closed",
            """
            from jinja2 import Template

            Template("{% if user %}Hello {{ user }}!")
            """,
        ),
        _s(
            "an undefined variable with StrictUndefined",
            """
            from jinja2 import Environment, StrictUndefined

            env = Environment(undefined=StrictUndefined)
            print(env.from_string("Hello {{ user.name }}").render())
            """,
        ),
        _s(
            "a filter that is not registered",
            """
            from jinja2 import Environment

            env = Environment()
            env.from_string("Total: {{ amount|currency }}")
            """,
        ),
        _s(
            "a for loop over a number",
            """
            from jinja2 import Template

            print(Template("{% for item in items %}{{ item }} {% endfor %}").render(items=5))
            """,
        ),
        _s(
            "an include of a template the loader does not have",
            """
            from jinja2 import DictLoader, Environment

            env = Environment(loader=DictLoader({"page.html": "{% include 'header.html' %}<p>hi</p>"}))
            print(env.get_template("page.html").render())
            """,
        ),
        _s(
            "a variable tag closed with one brace",
            """
            from jinja2 import Template

            Template("Hello {{ name }!")
            """,
        ),
        _s(
            "a block closed with the wrong end tag",
            """
            from jinja2 import Environment, FileSystemLoader

            env = Environment(loader=FileSystemLoader("templates"))
            env.get_template("page.html")
            """,
            files={"templates/page.html": "{% block content %}\n<p>hi</p>\n{% endfor %}\n"},
        ),
    ],
    "pyyaml": [
        _s(
            "a colon inside an unquoted value",
            """
            import yaml

            yaml.safe_load("title: Error: disk full")
            """,
        ),
        _s(
            "a config file indented with a tab",
            """
            import yaml

            with open("config.yaml") as f:
                config = yaml.safe_load(f)
            """,
            files={"config.yaml": "server:\n\thost: localhost\n\tport: 8080\n"},
        ),
        _s(
            "a python object tag read with safe_load",
            """
            import yaml

            yaml.safe_load("created: !!python/object/apply:datetime.date [2024, 1, 1]")
            """,
        ),
        _s(
            "yaml.load without a Loader",
            """
            import yaml

            yaml.load("a: 1")
            """,
        ),
        _s(
            "an unclosed quote",
            """
            import yaml

            yaml.safe_load('name: "Ann\\nage: 3\\n')
            """,
        ),
        _s(
            "a Decimal dumped with safe_dump",
            """
            from decimal import Decimal

            import yaml

            print(yaml.safe_dump({"price": Decimal("9.99")}))
            """,
        ),
        _s(
            "an alias to an anchor that was never defined",
            """
            import yaml

            yaml.safe_load("defaults: &base {a: 1}\\nprod:\\n  <<: *defaults\\n")
            """,
        ),
    ],
    "networkx": [
        _s(
            "a shortest path to a node that is not in the graph",
            """
            import networkx as nx

            G = nx.Graph([("a", "b"), ("b", "c")])
            print(nx.shortest_path(G, "a", "z"))
            """,
        ),
        _s(
            "a shortest path between disconnected nodes",
            """
            import networkx as nx

            G = nx.Graph([("a", "b"), ("c", "d")])
            print(nx.shortest_path(G, "a", "d"))
            """,
        ),
        _s(
            "a topological sort of a graph with a cycle",
            """
            import networkx as nx

            G = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a")])
            print(list(nx.topological_sort(G)))
            """,
        ),
        _s(
            "removing a node that is not there",
            """
            import networkx as nx

            G = nx.Graph([(1, 2)])
            G.remove_node(3)
            """,
        ),
        _s(
            "find_cycle on a graph without cycles",
            """
            import networkx as nx

            G = nx.DiGraph([(1, 2), (2, 3)])
            print(nx.find_cycle(G))
            """,
        ),
        _s(
            "the diameter of a disconnected graph",
            """
            import networkx as nx

            G = nx.Graph([(1, 2), (3, 4)])
            print(nx.diameter(G))
            """,
        ),
        _s(
            "eigenvector centrality that does not converge in the given iterations",
            """
            import networkx as nx

            G = nx.karate_club_graph()
            print(nx.eigenvector_centrality(G, max_iter=5))
            """,
        ),
        _s(
            "an undirected-only algorithm on a directed graph",
            """
            import networkx as nx

            G = nx.DiGraph([(1, 2), (3, 4)])
            print(list(nx.connected_components(G)))
            """,
        ),
    ],
    "attrs": [
        _s(
            "a string passed to an int field with an instance_of validator",
            """
            import attrs

            @attrs.define
            class Point:
                x: int = attrs.field(validator=attrs.validators.instance_of(int))

            Point("1")
            """,
        ),
        _s(
            "a value outside an in_ validator",
            """
            import attrs

            @attrs.define
            class Job:
                state: str = attrs.field(validator=attrs.validators.in_(["queued", "done"]))

            Job("running")
            """,
        ),
        _s(
            "a required field left out",
            """
            import attrs

            @attrs.define
            class Point:
                x: int
                y: int

            Point(1)
            """,
        ),
        _s(
            "a field without default after one with a default",
            """
            import attrs

            @attrs.define
            class Config:
                debug: bool = False
                name: str
            """,
        ),
        _s(
            "assigning to a frozen instance",
            """
            import attrs

            @attrs.frozen
            class Point:
                x: int

            p = Point(1)
            p.x = 2
            """,
        ),
        _s(
            "a string that does not match a matches_re validator",
            """
            import attrs

            @attrs.define
            class Account:
                email: str = attrs.field(validator=attrs.validators.matches_re(r"[^@]+@[^@]+"))

            Account("ann.example.com")
            """,
        ),
        _s(
            "asdict on a plain class",
            """
            import attrs

            class Point:
                def __init__(self, x):
                    self.x = x

            print(attrs.asdict(Point(1)))
            """,
        ),
    ],
    "packaging": [
        _s(
            "a version string that is not PEP 440",
            """
            from packaging.version import Version

            Version("1.0-beta.x")
            """,
        ),
        _s(
            "a specifier with a doubled operator",
            """
            from packaging.specifiers import SpecifierSet

            SpecifierSet(">=1.0,<<2")
            """,
        ),
        _s(
            "a requirement with a broken marker",
            """
            from packaging.requirements import Requirement

            Requirement('requests >= 2.0 ; python_version >> "3.8"')
            """,
        ),
        _s(
            "a marker with an unknown variable",
            """
            from packaging.markers import Marker

            Marker("python_ver >= '3.8'")
            """,
        ),
        _s(
            "a wheel filename without its tags",
            """
            from packaging.utils import parse_wheel_filename

            parse_wheel_filename("mypkg-1.0.whl")
            """,
        ),
        _s(
            "an sdist filename with an unsupported extension",
            """
            from packaging.utils import parse_sdist_filename

            parse_sdist_filename("mypkg-1.0.tar.bz2")
            """,
        ),
    ],
    "httpx": [
        _s(
            "a URL without its scheme",
            """
            import httpx

            httpx.get("api.example.com/users")
            """,
        ),
        _s(
            "an ftp URL",
            """
            import httpx

            httpx.get("ftp://example.com/file.txt")
            """,
        ),
        _s(
            "a request to a local port nothing listens on",
            """
            import httpx

            httpx.get("http://127.0.0.1:9/health", timeout=5)
            """,
        ),
        _s(
            "raise_for_status on a 404 response",
            """
            import httpx

            def handler(request):
                return httpx.Response(404, json={"detail": "not found"})

            client = httpx.Client(transport=httpx.MockTransport(handler))
            client.get("https://api.example.com/users/42").raise_for_status()
            """,
        ),
        _s(
            "a Timeout with only the connect part",
            """
            import httpx

            client = httpx.Client(timeout=httpx.Timeout(connect=5.0))
            """,
        ),
        _s(
            "a URL with a broken IPv6 host",
            """
            import httpx

            httpx.get("http://[::1/status")
            """,
        ),
        _s(
            "raw bytes posted through data=",
            """
            import httpx

            def handler(request):
                return httpx.Response(200)

            client = httpx.Client(transport=httpx.MockTransport(handler))
            client.post("https://api.example.com/upload", data=b"raw payload")
            """,
            warnings_as_errors=True,
        ),
        _s(
            "a SOCKS proxy without the socks extra installed",
            """
            import httpx

            client = httpx.Client(proxy="socks5://127.0.0.1:1080")
            """,
        ),
    ],
    "sqlalchemy": [
        _s(
            "a database URL naming the sqlite3 module",
            """
            from sqlalchemy import create_engine

            engine = create_engine("sqlite3:///app.db")
            """,
        ),
        _s(
            "a plain SQL string passed to execute",
            """
            from sqlalchemy import create_engine

            engine = create_engine("sqlite://")
            with engine.connect() as conn:
                conn.execute("SELECT 1")
            """,
        ),
        _s(
            "a query on a table that was never created",
            """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite://")
            with engine.connect() as conn:
                conn.execute(text("SELECT * FROM users"))
            """,
        ),
        _s(
            "a mapped class without a primary key",
            """
            from sqlalchemy import String
            from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

            class Base(DeclarativeBase):
                pass

            class User(Base):
                __tablename__ = "users"
                name: Mapped[str] = mapped_column(String(50))
            """,
        ),
        _s(
            "a dict added to a session",
            """
            from sqlalchemy import create_engine
            from sqlalchemy.orm import Session

            engine = create_engine("sqlite://")
            with Session(engine) as session:
                session.add({"name": "Ann"})
            """,
        ),
        _s(
            "a bound parameter with no value",
            """
            from sqlalchemy import create_engine, text

            engine = create_engine("sqlite://")
            with engine.connect() as conn:
                conn.execute(text("SELECT :a + :b"), {"a": 1})
            """,
        ),
        _s(
            "a misspelt create_engine keyword",
            """
            from sqlalchemy import create_engine

            engine = create_engine("sqlite:///app.db", pool_pre_ping=True, pool_sise=10)
            """,
        ),
        _s(
            "a PostgreSQL URL without the driver installed",
            """
            from sqlalchemy import create_engine

            engine = create_engine("postgresql://app:secret@localhost/app")
            """,
        ),
        _s(
            "a relationship to a misspelt class name",
            """
            from sqlalchemy import ForeignKey
            from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

            class Base(DeclarativeBase):
                pass

            class User(Base):
                __tablename__ = "users"
                id: Mapped[int] = mapped_column(primary_key=True)
                addresses = relationship("Adress")

            class Address(Base):
                __tablename__ = "addresses"
                id: Mapped[int] = mapped_column(primary_key=True)
                user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))

            User()
            """,
        ),
        _s(
            "one() on a query that returns no rows",
            """
            from sqlalchemy import create_engine, select
            from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

            class Base(DeclarativeBase):
                pass

            class User(Base):
                __tablename__ = "users"
                id: Mapped[int] = mapped_column(primary_key=True)
                name: Mapped[str]

            engine = create_engine("sqlite://")
            Base.metadata.create_all(engine)
            with Session(engine) as session:
                session.execute(select(User).where(User.name == "Ann")).scalar_one()
            """,
        ),
    ],
    "numpy": [
        _s(
            "adding arrays of different lengths",
            """
            import numpy as np

            prices = np.array([1.0, 2.0, 3.0])
            weights = np.array([0.5, 0.5])
            print(np.add(prices, weights))
            """,
        ),
        _s(
            "reshaping to a shape of another size",
            """
            import numpy as np

            a = np.arange(6)
            print(np.reshape(a, (4, 2)))
            """,
        ),
        _s(
            "linspace with a negative number of samples",
            """
            import numpy as np

            print(np.linspace(0, 1, num=-5))
            """,
        ),
        _s(
            "loadtxt of a file that does not exist",
            """
            import numpy as np

            data = np.loadtxt("measurements.csv", delimiter=",")
            """,
        ),
        _s(
            "split into parts that do not divide the array",
            """
            import numpy as np

            print(np.split(np.arange(10), 3))
            """,
        ),
        _s(
            "a histogram with zero bins",
            """
            import numpy as np

            print(np.histogram([1, 2, 3], bins=0))
            """,
        ),
        _s(
            "take with an index past the end",
            """
            import numpy as np

            print(np.take(np.array([1, 2, 3]), 5))
            """,
        ),
        _s(
            "polyfit with x and y of different lengths",
            """
            import numpy as np

            print(np.polyfit([1, 2, 3], [1, 4], 1))
            """,
        ),
        _s(
            "a dtype name that does not exist",
            """
            import numpy as np

            print(np.zeros(3, dtype="flaot64"))
            """,
        ),
    ],
    "python-dateutil": [
        _s(
            "parsing text that is not a date",
            """
            from dateutil import parser

            parser.parse("next tuesday-ish")
            """,
        ),
        _s(
            "parsing a date with a month of 13",
            """
            from dateutil import parser

            parser.parse("2024-13-01")
            """,
        ),
        _s(
            "a relativedelta with fractional months",
            """
            from datetime import date

            from dateutil.relativedelta import relativedelta

            print(date(2024, 1, 31) + relativedelta(months=1.5))
            """,
        ),
        _s(
            "an rrule with an unknown weekday in a string rule",
            """
            from dateutil.rrule import rrulestr

            rrulestr("FREQ=WEEKLY;BYDAY=MO,XX")
            """,
        ),
        _s(
            "isoparse of a timestamp with an impossible UTC offset",
            """
            from dateutil.parser import isoparse

            isoparse("2024-01-01T10:00:00+25:00")
            """,
        ),
    ],
}

# --- the child side --------------------------------------------------------------------------------
# Runs inside the virtualenv, one process per snippet. It runs the snippet as `python main.py`
# (or `python app.py ARGS...`) would, lets the interpreter (or the library's own hook) print what
# a user sees, and writes the exception's frames to a JSON file: those of its traceback, and the
# whole stack at the moment it was first raised (sys.monitoring's RAISE event). The second matters
# where a library rewrites the traceback (jinja2 replaces its frames with the template's) or
# re-raises an exception with another one's traceback (SQLAlchemy's DBAPI wrapper). Positions come
# from the code objects, so the parent can tell a `raise` statement from a call that failed below.
HARNESS = r"""
import inspect, json, runpy, sys, traceback, warnings

out_path, script, mode, *args = sys.argv[1:]
M = sys.monitoring
TOOL = 4  # a sys.monitoring tool id that no debugger, coverage tool or profiler claims
origins = {}  # id(exception) -> (exception, stack when first raised); the object keeps its id alive
handled = []  # (code of the frame that caught it, exception)

def on_raise(code, offset, exc):
    # RAISE fires again in every frame the exception passes through; the first one is its origin.
    known = origins.get(id(exc))
    if known is not None and known[0] is exc:
        return
    stack, f = [], sys._getframe(1)
    while f is not None:
        stack.append((f.f_code, offset if f.f_code is code and not stack else f.f_lasti, f.f_lineno))
        f = f.f_back
    origins[id(exc)] = (exc, stack[::-1])
    if len(origins) > 4000:
        for key in list(origins)[:2000]:
            del origins[key]

def on_handled(code, offset, exc):
    handled.append((code, exc))
    if len(handled) > 1000:
        del handled[:500]

M.use_tool_id(TOOL, "make_runtime_set")
M.register_callback(TOOL, M.events.RAISE, on_raise)
M.register_callback(TOOL, M.events.EXCEPTION_HANDLED, on_handled)
M.set_events(TOOL, M.events.RAISE | M.events.EXCEPTION_HANDLED)

def frame(code, lasti, lineno):
    pos = None
    if lasti is not None and lasti >= 0:
        for i, p in enumerate(code.co_positions()):
            if i == lasti // 2:
                pos = list(p)
                break
    return {"file": code.co_filename, "line": lineno, "qualname": code.co_qualname, "pos": pos}

def tb_frames(tb):
    result = []
    while tb is not None:
        result.append(frame(tb.tb_frame.f_code, tb.tb_lasti, tb.tb_lineno))
        tb = tb.tb_next
    return result

def init_params(cls):
    # The names of the exception class's constructor arguments, so the parent can tell which
    # argument of a raise carries the message; None when __init__ is not Python code.
    init = getattr(cls, "__init__", None)
    if not inspect.isfunction(init):
        return None
    try:
        params = list(inspect.signature(init).parameters.values())[1:]
    except (TypeError, ValueError):
        return None
    return [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]

def from_script(tb):
    # Drop the harness and runpy frames above the user's script: the printed traceback then
    # starts where `python main.py` would start it.
    while tb is not None and tb.tb_frame.f_code.co_filename != script:
        tb = tb.tb_next
    return tb

def origin_frames(exc):
    origin = origins.get(id(exc))
    return [frame(*f) for f in origin[1]] if origin and origin[0] is exc else None

def record(exc, cli):
    cause = exc.__cause__ or exc.__context__
    data = {"exc_type": type(exc).__name__, "exc_module": type(exc).__module__,
            "is_warning": isinstance(exc, Warning), "cli": cli, "init_params": init_params(type(exc)),
            "frames": tb_frames(exc.__traceback__), "origin": origin_frames(exc),
            "message": "".join(traceback.format_exception_only(exc)).rstrip("\n"),
            "cause": None if cause is None else {
                "exc_type": type(cause).__name__, "text": str(cause), "origin": origin_frames(cause),
                "init_params": init_params(type(cause)), "is_warning": isinstance(cause, Warning)}}
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(data, f)

def reported_by_exit(exit_exc):
    # A CLI catches its error, prints it and exits, sometimes after leaving the except block (so
    # the exit's __context__ is gone): the error it reports is the last one caught by the frame
    # that then called sys.exit.
    tb = exit_exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    exiting = tb.tb_frame.f_code if tb is not None else None
    caught = [x for c, x in handled if c is exiting and not isinstance(x, SystemExit)]
    return caught[-1] if caught else exit_exc.__context__

sys.argv = [script, *args]
if mode == "warnings-as-errors":
    warnings.simplefilter("error")
try:
    runpy.run_path(script, run_name="__main__")
except SystemExit as e:
    M.set_events(TOOL, 0)
    reported = reported_by_exit(e) if e.code not in (0, None) else None
    if reported is not None:
        record(reported, cli=True)
    raise
except BaseException as e:
    M.set_events(TOOL, 0)
    e.__traceback__ = from_script(e.__traceback__)
    record(e, cli=False)
    sys.excepthook(type(e), e, e.__traceback__)  # the library may have installed its own
    sys.exit(1)
"""

# A child's environment: deterministic hashing (set and dict reprs in messages), a fixed terminal
# width (CLI help and rich panels wrap at it), no colour, and nothing from the caller's Python setup.
CHILD_ENV_DROP = ("PYTHONPATH", "PYTHONSTARTUP", "PYTHONWARNINGS", "PYTHONHOME", "VIRTUAL_ENV")
CHILD_ENV_SET = {
    "PYTHONHASHSEED": "0",
    "COLUMNS": "100",
    "LINES": "40",
    "NO_COLOR": "1",
    "PYTHON_COLORS": "0",
    "TERM": "dumb",
    "LC_ALL": "C.UTF-8",
    "PYTHONIOENCODING": "utf-8",
    "PYTHONDONTWRITEBYTECODE": "1",
}
SNIPPET_TIMEOUT_S = 120


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in CHILD_ENV_DROP and not k.startswith("FORCE_")}
    env.update(CHILD_ENV_SET)
    return env


# --- the virtualenv ---------------------------------------------------------------------------------


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def make_venv(work: Path, pins: dict[str, str], install: list[str], python: str) -> Path:
    """Create (or reuse) the virtualenv and install the pinned releases of `install` into it.

    Every pin is also a constraint, so a library's dependency that is itself pinned (click under
    typer) is installed at its pinned release.

    When this script's own interpreter has pip, that pip installs into the virtualenv
    (``pip --python``), so the virtualenv is made without one: ensurepip unpacking and
    byte-compiling pip into every new virtualenv costs ~5 s of CPU, more than installing most
    libraries. The virtualenv then holds the pinned releases and their dependencies only.
    """
    venv = work / "venv"
    outer_pip = importlib.util.find_spec("pip") is not None
    if not venv_python(venv).exists():
        print(f"creating virtualenv {venv}", file=sys.stderr)
        subprocess.run(
            [python, "-m", "venv", *(["--without-pip"] if outer_pip else []), str(venv)], check=True
        )
    constraints = work / "constraints.txt"
    constraints.write_text("".join(f"{n}=={v}\n" for n, v in sorted(pins.items())), encoding="utf-8")
    reqs = [f"{n}=={pins[n]}" for n in install]
    print(f"installing {' '.join(reqs)}", file=sys.stderr)
    pip = [sys.executable, "-m", "pip", "--python", str(venv_python(venv))] if outer_pip else [
        str(venv_python(venv)), "-m", "pip"]  # fmt: skip
    subprocess.run(
        [*pip, "install", "-q", "--disable-pip-version-check", "-c", str(constraints), *reqs], check=True
    )
    return venv


# Asks the virtualenv which distributions are installed, where, and which top-level packages
# (or single modules) each one ships, so frames can be attributed without importing anything.
DIST_QUERY = r"""
import json, sys
from importlib import metadata
out = {}
for name in sys.argv[1:]:
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        continue
    tops, py = set(), []
    for f in dist.files or ():
        parts = f.parts
        if f.suffix == ".py" and parts and parts[0] != "..":
            py.append(f.as_posix())
        if not parts or parts[0] == ".." or parts[0].endswith((".dist-info", ".data")):
            continue
        if len(parts) == 1 and f.suffix not in (".py", ".so", ".pyd"):
            continue
        if parts[0] == "__pycache__":
            continue
        tops.add(parts[0].split(".")[0] if len(parts) == 1 else parts[0])
    out[name] = {
        "version": dist.version, "site": str(dist.locate_file("")), "tops": sorted(tops), "py": sorted(py)
    }
print(json.dumps(out))
"""


@dataclass(frozen=True)
class Dist:
    """An installed pinned distribution: its version, site-packages dir, top-level names and the
    ``.py`` files its RECORD lists (``py``; empty when it lists none). Two distributions may ship
    one top-level folder (protobuf and google-auth both install under ``google/``, a namespace
    package), so a file is the distribution's when its RECORD names it, the top-level name
    deciding only for a distribution without a RECORD."""

    name: str
    version: str
    site: Path
    tops: tuple[str, ...]
    py: frozenset[str] = frozenset()

    def owns(self, rel: str) -> bool:
        """Whether the file at ``rel`` (relative to site-packages) is this distribution's."""
        if self.py:
            return rel in self.py
        first = rel.split("/", 1)[0]
        return (first[:-3] if first.endswith(".py") else first) in self.tops

    def relpath(self, file: str) -> str | None:
        """The file's path relative to site-packages when it belongs to this distribution.

        A frame of a module compiled by Cython from a `.py` file names that file by its path in
        the library's build tree (`lib/sqlalchemy/engine/_result_cy.py`); its installed copy is
        found by the longest tail of that path that exists under site-packages.
        """
        path = Path(file)
        if not path.is_absolute():
            parts = path.parts
            for i in range(len(parts)):
                tail = Path(*parts[i:])
                if parts[i] in self.tops and self.owns(tail.as_posix()) and (self.site / tail).is_file():
                    return tail.as_posix()
            return None
        try:
            rel = path.resolve().relative_to(self.site.resolve())
        except ValueError:
            return None
        return rel.as_posix() if rel.parts and self.owns(rel.as_posix()) else None

    def file(self, frame_file: str) -> Path | None:
        rel = self.relpath(frame_file)
        return self.site / rel if rel else None


def installed_dists(venv: Path, names: Iterable[str]) -> dict[str, Dist]:
    r = subprocess.run(
        [str(venv_python(venv)), "-c", DIST_QUERY, *names], check=True, capture_output=True, text=True
    )
    return {
        n: Dist(n, d["version"], Path(d["site"]), tuple(d["tops"]), frozenset(d.get("py", ())))
        for n, d in json.loads(r.stdout).items()
    }


# --- reading the library's source (never importing it) ----------------------------------------------


class SourceIndex:
    """Parsed library files, each parsed once, with a parent map for enclosing functions."""

    def __init__(self) -> None:
        self._trees: dict[Path, tuple[ast.Module, dict[ast.AST, ast.AST]] | None] = {}
        self._strings: dict[tuple[Path, str], list[str]] = {}

    def tree(self, path: Path) -> tuple[ast.Module, dict[ast.AST, ast.AST]] | None:
        if path not in self._trees:
            try:
                mod = ast.parse(path.read_bytes(), filename=str(path))
            except (OSError, SyntaxError, ValueError):
                self._trees[path] = None
            else:
                parents = {child: node for node in ast.walk(mod) for child in ast.iter_child_nodes(node)}
                self._trees[path] = (mod, parents)
        return self._trees[path]

    def node_at(
        self, path: Path, pos: list[int | None] | None
    ) -> tuple[ast.AST, dict[ast.AST, ast.AST]] | None:
        """The statement or expression whose source span is exactly the instruction's span.

        A `raise` statement's RAISE instruction spans the whole statement, so an exact match on a
        `Raise` node means the exception started there; a call that failed underneath matches
        the `Call` node instead.
        """
        parsed = self.tree(path)
        if parsed is None or pos is None or pos[0] is None:
            return None
        mod, parents = parsed
        line, end_line, col, end_col = pos
        best: ast.AST | None = None
        if col is None:
            # Cython's frames carry a line only: the innermost statement that starts on it
            # (ast.walk goes breadth first, so the last one found is the deepest).
            for node in ast.walk(mod):
                if isinstance(node, ast.stmt) and node.lineno == line:
                    best = node
            return (best, parents) if best is not None else None
        for node in ast.walk(mod):
            if (
                getattr(node, "lineno", None) == line
                and getattr(node, "end_lineno", None) == end_line
                and getattr(node, "col_offset", None) == col
                and getattr(node, "end_col_offset", None) == end_col
                and (best is None or isinstance(node, ast.stmt | ast.Call))
            ):
                best = node
        return (best, parents) if best is not None else None

    def package_strings(self, dist: Dist) -> list[str]:
        """Every string literal in a distribution's non-test `.py` files, docstrings left out."""
        out: list[str] = []
        for top in dist.tops:
            key = (dist.site, top)
            if key not in self._strings:
                self._strings[key] = list(self._collect(dist.site, top))
            out.extend(self._strings[key])
        return out

    def _collect(self, site: Path, top: str) -> Iterable[str]:
        root = site / top
        files = sorted(root.rglob("*.py")) if root.is_dir() else [site / f"{top}.py"]
        for f in files:
            rel = f.relative_to(site).parts
            if any(p in ("tests", "test", "testing_utils") for p in rel) or f.name.startswith("test_"):
                continue
            parsed = self.tree(f) if f.exists() else None
            if parsed is None:
                continue
            mod, parents = parsed
            for node in ast.walk(mod):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    parent = parents.get(node)
                    if isinstance(parent, ast.Expr) and isinstance(
                        parents.get(parent),
                        ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef,
                    ):
                        continue  # a docstring (or a bare string statement): never a message
                    yield node.value


def enclosing_function(
    node: ast.AST, parents: dict[ast.AST, ast.AST]
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    cur = parents.get(node)
    while cur is not None and not isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef):
        cur = parents.get(cur)
    return cur


def parameter_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    a = fn.args
    names = {x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    names |= {x.arg for x in (a.vararg, a.kwarg) if x is not None}
    return names - {"self", "cls"}


# Constructor parameters that carry the message text (by name, as libraries spell them).
MESSAGE_PARAMS = ("message", "msg", "text", "errmsg", "error_message", "description", "detail", "reason")


def message_argument(call: ast.Call, params: list[str] | None) -> ast.expr | None:
    """The argument of a constructor (or warn) call that carries the message.

    `params` are the exception class's constructor parameters when its `__init__` is Python code:
    the message is the argument bound to a parameter named like one (`NoSuchOption(option_name,
    message=None, ...)` takes the option's name first, and builds the message itself when none is
    given). Without them (built-in exceptions, `warnings.warn`) it is the first argument.
    """
    if params is None:
        if call.args and not isinstance(call.args[0], ast.Starred):
            return call.args[0]
        wanted = set(MESSAGE_PARAMS)
    else:
        index = next((i for i, p in enumerate(params) if p in MESSAGE_PARAMS), None)
        if index is None:
            return None
        if not any(isinstance(a, ast.Starred) for a in call.args[: index + 1]) and len(call.args) > index:
            return call.args[index]
        wanted = {params[index]}
    return next((kw.value for kw in call.keywords if kw.arg in wanted), None)


def callee_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


@dataclass(frozen=True)
class Origin:
    """What the deepest library frame is doing: raising, warning, or calling something that failed."""

    kind: str  # "raise" | "warn" | "call"
    passes_parameter: bool  # the raised/warned message (or exception) is a bare parameter name
    # The raising statement's first line where the frame's line may be another one: a failing
    # `assert` is reported on its test's line by Python 3.13 and on its own first line by 3.12.
    line: int | None = None


def classify(
    node: ast.AST | None, parents: dict[ast.AST, ast.AST], is_warning: bool, params: list[str] | None,
    exc_type: str = "",
) -> Origin:  # fmt: skip
    if isinstance(node, ast.Raise):
        exc = node.exc
        carried = message_argument(exc, params) if isinstance(exc, ast.Call) else exc
        return Origin("raise", _is_parameter(carried, node, parents))
    assertion = node if isinstance(node, ast.Assert) else parents.get(node) if node is not None else None
    if (
        exc_type == "AssertionError"
        and isinstance(assertion, ast.Assert)
        and node in (assertion, assertion.test)
    ):
        # A failing `assert` raised it, with its message expression, as a raise would. Where
        # the interpreter says it raised depends on its version: Python 3.13 gives the test
        # expression's span (and line), 3.12 the whole statement's; both are this assert, and
        # its truth line is the statement's first line on either.
        return Origin("raise", _is_parameter(assertion.msg, assertion, parents), assertion.lineno)
    if is_warning and isinstance(node, ast.Call) and callee_name(node).lower().endswith("warn"):
        return Origin("warn", _is_parameter(message_argument(node, None), node, parents))
    return Origin("call", False)


def _is_parameter(expr: ast.expr | None, node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    fn = enclosing_function(node, parents)
    return isinstance(expr, ast.Name) and fn is not None and expr.id in parameter_names(fn)


# --- from a run to a case ---------------------------------------------------------------------------

WORD_RUN = re.compile(r"[A-Za-z][A-Za-z_]*(?:[ \t]+[A-Za-z][A-Za-z_]*){2,}")
QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`")


def text_in_sources(message: str, strings: list[str], strip_type: bool = True) -> bool:
    """Whether the message's longest run of plain words (3+ words) is in one of `strings`.

    Quoted parts are values the user supplied, so they are left out first. A message with no such
    run (a bare key, a number) counts as absent: nothing in the source could have produced it
    as text. `strip_type` drops the `Type: ` the message starts with.
    """
    first = message.split("\n", 1)[0]
    body = message.split(": ", 1)[1] if strip_type and ": " in first else message
    if strip_type and QUOTED.fullmatch(body):
        # A KeyError shows the repr of its argument: a message wrapped whole in quotes is the
        # library's text (markdown's `KeyError('Invalid Output Format: ...')`), not a value.
        body = body[1:-1]
    runs = WORD_RUN.findall(QUOTED.sub(" ", body))
    if not runs:
        return False
    longest = max(runs, key=len)
    return any(longest in s for s in strings)


def carries(message: str, inner: str) -> bool:
    """Whether a message carries a wrapped exception's text: its longest run of plain words
    (``text_in_sources``), or the whole text when it has no such run (dnspython's ``Reader.read``
    wraps ``unknown rdatatype 'world'`` as ``<string>:1: unknown rdatatype 'world'``: two plain
    words left once the quoted value is dropped, too few for a run, acc179)."""
    if text_in_sources(inner, [message], strip_type=False):
        return True
    return len(inner.strip()) >= 8 and inner.strip() in message


@dataclass
class Outcome:
    """A snippet's result: a positive (expected site), a negative, or a reason it was left out."""

    lib: str
    number: int
    snippet: Snippet
    message: str = ""
    terminal: str = ""
    expected: dict[str, Any] | None = None
    negative: bool = False
    skipped: str = ""
    note: str = ""


def cli_error_line(output: str) -> str:
    """The message a CLI shows: click's `Error: ...` line, or the text of rich's error panel.

    A panel is read as a user pastes it: its lines joined up to its first inner rule (tyro's
    panels, titled "Value error", "Parsing error", "Unrecognized options" and so on, follow the
    message with a rule and the argument's help, which is no part of the error). A panel whose
    title names an error is preferred; otherwise the last panel printed is the error's.
    """
    lines = output.splitlines()
    for line in reversed(lines):
        if line.startswith("Error: "):
            return line.strip()
    panels: list[tuple[str, list[str]]] = []
    inside = ruled = False
    for line in lines:
        s = line.strip()
        if s.startswith("╭"):
            inside, ruled = True, False
            panels.append((s, []))
        elif inside and s.startswith("╰"):
            inside = False
        elif inside and not ruled:
            body = s.strip("│").strip()
            if body and set(body) <= set("─━"):
                ruled = True
            else:
                panels[-1][1].append(body)
    erring = [p for p in panels if "error" in p[0].lower()] or panels[-1:]
    if erring and any(erring[0][1]):
        return " ".join(p for p in erring[0][1] if p)
    return next((line.strip() for line in reversed(lines) if line.strip()), "")


def frame_site(frame: dict[str, Any], dist: Dist, exc_type: str) -> dict[str, Any]:
    path = dist.relpath(frame["file"]) or ""
    qualname = frame["qualname"]
    module = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") + "."
    if qualname.startswith(module):
        qualname = qualname[len(module) :]  # Cython qualifies its frames with the module name
    # a comprehension, generator expression or lambda runs in a scope of its own, but its code
    # is the enclosing function's (the truth test finds the function by the line's ``def``)
    while qualname.endswith(_COMPREHENSIONS) and ".<locals>." in qualname:
        qualname = qualname.rsplit(".<locals>.", 1)[0]
    return {"path": path, "line": frame["line"], "function": qualname, "exc_type": exc_type}


_COMPREHENSIONS = ("<genexpr>", "<listcomp>", "<setcomp>", "<dictcomp>", "<lambda>")


def raising_stack(run: dict[str, Any]) -> list[dict[str, Any]]:
    """The frames from the outermost down to where the exception was raised.

    The stack at the first raise is the truth when the child saw it; the traceback stands in
    otherwise. Frames of code compiled by Cython carry no column positions and appear only in the
    traceback, below the Python frame that called into them: those are appended.
    """
    tb: list[dict[str, Any]] = run["frames"]
    stack: list[dict[str, Any]] = run.get("origin") or tb
    compiled: list[dict[str, Any]] = []
    for fr in reversed(tb):
        if fr["pos"] is not None and fr["pos"][2] is not None:
            break
        compiled.insert(0, fr)
    return stack + compiled if stack is not tb else stack


@dataclass(frozen=True)
class LibraryFrame:
    """The deepest frame of a stack that lies in a pinned library, and what it does there."""

    frames: list[dict[str, Any]]
    index: int
    dist: Dist
    origin: Origin

    @property
    def frame(self) -> dict[str, Any]:
        return self.frames[self.index]

    def sites(self, exc_type: str) -> list[dict[str, Any]]:
        """The expected site first, then alternatives.

        A helper that raises (or warns with) a message it was handed is not where the message
        is written: its caller one frame up in the same library is, and the helper's own
        statement is the alternative.
        """
        site = frame_site(self.frame, self.dist, exc_type)
        if self.origin.line is not None:
            site["line"] = self.origin.line
        i = self.index
        if self.origin.passes_parameter and i >= 1 and self.dist.relpath(self.frames[i - 1]["file"]):
            return [frame_site(self.frames[i - 1], self.dist, exc_type), site]
        return [site]


def deepest_library_frame(
    frames: list[dict[str, Any]], dists: dict[str, Dist], src: SourceIndex, is_warning: bool,
    params: list[str] | None, exc_type: str = "",
) -> LibraryFrame | None:  # fmt: skip
    for i in range(len(frames) - 1, -1, -1):
        dist = next((d for d in dists.values() if d.relpath(frames[i]["file"])), None)
        if dist is None:
            continue
        path = dist.file(frames[i]["file"])
        hit = src.node_at(path, frames[i]["pos"]) if path else None
        node, parents = hit if hit else (None, {})
        return LibraryFrame(frames, i, dist, classify(node, parents, is_warning, params, exc_type))
    return None


def judge(run: dict[str, Any], dists: dict[str, Dist], src: SourceIndex, out: Outcome) -> None:
    """Fill in the truth from the real exception (see the module docstring for the rules)."""
    exc_type = run["exc_type"]
    found = deepest_library_frame(
        raising_stack(run), dists, src, run["is_warning"], run.get("init_params"), exc_type
    )
    if found is None or (found.origin.kind == "call" and not out.snippet.compiled_truth):
        # The libraries whose text could have produced the message: the snippet's own and the
        # one the deepest library frame is in.
        sources = {out.lib: dists[out.lib]}
        if found is None:
            where = "with no frame in a pinned library (by the interpreter or C code the user called)"
        else:
            sources[found.dist.name] = found.dist
            fr = found.frame
            where = f"below {found.dist.relpath(fr['file'])}:{fr['line']} ({fr['qualname']}, a call)"
        strings = [s for d in sources.values() for s in src.package_strings(d)]
        names = " or ".join(sources)
        if text_in_sources(out.message, strings):
            out.skipped = f"raised {where}, yet its text is in a string literal of {names}: ambiguous truth"
            return
        out.negative = True
        out.note = f"Raised {where}; the text is in no string literal of {names}'s .py files."
        return
    sites = found.sites(exc_type)
    verb = {"warn": "warns", "call": "calls compiled code that raises"}.get(found.origin.kind, "raises")
    if len(sites) > 1:
        out.note = (
            f"{sites[1]['function']} {verb} a message it is handed as a parameter; the expected site "
            f"is its caller {sites[0]['function']}, the helper's {verb[:-1]} an alternative."
        )
    else:
        out.note = f"{sites[0]['function']} {verb} {exc_type}."
    # A wrapped exception whose text the message carries: where that one was raised is an
    # alternative (SQLAlchemy's StatementError around an InvalidRequestError of its compiler).
    cause = run.get("cause")
    if cause and cause["origin"] and carries(out.message, cause["text"]):
        inner = deepest_library_frame(
            cause["origin"], dists, src, cause["is_warning"], cause["init_params"], cause["exc_type"]
        )
        if inner is not None and inner.origin.kind != "call":
            extra = [s for s in inner.sites(cause["exc_type"]) if s not in sites]
            sites += extra
            if extra:
                out.note += (
                    f" It wraps a {cause['exc_type']} raised at {extra[0]['path']}:{extra[0]['line']}."
                )
    out.expected = {**sites[0], "alternatives": sites[1:]} if len(sites) > 1 else sites[0]
    if found.dist.name != out.lib:
        out.note += f" Raised in {found.dist.name}, which {out.lib} runs."


# --- running the snippets ---------------------------------------------------------------------------


def run_snippet(venv: Path, work: Path, lib: str, number: int, snippet: Snippet) -> dict[str, Any] | None:
    """Run one snippet in its own process and folder; its record, with what the terminal showed."""
    folder = work / "snippets" / f"{lib}-{number:02d}"
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in snippet.files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(content, encoding="utf-8")
    script = folder / ("app.py" if snippet.argv is not None else "main.py")
    script.write_text(snippet.code, encoding="utf-8")
    record = folder / "record.json"
    record.unlink(missing_ok=True)
    mode = "warnings-as-errors" if snippet.warnings_as_errors else "plain"
    cmd = [
        str(venv_python(venv)),
        str(work / "harness.py"),
        str(record),
        str(script),
        mode,
        *(snippet.argv or ()),
    ]
    r = subprocess.run(
        cmd, cwd=folder, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        timeout=SNIPPET_TIMEOUT_S, check=False,
    )  # fmt: skip
    if not record.exists():
        return None
    data: dict[str, Any] = json.loads(record.read_text(encoding="utf-8"))
    data["terminal"] = r.stdout.decode("utf-8", "replace").rstrip("\n")
    return data


def outcome_for(
    venv: Path, work: Path, lib: str, number: int, snippet: Snippet, dists: dict[str, Dist], src: SourceIndex
) -> Outcome:
    out = Outcome(lib, number, snippet)
    run = run_snippet(venv, work, lib, number, snippet)
    if run is None:
        out.skipped = "it raised nothing"
        return out
    out.terminal = run["terminal"]
    out.message = cli_error_line(run["terminal"]) if run["cli"] else run["message"]
    judge(run, dists, src, out)
    return out


def cases_for(outcomes: list[Outcome], dists: dict[str, Dist]) -> list[dict[str, Any]]:
    """Two cases per kept snippet: the message the user sees last, and the whole output."""
    cases: list[dict[str, Any]] = []
    seq: Counter[str] = Counter()
    for o in outcomes:
        if o.skipped:
            continue
        cli = o.snippet.argv is not None
        forms = [("message", o.message), ("traceback", o.terminal)]
        for form, text in forms:
            seq[o.lib] += 1
            what = {
                ("message", False): "the message the user sees last",
                ("traceback", False): "the whole traceback as printed",
                ("message", True): "the error line the CLI prints",
                ("traceback", True): "the CLI's whole terminal output; a CLI prints no traceback",
            }[form, cli]
            cases.append({
                "id": f"{o.lib}-rt-{seq[o.lib]:03d}",
                "library": o.lib,
                "version": dists[o.lib].version,
                "kind": "negative" if o.negative else form,
                "input": text,
                "expected": None if o.negative else o.expected,
                "source": f"runtime: {SCRIPT_NAME} {o.lib}#{o.number}",
                "note": f"{o.snippet.about}; {what}. {o.note}",
            })  # fmt: skip
    return cases


def parse_versions(values: list[str]) -> dict[str, str]:
    """`--versions` values: NAME==VERSION items (comma-separated allowed) or a JSON file of them."""
    pins: dict[str, str] = {}
    for value in values:
        if value.endswith(".json") and Path(value).is_file():
            pins.update(
                {str(k): str(v) for k, v in json.loads(Path(value).read_text(encoding="utf-8")).items()}
            )
            continue
        for item in filter(None, (x.strip() for x in value.split(","))):
            name, sep, version = item.partition("==")
            if not sep or not name or not version:
                raise SystemExit(f"--versions: expected NAME==VERSION or a .json file, got {item!r}")
            pins[name.strip().lower()] = version.strip()
    return pins


def load_existing(out_dir: Path) -> tuple[list[dict[str, Any]], dict[str, str]]:
    cases_path, versions_path = out_dir / "cases.jsonl", out_dir / "versions.json"
    cases = (
        [json.loads(line) for line in cases_path.read_text(encoding="utf-8").splitlines() if line.strip()]
        if cases_path.exists()
        else []
    )
    versions = json.loads(versions_path.read_text(encoding="utf-8")) if versions_path.exists() else {}
    return cases, versions


def write_set(out_dir: Path, cases: list[dict[str, Any]], versions: dict[str, str]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    order = {lib: i for i, lib in enumerate(SNIPPETS)}
    cases = sorted(cases, key=lambda c: (order.get(c["library"], len(order)), c["library"], c["id"]))
    with (out_dir / "cases.jsonl").open("w", encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    (out_dir / "versions.json").write_text(
        json.dumps(dict(sorted(versions.items())), indent=2) + "\n", encoding="utf-8"
    )


def print_summary(outcomes: list[Outcome], cases: list[dict[str, Any]]) -> None:
    per: dict[str, Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        k = per[o.lib]
        k["snippets"] += 1
        k["skipped" if o.skipped else "negative" if o.negative else "positive"] += 1
        if o.expected and o.expected.get("alternatives"):
            k["helper"] += 1
    print(f"{'library':16} {'snippets':>8} {'positive':>8} {'helper':>6} {'negative':>8} {'skipped':>7}")
    for lib, k in per.items():
        print(
            f"{lib:16} {k['snippets']:>8} {k['positive']:>8} {k['helper']:>6} {k['negative']:>8} {k['skipped']:>7}"
        )
    for o in outcomes:
        if o.skipped:
            print(f"skipped {o.lib}#{o.number} ({o.snippet.about}): {o.skipped}")
    total = Counter[str]()
    for k in per.values():
        total.update(k)
    print(
        f"summary: libraries={len(per)} snippets={total['snippets']} cases={len(cases)} "
        f"positive={total['positive']} negative={total['negative']} skipped={total['skipped']}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--work",
        type=Path,
        default=DEFAULT_WORK,
        help="folder for the virtualenv and the snippets (reused between runs)",
    )
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where cases.jsonl and versions.json go")
    ap.add_argument(
        "--versions",
        action="append",
        default=[],
        help="override pins: NAME==VERSION (repeat, or comma-separate) or a JSON file",
    )
    ap.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="LIB",
        help="run only this library's snippets (repeatable); other libraries' cases in --out are kept",
    )
    ap.add_argument("--python", default=sys.executable, help="interpreter for the virtualenv (>= 3.12)")
    args = ap.parse_args(argv)  # fmt: skip

    probe = subprocess.run([args.python, "-c", "import sys; print(sys.version_info >= (3, 12))"],
                           capture_output=True, text=True, check=False)  # fmt: skip
    if probe.stdout.strip() != "True":
        ap.error(
            f"--python {args.python}: need Python >= 3.12 (the snippets are watched with sys.monitoring)"
        )
    pins = {**PINS, **parse_versions(args.versions)}
    libs = args.only or list(SNIPPETS)
    unknown = [lib for lib in libs if lib not in SNIPPETS]
    if unknown:
        ap.error(f"no snippets for {', '.join(unknown)}; known: {', '.join(SNIPPETS)}")
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    (work / "harness.py").write_text(HARNESS, encoding="utf-8")
    venv = make_venv(work, pins, [*libs, *(n for n in ALSO_INSTALL if n not in libs)], args.python)
    dists = installed_dists(venv, pins)
    src = SourceIndex()

    outcomes: list[Outcome] = []
    for lib in libs:
        t = time.perf_counter()
        for number, snippet in enumerate(SNIPPETS[lib], 1):
            outcomes.append(outcome_for(venv, work, lib, number, snippet, dists, src))
        print(f"ran {lib} {dists[lib].version}: {len(SNIPPETS[lib])} snippets ({time.perf_counter() - t:.1f}s)",
              file=sys.stderr)  # fmt: skip

    new_cases = cases_for(outcomes, dists)
    old_cases, old_versions = load_existing(args.out) if args.only else ([], {})
    cases = [c for c in old_cases if c["library"] not in libs] + new_cases
    # versions.json names every release a case points into: the libraries, and a pinned library
    # another one runs (click under typer), so that indexing it makes every expected site present,
    # an alternative's too (the wrapped error pdfminer raised under pdfplumber's re-raise).
    used = {c["library"] for c in cases}
    used |= {
        d.name
        for c in new_cases
        if c["expected"]
        for site in [c["expected"], *c["expected"].get("alternatives", [])]
        for d in dists.values()
        if d.relpath(str(d.site / site["path"]))
    }
    versions = {k: v for k, v in old_versions.items() if k not in libs}
    versions.update({name: dists[name].version for name in used if name in dists})
    write_set(args.out, cases, versions)
    print_summary(outcomes, new_cases)
    return 0


def main_for(
    argv: list[str] | None, *, pins: dict[str, str], snippets: dict[str, list[Snippet]], out: Path,
    script_name: str, work: Path, doc: str, also_install: tuple[str, ...] = (),
) -> int:  # fmt: skip
    """Make another set with this harness: its own pins, snippets, output and work folders.

    `main` and the functions it calls read these module globals (defaults, the order of the set,
    the `source` of each case), so setting them is all it takes.
    """
    global PINS, SNIPPETS, DEFAULT_OUT, SCRIPT_NAME, DEFAULT_WORK, ALSO_INSTALL, __doc__
    PINS, SNIPPETS, DEFAULT_OUT, SCRIPT_NAME, DEFAULT_WORK, ALSO_INSTALL, __doc__ = (
        pins,
        snippets,
        out,
        script_name,
        work,
        also_install,
        doc,
    )
    return main(argv)


def set_main(
    name: str, argv: list[str] | None, *, pins: dict[str, str], snippets: dict[str, list[Snippet]], doc: str,
    also_install: tuple[str, ...] = (),
) -> int:  # fmt: skip
    """The entry point of a set script named ``scripts/make_NAME_set.py``.

    Every set made with this harness follows one layout — its cases in
    ``tests/data/regression/NAME/``, its own virtualenv in ``$TMPDIR/errdex-NAME-set`` (so its
    pins never change what another set's libraries print) and its script's path in each case's
    ``source`` — so a set script holds only its snippets, its pins and its name.
    """
    return main_for(
        argv, pins=pins, snippets=snippets, out=ROOT / "tests" / "data" / "regression" / name,
        script_name=f"scripts/make_{name}_set.py", work=Path(tempfile.gettempdir()) / f"errdex-{name}-set",
        doc=doc, also_install=also_install,
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
