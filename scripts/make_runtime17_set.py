#!/usr/bin/env python3
"""Make the runtime17 regression set: new everyday mistakes with runtime6's libraries.

The hidden judge scores "everyday errors made by running 14 popular libraries" (message-only and
traceback forms, the truth read from the real traceback), and errdex gets 77-79% there. This set
runs runtime6's libraries again -- SciPy, Pillow, NetworkX, FastAPI and Starlette, Beautiful
Soup, openpyxl, marshmallow, jsonschema, Rich, Arrow, packaging, boto3 (botocore's and
s3transfer's frames too) and tomlkit -- at exactly runtime6's releases, so its ``versions.json``
is runtime6's and CI reads one catalogue for both (the twin rule of
``tests/test_regression_sets.py``): it costs no indexing. Its snippets are other newcomers'
mistakes with those libraries, whose message, its values masked, no case of any other set holds
(see ``docs/measurements/rt17.md``). As in runtime6 every snippet is ``compiled_truth``: an error
raised in compiled code, the standard library or the interpreter below a library frame has as its
truth the deepest Python frame of a pinned library in the real traceback. The harness, the other
truth rules and the case format are ``make_runtime_set.py``'s, entered through ``set_main``. No
snippet reaches the network: FastAPI and Starlette run on their test clients, boto3 fails in its
parameter validation, its configuration or its DynamoDB helpers before any request is sent (fake
credentials in the environment, no configuration file, the instance-metadata lookup disabled).

    python scripts/make_runtime17_set.py                    # every library, the pins below
    python scripts/make_runtime17_set.py --only rich        # one library; the other cases are kept

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Sibling scripts, found through the path above: the harness, and runtime6's releases (so this
# set's versions.json is runtime6's) and snippet preambles (imports, small data, fake AWS keys).
from make_runtime6_set import AR, BO, BS, FA, IM, JS, MA, NX, OP, RI, S3, SC, TK, _fa, _schema
from make_runtime6_set import PINS as RUNTIME6_PINS
from make_runtime_set import Snippet, _s, set_main

PINS: dict[str, str] = dict(RUNTIME6_PINS)

SNIPPETS: dict[str, list[Snippet]] = {
    "scipy": [
        _s(
            "a linkage method that does not exist",
            SC + "from scipy.cluster.hierarchy import linkage\nlinkage(np.ones((4, 2)), method='middle')\n",
        ),
        _s(
            "a norm distribution with negative scale sampled",
            SC + "from scipy.stats import norm\nnorm(0, -1).rvs(size=3, random_state=0)\n",
        ),
        _s(
            "fsolve with a function returning the wrong size",
            SC + "from scipy.optimize import fsolve\nfsolve(lambda v: [v[0], v[0]], [1.0])\n",
        ),
        _s(
            "a sparse matrix multiplied with mismatched shapes",
            SC + "from scipy.sparse import eye\neye(3) @ np.ones(4)\n",
        ),
        _s(
            "linprog with bounds of the wrong length",
            SC + "from scipy.optimize import linprog\nlinprog([1, 1], bounds=[(0, 1), (0, 1), (0, 1)])\n",
        ),
        _s(
            "a sparse matrix of a 3-D array",
            SC + "from scipy.sparse import csr_matrix\ncsr_matrix(np.ones((2, 2, 2)))\n",
        ),
        _s(
            "a RegularGridInterpolator point outside the grid",
            SC
            + "from scipy.interpolate import RegularGridInterpolator\nRegularGridInterpolator((x,), y)([10.0])\n",
        ),
        _s(
            "a UnivariateSpline of too few points",
            SC + "from scipy.interpolate import UnivariateSpline\nUnivariateSpline(x[:3], y[:3])\n",
        ),
        _s(
            "quad with an integrand of two arguments",
            SC + "from scipy.integrate import quad\nquad(lambda a, b: a, 0, 1)\n",
        ),
        _s(
            "minimize_scalar bounded without bounds",
            SC
            + "from scipy.optimize import minimize_scalar\nminimize_scalar(lambda v: v**2, method='bounded')\n",
        ),
        _s("a lfilter of an empty a", SC + "from scipy.signal import lfilter\nlfilter([1.0], [], x)\n"),
        _s(
            "find_peaks of a 2-D array",
            SC + "from scipy.signal import find_peaks\nfind_peaks(np.ones((3, 3)))\n",
        ),
        _s(
            "a chi-square test of unequal sums",
            SC + "from scipy.stats import chisquare\nchisquare([10, 20], [10, 10])\n",
        ),
        _s("an eigh of a non-square matrix", SC + "from scipy import linalg\nlinalg.eigh(np.ones((2, 3)))\n"),
        _s(
            "a sparse spsolve of mismatched shapes",
            SC
            + "from scipy.sparse import eye\nfrom scipy.sparse.linalg import spsolve\nspsolve(eye(3, format='csr'), np.ones(4))\n",
        ),
        _s(
            "a Rotation from quaternions of three numbers",
            SC + "from scipy.spatial.transform import Rotation\nRotation.from_quat([0, 0, 1])\n",
        ),
        _s(
            "a Rotation from euler with bad axes",
            SC + "from scipy.spatial.transform import Rotation\nRotation.from_euler('xyq', [1, 2, 3])\n",
        ),
        _s(
            "a wav written with a bad dtype",
            SC + "from scipy.io import wavfile\nwavfile.write('a.wav', 8000, np.array(['a', 'b']))\n",
        ),
        _s(
            "fcluster with an unknown criterion",
            SC
            + "from scipy.cluster.hierarchy import linkage, fcluster\nfcluster(linkage(np.random.default_rng(0).random((4, 2))), 2, criterion='number')\n",
        ),
        _s(
            "a least_squares with bounds lower above upper",
            SC
            + "from scipy.optimize import least_squares\nleast_squares(lambda v: v - 1, [0.5], bounds=(2, 1))\n",
        ),
    ],
    "pillow": [
        _s(
            "a filter on a palette image",
            "from PIL import Image, ImageFilter\nImage.new('P', (8, 8)).filter(ImageFilter.BLUR)\n",
        ),
        _s(
            "fromarray of a 4-D array",
            "import numpy as np\nfrom PIL import Image\nImage.fromarray(np.zeros((2, 2, 2, 2), dtype=np.uint8))\n",
        ),
        _s(
            "ImageOps.equalize of a mode not supported",
            "from PIL import Image, ImageOps\nImageOps.equalize(Image.new('F', (4, 4)))\n",
        ),
        _s("a transform of an unknown method", IM + "img.transform((10, 10), 99)\n"),
        _s(
            "a putdata longer than the image",
            "from PIL import Image\nImage.new('L', (2, 2)).putdata([1, 2, 3, 4, 5])\n",
        ),
        _s("seek past the last frame", IM + "img.save('a.png')\nim = Image.open('a.png')\nim.seek(3)\n"),
        _s(
            "an ICO saved with sizes larger than the image",
            IM + "img.save('a.ico', sizes=[(300, 300)])\n",
        ),
    ],
    "networkx": [
        _s("shortest path between disconnected nodes", NX + "G.add_node(9)\nnx.shortest_path(G, 1, 9)\n"),
        _s("a graph from an edge tuple of four items", "import networkx as nx\nnx.Graph([(1, 2, 3, 4)])\n"),
        _s(
            "bipartite sets of a graph that is not bipartite",
            "import networkx as nx\nfrom networkx.algorithms import bipartite\nbipartite.sets(nx.complete_graph(3))\n",
        ),
        _s(
            "a spring layout fixing a node without a position",
            NX + "nx.spring_layout(G, pos={1: (0, 0)}, fixed=[7])\n",
        ),
        _s("astar path with no path", NX + "G.add_node(9)\nnx.astar_path(G, 1, 9)\n"),
        _s(
            "read_gml with a label attribute the nodes lack",
            "import networkx as nx\nnx.write_gml(nx.Graph([(1, 2)]), 'g.gml')\nnx.read_gml('g.gml', label='name')\n",
        ),
        _s("all simple paths from a missing node", NX + "list(nx.all_simple_paths(G, 9, 1))\n"),
        _s("ancestors of a missing node", "import networkx as nx\nnx.ancestors(nx.DiGraph([(1, 2)]), 5)\n"),
        _s("a node_connectivity of a missing node", NX + "nx.node_connectivity(G, 1, 9)\n"),
        _s("a greedy colouring strategy unknown", NX + "nx.greedy_color(G, strategy='fast')\n"),
        _s(
            "a girvan-newman community of an empty graph",
            "import networkx as nx\nfrom networkx.algorithms.community import louvain_communities, modularity\nmodularity(nx.path_graph(4), [{0, 1}])\n",
        ),
    ],
    "fastapi": [
        _s(
            "a response model that is not a type",
            _fa("@app.get('/', response_model=5)\ndef h():\n    return 1\n"),
        ),
        _s(
            "a handler returning a dict its response model rejects",
            _fa(
                "class M(BaseModel):\n    a: int\n\n@app.get('/', response_model=M)\ndef h():\n    return {'a': 'x'}\n"
            ),
        ),
        _s(
            "a FileResponse of a missing file",
            _fa(
                "from fastapi.responses import FileResponse\n@app.get('/')\ndef h():\n    return FileResponse('missing.txt')\n"
            ),
        ),
        _s(
            "Jinja2Templates without jinja2",
            FA + "from fastapi.templating import Jinja2Templates\nJinja2Templates(directory='t')\n",
        ),
        _s(
            "an exception handler returning None",
            FA
            + "@app.exception_handler(404)\nasync def h(request, exc):\n    return None\n@app.get('/x')\ndef x():\n    raise HTTPException(404)\nclient.get('/x')\n",
        ),
        _s(
            "a path naming one parameter twice",
            _fa("@app.get('/{a}/{a}')\ndef h(a: int):\n    return a\n"),
        ),
    ],
    "starlette": [
        _s(
            "a Headers object built from a dict and raw",
            "from starlette.datastructures import Headers\nHeaders({'a': 'b'}, raw=[])\n",
        ),
        _s(
            "a URL replace with an unknown part",
            "from starlette.datastructures import URL\nURL('http://a.com').replace(host='b.com')\n",
        ),
    ],
    "beautifulsoup4": [
        _s("a CSS select nth-child without an argument", BS + "soup.select('p:nth-child()')\n"),
        _s("a select with an unclosed pseudo-class paren", BS + "soup.select('p:not(.lead')\n"),
    ],
    "openpyxl": [
        _s("a sheet name that does not exist", OP + "wb['Data']\n"),
        _s(
            "a chart reference to a missing range",
            OP + "from openpyxl.chart import Reference\nReference(ws, min_col=0, min_row=1)\n",
        ),
        _s(
            "a table added twice with one name",
            OP
            + "from openpyxl.worksheet.table import Table\nws.append(['a'])\nws.append([1])\nws.add_table(Table(displayName='T', ref='A1:A2'))\nws.add_table(Table(displayName='T', ref='A1:A2'))\n",
        ),
        _s("a hyperlink of a number", OP + "ws['A1'].hyperlink = 5\n"),
    ],
    "marshmallow": [
        _s(
            "a OneOf validator miss",
            _schema("    c = fields.Str(validate=validate.OneOf(['a', 'b']))", "{'c': 'z'}"),
        ),
        _s(
            "a ContainsOnly miss",
            _schema(
                "    s = fields.List(fields.Str(), validate=validate.ContainsOnly(['a']))", "{'s': ['b']}"
            ),
        ),
        _s(
            "an Equal validator miss",
            _schema("    s = fields.Str(validate=validate.Equal('yes'))", "{'s': 'no'}"),
        ),
        _s(
            "a Function field whose function takes no argument",
            MA + "class S(Schema):\n    a = fields.Function(lambda: 1)\n\nS().dump({})\n",
        ),
    ],
    "jsonschema": [
        _s(
            "additional properties not allowed",
            JS
            + "validate({'a': 1, 'b': 2}, {'type': 'object', 'properties': {'a': {}}, 'additionalProperties': False})\n",
        ),
        _s("a number below minimum", JS + "validate(-1, {'type': 'number', 'minimum': 0})\n"),
        _s("an invalid schema with a bad type word", JS + "validate(1, {'type': 'integr'})\n"),
        _s(
            "a oneOf matching two", JS + "validate(1, {'oneOf': [{'type': 'integer'}, {'type': 'number'}]})\n"
        ),
        _s("a pattern that is not a regex", JS + "Draft202012Validator.check_schema({'pattern': '('})\n"),
        _s("a maxProperties exceeded", JS + "validate({'a': 1, 'b': 2}, {'maxProperties': 1})\n"),
        _s("a const miss with an object", JS + "validate({'a': 1}, {'const': {'a': 2}})\n"),
        _s(
            "unevaluatedProperties hit",
            JS + "validate({'a': 1, 'z': 2}, {'properties': {'a': {}}, 'unevaluatedProperties': False})\n",
        ),
        _s(
            "a minContains miss",
            JS + "validate([1, 'a'], {'contains': {'type': 'integer'}, 'minContains': 2})\n",
        ),
        _s("a schema with minLength negative", JS + "Draft7Validator.check_schema({'minLength': -1})\n"),
        _s("a boolean schema false", JS + "validate(1, False)\n"),
        _s("an instance None of an object type", JS + "validate(None, {'type': 'object'})\n"),
        _s(
            "an additionalItems miss draft 7",
            JS
            + "Draft7Validator({'items': [{'type': 'integer'}], 'additionalItems': False}).validate([1, 2])\n",
        ),
    ],
    "rich": [
        _s("a colour name that does not exist", RI + "console.print('x', style='blurple')\n"),
        _s("a Panel of a dict", RI + "from rich.panel import Panel\nconsole.print(Panel({'a': 1}))\n"),
        _s("a Text append of an int", "from rich.text import Text\nText('a').append(5)\n"),
        _s(
            "a Style of a colour of a bad number", "from rich.style import Style\nStyle(color='color(300)')\n"
        ),
        _s("a Traceback outside an exception", "from rich.traceback import Traceback\nTraceback()\n"),
        _s("a Layout lookup of a missing name", "from rich.layout import Layout\nLayout()['body']\n"),
        _s(
            "a RichHandler with an unknown level name",
            RI
            + "from rich.logging import RichHandler\nimport logging\nlogging.basicConfig(handlers=[RichHandler(level='LOUD')])\n",
        ),
        _s("a Rule align unknown", "from rich.rule import Rule\nRule('x', align='middle')\n"),
    ],
    "arrow": [
        _s("a timestamp of a huge number", AR + "arrow.get(10**20)\n"),
    ],
    "packaging": [
        _s(
            "a marker with an unknown variable",
            "from packaging.markers import Marker\nMarker('python_ver > \"3\"')\n",
        ),
        _s(
            "a marker of an unknown operator",
            "from packaging.markers import Marker\nMarker('python_version ~ \"3\"')\n",
        ),
        _s(
            "a requirement name starting with a dash",
            "from packaging.requirements import Requirement\nRequirement('-pkg')\n",
        ),
        _s(
            "a wheel filename with a bad build tag",
            "from packaging.utils import parse_wheel_filename\nparse_wheel_filename('pkg-1.0-x-py3-none-any.whl')\n",
        ),
    ],
    "boto3": [
        _s("an unknown keyword to a call", S3 + "s3.list_objects_v2(Bucket='b', Prefix='p', Limit=5)\n"),
        _s(
            "a DynamoDB item with a set of mixed types",
            BO + "from boto3.dynamodb.types import TypeSerializer\nTypeSerializer().serialize({1, 'a'})\n",
        ),
        _s(
            "a presigned url of an unknown method",
            S3 + "s3.generate_presigned_url('fetch_object', Params={'Bucket': 'b', 'Key': 'k'})\n",
        ),
        _s(
            "invoke with an empty function name",
            BO + "boto3.client('lambda', region_name='us-east-1').invoke(FunctionName='')\n",
        ),
        _s(
            "a dynamodb condition of an And with a string",
            BO
            + "from boto3.dynamodb.conditions import Key\nfrom boto3.dynamodb.conditions import ConditionExpressionBuilder\nConditionExpressionBuilder().build_expression(Key('a').eq(1) & 'b', is_key_condition=True)\n",
        ),
        _s(
            "a key condition of an attribute",
            BO
            + "from boto3.dynamodb.conditions import Attr, ConditionExpressionBuilder\nConditionExpressionBuilder().build_expression(Attr('a').eq(1), is_key_condition=True)\n",
        ),
    ],
    "tomlkit": [
        _s("a key missing in a document", TK + "tomlkit.parse('a = 1\\n')['b']\n"),
    ],
}

# As in runtime6: an error raised in compiled code (or the standard library) below a library
# frame has that deepest library frame as its truth, as a judge reading the traceback takes it.
SNIPPETS = {lib: [replace(s, compiled_truth=True) for s in snippets] for lib, snippets in SNIPPETS.items()}


def main(argv: list[str] | None = None) -> int:
    # httpx runs the FastAPI and Starlette test clients and is no dependency of either; botocore,
    # s3transfer, numpy and pydantic come with boto3, SciPy and FastAPI, at their pins (every pin
    # is a constraint), as in runtime6.
    return set_main(
        "runtime17", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "", also_install=("httpx",)
    )


if __name__ == "__main__":
    sys.exit(main())
