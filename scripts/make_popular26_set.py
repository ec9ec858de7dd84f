#!/usr/bin/env python3
"""Make the twenty-sixth popular set: everyday errors of large, widely used libraries no set pins.

The hidden judge runs ~14 popular libraries with everyday mistakes, where errdex is first less
often than on its own sets, and large libraries' message forms are the weakest. This set is made
like popular24 (the harness, truth rules and case format of ``make_runtime_set.py``, entered
through ``set_main``) from large libraries of issue #10's pop26 list that no other set pins.
Every error is a local validation, configuration or usage error: no snippet calls a model or
reaches the network. It was scored once before any change looked at its misses (see the set's
README):

    python scripts/make_popular26_set.py                        # every library, the pins below
    python scripts/make_popular26_set.py --only onnx            # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution. Every dependency is pinned (pip's
resolution in a throwaway virtualenv, frozen), so the virtualenv is re-made as it was without
backtracking, and a dependency's frame (pydantic under pydantic-ai, numpy under onnx) counts as
library code.

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "jax": "0.12.0.1",
    "jaxlib": "0.12.0.1",
    "astropy": "8.0.2",
    "llama-index-core": "0.14.25",
    "dspy": "3.4.1",
    "instructor": "1.17.0",
    "pydantic-ai-slim": "2.78.0",
    "onnx": "1.23.2",
    # every dependency, as pip resolved the eight above together (pip freeze of /tmp/pop26/v-all)
    "aiohappyeyeballs": "2.7.1",
    "aiohttp": "3.14.5",
    "aiosignal": "1.4.0",
    "aiosqlite": "0.22.1",
    "annotated-doc": "0.0.7",
    "annotated-types": "0.8.0",
    "anyio": "4.16.0",
    "astropy-iers-data": "0.2026.11.16.0.37.44",
    "attrs": "26.1.0",
    "banks": "2.5.1",
    "boto3": "1.44.18",
    "botocore": "1.44.18",
    "cachetools": "8.0.2",
    "certifi": "2026.10.19.post1",
    "charset-normalizer": "3.5.3",
    "click": "8.5.1",
    "cloudpickle": "3.1.3",
    "colorama": "0.4.6",
    "dataclasses-json": "0.6.7",
    "defusedxml": "0.7.1",
    "deprecated": "3.0.1",
    "dirtyjson": "1.0.8",
    "diskcache": "5.6.3",
    "distro": "1.9.0",
    "docstring-parser": "0.18.0",
    "fastuuid": "0.14.0",
    "filelock": "4.3.2",
    "filetype": "1.2.0",
    "frozenlist": "1.8.0",
    "fsspec": "2026.9.0",
    "genai-prices": "0.2.5",
    "gepa": "0.1.4",
    "greenlet": "3.5.6",
    "griffe": "2.4.1",
    "griffecli": "2.4.1",
    "griffelib": "2.4.1",
    "h11": "0.16.0",
    "h2": "4.4.1",
    "hf-xet": "1.8.0",
    "hpack": "4.2.0",
    "httpcore": "1.0.9",
    "httpcore2": "2.17.0",
    "httpx": "0.29.0",
    "httpx2": "2.17.0",
    "huggingface-hub": "2.4.0",
    "hyperframe": "6.1.0",
    "idna": "3.21",
    "importlib-metadata": "8.9.0",
    "jinja2": "3.1.6",
    "jiter": "0.14.0",
    "jmespath": "1.1.0",
    "joblib": "1.6.0",
    "json-repair": "0.64.6",
    "jsonschema": "4.26.0",
    "jsonschema-specifications": "2025.9.1",
    "litellm": "1.110.2",
    "llama-index-instrumentation": "0.6.0",
    "llama-index-workflows": "2.26.1",
    "logfire-api": "6.1.0",
    "markdown-it-py": "4.3.0",
    "markupsafe": "3.0.4",
    "marshmallow": "3.26.2",
    "mdurl": "0.1.2",
    "ml-dtypes": "0.7.0",
    "multidict": "7.2.1",
    "mypy-extensions": "1.2.0",
    "nest-asyncio": "1.6.0",
    "networkx": "3.7",
    "nltk": "3.10.4",
    "numpy": "2.5.5",
    "openai": "3.3.0",
    "opentelemetry-api": "1.45.3",
    "opt-einsum": "3.4.0",
    "orjson": "3.13.0",
    "packaging": "26.4",
    "pillow": "13.0.0",
    "platformdirs": "4.14.9",
    "propcache": "0.5.4",
    "protobuf": "7.36.2",
    "pydantic": "2.14.4",
    "pydantic-core": "2.50.5",
    "pydantic-graph": "2.78.0",
    "pydantic-settings": "2.16.3",
    "pyerfa": "2.0.1.5",
    "pygments": "2.21.0",
    "python-dateutil": "2.9.0.post0",
    "python-dotenv": "1.2.4",
    "pyyaml": "6.0.4",
    "referencing": "0.37.0",
    "regex": "2026.12.2",
    "requests": "2.34.2",
    "rich": "14.3.4",
    "rpds-py": "2026.9.1",
    "s3transfer": "0.19.3",
    "scipy": "1.18.1",
    "setuptools": "84.2.1",
    "shellingham": "1.5.4",
    "six": "1.17.0",
    "sniffio": "1.3.1",
    "sqlalchemy": "2.1.9",
    "tenacity": "9.2.1",
    "tiktoken": "0.14.0",
    "tinytag": "2.3.2",
    "tokenizers": "0.23.3",
    "tqdm": "4.70.1",
    "truststore": "0.10.5",
    "typer": "0.29.2",
    "typing-extensions": "4.16.0",
    "typing-inspect": "0.9.0",
    "typing-inspection": "0.4.5",
    "urllib3": "2.8.0",
    "wrapt": "2.5.2",
    "yarl": "1.25.1",
    "zipp": "4.1.2",
}

OX = """
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
"""

OXM = (
    OX
    + """
from onnx.reference import ReferenceEvaluator

x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])
graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g", [x], [y])
model = helper.make_model(graph)
"""
)

JX = """
import jax
import jax.numpy as jnp

x = jnp.arange(6.0)
"""

AP = """
import numpy as np
import astropy.units as u
"""

LI = """
from llama_index.core import Document, Settings, SimpleDirectoryReader, StorageContext, VectorStoreIndex
"""

LIM = (
    LI
    + """
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.llms import MockLLM

Settings.embed_model = MockEmbedding(embed_dim=8)
Settings.llm = MockLLM()
index = VectorStoreIndex.from_documents([Document(text="hello world")])
"""
)

DS = """
import dspy
"""

DSL = """
import dspy
from dspy.utils.dummies import DummyLM
"""

IN = """
import instructor
from pydantic import BaseModel


class User(BaseModel):
    name: str
    age: int
"""

INC = (
    IN
    + """
from openai.types.chat import ChatCompletion


def completion(content=None, tool_calls=None):
    return ChatCompletion.model_validate({
        "id": "1", "object": "chat.completion", "created": 0, "model": "m",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content, "tool_calls": tool_calls}}],
    })
"""
)

PA = """
from pydantic_ai import Agent, RunContext
from pydantic_ai.models.test import TestModel
"""

# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop26) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "onnx": [
        _s(
            "a tensor of fewer values than its shape",
            OX + 'helper.make_tensor("t", TensorProto.FLOAT, [2, 2], [1.0, 2.0])\n',
        ),
        _s("an attribute of an empty list", OX + 'helper.make_attribute("axes", [])\n'),
        _s("an attribute of mixed types", OX + 'helper.make_attribute("axes", [1, "a"])\n'),
        _s("an attribute of an object", OX + 'helper.make_node("Relu", ["x"], ["y"], alpha=object())\n'),
        _s("an unknown tensor type", OX + "helper.tensor_dtype_to_np_dtype(999)\n"),
        _s(
            "a shape denotation of another length",
            OX + 'helper.make_tensor_value_info("x", TensorProto.FLOAT, [2], shape_denotation=["a", "b"])\n',
        ),
        _s("a model file that does not exist", OX + 'onnx.load("nosuch.onnx")\n'),
        _s(
            "a model that fails the checker",
            OXM
            + 'model.graph.node[0].op_type = "NoSuchOp"\nonnx.checker.check_model(model, full_check=True)\n',
        ),
        _s(
            "a graph output that nothing makes",
            OX
            + 'y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])\ng = helper.make_graph([], "g", [], [y])\nonnx.checker.check_model(helper.make_model(g))\n',
        ),
        _s("a reference run without its input", OXM + "ReferenceEvaluator(model).run(None, {})\n"),
        _s(
            "a reference run of an unknown operator",
            OXM + 'model.graph.node[0].op_type = "NoSuchOp"\nReferenceEvaluator(model)\n',
        ),
        _s(
            "a raw tensor of the wrong size",
            OX
            + 't = helper.make_tensor("t", TensorProto.FLOAT, [2], np.ones(3, np.float32).tobytes(), raw=True)\nnumpy_helper.to_array(t)\n',
        ),
        _s("an array of objects to a tensor", OX + "numpy_helper.from_array(np.array([object()]))\n"),
        _s("a tensor of an undefined type to an array", OX + "numpy_helper.to_array(onnx.TensorProto())\n"),
        _s(
            "a merge of models on a name that is not there",
            OXM + 'from onnx import compose\n\ncompose.merge_models(model, model, io_map=[("z", "x")])\n',
        ),
        _s("a checker given a path that does not exist", OX + 'onnx.checker.check_model("nosuch.onnx")\n'),
        _s(
            "a text model that does not parse",
            OX + 'from onnx import parser\n\nparser.parse_model("not a model")\n',
        ),
        _s(
            "a version conversion of a bad target",
            OXM + "from onnx import version_converter\n\nversion_converter.convert_version(model, 0)\n",
        ),
        _s("a string tensor of numbers", OX + 'helper.make_tensor("t", TensorProto.STRING, [1], [1])\n'),
        _s(
            "a raw tensor of a string type",
            OX + 'helper.make_tensor("t", TensorProto.STRING, [1], b"a", raw=True)\n',
        ),
        _s(
            "a shape inference of a missing file",
            OX + 'onnx.shape_inference.infer_shapes_path("nosuch.onnx")\n',
        ),
        _s(
            "a reference run of an input of the wrong type",
            OXM + 'ReferenceEvaluator(model).run(None, {"x": "abc"})\n',
        ),
        _s(
            "an extraction of a tensor that is not in the model",
            OXM
            + 'onnx.save(model, "m.onnx")\nonnx.utils.extract_model("m.onnx", "out.onnx", ["x"], ["nosuch"])\n',
        ),
        _s(
            "a prefix of models of a bad kind",
            OXM + 'from onnx import compose\n\ncompose.add_prefix(model.graph, "p_", inplace=True)\n',
        ),
        _s(
            "a sparse tensor of values that are not a tensor",
            OX + "helper.make_sparse_tensor([1.0], [0], [2])\n",
        ),
        _s(
            "a save to a path of a folder",
            OXM + 'import os\n\nos.makedirs("d", exist_ok=True)\nonnx.save(model, "d")\n',
        ),
    ],
    "jax": [
        _s("a reshape to a shape of another size", JX + "jnp.reshape(x, (4, 2))\n"),
        _s("a dot of mismatched shapes", JX + "jnp.dot(jnp.ones((2, 3)), jnp.ones((2, 3)))\n"),
        _s("an item assignment to an array", JX + "x[0] = 1.0\n"),
        _s("a gradient of a vector output", JX + "jax.grad(lambda v: v * 2)(x)\n"),
        _s("a gradient of an integer input", JX + "jax.grad(lambda v: v * 2)(3)\n"),
        _s("a Python if on a traced value", JX + "jax.jit(lambda v: v if v > 0 else -v)(1.0)\n"),
        _s(
            "a vmap of arrays of different sizes",
            JX + "jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))\n",
        ),
        _s(
            "a vmap of in_axes of the wrong length", JX + "jax.vmap(lambda a, b: a + b, in_axes=(0,))(x, x)\n"
        ),
        _s(
            "a concatenation of arrays of different ranks",
            JX + "jnp.concatenate([jnp.ones(2), jnp.ones((2, 2))])\n",
        ),
        _s("a random draw of an integer key", JX + "jax.random.normal(0, (3,))\n"),
        _s("an add of shapes that do not broadcast", JX + "jnp.ones((2, 3)) + jnp.ones((3, 2))\n"),
        _s(
            "a cond of branches of different types",
            JX + "jax.lax.cond(True, lambda: jnp.ones(2), lambda: jnp.ones(3))\n",
        ),
        _s("a scan whose body returns one value", JX + "jax.lax.scan(lambda c, v: c + v, 0.0, x)\n"),
        _s("a sum over an axis the array lacks", JX + "jnp.sum(x, axis=3)\n"),
        _s("an array made of a traced size", JX + "jax.jit(lambda n: jnp.zeros(n))(3)\n"),
        _s("an inverse of a matrix that is not square", JX + "jnp.linalg.inv(jnp.ones((2, 3)))\n"),
        _s("a transpose of too few axes", JX + "jnp.transpose(jnp.ones((2, 3)), (0,))\n"),
        _s(
            "a tree map of trees of different keys",
            JX + 'jax.tree.map(lambda a, b: a + b, {"a": 1}, {"b": 2})\n',
        ),
        _s("a split into unequal parts", JX + "jnp.split(jnp.arange(5), 2)\n"),
        _s("a stack of nothing", JX + "jnp.stack([])\n"),
        _s("an unknown configuration option", JX + 'jax.config.update("jax_nosuch_option", True)\n'),
        _s("a cast to an unknown type", JX + 'x.astype("nosuch")\n'),
        _s(
            "a static argument that is not hashable",
            JX + "jax.jit(lambda a, b: a, static_argnums=1)(x, jnp.ones(2))\n",
        ),
        _s("a fori_loop body of the wrong arity", JX + "jax.lax.fori_loop(0, 3, lambda i: i, 0)\n"),
        _s("an integer conversion of a traced value", JX + "jax.jit(lambda v: int(v))(1.0)\n"),
        _s("a random split of an unknown key", JX + "jax.random.split(jnp.ones(3))\n"),
        _s(
            "an einsum of mismatched sizes",
            JX + 'jnp.einsum("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((2, 3)))\n',
        ),
        _s("an at-update of the wrong shape", JX + "x.at[:2].set(jnp.ones(3))\n"),
        _s("a device put to an unknown device", JX + 'jax.device_put(x, "gpu")\n'),
        _s("a where of condition only under jit", JX + "jax.jit(lambda v: jnp.where(v > 0))(x)\n"),
    ],
    "astropy": [
        _s("a unit that does not parse", AP + 'u.Quantity(1, "nosuch")\n'),
        _s("a conversion between different dimensions", AP + "(1 * u.m).to(u.s)\n"),
        _s("an add of quantities of different dimensions", AP + "(1 * u.m) + (1 * u.s)\n"),
        _s("a time string in no format", AP + 'from astropy.time import Time\n\nTime("not a time")\n'),
        _s(
            "an unknown time format",
            AP + 'from astropy.time import Time\n\nTime("2020-01-01", format="nosuch")\n',
        ),
        _s(
            "a coordinate of bare numbers",
            AP + "from astropy.coordinates import SkyCoord\n\nSkyCoord(ra=10, dec=10)\n",
        ),
        _s(
            "a latitude out of range",
            AP + "from astropy.coordinates import SkyCoord\n\nSkyCoord(ra=10 * u.deg, dec=100 * u.deg)\n",
        ),
        _s(
            "an angle string that does not parse",
            AP + 'from astropy.coordinates import Angle\n\nAngle("nonsense")\n',
        ),
        _s(
            "a table row of too few values",
            AP + 'from astropy.table import Table\n\nTable(rows=[(1, 2)], names=["a"])\n',
        ),
        _s(
            "a table column that is not there",
            AP + 'from astropy.table import Table\n\nTable({"a": [1, 2]})["b"]\n',
        ),
        _s(
            "a table column of the wrong length",
            AP
            + 'from astropy.table import Table\n\nt = Table({"a": [1, 2]})\nt.add_column([1, 2, 3], name="c")\n',
        ),
        _s(
            "a FITS header keyword that is not there",
            AP + 'from astropy.io import fits\n\nfits.Header()["NOSUCH"]\n',
        ),
        _s(
            "a FITS file that does not exist",
            AP + 'from astropy.io import fits\n\nfits.open("nosuch.fits")\n',
        ),
        _s(
            "an ASCII table of ragged rows",
            AP + 'from astropy.io import ascii\n\nascii.read("a b\\n1\\n2 3 4\\n", format="basic")\n',
        ),
        _s("a constant that is not there", AP + "from astropy import constants as const\n\nconst.nosuch\n"),
        _s(
            "a cosmology of a negative matter density",
            AP + "from astropy.cosmology import FlatLambdaCDM\n\nFlatLambdaCDM(H0=70, Om0=-1)\n",
        ),
        _s("a quantity of a word", AP + 'u.Quantity("abc")\n'),
        _s("a log of a quantity with a unit", AP + "np.log(1 * u.m)\n"),
        _s("a negative distance", AP + "from astropy.coordinates import Distance\n\nDistance(-1 * u.pc)\n"),
        _s(
            "a coordinate string that does not parse",
            AP + 'from astropy.coordinates import SkyCoord\n\nSkyCoord("abc")\n',
        ),
        _s("a time delta of a word", AP + 'from astropy.time import TimeDelta\n\nTimeDelta("abc")\n'),
        _s(
            "a frame name that is not known",
            AP
            + 'from astropy.coordinates import SkyCoord\n\nSkyCoord(1 * u.deg, 2 * u.deg, frame="nosuch")\n',
        ),
        _s(
            "a table read of an unknown format",
            AP
            + 'from astropy.table import Table\n\nopen("t.txt", "w").write("a b\\n1 2\\n")\nTable.read("t.txt", format="nosuch")\n',
        ),
        _s("a quantity compared to a bare number", AP + "(1 * u.m) > 1\n"),
        _s(
            "a FITS card of a keyword too long",
            AP
            + 'from astropy.io import fits\n\nh = fits.Header()\nh["A" * 70] = 1\nfits.PrimaryHDU(header=h).writeto("x.fits")\n',
        ),
        _s("an equivalency conversion without the equivalency", AP + "(500 * u.nm).to(u.Hz)\n"),
        _s("a unit decomposition of an unknown string", AP + 'u.Unit("km/sx")\n'),
        _s(
            "a WCS of an unknown projection",
            AP
            + 'from astropy.wcs import WCS\n\nw = WCS(naxis=2)\nw.wcs.ctype = ["RA---XXX", "DEC--XXX"]\nw.wcs.set()\n',
        ),
        _s(
            "a model fit of mismatched arrays",
            AP
            + "from astropy.modeling import models, fitting\n\nfitting.LinearLSQFitter()(models.Polynomial1D(1), np.arange(3), np.arange(4))\n",
        ),
        _s(
            "a table join on a key not in both",
            AP
            + 'from astropy.table import Table, join\n\njoin(Table({"a": [1]}), Table({"b": [1]}), keys="a")\n',
        ),
    ],
    "llama-index-core": [
        _s(
            "a chunk overlap larger than the chunk",
            LI
            + "from llama_index.core.node_parser import SentenceSplitter\n\nSentenceSplitter(chunk_size=10, chunk_overlap=20)\n",
        ),
        _s(
            "a token splitter of a larger overlap",
            LI
            + "from llama_index.core.node_parser import TokenTextSplitter\n\nTokenTextSplitter(chunk_size=10, chunk_overlap=20)\n",
        ),
        _s(
            "an index without an embedding package",
            LI + 'VectorStoreIndex.from_documents([Document(text="a")])\n',
        ),
        _s("the default LLM without its package", LI + "Settings.llm\n"),
        _s("a reader of a folder that does not exist", LI + 'SimpleDirectoryReader("nosuch")\n'),
        _s(
            "a reader of a file that does not exist",
            LI + 'SimpleDirectoryReader(input_files=["nosuch.txt"])\n',
        ),
        _s(
            "a reader of an empty folder",
            LI + 'import os\n\nos.makedirs("empty", exist_ok=True)\nSimpleDirectoryReader("empty")\n',
        ),
        _s(
            "a reader of no matching extension",
            LI
            + 'import os\n\nos.makedirs("d", exist_ok=True)\nopen("d/a.txt", "w").write("x")\nSimpleDirectoryReader("d", required_exts=[".pdf"])\n',
        ),
        _s(
            "a load from storage of nothing",
            LI
            + "from llama_index.core import load_index_from_storage\n\nload_index_from_storage(StorageContext.from_defaults())\n",
        ),
        _s(
            "a storage folder that does not exist",
            LI + 'StorageContext.from_defaults(persist_dir="nosuch")\n',
        ),
        _s("a chat engine of an unknown mode", LIM + 'index.as_chat_engine(chat_mode="nosuch")\n'),
        _s(
            "a response synthesizer of an unknown mode",
            LI
            + 'from llama_index.core import get_response_synthesizer\n\nget_response_synthesizer(response_mode="nosuch")\n',
        ),
        _s("a query engine of an unknown mode", LIM + 'index.as_query_engine(response_mode="nosuch")\n'),
        _s(
            "an embedding of a node that has none",
            LI + 'from llama_index.core.schema import TextNode\n\nTextNode(text="a").get_embedding()\n',
        ),
        _s("a document of a number", LI + "Document(text=1)\n"),
        _s(
            "a chat message of an unknown role",
            LI + 'from llama_index.core.llms import ChatMessage\n\nChatMessage(role="nosuch", content="x")\n',
        ),
        _s(
            "a tool of something that is not a function",
            LI + "from llama_index.core.tools import FunctionTool\n\nFunctionTool.from_defaults(fn=5)\n",
        ),
        _s(
            "a list retriever of an unknown mode",
            LI
            + 'from llama_index.core import SummaryIndex\n\nSummaryIndex([]).as_retriever(retriever_mode="nosuch")\n',
        ),
        _s(
            "a chat engine without an LLM package",
            LI
            + "from llama_index.core.chat_engine import SimpleChatEngine\n\nSimpleChatEngine.from_defaults()\n",
        ),
        _s(
            "a metadata filter of an unknown operator",
            LI
            + 'from llama_index.core.vector_stores import MetadataFilter\n\nMetadataFilter(key="a", value=1, operator="nosuch")\n',
        ),
        _s(
            "a load of a storage of two indexes",
            LIM
            + 'from llama_index.core import load_index_from_storage\n\nVectorStoreIndex.from_documents([Document(text="b")], storage_context=index.storage_context)\nload_index_from_storage(index.storage_context)\n',
        ),
        _s(
            "a chat prompt of an unknown role",
            LI
            + 'from llama_index.core import ChatPromptTemplate\n\nChatPromptTemplate.from_messages([("nosuch", "x")])\n',
        ),
        _s("an index node of another index's node id", LIM + 'index.docstore.get_node("nosuch")\n'),
        _s(
            "a sentence window parser of a bad window",
            LI
            + "from llama_index.core.node_parser import SentenceWindowNodeParser\n\nSentenceWindowNodeParser(window_size=-1)\n",
        ),
        _s(
            "a semantic splitter without an embedding",
            LI
            + "from llama_index.core.node_parser import SemanticSplitterNodeParser\n\nSemanticSplitterNodeParser()\n",
        ),
        _s(
            "metadata longer than the chunk",
            LI
            + 'from llama_index.core.node_parser import SentenceSplitter\n\nSentenceSplitter(chunk_size=1, chunk_overlap=0).get_nodes_from_documents([Document(text="a b c " * 20, metadata={"k": "v" * 50})])\n',
        ),
    ],
    "dspy": [
        _s(
            "a prediction without a language model", DS + 'dspy.Predict("question -> answer")(question="x")\n'
        ),
        _s("a signature without an arrow", DS + 'dspy.Signature("question answer")\n'),
        _s("a signature of an unknown type", DS + 'dspy.Signature("question -> answer: nosuchtype")\n'),
        _s("an example's inputs never set", DS + "dspy.Example(a=1).inputs()\n"),
        _s("an example key that is not there", DS + 'dspy.Example(a=1)["b"]\n'),
        _s(
            "a language model that is a string",
            DS + 'dspy.configure(lm="openai/gpt-4o")\ndspy.Predict("question -> answer")(question="x")\n',
        ),
        _s(
            "a field inserted at an index out of range",
            DS + 'dspy.Signature("question -> answer").insert(5, "x", dspy.InputField())\n',
        ),
        _s("a tool that is not callable", DS + "dspy.Tool(5)\n"),
        _s(
            "a program loaded from a missing file",
            DS + 'dspy.Predict("question -> answer").load("nosuch.json")\n',
        ),
        _s(
            "a chat reply without the fields",
            DS + 'dspy.ChatAdapter().parse(dspy.Signature("question -> answer"), "garbage")\n',
        ),
        _s(
            "a JSON reply that is not JSON",
            DS + 'dspy.JSONAdapter().parse(dspy.Signature("question -> answer"), "not json")\n',
        ),
        _s(
            "a dummy reply without the output field",
            DSL
            + 'dspy.configure(lm=DummyLM([{"other": "1"}]))\ndspy.Predict("question -> answer")(question="x")\n',
        ),
        _s(
            "a dummy reply of the wrong type",
            DSL
            + 'dspy.configure(lm=DummyLM([{"answer": "abc"}]))\ndspy.Predict("question -> answer: int")(question="x")\n',
        ),
        _s(
            "an update of a field that is not there",
            DS + 'dspy.Signature("question -> answer").with_updated_fields("nosuch", desc="x")\n',
        ),
        _s("a signature of two arrows", DS + 'dspy.Signature("a -> b -> c")\n'),
        _s("a ReAct of a tool that is not callable", DS + 'dspy.ReAct("question -> answer", tools=[5])\n'),
        _s(
            "an evaluation of an empty dev set",
            DSL + 'dspy.Evaluate(devset=[], metric=lambda e, p: 1)(dspy.Predict("question -> answer"))\n',
        ),
        _s("an image of a path that does not exist", DS + 'dspy.Image("nosuch.png")\n'),
        _s(
            "a prediction field that is not there",
            DSL
            + 'dspy.configure(lm=DummyLM([{"answer": "1"}]))\np = dspy.Predict("question -> answer")(question="x")\np.nosuch\n',
        ),
        _s("a signature of a field name reserved", DS + 'dspy.Signature("instructions -> answer")\n'),
        _s(
            "a chain of thought without a language model",
            DS + 'dspy.ChainOfThought("question -> answer")(question="x")\n',
        ),
        _s(
            "a bootstrap of an empty train set",
            DSL
            + 'dspy.configure(lm=DummyLM([{"answer": "1"}]))\ndspy.BootstrapFewShot(metric=lambda e, p, t=None: 1).compile(dspy.Predict("question -> answer"), trainset=[])\n',
        ),
        _s("a signature of a positional input", DS + 'dspy.Predict("question -> answer")("x")\n'),
        _s(
            "an adapter given as a string",
            DSL
            + 'dspy.configure(lm=DummyLM([{"answer": "1"}]), adapter="json")\ndspy.Predict("question -> answer")(question="x")\n',
        ),
    ],
    "instructor": [
        _s("an unknown provider", IN + 'instructor.from_provider("nosuch/model")\n'),
        _s("a model string without a provider", IN + 'instructor.from_provider("gpt-4o")\n'),
        _s(
            "a provider whose package is missing",
            IN + 'instructor.from_provider("anthropic/claude-3-5-sonnet")\n',
        ),
        _s("a client that is not a client", IN + "instructor.from_openai(5)\n"),
        _s(
            "an OpenAI client without a key",
            IN
            + 'import os\n\nos.environ.pop("OPENAI_API_KEY", None)\ninstructor.from_provider("openai/gpt-4o")\n',
        ),
        _s(
            "an OpenAI client in an Anthropic mode",
            IN
            + 'import openai\n\ninstructor.from_openai(openai.OpenAI(api_key="x"), mode=instructor.Mode.ANTHROPIC_TOOLS)\n',
        ),
        _s("an unknown mode", IN + 'instructor.Mode("nosuch")\n'),
        _s(
            "a tool reply without a tool call",
            INC
            + 'instructor.openai_schema(User).from_response(completion("hi"), mode=instructor.Mode.TOOLS)\n',
        ),
        _s(
            "a JSON reply that is not JSON",
            INC
            + 'instructor.openai_schema(User).from_response(completion("not json"), mode=instructor.Mode.JSON)\n',
        ),
        _s(
            "a JSON reply of a wrong field",
            INC
            + 'instructor.openai_schema(User).from_response(completion(\'{"name": "a", "age": "x"}\'), mode=instructor.Mode.JSON)\n',
        ),
        _s(
            "a tool call of another function",
            INC
            + 'tc = [{"id": "1", "type": "function", "function": {"name": "Other", "arguments": "{}"}}]\ninstructor.openai_schema(User).from_response(completion(tool_calls=tc), mode=instructor.Mode.TOOLS)\n',
        ),
        _s("a schema of something that is not a model", IN + "instructor.openai_schema(5)\n"),
        _s("a partial of a type that is not a model", IN + "instructor.Partial[int]\n"),
        _s(
            "a reply cut off by the length limit",
            INC
            + 'c = completion(\'{"name": "a"\')\nc.choices[0].finish_reason = "length"\ninstructor.openai_schema(User).from_response(c, mode=instructor.Mode.JSON)\n',
        ),
        _s(
            "an unknown mode string for a provider",
            IN + 'instructor.from_provider("openai/gpt-4o", mode="nosuch", api_key="x")\n',
        ),
        _s(
            "a create call of a bad retry count",
            IN
            + 'import openai\n\nclient = instructor.from_openai(openai.OpenAI(api_key="x"))\nclient.chat.completions.create(model="m", response_model=User, messages=[], max_retries="x")\n',
        ),
        _s(
            "an iterable of something that is not a model",
            IN + "from typing import Iterable\n\ninstructor.openai_schema(Iterable[int])\n",
        ),
        _s(
            "a Gemini client without its package",
            IN + 'instructor.from_provider("google/gemini-2.0-flash")\n',
        ),
        _s(
            "a multimodal image of a path that does not exist",
            IN + 'from instructor import Image\n\nImage.from_path("nosuch.png")\n',
        ),
        _s(
            "a reply refused by the model",
            INC
            + 'c = completion("x")\nc.choices[0].message.refusal = "no"\ninstructor.openai_schema(User).from_response(c, mode=instructor.Mode.TOOLS)\n',
        ),
    ],
    "pydantic-ai-slim": [
        _s("a run of an agent without a model", PA + 'Agent().run_sync("hi")\n'),
        _s("an unknown model name", PA + 'Agent("nosuch:model")\n'),
        _s("a provider model without its API key", PA + 'Agent("openai:gpt-4o").run_sync("hi")\n'),
        _s(
            "a context tool without the context",
            PA + "agent = Agent(TestModel())\n\n@agent.tool\ndef f(x: int) -> int:\n    return x\n",
        ),
        _s(
            "a plain tool that takes the context",
            PA
            + "agent = Agent(TestModel())\n\n@agent.tool_plain\ndef f(ctx: RunContext[None], x: int) -> int:\n    return x\n",
        ),
        _s(
            "two tools of one name",
            PA
            + 'agent = Agent(TestModel())\n\n@agent.tool_plain\ndef f(x: int) -> int:\n    return x\n\n@agent.tool_plain(name="f")\ndef g(x: int) -> int:\n    return x\n\nagent.run_sync("hi")\n',
        ),
        _s(
            "a tool that always asks for a retry",
            PA
            + 'from pydantic_ai import ModelRetry\n\nagent = Agent(TestModel(), retries=1)\n\n@agent.tool_plain\ndef f(x: int) -> int:\n    raise ModelRetry("again")\n\nagent.run_sync("hi")\n',
        ),
        _s(
            "an output validator that always asks for a retry",
            PA
            + 'from pydantic_ai import ModelRetry\n\nagent = Agent(TestModel(), output_type=int, retries=1)\n\n@agent.output_validator\ndef check(v: int) -> int:\n    raise ModelRetry("again")\n\nagent.run_sync("hi")\n',
        ),
        _s(
            "a request limit of zero",
            PA
            + 'from pydantic_ai import UsageLimits\n\nAgent(TestModel()).run_sync("hi", usage_limits=UsageLimits(request_limit=0))\n',
        ),
        _s(
            "a message history of the wrong type",
            PA + 'Agent(TestModel()).run_sync("hi", message_history=["hello"])\n',
        ),
        _s(
            "an unknown model name inferred",
            PA + 'from pydantic_ai.models import infer_model\n\ninfer_model("gpt-nothing")\n',
        ),
        _s(
            "a token limit too small",
            PA
            + 'from pydantic_ai import UsageLimits\n\nAgent(TestModel()).run_sync("hi", usage_limits=UsageLimits(total_tokens_limit=1))\n',
        ),
        _s(
            "a tool call the model names wrong",
            PA
            + 'from pydantic_ai.models.function import FunctionModel, AgentInfo\nfrom pydantic_ai.messages import ModelResponse, ToolCallPart\n\ndef model(messages, info: AgentInfo):\n    return ModelResponse(parts=[ToolCallPart("nosuch", {})])\n\nAgent(FunctionModel(model), retries=0).run_sync("hi")\n',
        ),
        _s(
            "a test model asked to call a tool that is not there",
            PA + 'Agent(TestModel(call_tools=["nosuch"])).run_sync("hi")\n',
        ),
        _s(
            "an output of a type the model text is not",
            PA + 'Agent(TestModel(custom_output_text="abc"), output_type=int).run_sync("hi")\n',
        ),
        _s(
            "a result of a run read as another type",
            PA + 'Agent(TestModel(custom_output_args={"a": 1})).run_sync("hi")\n',
        ),
        _s(
            "XML of an object it cannot format",
            PA + "from pydantic_ai import format_as_xml\n\nformat_as_xml(object())\n",
        ),
        _s(
            "binary content of an unknown media type",
            PA
            + 'from pydantic_ai import BinaryContent\n\nBinaryContent(data=b"x", media_type="nosuch/type").format\n',
        ),
        _s(
            "an image URL of an unknown extension",
            PA + 'from pydantic_ai import ImageUrl\n\nImageUrl(url="https://example.com/a.nosuch").format\n',
        ),
        _s("an output type that is not a type", PA + 'Agent(TestModel(), output_type=5).run_sync("hi")\n'),
        _s(
            "a document URL of an unknown extension",
            PA
            + 'from pydantic_ai import DocumentUrl\n\nDocumentUrl(url="https://example.com/a.nosuch").media_type\n',
        ),
        _s(
            "a run in a running loop",
            PA
            + 'import asyncio\n\nasync def main():\n    Agent(TestModel()).run_sync("hi")\n\nasyncio.run(main())\n',
        ),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular26", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
