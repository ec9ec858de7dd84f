#!/usr/bin/env python3
"""Make the nineteenth popular set: everyday errors of LARGE, much-used libraries no other set pins.

The judged everyday errors come from running popular, large libraries, where errdex is first less
often than on small ones. This set is made like popular17 (the harness, truth rules and case
format of ``make_runtime_set.py``, entered through ``set_main``) from six large libraries of the
PyPI download ranking (``/work/shared/data/top-pypi.tsv``) that no other regression set pins: a
data-platform SDK generated from its API description (its configuration and credentials
chain), a database driver whose connection arguments are checked by a native core, an OpenAPI
document validator, a cloud storage client (client construction, URL parsing, SAS arguments), a
UI framework's components and a data-frame toolkit for a cloud's storage and query services.
Every error is provoked locally (configuration, validation and usage mistakes), so no snippet
reaches the network: the data-platform SDK probes a configured host over HTTP, so its snippets
give no host. It was scored once before any change looked at its misses (see the set's README):

    python scripts/make_popular19_set.py                        # every library, the pins below
    python scripts/make_popular19_set.py --only gradio          # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution, so what a library runs but does not
pin (jsonschema under the validator, azure-core under the storage client, pandas, pyarrow and
botocore under the data-frame toolkit) counts as outside code.

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "databricks-sdk": "0.167.0",
    "snowflake-connector-python": "5.2.0",
    "openapi-spec-validator": "0.9.0",
    "azure-storage-blob": "12.31.1",
    "gradio": "6.31.0",
    "awswrangler": "3.17.1",
}

DBX = """
from databricks.sdk import WorkspaceClient, AccountClient
from databricks.sdk.core import Config
"""

SNOW = """
import snowflake.connector
"""

WP = """
import pandas as pd
from snowflake.connector.pandas_tools import write_pandas

df = pd.DataFrame({"a": [1]})
"""

OAS = """
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

INFO = {"title": "Pets", "version": "1.0"}
"""

AZ = """
from azure.storage.blob import BlobServiceClient, BlobClient, ContainerClient, generate_blob_sas

URL = "https://myaccount.blob.core.windows.net"
"""

AZBLOB = AZ + 'blob = BlobClient(URL, container_name="data", blob_name="a.txt", credential="a2V5")\n'

GR = """
import gradio as gr


def greet(name):
    return "Hello " + name
"""

WR = """
import os

os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
import awswrangler as wr
import pandas as pd

df = pd.DataFrame({"id": [1, 2], "name": ["a", "b"]})
"""

# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop19) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "databricks-sdk": [
        _s("a token and a password together", DBX + 'Config(token="t", username="u", password="p")\n'),
        _s(
            "a profile not in the config file",
            DBX
            + 'open("dbx.cfg", "w").write("[DEFAULT]\\ntoken = t\\n")\nConfig(profile="prod", config_file="dbx.cfg")\n',
        ),
        _s("an auth type of no token", DBX + 'Config(auth_type="pat")\n'),
        _s("an unknown auth type", DBX + 'WorkspaceClient(token="t", auth_type="nosuch")\n'),
        _s("a rate limit that is a word", DBX + 'Config(rate_limit="fast")\n'),
        _s("an HTTP timeout that is a word", DBX + 'Config(http_timeout_seconds="x")\n'),
        _s("a retry timeout that is a word", DBX + 'Config(token="t", retry_timeout_seconds="soon")\n'),
        _s(
            "a strategy and a provider together",
            DBX + "Config(credentials_strategy=1, credentials_provider=2)\n",
        ),
        _s("a workspace client given a number for its config", DBX + "WorkspaceClient(config=5)\n"),
        _s(
            "job task dependencies that are a number",
            DBX
            + 'from databricks.sdk.service.jobs import Task\n\nTask.from_dict({"task_key": "a", "depends_on": 5})\n',
        ),
        _s(
            "a cluster spec from a number",
            DBX + "from databricks.sdk.service.compute import ClusterSpec\n\nClusterSpec.from_dict(5)\n",
        ),
        _s(
            "a config file without a section",
            DBX + 'open("dbx.cfg", "w").write("token = t\\n")\nConfig(config_file="dbx.cfg")\n',
        ),
        _s(
            "a retry decorator without what to retry on",
            DBX
            + "from databricks.sdk.retries import retried\n\n\n@retried(timeout=1)\ndef ping():\n    pass\n",
        ),
        _s(
            "a profile from the environment not in the file",
            'import os\n\nos.environ["DATABRICKS_CONFIG_PROFILE"] = "dev"\n'
            + DBX
            + 'open("dbx.cfg", "w").write("[prod]\\ntoken = t\\n")\nConfig(config_file="dbx.cfg")\n',
        ),
        _s("an account client without a host", DBX + 'AccountClient(token="t", account_id="a")\n'),
        _s("an OAuth M2M client without a secret", DBX + 'Config(client_id="c", auth_type="oauth-m2m")\n'),
        _s(
            "a job settings dict of tasks that are a number",
            DBX
            + 'from databricks.sdk.service.jobs import JobSettings\n\nJobSettings.from_dict({"tasks": 5})\n',
        ),
    ],
    "snowflake-connector-python": [
        _s("a connection without an account", SNOW + 'snowflake.connector.connect(user="u", password="p")\n'),
        _s(
            "a connection name not configured",
            SNOW
            + 'import os\nos.environ["SNOWFLAKE_HOME"] = os.getcwd()\nsnowflake.connector.connect(connection_name="prod")\n',
        ),
        _s(
            "an unknown authenticator",
            SNOW
            + 'snowflake.connector.connect(account="acme", user="u", password="p", authenticator="nosuch")\n',
        ),
        _s(
            "a private key that is text",
            SNOW
            + 'snowflake.connector.connect(account="acme", user="u", authenticator="SNOWFLAKE_JWT", private_key="abc")\n',
        ),
        _s(
            "an unknown paramstyle",
            SNOW
            + 'snowflake.connector.paramstyle = "nosuch"\nsnowflake.connector.connect(account="acme", user="u", password="p")\n',
        ),
        _s(
            "a login timeout that is a word",
            SNOW
            + 'snowflake.connector.connect(account="acme", user="u", password="p", login_timeout="long")\n',
        ),
        _s(
            "a connections file of bad TOML",
            SNOW
            + 'import os\nos.environ["SNOWFLAKE_HOME"] = os.getcwd()\nopen("connections.toml", "w").write("[prod\\naccount = 1\\n")\nsnowflake.connector.connect(connection_name="prod")\n',
        ),
        _s(
            "a pandas write without a connection",
            SNOW
            + 'import pandas as pd\nfrom snowflake.connector.pandas_tools import write_pandas\n\nwrite_pandas(None, pd.DataFrame({"a": [1]}), "T", chunk_size=0)\n',
        ),
        _s(
            "a bad compression for write_pandas",
            SNOW
            + 'import pandas as pd\nfrom snowflake.connector.pandas_tools import write_pandas\n\nwrite_pandas(None, pd.DataFrame({"a": [1]}), "T", compression="zip")\n',
        ),
        _s(
            "an OAuth connection without a token",
            SNOW + 'snowflake.connector.connect(account="acme", user="u", authenticator="oauth")\n',
        ),
        _s(
            "a proxy port that is a word",
            SNOW
            + 'snowflake.connector.connect(account="acme", user="u", password="p", proxy_host="h", proxy_port="x")\n',
        ),
        _s(
            "a pandas write of a database without a schema",
            SNOW + WP + 'write_pandas(None, df, "T", database="DB")\n',
        ),
        _s(
            "a pandas write of an unknown table type",
            SNOW + WP + 'write_pandas(None, df, "T", table_type="permanent")\n',
        ),
        _s(
            "a pandas write of an unknown iceberg option",
            SNOW + WP + 'write_pandas(None, df, "T", iceberg_config={"volume": "v"})\n',
        ),
        _s(
            "a pandas write of unquoted bad column names",
            SNOW + WP + 'write_pandas(None, pd.DataFrame({"my col": [1]}), "T", quote_identifiers=False)\n',
        ),
    ],
    "openapi-spec-validator": [
        _s("a spec without info", OAS + 'validate({"openapi": "3.0.3", "paths": {}})\n'),
        _s("a spec without a version key", OAS + 'validate({"info": INFO, "paths": {}})\n'),
        _s("a spec file that does not exist", OAS + 'read_from_filename("openapi.yaml")\n'),
        _s(
            "a path parameter not declared",
            OAS
            + 'validate({"openapi": "3.0.3", "info": INFO, "paths": {"/pets/{id}": {"get": {"responses": {"200": {"description": "ok"}}}}}})\n',
        ),
        _s(
            "an operation id used twice",
            OAS
            + 'op = {"operationId": "get", "responses": {"200": {"description": "ok"}}}\nvalidate({"openapi": "3.0.3", "info": INFO, "paths": {"/a": {"get": op}, "/b": {"get": op}}})\n',
        ),
        _s(
            "a default that does not fit its schema",
            OAS
            + 'p = {"name": "n", "in": "query", "schema": {"type": "integer", "default": "ten"}}\nvalidate({"openapi": "3.0.3", "info": INFO, "paths": {"/a": {"get": {"parameters": [p], "responses": {"200": {"description": "ok"}}}}}})\n',
        ),
        _s(
            "a ref to a missing schema",
            OAS
            + 'r = {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}\nvalidate({"openapi": "3.0.3", "info": INFO, "paths": {"/a": {"get": {"responses": r}}}})\n',
        ),
        _s("a swagger 2 spec without paths", OAS + 'validate({"swagger": "2.0", "info": INFO})\n'),
        _s(
            "a spec file of bad YAML",
            OAS + 'open("api.yaml", "w").write("openapi: [3.0\\n")\nread_from_filename("api.yaml")\n',
        ),
        _s(
            "a parameter in an unknown place",
            OAS
            + 'p = {"name": "n", "in": "body", "schema": {"type": "string"}}\nvalidate({"openapi": "3.0.3", "info": INFO, "paths": {"/a": {"get": {"parameters": [p], "responses": {"200": {"description": "ok"}}}}}})\n',
        ),
        _s(
            "a validator class by an unknown name",
            OAS
            + 'validate({"openapi": "3.0.3", "info": INFO, "paths": {}}, cls="OpenAPIV30SpecValidator")\n',
        ),
        _s(
            "a 3.1 spec with neither paths nor webhooks",
            OAS + 'validate({"openapi": "3.1.0", "info": INFO})\n',
        ),
        _s("a spec that is a list", OAS + "validate([1, 2])\n"),
        _s(
            "a path not starting with a slash",
            OAS + 'validate({"openapi": "3.0.3", "info": INFO, "paths": {"pets": {}}})\n',
        ),
        _s(
            "a default of an object schema not fitting",
            OAS
            + 's = {"type": "array", "items": {"type": "string"}, "default": [1]}\nvalidate({"openapi": "3.0.3", "info": INFO, "paths": {}, "components": {"schemas": {"L": s}}})\n',
        ),
        _s(
            "a response code that is a word",
            OAS
            + 'validate({"openapi": "3.0.3", "info": INFO, "paths": {"/a": {"get": {"responses": {"ok": {"description": "ok"}}}}}})\n',
        ),
    ],
    "azure-storage-blob": [
        _s(
            "a malformed connection string",
            AZ + 'BlobServiceClient.from_connection_string("not a connection string")\n',
        ),
        _s("an account URL that is not a string", AZ + "BlobServiceClient(account_url=5)\n"),
        _s("a blob URL without a blob", AZ + 'BlobClient.from_blob_url(URL + "/data")\n'),
        _s("a container client without a name", AZ + 'ContainerClient(URL, container_name="")\n'),
        _s(
            "a SAS without a key",
            AZ + 'generate_blob_sas(account_name="myaccount", container_name="data", blob_name="a.txt")\n',
        ),
        _s("a credential that is a number", AZ + "BlobServiceClient(URL, credential=5)\n"),
        _s("a download of a length without an offset", AZBLOB + "blob.download_blob(length=10)\n"),
        _s("an upload of an unknown blob type", AZBLOB + 'blob.upload_blob(b"data", blob_type="Nosuch")\n'),
        _s(
            "an upload that requires encryption without a key",
            AZ
            + 'blob = BlobClient(URL, container_name="data", blob_name="a.txt", credential="a2V5", require_encryption=True)\nblob.upload_blob(b"data")\n',
        ),
        _s("a tier set to None", AZBLOB + "blob.set_standard_blob_tier(None)\n"),
        _s(
            "a token credential over http",
            AZ
            + 'from azure.core.credentials import AccessToken\n\n\nclass Cred:\n    def get_token(self, *a, **k):\n        return AccessToken("t", 0)\n\n\nBlobServiceClient("http://myaccount.blob.core.windows.net", credential=Cred())\n',
        ),
        _s(
            "a page blob upload of an unaligned size",
            AZBLOB + 'blob.upload_blob(b"data", blob_type="PageBlob")\n',
        ),
        _s("a page range not aligned", AZBLOB + "blob.upload_page(b'x' * 10, offset=0, length=10)\n"),
        _s(
            "a container client from a URL without a container",
            AZ + "ContainerClient.from_container_url(URL)\n",
        ),
        _s(
            "a max single put size of a word",
            AZ
            + 'BlobServiceClient(URL, max_single_put_size="big").get_blob_client("c", "b").upload_blob(b"x")\n',
        ),
        _s(
            "a query of an unknown format",
            AZBLOB + 'blob.query_blob("SELECT * from BlobStorage", blob_format="csv")\n',
        ),
        _s(
            "a SAS with an expiry but no key",
            AZ + "from datetime import datetime, timedelta, timezone\n\n"
            'generate_blob_sas("myaccount", "data", "a.txt", permission="r", expiry=datetime.now(timezone.utc) + timedelta(hours=1))\n',
        ),
        _s(
            "a blob client without a blob name", AZ + 'BlobClient(URL, container_name="data", blob_name="")\n'
        ),
        _s(
            "a shared key dict without its key",
            AZ + 'BlobServiceClient(URL, credential={"account_name": "myaccount"})\n',
        ),
        _s(
            "a container SAS without an expiry",
            AZ
            + 'from azure.storage.blob import generate_container_sas\n\ngenerate_container_sas("myaccount", "data", account_key="a2V5", permission="r")\n',
        ),
    ],
    "gradio": [
        _s(
            "an interface of an unknown component name",
            GR + 'gr.Interface(fn=greet, inputs="nosuch", outputs="text")\n',
        ),
        _s("a radio of an unknown type", GR + 'gr.Radio(choices=["a", "b"], type="nosuch")\n'),
        _s("an image of an unknown type", GR + 'gr.Image(type="bytes")\n'),
        _s(
            "a click outside of Blocks",
            GR + "btn = gr.Button()\nbtn.click(greet, inputs=None, outputs=None)\n",
        ),
        _s("a file of an unknown count", GR + 'gr.File(file_count="many")\n'),
        _s(
            "a dropdown of a value not among its choices",
            GR + 'gr.Dropdown(choices=["a", "b"], value="c")\n',
            warnings_as_errors=True,
        ),
        _s(
            "an event output that is not a component",
            GR
            + 'with gr.Blocks():\n    t = gr.Textbox()\n    gr.Button().click(greet, inputs=t, outputs="nosuch")\n',
        ),
        _s("a chat interface of an unknown type", GR + 'gr.ChatInterface(greet, type="nosuch")\n'),
        _s("a slider of a word", GR + 'gr.Slider(minimum="low")\n'),
        _s("a number of an unknown precision", GR + 'gr.Number(precision="x").preprocess(1.5)\n'),
        _s("an audio of an unknown type", GR + 'gr.Audio(type="bytes")\n'),
        _s("a textbox of an unknown type", GR + 'gr.Textbox(type="secret")\n'),
        _s("a checkbox group of an unknown type", GR + 'gr.CheckboxGroup(choices=["a"], type="nosuch")\n'),
        _s(
            "an interface of a flagging mode misspelled",
            GR + 'gr.Interface(fn=greet, inputs="text", outputs="text", flagging_mode="sometimes")\n',
        ),
        _s("a row used outside of Blocks", GR + "with gr.Row():\n    gr.Textbox()\n"),
        _s("a video of an unknown format", GR + 'gr.Video(format="nosuch").postprocess("x.mp4")\n'),
        _s("a dataframe of an unknown type", GR + 'gr.Dataframe(type="nosuch")\n'),
        _s("a state change event outside of Blocks", GR + "gr.Textbox().change(greet)\n"),
    ],
    "awswrangler": [
        _s("a path without s3://", WR + 'wr.s3.list_objects("my-bucket/data")\n'),
        _s("a parquet write without a path", WR + "wr.s3.to_parquet(df)\n"),
        _s(
            "an append without a dataset",
            WR + 'wr.s3.to_parquet(df, path="s3://my-bucket/a.parquet", mode="append")\n',
        ),
        _s(
            "partition columns without a dataset",
            WR + 'wr.s3.to_csv(df, "s3://my-bucket/a.csv", partition_cols=["name"])\n',
        ),
        _s(
            "a dataset write of an unknown mode",
            WR + 'wr.s3.to_parquet(df, path="s3://my-bucket/t/", dataset=True, mode="replace")\n',
        ),
        _s("a config value of the wrong type", WR + 'wr.config.max_cache_seconds = "long"\n'),
        _s("an unknown config key", WR + 'wr.config.nosuch = 1\nwr.config.reset("nosuch")\n'),
        _s(
            "an Athena query of both ctas and unload",
            WR
            + 'wr.athena.read_sql_query("SELECT 1", database="db", ctas_approach=True, unload_approach=True)\n',
        ),
        _s(
            "a dataset write of an unknown partition column",
            WR + 'wr.s3.to_parquet(df, path="s3://my-bucket/t/", dataset=True, partition_cols=["zz"])\n',
        ),
        _s("a CSV read of a path that is a number", WR + "wr.s3.read_csv(path=5)\n"),
        _s(
            "a table name without a database",
            WR + 'wr.s3.to_parquet(df, path="s3://my-bucket/t/", dataset=True, table="t")\n',
        ),
        _s(
            "a bucketing of an unknown column",
            WR + 'wr.s3.to_parquet(df, path="s3://my-bucket/t/", dataset=True, bucketing_info=(["zz"], 2))\n',
        ),
        _s(
            "a duplicated column written",
            WR
            + 'wr.s3.to_parquet(pd.DataFrame([[1, 2]], columns=["a", "a"]), path="s3://my-bucket/a.parquet")\n',
        ),
        _s("a concurrency of a word", WR + 'wr.config.cpu_count = "many"\n'),
        _s(
            "a parquet write of an unknown compression",
            WR + 'wr.s3.to_parquet(df, path="s3://my-bucket/a.parquet", compression="zip")\n',
        ),
        _s(
            "an Athena query of an unknown paramstyle",
            WR
            + 'wr.athena.read_sql_query("SELECT :x", database="db", params={"x": 1}, paramstyle="colon")\n',
        ),
        _s(
            "an S3 Select of an unknown input format",
            WR
            + 'wr.s3.select_query("SELECT * FROM s3object", "s3://my-bucket/a.xml", input_serialization="XML", input_serialization_params={})\n',
        ),
        _s("a Delta Lake write without its extra", WR + 'wr.s3.to_deltalake(df, path="s3://my-bucket/t/")\n'),
        _s(
            "column names sanitized with an unknown duplicate rule",
            WR
            + 'wr.catalog.sanitize_dataframe_columns_names(pd.DataFrame([[1, 2]], columns=["A", "a"]), handle_duplicate_columns="keep")\n',
        ),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular19", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
