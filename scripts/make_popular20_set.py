#!/usr/bin/env python3
"""Make the twentieth popular set: everyday errors of LARGE, much-used libraries no other set pins.

The judged everyday errors come from running popular, large libraries, where errdex is first less
often than on small ones. This set is made like popular19 (the harness, truth rules and case
format of ``make_runtime_set.py``, entered through ``set_main``) from eight large libraries that
no other regression set pins, taken from issue #10's list of large, much-used libraries: an LLM
application framework (its agent middleware and model/embedding factories) and its community
integrations (document loaders, vector stores, a SQL utility), a CloudFormation linter and a
Python linter used through their Python APIs, an MCP server framework, an LLM provider's client
(client-side validation only), a notebook server's contents manager and configuration, and a
data-frame API for a warehouse run in its local testing mode. Every error is provoked locally
(configuration, validation and usage mistakes), so no snippet reaches the network. It was
scored once before any change looked at its misses (see the set's README):

    python scripts/make_popular20_set.py                        # every library, the pins below
    python scripts/make_popular20_set.py --only fastmcp         # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution, so what a library runs but does not
pin (langchain-core under langchain, traitlets and tornado under the notebook server, pydantic,
the warehouse's connector) counts as outside code. The MCP framework's distribution holds no code:
its modules are installed by ``fastmcp-slim``, pinned at the same release, so the truth of its
cases points into that one and versions.json names both. pandas is pinned and installed only because
the warehouse API's local testing mode needs it (no case points into it).

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "langchain": "1.5.2",
    "langchain-community": "0.4.2",
    "cfn-lint": "1.58.0",
    "pylint": "4.1.5",
    "fastmcp": "4.2.3",
    "fastmcp-slim": "4.2.3",
    "cohere": "7.3.1",
    "jupyter-server": "2.21.1",
    "snowflake-snowpark-python": "1.56.0",
    "pandas": "3.1.1",
}

LC = """
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

model = GenericFakeChatModel(messages=iter([]))
"""

PL = """
from pylint.checkers import BaseChecker
from pylint.lint import PyLinter

linter = PyLinter()
"""

PLRUN = """
from pylint.lint import Run

open("app.py", "w").write("x = 1\\n")
"""

SQLDB = """
from langchain_community.utilities import SQLDatabase

open("app.db", "w").close()
"""

CFGRC = """
from cfnlint.config import ConfigMixIn
"""

FM = """
from fastmcp import FastMCP

mcp = FastMCP("demo")
"""

TOOL = """
from fastmcp.tools import Tool
from fastmcp.tools.tool_transform import ArgTransform


def add(a: int, b: int) -> int:
    return a + b


tool = Tool.from_function(add)
"""

CO = """
import cohere

co = cohere.Client(api_key="k")
"""

CM = """
import os

from jupyter_server.services.contents.filemanager import FileContentsManager

cm = FileContentsManager(root_dir=os.getcwd())
"""

SP = """
from snowflake.snowpark import Session

session = Session.builder.config("local_testing", True).create()
df = session.create_dataframe([[1, 2]], schema=["a", "b"])
"""

# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop20) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "langchain": [
        _s(
            "a chat model whose provider cannot be inferred",
            'from langchain.chat_models import init_chat_model\n\ninit_chat_model("my-custom-model")\n',
        ),
        _s(
            "a chat model of a misspelled provider",
            'from langchain.chat_models import init_chat_model\n\ninit_chat_model("gpt-4o", model_provider="openia")\n',
        ),
        _s(
            "a chat model whose integration package is missing",
            'from langchain.chat_models import init_chat_model\n\ninit_chat_model("openai:gpt-4o")\n',
        ),
        _s(
            "embeddings without a provider",
            'from langchain.embeddings import init_embeddings\n\ninit_embeddings("text-embedding-3-small")\n',
        ),
        _s(
            "embeddings of an unknown provider",
            'from langchain.embeddings import init_embeddings\n\ninit_embeddings("nosuch:text-embedding-3-small")\n',
        ),
        _s(
            "embeddings whose integration package is missing",
            'from langchain.embeddings import init_embeddings\n\ninit_embeddings("openai:text-embedding-3-small")\n',
        ),
        _s(
            "embeddings of an empty name",
            'from langchain.embeddings import init_embeddings\n\ninit_embeddings("")\n',
        ),
        _s(
            "a model call limit without a limit",
            "from langchain.agents.middleware import ModelCallLimitMiddleware\n\nModelCallLimitMiddleware()\n",
        ),
        _s(
            "a model call limit of an unknown exit behavior",
            "from langchain.agents.middleware import ModelCallLimitMiddleware\n\n"
            'ModelCallLimitMiddleware(run_limit=3, exit_behavior="stop")\n',
        ),
        _s(
            "a tool call limit of an unknown exit behavior",
            "from langchain.agents.middleware import ToolCallLimitMiddleware\n\n"
            'ToolCallLimitMiddleware(run_limit=3, exit_behavior="stop")\n',
        ),
        _s(
            "a tool retry of negative retries",
            "from langchain.agents.middleware import ToolRetryMiddleware\n\nToolRetryMiddleware(max_retries=-1)\n",
        ),
        _s(
            "a model retry of a negative delay",
            "from langchain.agents.middleware import ModelRetryMiddleware\n\nModelRetryMiddleware(initial_delay=-1)\n",
        ),
        _s(
            "a human-in-the-loop tool with no decisions allowed",
            "from langchain.agents.middleware import HumanInTheLoopMiddleware\n\n"
            'HumanInTheLoopMiddleware(interrupt_on={"send_email": {"allowed_decisions": []}})\n',
        ),
        _s(
            "a PII middleware of an unknown type",
            'from langchain.agents.middleware import PIIMiddleware\n\nPIIMiddleware("ssn")\n',
        ),
        _s(
            "an agent given one middleware twice",
            LC
            + "from langchain.agents import create_agent\nfrom langchain.agents.middleware import ModelCallLimitMiddleware\n\n"
            "limit = ModelCallLimitMiddleware(run_limit=1)\ncreate_agent(model, middleware=[limit, limit])\n",
        ),
        _s(
            "an agent of a bare model name without its package",
            'from langchain.agents import create_agent\n\ncreate_agent("gpt-4o")\n',
        ),
        _s(
            "an unknown attribute of a configurable model",
            "from langchain.chat_models import init_chat_model\n\n"
            'model = init_chat_model(configurable_fields="any")\nmodel.nosuch\n',
        ),
        _s(
            "a human-in-the-loop of an unknown interrupt mode",
            "from langchain.agents.middleware import HumanInTheLoopMiddleware\n\n"
            'HumanInTheLoopMiddleware(interrupt_on={"send_email": True}, interrupt_mode="later")\n',
        ),
        _s(
            "a run limit above the thread limit",
            "from langchain.agents.middleware import ToolCallLimitMiddleware\n\n"
            "ToolCallLimitMiddleware(thread_limit=1, run_limit=5)\n",
        ),
        _s(
            "a summarization trigger of an unknown metric",
            LC + "from langchain.agents.middleware import SummarizationMiddleware\n\n"
            'SummarizationMiddleware(model=model, trigger=("turns", 10))\n',
        ),
        _s(
            "a summarization trigger of a fraction above one",
            LC + "from langchain.agents.middleware import SummarizationMiddleware\n\n"
            'SummarizationMiddleware(model=model, trigger=("fraction", 1.5))\n',
        ),
        _s(
            "a summarization trigger of an empty clause",
            LC + "from langchain.agents.middleware import SummarizationMiddleware\n\n"
            "SummarizationMiddleware(model=model, trigger={})\n",
        ),
    ],
    "langchain-community": [
        _s(
            "a text file that does not exist",
            'from langchain_community.document_loaders import TextLoader\n\nTextLoader("notes.txt").load()\n',
        ),
        _s(
            "a directory that does not exist",
            "from langchain_community.document_loaders import DirectoryLoader\n\n"
            'DirectoryLoader("docs", glob="**/*.md").load()\n',
        ),
        _s(
            "a CSV file that does not exist",
            'from langchain_community.document_loaders import CSVLoader\n\nCSVLoader("data.csv").load()\n',
        ),
        _s(
            "a PDF file that does not exist",
            'from langchain_community.document_loaders import PyPDFLoader\n\nPyPDFLoader("paper.pdf").load()\n',
        ),
        _s(
            "a FAISS store without faiss",
            "from langchain_community.embeddings import FakeEmbeddings\nfrom langchain_community.vectorstores import FAISS\n\n"
            'FAISS.from_texts(["a", "b"], FakeEmbeddings(size=8))\n',
        ),
        _s(
            "a SQL database of a table it does not have",
            SQLDB + 'SQLDatabase.from_uri("sqlite:///app.db", include_tables=["users"])\n',
        ),
        _s(
            "a SQL database of both included and ignored tables",
            SQLDB + 'SQLDatabase.from_uri("sqlite:///app.db", include_tables=["a"], ignore_tables=["b"])\n',
        ),
        _s(
            "a JSON loader without jq",
            'from langchain_community.document_loaders import JSONLoader\n\nJSONLoader("data.json", jq_schema=".items[]").load()\n',
        ),
        _s(
            "a Chroma store without chromadb",
            "from langchain_community.embeddings import FakeEmbeddings\nfrom langchain_community.vectorstores import Chroma\n\n"
            'Chroma.from_texts(["a"], FakeEmbeddings(size=8))\n',
        ),
        _s(
            "sentence-transformer embeddings without the package",
            "from langchain_community.embeddings import HuggingFaceEmbeddings\n\nHuggingFaceEmbeddings()\n",
        ),
        _s(
            "an unstructured loader without unstructured",
            "from langchain_community.document_loaders import UnstructuredFileLoader\n\n"
            'UnstructuredFileLoader("report.docx").load()\n',
        ),
        _s(
            "a directory loader of loader arguments that are not a mapping",
            "from langchain_community.document_loaders import DirectoryLoader\n\n"
            'open("a.txt", "w").write("x")\nDirectoryLoader(".", glob="*.txt", loader_kwargs=5).load()\n',
        ),
        _s(
            "a FAISS index loaded without allowing pickle",
            "from langchain_community.embeddings import FakeEmbeddings\nfrom langchain_community.vectorstores import FAISS\n\n"
            'FAISS.load_local("index", FakeEmbeddings(size=8))\n',
        ),
        _s(
            "a text file of a wrong encoding",
            "from langchain_community.document_loaders import TextLoader\n\n"
            'open("a.txt", "wb").write(b"\\xff\\xfe\\x00bad")\nTextLoader("a.txt", encoding="utf-8").load()\n',
        ),
        _s(
            "custom table info that is a list",
            SQLDB + 'SQLDatabase.from_uri("sqlite:///app.db", custom_table_info=["users"])\n',
        ),
        _s(
            "a CSV loader of a source column not in the file",
            "from langchain_community.document_loaders import CSVLoader\n\n"
            'open("d.csv", "w").write("a,b\\n1,2\\n")\nCSVLoader("d.csv", source_column="url").load()\n',
        ),
        _s(
            "a BM25 retriever without rank_bm25",
            'from langchain_community.retrievers import BM25Retriever\n\nBM25Retriever.from_texts(["a"])\n',
        ),
        _s(
            "a shell tool without langchain-experimental",
            "from langchain_community.tools import ShellTool\n\nShellTool()\n",
        ),
        _s(
            "an HTML loader without lxml",
            'from langchain_community.document_loaders import BSHTMLLoader\n\nopen("a.html", "w").write("<p>x</p>")\nBSHTMLLoader("a.html").load()\n',
        ),
        _s(
            "table info of a table the database does not have",
            SQLDB + 'db = SQLDatabase.from_uri("sqlite:///app.db")\ndb.get_table_info(["users"])\n',
        ),
        _s(
            "a Python file that does not exist",
            'from langchain_community.document_loaders import PythonLoader\n\nPythonLoader("missing.py").load()\n',
        ),
    ],
    "cfn-lint": [
        _s(
            "a template linted for an unknown region",
            'from cfnlint.api import ManualArgs, lint\n\nlint("Resources: {}", config=ManualArgs(regions=["nosuch-1"]))\n',
        ),
        _s(
            "a template file that does not exist",
            CFGRC + 'ConfigMixIn(["--", "template.yaml"]).templates\n',
        ),
        _s(
            "an unknown key in .cfnlintrc",
            'open(".cfnlintrc", "w").write("templates: t.yaml\\nnosuch: 1\\n")\n'
            + CFGRC
            + "ConfigMixIn([])\n",
        ),
        _s(
            "regions in .cfnlintrc that are a string",
            'open(".cfnlintrc", "w").write("regions: us-east-1\\n")\n' + CFGRC + "ConfigMixIn([])\n",
        ),
        _s(
            "a template given as text",
            'from cfnlint.template import Template\n\nTemplate("t.yaml", "Resources: {}")\n',
        ),
        _s(
            "a JSON template of a key given twice",
            'from cfnlint.decode.cfn_json import loads\n\nloads(\'{"Resources": {}, "Resources": {}}\')\n',
        ),
        _s(
            "a YAML template of a key given twice",
            'from cfnlint.decode.cfn_yaml import loads\n\nloads("Resources: {}\\nResources: {}\\n")\n',
        ),
        _s(
            "a custom rule registered twice",
            "from cfnlint.rules import CloudFormationLintRule, Rules\n\n\nclass MyRule(CloudFormationLintRule):\n"
            '    id = "E9001"\n\n\nrules = Rules()\nrules.register(MyRule())\nrules.register(MyRule())\n',
        ),
        _s("a configuration without templates", CFGRC + "ConfigMixIn([]).validate()\n"),
        _s(
            "configure_rules in .cfnlintrc that is a number",
            'open(".cfnlintrc", "w").write("configure_rules: 5\\n")\n' + CFGRC + "ConfigMixIn([])\n",
        ),
        _s(
            "regions given as a string",
            'from cfnlint.api import ManualArgs, lint\n\nlint("Resources: {}", config=ManualArgs(regions="us-east-1"))\n',
        ),
        _s(
            "rules appended from a path that does not exist",
            "from cfnlint.api import ManualArgs, lint\n\n"
            'lint("Resources: {}", config=ManualArgs(append_rules=["/no/such/rules"]))\n',
        ),
    ],
    "pylint": [
        _s("an unknown output format", PLRUN + 'Run(["--output-format=nosuch", "app.py"], exit=False)\n'),
        _s(
            "a checker message of a short id",
            PL
            + 'class MyChecker(BaseChecker):\n    name = "mine"\n    msgs = {"W99": ("bad", "bad-thing", "help")}\n\n\n'
            "linter.register_checker(MyChecker(linter))\n",
        ),
        _s(
            "a checker reusing a built-in message symbol",
            PL
            + 'class MyChecker(BaseChecker):\n    name = "mine"\n    msgs = {"W9901": ("bad", "unused-import", "help")}\n\n\n'
            "linter.load_default_plugins()\nlinter.register_checker(MyChecker(linter))\n",
        ),
        _s(
            "disabling an unknown message",
            PL + 'linter.load_default_plugins()\nlinter.disable("nosuch-message")\n',
        ),
        _s(
            "a checker of two messages with one symbol",
            PL + 'class MyChecker(BaseChecker):\n    name = "mine"\n'
            '    msgs = {"W9901": ("bad", "bad-thing", "help"), "W9902": ("worse", "bad-thing", "help")}\n\n\n'
            "linter.register_checker(MyChecker(linter))\n",
        ),
        _s(
            "a checker message of an unknown category",
            PL
            + 'class MyChecker(BaseChecker):\n    name = "mine"\n    msgs = {"X9901": ("bad", "bad-thing", "help")}\n\n\n'
            "linter.register_checker(MyChecker(linter))\n",
        ),
        _s(
            "a JSON reporter writing to a number",
            PLRUN
            + 'from pylint.reporters import JSONReporter\n\nRun(["app.py"], reporter=JSONReporter(output=5), exit=False)\n',
        ),
        _s("enabling an unknown message id", PL + 'linter.load_default_plugins()\nlinter.enable("C9999")\n'),
        _s(
            "adding a message that does not exist",
            PL + 'linter.load_default_plugins()\nlinter.add_message("nosuch-msg", line=1)\n',
        ),
        _s(
            "a checker message tuple without its description",
            PL
            + 'class MyChecker(BaseChecker):\n    name = "mine"\n    msgs = {"W9901": ("bad", "bad-thing")}\n\n\n'
            "linter.register_checker(MyChecker(linter))\n",
        ),
        _s(
            "a checker option of an unknown type",
            PL
            + 'class MyChecker(BaseChecker):\n    name = "mine"\n    options = (("my-opt", {"type": "nosuch", "default": 1}),)\n\n\n'
            "linter.register_checker(MyChecker(linter))\n",
        ),
        _s(
            "a checker option of an unknown action",
            PL + 'class MyChecker(BaseChecker):\n    name = "mine"\n'
            '    options = (("my-opt", {"type": "int", "default": 1, "action": "nosuch"}),)\n\n\n'
            "linter.register_checker(MyChecker(linter))\n",
        ),
        _s(
            "a text reporter writing to a number",
            PLRUN + "from pylint.reporters.text import TextReporter\n\n"
            'Run(["app.py"], reporter=TextReporter(output=5), exit=False)\n',
        ),
        _s(
            "an output file in a directory that does not exist",
            PLRUN + 'Run(["--output-format=json:/no/such/dir/out.json", "app.py"], exit=False)\n',
        ),
        _s(
            "a message definition looked up by an unknown id",
            PL + 'linter.load_default_plugins()\nlinter.msgs_store.get_message_definitions("W9999")\n',
        ),
    ],
    "fastmcp": [
        _s("a tool from a lambda", FM + "mcp.tool(lambda x: x)\n"),
        _s("a tool of *args", FM + "@mcp.tool\ndef add(*nums: int) -> int:\n    return sum(nums)\n"),
        _s("a tool of **kwargs", FM + "@mcp.tool\ndef add(a: int, **extra) -> int:\n    return a\n"),
        _s(
            "a resource template whose function lacks the URI parameter",
            FM + '@mcp.resource("data://users/{user_id}")\ndef user() -> str:\n    return "x"\n',
        ),
        _s(
            "a resource of a function parameter but no URI parameter",
            FM + '@mcp.resource("data://users")\ndef user(user_id: str) -> str:\n    return "x"\n',
        ),
        _s(
            "a tool named twice",
            FM + '@mcp.tool("add", name="plus")\ndef add(a: int) -> int:\n    return a\n',
        ),
        _s("a tool decorator given a number", FM + "mcp.tool(5)\n"),
        _s("a server mounted onto itself", FM + "mcp.mount(mcp)\n"),
        _s("a server run over an unknown transport", FM + 'mcp.run(transport="websocket")\n'),
        _s("a client of a number", "from fastmcp import Client\n\nClient(5)\n"),
        _s(
            "a server of a page size of zero",
            'from fastmcp import FastMCP\n\nFastMCP("demo", list_page_size=0)\n',
        ),
        _s("a prompt of *args", FM + '@mcp.prompt\ndef ask(*topics: str) -> str:\n    return "x"\n'),
        _s("a prompt from a lambda", FM + 'mcp.prompt(lambda: "hi")\n'),
        _s("a resource decorator without a URI", FM + '@mcp.resource\ndef user() -> str:\n    return "x"\n'),
        _s(
            "a tool transform of an unknown argument",
            TOOL + 'Tool.from_tool(tool, transform_args={"c": ArgTransform(name="d")})\n',
        ),
        _s(
            "a required argument hidden without a default",
            TOOL + 'Tool.from_tool(tool, transform_args={"a": ArgTransform(hide=True)})\n',
        ),
        _s(
            "a tool transform renaming onto another argument",
            TOOL + 'Tool.from_tool(tool, transform_args={"a": ArgTransform(name="b")})\n',
        ),
        _s(
            "a resource template of a required argument not in the URI",
            FM + '@mcp.resource("data://{id}")\ndef user(id: str, *, limit: int) -> str:\n    return "x"\n',
        ),
        _s(
            "forward() called outside a transformed tool",
            "import asyncio\n\nfrom fastmcp.tools.tool_transform import forward\n\nasyncio.run(forward(a=1))\n",
        ),
        _s(
            "a client of a config without servers",
            'from fastmcp import Client\n\nClient({"mcpServers": {}})\n',
        ),
        _s(
            "an argument transform of both default and factory",
            TOOL
            + 'Tool.from_tool(tool, transform_args={"a": ArgTransform(hide=True, default=1, default_factory=lambda: 2)})\n',
        ),
    ],
    "cohere": [
        _s("a client without an API key", "import cohere\n\ncohere.Client()\n"),
        _s("an async V2 client without an API key", "import cohere\n\ncohere.AsyncClientV2()\n"),
        _s("a chat with stream=True", CO + 'co.chat(message="hi", stream=True)\n'),
        _s("a removed API key check", CO + "co.check_api_key()\n"),
        _s(
            "a dataset created the old way",
            CO + 'co.create_dataset(name="d", data=b"x", dataset_type="embed-input")\n',
        ),
        _s(
            "a streamed embedding of batch size zero",
            CO
            + 'list(co.embed_stream(texts=["a"], model="embed-english-v3.0", input_type="search_document", batch_size=0))\n',
        ),
        _s(
            "an OCI client without the oci extra",
            'import cohere\n\ncohere.OciClientV2(oci_compartment_id="c")\n',
        ),
        _s(
            "a client of neither a base URL nor an environment",
            'import cohere\n\ncohere.Client(api_key="k", base_url=None, environment=None)\n',
        ),
        _s("a removed language detection", CO + 'co.detect_language(texts=["hola"])\n'),
        _s("a dataset waited on the old way", CO + 'co.wait_for_dataset("d")\n'),
        _s("embed jobs listed the old way", CO + "co.list_embed_jobs()\n"),
    ],
    "jupyter-server": [
        _s(
            "a server of a root directory that does not exist",
            'from jupyter_server.serverapp import ServerApp\n\nServerApp(root_dir="/no/such/dir")\n',
        ),
        _s(
            "a socket mode without owner read-write",
            'from jupyter_server.serverapp import ServerApp\n\napp = ServerApp()\napp.sock_mode = "0200"\n',
        ),
        _s(
            "a socket mode that is not octal",
            'from jupyter_server.serverapp import ServerApp\n\napp = ServerApp()\napp.sock_mode = "rw"\n',
        ),
        _s("a notebook that does not exist", CM + 'cm.get("missing.ipynb")\n'),
        _s("a path outside the root directory", CM + 'cm.get("../etc/passwd")\n'),
        _s(
            "a directory read as a file",
            'import os\n\nos.mkdir("sub")\n' + CM + 'cm.get("sub", type="file")\n',
        ),
        _s("a notebook saved without content", CM + 'cm.save({"type": "notebook"}, "a.ipynb")\n'),
        _s("a file saved without a type", CM + 'cm.save({"content": "x"}, "a.txt")\n'),
        _s(
            "a file saved in an unknown format",
            CM + 'cm.save({"type": "file", "content": "x", "format": "yaml"}, "a.txt")\n',
        ),
        _s("a rename of a file that does not exist", CM + 'cm.rename("missing.txt", "b.txt")\n'),
        _s("a delete of a file that does not exist", CM + 'cm.delete("missing.txt")\n'),
        _s(
            "a binary file read as text",
            'open("a.bin", "wb").write(b"\\xff\\xfe")\n' + CM + 'cm.get("a.bin", format="text")\n',
        ),
        _s(
            "a password hashed with an unknown algorithm",
            'from jupyter_server.auth.security import passwd\n\npasswd("secret", algorithm="nosuch")\n',
        ),
        _s(
            "a preferred directory that does not exist",
            'from jupyter_server.serverapp import ServerApp\n\nServerApp(preferred_dir="/no/such/dir")\n',
        ),
        _s(
            "an item imported from a module that does not exist",
            'from jupyter_server.utils import import_item\n\nimport_item("nosuch.module.Thing")\n',
        ),
        _s("a new file in a directory that does not exist", CM + 'cm.new(path="missing_dir/untitled.txt")\n'),
        _s(
            "a notebook that is not JSON",
            'open("a.ipynb", "w").write("{not json")\n' + CM + 'cm.get("a.ipynb")\n',
        ),
        _s("a delete of the root", CM + 'cm.delete("")\n'),
        _s(
            "a kernel that does not exist",
            "from jupyter_server.services.kernels.kernelmanager import MappingKernelManager\n\n"
            'MappingKernelManager().get_kernel("abc")\n',
        ),
    ],
    "snowflake-snowpark-python": [
        _s("a column that does not exist", SP + 'df.select("c").collect()\n'),
        _s(
            "a union of frames of different widths",
            SP + 'df.union(session.create_dataframe([[1]], schema=["a"])).collect()\n',
        ),
        _s("a write of an unknown save mode", SP + 'df.write.mode("replace").save_as_table("t")\n'),
        _s("a table that does not exist", SP + 'session.table("nosuch").collect()\n'),
        _s("a join of an unknown type", SP + 'df.join(df, on="a", how="sideways")\n'),
        _s("a sample fraction above one", SP + "df.sample(frac=1.5)\n"),
        _s("a column named by a number", "from snowflake.snowpark.functions import col\n\ncol(5)\n"),
        _s(
            "a literal of an unsupported type",
            "from snowflake.snowpark.functions import lit\n\nlit(object())\n",
        ),
        _s("a new column that is a plain number", SP + 'df.with_column("c", 5)\n'),
        _s(
            "an aggregate of an unknown function",
            SP + 'df.group_by("a").agg({"b": "median_of"}).collect()\n',
        ),
        _s("a random split of no weights", SP + "df.random_split([])\n"),
        _s("a fill of an unsupported value", SP + "df.na.fill(object())\n"),
        _s("a table save of an unknown mode", SP + 'df.write.save_as_table("t", mode="upsert")\n'),
        _s("new column names of the wrong count", SP + 'df.to_df(["x"])\n'),
        _s("a drop of no columns", SP + "df.drop()\n"),
        _s("SQL in local testing", SP + 'session.sql("select 1").collect()\n'),
        _s("a drop of nulls of an unknown rule", SP + 'df.na.drop(how="some")\n'),
        _s("a range of step zero", SP + "session.range(1, 10, 0)\n"),
        _s("a data frame from a number", SP + "session.create_dataframe(5)\n"),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main(
        "popular20", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "", also_install=("pandas",)
    )


if __name__ == "__main__":
    sys.exit(main())
