#!/usr/bin/env python3
"""Make the twenty-seventh popular set: everyday errors of widely used libraries no set pins.

The hidden judge runs ~14 popular libraries with everyday mistakes, where errdex is first less
often than on its own sets. This set is made like popular25 (the harness, truth rules and case
format of ``make_runtime_set.py``, entered through ``set_main``) from libraries of issue #10's
pop27 list that no other set pins: a dataclass command-line builder that prints its errors in
rich panels (tyro), a dict with attribute access (python-box), a JSON repairer (json-repair),
a safe expression evaluator (asteval), a dataclass-to-schema bridge (marshmallow-dataclass,
with the marshmallow it builds on), an interval tree (intervaltree), a JSONPath evaluator
(jsonpath-python) and a dict differ and patcher (dictdiffer). Every error is provoked locally,
so no snippet reaches the network. It was scored once before any change looked at its misses
(see the set's README):

    python scripts/make_popular27_set.py                     # every library, the pins below
    python scripts/make_popular27_set.py --only tyro         # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution. Every distribution the libraries
install is pinned (so the virtualenv is re-made as it was and pip does not backtrack), so the
frames of marshmallow under marshmallow-dataclass and of sortedcontainers under intervaltree
count as library code, as click's do under typer.

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "tyro": "1.0.17",
    "docstring-parser": "0.18.0",
    "typeguard": "4.6.1",
    "typing-extensions": "4.16.0",
    "python-box": "8.0.0",
    "json-repair": "0.64.6",
    "asteval": "1.0.10",
    "marshmallow-dataclass": "8.7.1",
    "marshmallow": "4.4.0",
    "typing-inspect": "0.9.0",
    "mypy-extensions": "1.2.0",
    "intervaltree": "3.2.1",
    "sortedcontainers": "2.4.0",
    "jsonpath-python": "1.1.6",
    "dictdiffer": "0.10.0",
}

TY = """
import dataclasses
from typing import Literal

import tyro


@dataclasses.dataclass
class Args:
    count: int = 1
    name: str = "x"
    mode: Literal["fast", "slow"] = "fast"
    ratio: float = 0.5
    verbose: bool = False
    tags: tuple[str, ...] = ()


args = tyro.cli(Args)
print(args)
"""

TY_REQ = """
import dataclasses
from pathlib import Path

import tyro


@dataclasses.dataclass
class Args:
    path: Path
    size: int


args = tyro.cli(Args)
print(args)
"""

TY_SUB = """
import dataclasses
from typing import Union

import tyro


@dataclasses.dataclass
class Train:
    lr: float = 0.1


@dataclasses.dataclass
class Eval:
    checkpoint: str = "last"


args = tyro.cli(Union[Train, Eval])
print(args)
"""

TY_FN = """
import tyro


def main(x: int, y: tuple[int, int] = (1, 2)) -> None:
    print(x, y)


tyro.cli(main)
"""

BX = """
from box import Box, BoxList
"""

JR = """
import json_repair
"""

AE = """
from asteval import Interpreter

aeval = Interpreter()
"""

MD = """
import dataclasses
from typing import Optional

import marshmallow
import marshmallow_dataclass


@marshmallow_dataclass.dataclass
class User:
    name: str
    age: int
    email: Optional[str] = None


schema = User.Schema()
"""

IT = """
from intervaltree import Interval, IntervalTree

tree = IntervalTree()
tree[1:5] = "a"
tree[3:8] = "b"
"""

JP = """
from jsonpath import JSONPath

data = {"store": {"book": [{"title": "A", "price": 8}, {"title": "B", "price": 12}]}}
"""

DD = """
import dictdiffer

first = {"a": 1, "b": {"c": 2}}
second = {"a": 2, "b": {"c": 3}, "d": [1]}
diff = list(dictdiffer.diff(first, second))
"""

# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop27) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "tyro": [
        _s("an integer option given a word", TY, argv=("--count", "abc")),
        _s("a misspelt option", TY, argv=("--cnt", "3")),
        _s("a literal option outside its choices", TY, argv=("--mode", "medium")),
        _s("a float option given a word", TY, argv=("--ratio", "half")),
        _s("required options left out", TY_REQ, argv=()),
        _s("a required integer given a word", TY_REQ, argv=("--path", "a.txt", "--size", "big")),
        _s("a flag given a value", TY, argv=("--verbose", "yes")),
        _s("no subcommand chosen", TY_SUB, argv=()),
        _s("a subcommand that does not exist", TY_SUB, argv=("test",)),
        _s("a subcommand option given a word", TY_SUB, argv=("train", "--lr", "fast")),
        _s("a function argument left out", TY_FN, argv=()),
        _s("a pair given one value", TY_FN, argv=("--x", "1", "--y", "3")),
        _s("an option given without its value", TY, argv=("--name",)),
        _s("a positional argument not expected", TY, argv=("extra",)),
        _s(
            "a field of an unsupported type",
            "import dataclasses\n\nimport tyro\n\n\n@dataclasses.dataclass\nclass Args:\n    callback: object\n\n\ntyro.cli(Args)\n",
            argv=(),
        ),
        _s("a class that is not a dataclass given a word", "import tyro\n\ntyro.cli(int, args=['abc'])\n"),
        _s(
            "a default of the wrong type",
            "import dataclasses\n\nimport tyro\n\n\n@dataclasses.dataclass\nclass Args:\n    count: int = 'many'\n\n\nprint(tyro.cli(Args, args=[]))\n",
        ),
        _s(
            "a default instance of another class",
            TY.replace("args = tyro.cli(Args)", "args = tyro.cli(Args, default=5)"),
            argv=(),
        ),
        _s("an integer option given a float", TY, argv=("--count", "2.5")),
        _s("an option given twice with an unknown one", TY, argv=("--count", "1", "--verbos")),
        _s("a tuple option given a word", TY_FN, argv=("--x", "1", "--y", "a", "b")),
        _s("an integer function argument given a word", TY_FN, argv=("--x", "one")),
        _s(
            "a list of integers given a word",
            "import tyro\n\n\ndef main(ids: list[int]) -> None:\n    print(ids)\n\n\ntyro.cli(main)\n",
            argv=("--ids", "1", "two"),
        ),
        _s(
            "a callable field",
            "import dataclasses\nfrom typing import Callable\n\nimport tyro\n\n\n@dataclasses.dataclass\nclass Args:\n    fn: Callable[[int], int]\n\n\ntyro.cli(Args, args=[])\n",
        ),
        _s("an int as the thing to build", "import tyro\n\ntyro.cli(5, args=[])\n"),
        _s(
            "a dict option given a word",
            "import tyro\n\n\ndef main(weights: dict[str, float]) -> None:\n    print(weights)\n\n\ntyro.cli(main)\n",
            argv=("--weights", "a", "heavy"),
        ),
        _s(
            "an enum option given a wrong name",
            "import enum\n\nimport tyro\n\n\nclass Color(enum.Enum):\n    RED = 1\n\n\ndef main(color: Color = Color.RED) -> None:\n    print(color)\n\n\ntyro.cli(main)\n",
            argv=("--color", "BLUE"),
        ),
        _s(
            "a float function argument given a word",
            "import tyro\n\n\ndef main(lr: float) -> None:\n    print(lr)\n\n\ntyro.cli(main)\n",
            argv=("--lr", "1e-3x"),
        ),
    ],
    "python-box": [
        _s("a missing key", BX + 'b = Box(a=1)\nb["missing"]\n'),
        _s("a missing attribute", BX + "b = Box(a=1)\nb.missing\n"),
        _s("a frozen box changed", BX + "b = Box(a=1, frozen_box=True)\nb.a = 2\n"),
        _s("a frozen box given a new key", BX + 'b = Box(a=1, frozen_box=True)\nb["c"] = 2\n'),
        _s("a box made from a string", BX + 'Box("a=1")\n'),
        _s("a box made from an int", BX + "Box(5)\n"),
        _s("a box merged with a list", BX + "Box(a=1) + [1, 2]\n"),
        _s("a box from bad JSON", BX + 'Box.from_json("{bad json}")\n'),
        _s("a box from a missing JSON file", BX + 'Box.from_json(filename="missing.json")\n'),
        _s("a box from bad YAML", BX + 'Box.from_yaml("a: [1, 2")\n'),
        _s("a box from TOML without a TOML library", BX + 'Box.from_toml("a = 1")\n'),
        _s("a box popped from a missing key", BX + 'Box(a=1).pop("zzz")\n'),
        _s("an empty box popped", BX + "Box().popitem()\n"),
        _s("a dotted key without box_dots", BX + 'Box(a={"b": 1}).keys(dotted=True)\n'),
        _s("a box given two arguments", BX + "Box({'a': 1}, {'b': 2})\n"),
        _s("a frozen box deleted from", BX + "b = Box(a=1, frozen_box=True)\ndel b.a\n"),
        _s("a box hashed", BX + "hash(Box(a=1))\n"),
        _s("a protected key set", BX + "b = Box()\nb.to_dict = 5\n"),
        _s("a BoxList from a string", BX + 'BoxList.from_json("{\\"a\\": 1}")\n'),
        _s("a box compared with a list", BX + "Box(a=1) <= [1]\n"),
        _s("a default box missing key of an int", BX + "b = Box(default_box=True)\nb[5]()\n"),
        _s("update given two arguments", BX + "Box().update({'a': 1}, {'b': 2})\n"),
        _s("an unknown merge mode", BX + "Box(a=[1]).merge_update({'a': [2]}, box_merge_lists='append')\n"),
        _s("a box pop of three arguments", BX + "Box(a=1).pop('a', 1, 2)\n"),
        _s("a box_dots key that does not exist", BX + "b = Box({'a': {'b': 1}}, box_dots=True)\nb['a.c']\n"),
        _s("a frozen box cleared", BX + "Box(a=1, frozen_box=True).clear()\n"),
        _s("a protected key deleted", BX + "b = Box(a=1)\ndel b.to_json\n"),
        _s("a comment on a missing key", BX + "Box(a=1).add_comment('zzz', 'why')\n"),
        _s("a BoxList from a missing YAML file", BX + "BoxList.from_yaml(filename='missing.yaml')\n"),
        _s(
            "unknown box defaults",
            BX + "class MyBox(Box):\n    _box_defaults = {'frozen': True}\n\n\nMyBox(a=1)\n",
        ),
    ],
    "json-repair": [
        _s(
            "strict mode with two documents",
            JR + 'json_repair.repair_json(\'{"a": 1} {"b": 2}\', strict=True)\n',
        ),
        _s(
            "strict mode with a duplicate key",
            JR + 'json_repair.repair_json(\'{"a": 1, "a": 2}\', strict=True)\n',
        ),
        _s("strict mode with a missing colon", JR + "json_repair.repair_json('{\"a\" 1}', strict=True)\n"),
        _s("strict mode with an empty key", JR + "json_repair.repair_json('{\"\": 1}', strict=True)\n"),
        _s("strict mode with no opening brace", JR + "json_repair.repair_json('\"a\": 1}', strict=True)\n"),
        _s(
            "a schema together with strict",
            JR + "json_repair.repair_json('{}', strict=True, schema={'type': 'object'})\n",
        ),
        _s(
            "salvage mode without a schema",
            JR + "json_repair.repair_json('{}', schema_repair_mode='salvage')\n",
        ),
        _s(
            "an unknown repair mode",
            JR + "json_repair.repair_json('{}', schema={'type': 'object'}, schema_repair_mode='fix')\n",
        ),
        _s("a schema of a list", JR + "json_repair.repair_json('{\"a\": 1}', schema=[1, 2])\n"),
        _s(
            "a missing required property",
            JR
            + "json_repair.repair_json('{\"a\": 1}', schema={'type': 'object', 'required': ['b'], 'properties': {'a': {'type': 'integer'}, 'b': {'type': 'object', 'properties': {}, 'required': ['x']}}})\n",
        ),
        _s("a schema that allows nothing", JR + "json_repair.repair_json('{\"a\": 1}', schema=False)\n"),
        _s(
            "a model path without a colon",
            JR
            + "from json_repair.schema_repair import load_schema_model\n\nload_schema_model('myapp.models.User')\n",
        ),
        _s("a file that does not exist", JR + "json_repair.from_file('missing.json')\n"),
        _s(
            "an unresolvable $ref",
            JR + "json_repair.repair_json('{\"a\": 1}', schema={'$ref': '#/definitions/Missing'})\n",
        ),
        _s(
            "a value of no enum",
            JR
            + "json_repair.repair_json('{\"a\": \"z\"}', schema={'type': 'object', 'properties': {'a': {'enum': ['x', 'y']}}})\n",
        ),
        _s("a repaired object indexed", JR + "json_repair.loads('[1, 2')['a']\n"),
        _s(
            "an unknown schema type",
            JR
            + "json_repair.repair_json('{\"a\": 1}', schema={'type': 'object', 'properties': {'a': {'type': 'int'}}})\n",
        ),
    ],
    "asteval": [
        _s("an undefined name", AE + "aeval.eval('x + 1', raise_errors=True)\n"),
        _s("a division by zero", AE + "aeval.eval('1 / 0', raise_errors=True)\n"),
        _s("a syntax error", AE + "aeval.eval('1 +', raise_errors=True)\n"),
        _s("an import", AE + "aeval.eval('import os', raise_errors=True)\n"),
        _s("a huge exponent", AE + "aeval.eval('10 ** 100000', raise_errors=True)\n"),
        _s("a long string", AE + "aeval.eval('\"a\" * 10**9', raise_errors=True)\n"),
        _s("a dunder attribute", AE + "aeval.eval('(1).__class__', raise_errors=True)\n"),
        _s("a file opened for writing", AE + 'aeval.eval(\'open("out.txt", "w")\', raise_errors=True)\n'),
        _s("a return at top level", AE + "aeval.eval('return 1', raise_errors=True)\n"),
        _s("a tuple unpacked into too few names", AE + "aeval.eval('a, b = 1, 2, 3', raise_errors=True)\n"),
        _s("a missing key", AE + 'aeval.eval(\'{"a": 1}["b"]\', raise_errors=True)\n'),
        _s(
            "a function given too many arguments",
            AE + "aeval.eval('def f(x):\\n    return x\\nf(1, 2)', raise_errors=True)\n",
        ),
        _s(
            "a decorated function",
            AE + "aeval.eval('@staticmethod\\ndef f():\\n    pass', raise_errors=True)\n",
        ),
        _s("an error only printed", AE + "aeval('1 / 0')\nraise SystemExit(aeval.error[0].get_error()[1])\n"),
        _s("a string added to an int", AE + "aeval.eval('1 + \"a\"', raise_errors=True)\n"),
        _s(
            "a symbol table of the wrong type",
            "from asteval import Interpreter\n\nInterpreter(symtable=[1, 2])\n",
        ),
    ],
    "marshmallow-dataclass": [
        _s("a missing required field", MD + "schema.load({'name': 'a'})\n"),
        _s("a field of the wrong type", MD + "schema.load({'name': 'a', 'age': 'old'})\n"),
        _s("an unknown field", MD + "schema.load({'name': 'a', 'age': 1, 'nick': 'b'})\n"),
        _s("a list given instead of a dict", MD + "schema.load([1, 2])\n"),
        _s(
            "a schema of a class that is not a dataclass",
            MD + "class Plain:\n    x: int\n\n\nmarshmallow_dataclass.class_schema(Plain)\n",
        ),
        _s(
            "a field of an unsupported type",
            MD
            + "@marshmallow_dataclass.dataclass\nclass Job:\n    run: object\n\n\nJob.Schema().load({'run': 1})\n",
        ),
        _s(
            "a union field given a list",
            MD
            + "from typing import Union\n\n\n@marshmallow_dataclass.dataclass\nclass Value:\n    v: Union[int, str]\n\n\nValue.Schema().load({'v': [1]})\n",
        ),
        _s("a field given None", MD + "schema.load({'name': None, 'age': 1})\n"),
        _s(
            "a nested dataclass given a string",
            MD
            + "@marshmallow_dataclass.dataclass\nclass Team:\n    lead: User\n\n\nTeam.Schema().load({'lead': 'bob'})\n",
        ),
        _s("a dump of an object missing a field", MD + "schema.dump(object())\n"),
        _s(
            "a validate of the wrong types",
            MD
            + "errors = schema.validate({'name': 1, 'age': 'x'})\nraise marshmallow.ValidationError(errors)\n",
        ),
        _s(
            "a metadata validator failing",
            MD
            + "@marshmallow_dataclass.dataclass\nclass Item:\n    qty: int = dataclasses.field(metadata={'validate': marshmallow.validate.Range(min=1)})\n\n\nItem.Schema().load({'qty': 0})\n",
        ),
        _s(
            "a list field given a string",
            MD
            + "@marshmallow_dataclass.dataclass\nclass Bag:\n    items: list[int]\n\n\nBag.Schema().load({'items': 'abc'})\n",
        ),
        _s("a string loaded many times", MD + "schema.load({'name': 'a', 'age': 1}, many=True)\n"),
        _s(
            "a forward reference that does not exist",
            MD + "@marshmallow_dataclass.dataclass\nclass Node:\n    child: 'Missing'\n\n\nNode.Schema()\n",
        ),
        _s(
            "an enum field given a wrong name",
            MD
            + "import enum\n\n\nclass Color(enum.Enum):\n    RED = 1\n\n\n@marshmallow_dataclass.dataclass\nclass Paint:\n    color: Color\n\n\nPaint.Schema().load({'color': 'BLUE'})\n",
        ),
    ],
    "intervaltree": [
        _s("a null interval added", IT + "tree[5:5] = 'c'\n"),
        _s("a reversed interval added", IT + "tree.addi(8, 3, 'c')\n"),
        _s("an interval removed that is not there", IT + "tree.remove(Interval(0, 1))\n"),
        _s("an interval removed by bounds that is not there", IT + "tree.removei(0, 1, 'z')\n"),
        _s(
            "a null interval compared",
            "from intervaltree import Interval\n\nInterval(3, 3) < Interval(1, 2)\n",
        ),
        _s(
            "a tree of tuples given no data",
            "from intervaltree import IntervalTree\n\nIntervalTree([(1, 2)])\n",
        ),
        _s("a tree queried by a string", IT + "tree['a']\n"),
        _s("a tree of interval bounds of mixed types", IT + "tree.addi('a', 'b')\n"),
        _s("an empty tree's begin", "from intervaltree import IntervalTree\n\nIntervalTree().begin() + 1\n"),
        _s("an interval given one bound", "from intervaltree import Interval\n\nInterval(1)\n"),
        _s("a range of a null interval queried", IT + "tree.overlap(5, 5).pop()\n"),
        _s(
            "a null interval from tuples",
            "from intervaltree import IntervalTree\n\nIntervalTree.from_tuples([(3, 1)])\n",
        ),
        _s("a chop with begin after end", IT + "tree.chop(6, 2)\ntree.verify()\n"),
        _s("a tree set from a null slice", IT + "tree[4:2] = 'x'\n"),
        _s(
            "a discard of a null interval then a merge of data",
            IT + "tree.merge_overlaps(data_reducer=lambda a, b: a + 1)\n",
        ),
        _s("an interval removed with other data", IT + "tree.remove(Interval(1, 5, 'z'))\n"),
        _s("a tree updated with a null interval", IT + "tree.update([Interval(2, 2)])\n"),
        _s("an interval of float bounds reversed", IT + "tree.add(Interval(2.5, 1.5))\n"),
        _s(
            "a tree of intervals with a null one",
            "from intervaltree import Interval, IntervalTree\n\nIntervalTree([Interval(1, 3), Interval(4, 4)])\n",
        ),
    ],
    "jsonpath-python": [
        _s("a path run on a string", JP + "JSONPath('$.store').parse('not json')\n"),
        _s("an unknown result type", JP + "JSONPath('$.store', result_type='JSON').parse(data)\n"),
        _s("a filter of bad syntax", JP + "JSONPath('$.store.book[?(@.price >)]').parse(data)\n"),
        _s("a filter that imports", JP + "JSONPath('$.store.book[?(__import__(\"os\"))]').parse(data)\n"),
        _s(
            "a filter of a disallowed call",
            JP + "JSONPath('$.store.book[?(max(@.price) > 1)]').parse(data)\n",
        ),
        _s("a filter of an attribute", JP + "JSONPath('$.store.book[?(@.price.real > 1)]').parse(data)\n"),
        _s(
            "a sort of mixed types",
            "from jsonpath import JSONPath\n\nJSONPath('$.items[/(v)]').parse({'items': [{'v': 1}, {'v': 'a'}]})\n",
        ),
        _s("a sorter on a string", JP + "JSONPath('$.store.book[0].title[/(v)]').parse(data)\n"),
        _s("a field extractor on a list", JP + "JSONPath('$.store.book(title)').parse(data)\n"),
        _s("the first of no match", JP + "JSONPath('$.store.music').parse(data)[0]\n"),
        _s("a path of a bare name", JP + "JSONPath('store.book').parse(data)[0]\n"),
        _s("a filter of a lambda", JP + "JSONPath('$.store.book[?(lambda: 1)]').parse(data)\n"),
        _s("a filter of a name", JP + "JSONPath('$.store.book[?(price > 1)]').parse(data)\n"),
        _s("a path given as a list", JP + "JSONPath(['$', 'store']).parse(data)\n"),
        _s("a path run on None", JP + "JSONPath('$.store').parse(None)\n"),
        _s(
            "a sort of numbers and strings at the top",
            "from jsonpath import JSONPath\n\nJSONPath('$[/(@)]').parse([1, 'a', 2])\n",
        ),
        _s("a field extractor on a string", JP + "JSONPath('$.store.book[0].title(x)').parse(data)\n"),
        _s("a path run on a JSON text", JP + "import json\n\nJSONPath('$.store').parse(json.dumps(data))\n"),
    ],
    "dictdiffer": [
        _s("a patch onto a dict missing a key", DD + "dictdiffer.patch(diff, {'b': {}})\n"),
        _s("a patch of a malformed diff", DD + "dictdiffer.patch([('change', 'a')], first)\n"),
        _s("a patch of an unknown action", DD + "dictdiffer.patch([('rename', 'a', (1, 2))], first)\n"),
        _s(
            "a dot lookup of a missing key",
            "from dictdiffer.utils import dot_lookup\n\ndot_lookup({'a': {}}, 'a.b')\n",
        ),
        _s(
            "a dot lookup of an int path",
            "from dictdiffer.utils import dot_lookup\n\ndot_lookup({'a': 1}, 5)\n",
        ),
        _s(
            "a diff of a dict and a list at a key",
            "import dictdiffer\n\nlist(dictdiffer.diff({'a': 1}, 5))\n",
        ),
        _s("a revert onto the original", DD + "dictdiffer.revert(diff, first)\n"),
        _s("a swap of a malformed diff", DD + "list(dictdiffer.swap([('move', 'a', 1)]))\n"),
        _s(
            "a merger with conflicts",
            "from dictdiffer.merge import Merger\n\nm = Merger({'a': 1}, {'a': 2}, {'a': 3}, {})\nm.run()\n",
        ),
        _s(
            "a diff of a set and a dict",
            "import dictdiffer\n\nlist(dictdiffer.diff({'a': {1, 2}}, {'a': {'x': 1}}))\n",
        ),
        _s(
            "an assert of unequal dicts",
            "from dictdiffer.testing import assert_no_diff\n\nassert_no_diff({'a': 1}, {'a': 2})\n",
        ),
        _s(
            "a diff with a tolerance of a string",
            "import dictdiffer\n\nlist(dictdiffer.diff({'a': 1.0}, {'a': 1.1}, tolerance='0.1'))\n",
        ),
        _s(
            "a patch of a list index out of range",
            "import dictdiffer\n\ndictdiffer.patch([('change', ['a', 5], (1, 2))], {'a': [1]})\n",
        ),
        _s(
            "a conflict taken without a side",
            "from dictdiffer.conflict import Conflict\n\nConflict(('change', 'a', (1, 2)), ('change', 'a', (1, 3))).take_patch()\n",
        ),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular27", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
