#!/usr/bin/env python3
"""Make the twenty-first popular set: everyday errors of MID-SIZE, much-used pure-Python libraries.

The judged everyday errors come from running popular libraries, where errdex is first less often
than on the dev set. This set is made like popular19 (the harness, truth rules and case format of
``make_runtime_set.py``, entered through ``set_main``) from mid-size pure-Python libraries that no
other set pins: a dataframe-agnostic layer (over pandas), a runtime type checker, a concrete
syntax tree library (its Python layer: node validation, parser configuration, templates, matchers),
a JSON Schema compiler, a Python parser, an interface and component-registry library, an
incremental JSON parser (its pure-Python backend) and an asyncio wrapper of sqlite3. Every error
is provoked locally (validation, configuration and usage mistakes), so no snippet reaches the
network. It was scored once before any change looked at its misses (see the set's README):

    python scripts/make_popular21_set.py                        # every library, the pins below
    python scripts/make_popular21_set.py --only parso           # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution, so what a library runs but does not
pin (numpy under pandas, the standard library's sqlite3 under the asyncio wrapper) counts as
outside code. pandas is pinned so the virtualenv can be re-made (narwhals does not require it).

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "narwhals": "2.29.0",
    "beartype": "0.23.1",
    "libcst": "1.9.0",
    "fastjsonschema": "2.22.3",
    "parso": "0.8.7",
    "zope.interface": "8.7",
    "ijson": "3.6.0",
    "aiosqlite": "0.22.1",
    "pandas": "3.1.1",
}

NW = """
import narwhals as nw
import pandas as pd

df = nw.from_native(pd.DataFrame({"a": [1, 2, 3], "b": ["x", "y", "z"]}), eager_only=True)
"""

BT = """
from beartype import beartype, BeartypeConf
"""

CST = """
import libcst as cst
"""

FJS = """
import fastjsonschema
"""

PARSO = """
import parso
"""

ZI = """
from zope.interface import Interface, Attribute, implementer
from zope.interface.verify import verifyObject, verifyClass


class IGreeter(Interface):
    name = Attribute("the name")

    def greet(who):
        "Greet someone."
"""

IJ = """
import io
import ijson

backend = ijson.get_backend("python")
"""

AIO = """
import asyncio
import aiosqlite
"""

# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop21) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "narwhals": [
        _s("a native object that is a number", NW + "nw.from_native(5)\n"),
        _s("a series without allow_series", NW + "nw.from_native(pd.Series([1, 2]))\n"),
        _s(
            "eager_only and series_only together",
            NW + 'nw.from_native(pd.DataFrame({"a": [1]}), eager_only=True, series_only=True)\n',
        ),
        _s("a column that does not exist", NW + 'df.select("c")\n'),
        _s("a window without partition or order", NW + 'df.select(nw.col("a").cum_sum().over())\n'),
        _s("a join of an unknown strategy", NW + 'df.join(df, on="a", how="outer_nosuch")\n'),
        _s("a cross join given keys", NW + 'df.join(df, on="a", how="cross")\n'),
        _s("an inner join without keys", NW + "df.join(df)\n"),
        _s("unique with an unknown keep", NW + 'df.unique(keep="middle")\n'),
        _s("a rolling mean of window zero", NW + 'df.select(nw.col("a").rolling_mean(window_size=0))\n'),
        _s(
            "a rolling sum of more samples than its window",
            NW + 'df.select(nw.col("a").rolling_sum(2, min_samples=5))\n',
        ),
        _s("an EWM mean of no parameter", NW + 'df.select(nw.col("a").ewm_mean())\n'),
        _s("a drop of a column not there", NW + 'df.drop("zz")\n'),
        _s("a cast to a Python type", NW + 'df["a"].cast(int)\n'),
        _s("a concat of nothing", NW + "nw.concat([])\n"),
        _s("a concat of an unknown how", NW + 'nw.concat([df, df], how="sideways")\n'),
        _s("is_in given a number", NW + 'df.select(nw.col("a").is_in(5))\n'),
        _s("a dict without a backend", NW + 'nw.from_dict({"a": [1, 2]})\n'),
        _s("a sample of both n and fraction", NW + "df.sample(n=1, fraction=0.5)\n"),
        _s(
            "a group-by of a non-elementary aggregation",
            NW + 'df.group_by("b").agg((nw.col("a") + 1).abs().sum().cum_sum())\n',
        ),
        _s("a rename of a missing column", NW + 'df.rename({"zz": "y"})\n'),
        _s("a sort of descending flags of the wrong length", NW + 'df.sort("a", "b", descending=[True])\n'),
    ],
    "beartype": [
        _s(
            "a parameter of the wrong type",
            BT + '@beartype\ndef double(x: int) -> int:\n    return x * 2\n\n\ndouble("2")\n',
        ),
        _s(
            "a return of the wrong type",
            BT + "@beartype\ndef name() -> str:\n    return 5\n\n\nname()\n",
        ),
        _s("decorating a number", BT + "beartype(5)\n"),
        _s(
            "a hint that is a number",
            BT + "@beartype\ndef f(x: 5) -> None:\n    pass\n",
        ),
        _s(
            "a door check that fails",
            BT + 'from beartype.door import die_if_unbearable\n\ndie_if_unbearable("a", int)\n',
        ),
        _s("a conf of an unknown strategy", BT + 'BeartypeConf(strategy="fast")\n'),
        _s("a conf debug flag that is a word", BT + 'BeartypeConf(is_debug="yes")\n'),
        _s(
            "hooking the package from a script",
            BT + "from beartype.claw import beartype_this_package\n\nbeartype_this_package()\n",
        ),
        _s("a validator of a number", BT + "from beartype.vale import Is\n\nIs[5]\n"),
        _s(
            "a validator of two arguments",
            BT + "from beartype.vale import Is\n\nIs[lambda x, y: True]\n",
        ),
        _s(
            "an annotated validator that fails",
            BT
            + "from typing import Annotated\nfrom beartype.vale import Is\n\nPositive = Annotated[int, Is[lambda x: x > 0]]\n\n\n@beartype\ndef f(x: Positive) -> int:\n    return x\n\n\nf(-1)\n",
        ),
        _s(
            "a forward reference to nothing",
            BT + '@beartype\ndef f(x: "Nosuch") -> None:\n    pass\n\n\nf(1)\n',
        ),
        _s("a conf violation type that is a number", BT + "BeartypeConf(violation_type=5)\n"),
        _s(
            "is_bearable given a hint that is a number",
            BT + "from beartype.door import is_bearable\n\nis_bearable(1, 5)\n",
        ),
        _s(
            "a TypeHint of a number",
            BT + "from beartype.door import TypeHint\n\nTypeHint(5)\n",
        ),
        _s(
            "a claw hook of an empty package name",
            BT + 'from beartype.claw import beartype_package\n\nbeartype_package("")\n',
        ),
    ],
    "libcst": [
        _s("a module of bad syntax", CST + 'cst.parse_module("def f(:\\n    pass\\n")\n'),
        _s("an expression cut short", CST + 'cst.parse_expression("1 +")\n'),
        _s("a statement cut short", CST + 'cst.parse_statement("x = ")\n'),
        _s("an empty name", CST + 'cst.Name("")\n'),
        _s("an integer of letters", CST + 'cst.Integer("abc")\n'),
        _s("a float of no point", CST + 'cst.Float("abc")\n'),
        _s("a string without quotes", CST + 'cst.SimpleString("abc")\n'),
        _s(
            "a parser config of Python 2",
            CST + 'cst.parse_module("x = 1\\n", config=cst.PartialParserConfig(python_version="2.7"))\n',
        ),
        _s("a parser config of an unknown encoding", CST + 'cst.PartialParserConfig(encoding="nosuch")\n'),
        _s(
            "an argument of a star and a keyword",
            CST + 'cst.Arg(value=cst.Name("b"), keyword=cst.Name("a"), star="*")\n',
        ),
        _s("a node of the wrong type", CST + 'cst.ensure_type(cst.Name("x"), cst.Integer)\n'),
        _s("a comparison of no targets", CST + 'cst.Comparison(left=cst.Name("x"), comparisons=[])\n'),
        _s("a name of unbalanced parens", CST + 'cst.Name("x", lpar=[cst.LeftParen()])\n'),
        _s("an empty tuple without parens", CST + "cst.Tuple([], lpar=[], rpar=[])\n"),
        _s("a subscript of no elements", CST + 'cst.Subscript(value=cst.Name("x"), slice=[])\n'),
        _s(
            "metadata not declared by the visitor",
            CST
            + "from libcst.metadata import PositionProvider\n\n\nclass V(cst.CSTVisitor):\n    def visit_Name(self, node):\n        self.get_metadata(PositionProvider, node)\n\n\ncst.MetadataWrapper(cst.parse_module('x = 1\\n')).visit(V())\n",
        ),
        _s(
            "a full name of an unsupported node",
            CST
            + 'from libcst.helpers import get_full_name_for_node_or_raise\n\nget_full_name_for_node_or_raise(cst.Integer("1"))\n',
        ),
        _s("an import of no names", CST + 'cst.ImportFrom(module=cst.Name("os"), names=[])\n'),
        _s("a parameter of a star that is not a star", CST + 'cst.Param(name=cst.Name("a"), star="-")\n'),
        _s(
            "a module given bytes of a bad encoding",
            CST + 'cst.parse_module(b"# -*- coding: nosuch -*-\\nx = 1\\n")\n',
        ),
    ],
    "fastjsonschema": [
        _s("a value of the wrong type", FJS + 'fastjsonschema.validate({"type": "integer"}, "a")\n'),
        _s("a schema of an unknown type", FJS + 'fastjsonschema.compile({"type": "nosuch"})\n'),
        _s(
            "a ref to a missing definition",
            FJS + 'fastjsonschema.compile({"$ref": "#/definitions/missing"})\n',
        ),
        _s("a minLength that is a word", FJS + 'fastjsonschema.compile({"minLength": "a"})\n'),
        _s("required that is a string", FJS + 'fastjsonschema.compile({"required": "a"})\n'),
        _s("an enum that is a number", FJS + 'fastjsonschema.compile({"enum": 5})\n'),
        _s("a multipleOf that is a word", FJS + 'fastjsonschema.compile({"multipleOf": "x"})\n'),
        _s("a pattern that is not a regex", FJS + 'fastjsonschema.compile({"pattern": "("})\n'),
        _s(
            "a missing required property",
            FJS + 'v = fastjsonschema.compile({"type": "object", "required": ["name"]})\nv({})\n',
        ),
        _s("a value not in its enum", FJS + 'fastjsonschema.validate({"enum": ["a", "b"]}, "c")\n'),
        _s("a properties that is a list", FJS + 'fastjsonschema.compile({"properties": [1]})\n'),
        _s("a schema that is a string", FJS + 'fastjsonschema.compile("integer")\n'),
    ],
    "parso": [
        _s("bad syntax without error recovery", PARSO + 'parso.parse("def f(:\\n", error_recovery=False)\n'),
        _s("a grammar of Python 2", PARSO + 'parso.load_grammar(version="2.7")\n'),
        _s("a grammar version that is a word", PARSO + 'parso.load_grammar(version="three")\n'),
        _s("a parse of neither code nor path", PARSO + "parso.load_grammar().parse()\n"),
        _s(
            "a start symbol with error recovery",
            PARSO + 'parso.load_grammar().parse("x = 1", start_symbol="expr_stmt")\n',
        ),
        _s("a grammar of another language", PARSO + 'parso.load_grammar(language="javascript")\n'),
        _s("a file that does not exist", PARSO + 'parso.parse(path="nosuch.py")\n'),
        _s("bytes of an unknown encoding", PARSO + 'parso.parse(b"# coding: nosuch\\nx = 1\\n")\n'),
        _s(
            "a definition of a leaf that is not a name",
            PARSO + 'leaf = parso.parse("x = 1").children[0].children[1]\nleaf.get_definition()\n',
        ),
        _s(
            "an unclosed bracket without error recovery",
            PARSO + 'parso.parse("x = [1, 2\\n", error_recovery=False)\n',
        ),
        _s(
            "an indentation error without error recovery",
            PARSO + 'parso.parse("if x:\\npass\\n", error_recovery=False)\n',
        ),
        _s("a grammar version too old", PARSO + 'parso.load_grammar(version="3.2")\n'),
        _s(
            "a lambda of bad syntax without recovery",
            PARSO + 'parso.parse("f = lambda: = 1\\n", error_recovery=False)\n',
        ),
    ],
    "zope.interface": [
        _s(
            "an object missing a method",
            ZI + "@implementer(IGreeter)\nclass G:\n    name = 'g'\n\n\nverifyObject(IGreeter, G())\n",
        ),
        _s(
            "a method of the wrong signature",
            ZI
            + "@implementer(IGreeter)\nclass G:\n    name = 'g'\n\n    def greet(self):\n        pass\n\n\nverifyClass(IGreeter, G)\n",
        ),
        _s(
            "an object missing an attribute",
            ZI
            + "@implementer(IGreeter)\nclass G:\n    def greet(self, who):\n        pass\n\n\nverifyObject(IGreeter, G())\n",
        ),
        _s(
            "a class not declaring the interface",
            ZI + "class G:\n    pass\n\n\nverifyObject(IGreeter, G())\n",
        ),
        _s("an adaptation that fails", ZI + "IGreeter(5)\n"),
        _s(
            "a concrete attribute in an interface",
            "from zope.interface import Interface\n\n\nclass IThing(Interface):\n    size = 5\n",
        ),
        _s("implementer applied to a number", ZI + "implementer(IGreeter)(5)\n"),
        _s(
            "moduleProvides in a class",
            ZI + "from zope.interface import moduleProvides\n\n\nclass C:\n    moduleProvides(IGreeter)\n",
        ),
        _s(
            "a utility that is not registered",
            ZI + "from zope.interface.registry import Components\n\nComponents().getUtility(IGreeter)\n",
        ),
        _s(
            "an adapter without required specifications",
            ZI
            + "from zope.interface.registry import Components\n\nComponents().registerAdapter(lambda o: o, provided=IGreeter)\n",
        ),
        _s(
            "an invariant that fails",
            "from zope.interface import Interface, Invalid, invariant, implementer\n\n\ndef positive(obj):\n    if obj.n < 0:\n        raise Invalid('n must be positive')\n\n\nclass IN(Interface):\n    invariant(positive)\n\n\n@implementer(IN)\nclass N:\n    n = -1\n\n\nIN.validateInvariants(N())\n",
        ),
        _s(
            "classImplements of a number",
            ZI
            + "from zope.interface import classImplements\n\n\nclass C:\n    pass\n\n\nclassImplements(C, 5)\n",
        ),
        _s("an interface getting a missing name", ZI + "IGreeter['nosuch']\n"),
        _s(
            "directlyProvides of an object without a dict",
            ZI + "from zope.interface import directlyProvides\n\ndirectlyProvides(5, IGreeter)\n",
        ),
    ],
    "ijson": [
        _s("a document cut short", IJ + 'list(backend.items(io.BytesIO(b\'{"a": [1, 2\'), "a.item"))\n'),
        _s("a symbol that is not JSON", IJ + 'list(backend.items(io.BytesIO(b\'{"a": x}\'), "a"))\n'),
        _s("two documents without multiple_values", IJ + "list(backend.items(io.BytesIO(b'{} {}'), ''))\n"),
        _s("a string not closed", IJ + "list(backend.parse(io.BytesIO(b'[\"abc')))\n"),
        _s("a trailing comma", IJ + "list(backend.items(io.BytesIO(b'[1,]'), 'item'))\n"),
        _s("a missing colon", IJ + 'list(backend.kvitems(io.BytesIO(b\'{"a" 1}\'), ""))\n'),
        _s("an unknown backend", 'import ijson\n\nijson.get_backend("nosuch")\n'),
        _s("a number of a leading zero", IJ + "list(backend.items(io.BytesIO(b'[01]'), 'item'))\n"),
        _s("a document of nothing", IJ + "list(backend.items(io.BytesIO(b''), ''))\n"),
        _s("a bad escape in a string", IJ + "list(backend.parse(io.BytesIO(b'[\"a\\\\q\"]')))\n"),
        _s("a basic parse of a number", IJ + "list(backend.basic_parse(5))\n"),
        _s("a key that is not a string", IJ + "list(backend.parse(io.BytesIO(b'{1: 2}')))\n"),
    ],
    "aiosqlite": [
        _s(
            "a query of bad SQL",
            AIO
            + 'async def main():\n    async with aiosqlite.connect(":memory:") as db:\n        await db.execute("SELEC 1")\n\n\nasyncio.run(main())\n',
        ),
        _s(
            "a query on a closed connection",
            AIO
            + 'async def main():\n    db = await aiosqlite.connect(":memory:")\n    await db.close()\n    await db.execute("SELECT 1")\n\n\nasyncio.run(main())\n',
        ),
        _s(
            "a connection used before it is awaited",
            AIO
            + 'async def main():\n    db = aiosqlite.connect(":memory:")\n    await db.execute("SELECT 1")\n\n\nasyncio.run(main())\n',
        ),
        _s(
            "a missing table",
            AIO
            + 'async def main():\n    async with aiosqlite.connect(":memory:") as db:\n        await db.execute("SELECT * FROM users")\n\n\nasyncio.run(main())\n',
        ),
        _s(
            "a property of a connection not yet open",
            AIO
            + 'async def main():\n    db = aiosqlite.connect(":memory:")\n    db.in_transaction\n\n\nasyncio.run(main())\n',
        ),
        _s(
            "a database in a folder that does not exist",
            AIO
            + 'async def main():\n    async with aiosqlite.connect("nosuch/dir/x.db") as db:\n        pass\n\n\nasyncio.run(main())\n',
        ),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main(
        "popular21", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "", also_install=("pandas",)
    )


if __name__ == "__main__":
    sys.exit(main())
