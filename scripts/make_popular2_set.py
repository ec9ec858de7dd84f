#!/usr/bin/env python3
"""Make the second popular set: everyday errors of top-ranked libraries that no other set covers.

The popular set (``make_popular_set.py``) has been worked on since its first score, so it no
longer measures how errdex does on libraries it has never seen. This set is made the same way —
the same harness, the same truth rules, the same case format (``make_runtime_set.py``) — from
another group of libraries near the top of the PyPI download ranking
(``/work/shared/data/top-pypi.tsv``, the first ~400), each in no other set, and was scored once
before any change looked at its misses (see the set's README). Everything but the snippet table,
the pins and the folders is ``make_runtime_set``'s:

    python scripts/make_popular2_set.py                    # every library, the pins below
    python scripts/make_popular2_set.py --only h11         # one library; the other cases are kept
    python scripts/make_popular2_set.py --versions h11==0.17.0 --only h11

The truth is the deepest frame in a *pinned* distribution, so what a library runs but does not
pin (pluggy under pytest, idna and multidict under yarl, asyncio under anyio, the Rust half of
cryptography, protobuf's upb extension, pyexpat under xmltodict) counts as outside
code: an error raised there is either a negative or, when its text is also in the library's
literals, left out as ambiguous.

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "anyio": "4.16.0",
    "cryptography": "50.0.2",
    "filelock": "4.3.1",
    "h11": "0.16.0",
    "loguru": "0.7.3",
    "markdown-it-py": "4.3.0",
    "protobuf": "7.36.2",
    "psutil": "7.2.2",
    "pytest": "9.2.0",
    "xmltodict": "1.0.4",
    "yarl": "1.25.1",
}

# protobuf's well-known and descriptor messages ship with the package, so the snippets need no
# generated code of their own.
PB = """
from google.protobuf import json_format, text_format
from google.protobuf import descriptor_pb2, duration_pb2, struct_pb2, timestamp_pb2, any_pb2
"""

H11_GET = """
import h11
conn = h11.Connection(h11.CLIENT)
"""

ANYIO_MAIN = """
import anyio

async def main():
{body}

anyio.run(main)
"""


def _anyio(about: str, body: str) -> Snippet:
    """A snippet whose `body` runs inside `anyio.run`, as most anyio code must."""
    indented = "".join(f"    {line}\n" for line in body.strip("\n").splitlines())
    return _s(about, ANYIO_MAIN.replace("{body}\n", indented))


# The snippets are ordinary user code, written from the libraries' documented APIs before errdex
# was run on any of them. Their number within a library is part of each case's `source`: new ones
# go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "pytest": [
        _s("approx of a set", "import pytest\npytest.approx({1.0, 2.0})\n"),
        _s(
            "approx with a negative relative tolerance",
            "import pytest\nassert 1.0 == pytest.approx(1.0, rel=-0.1)\n",
        ),
        _s("approx of nested lists", "import pytest\nassert [1, [2, 3]] == pytest.approx([1, [2, 3]])\n"),
        _s(
            "raises around code that does not raise",
            """
            import pytest
            with pytest.raises(ValueError):
                int("42")
            """,
        ),
        _s(
            "raises with a match that does not match",
            """
            import pytest
            with pytest.raises(ValueError, match="must be positive"):
                raise ValueError("value out of range")
            """,
        ),
        _s("raises given the exception's name as a string", 'import pytest\npytest.raises("ValueError")\n'),
        _s(
            "warns around code that does not warn",
            """
            import pytest
            with pytest.warns(DeprecationWarning):
                sum([1, 2])
            """,
        ),
        _s(
            "importorskip of a module that is not installed",
            'import pytest\npytest.importorskip("numpy_financial")\n',
        ),
        _s("a param id that is not a string", "import pytest\npytest.param(1, id=5)\n"),
        _s("a param mark given as a string", 'import pytest\npytest.param(1, marks="slow")\n'),
        _s(
            "deprecated_call around code that warns nothing",
            """
            import pytest
            with pytest.deprecated_call():
                len("abc")
            """,
        ),
        _s(
            "a fixture called directly",
            """
            import pytest

            @pytest.fixture
            def db():
                return {"users": []}

            db()
            """,
        ),
        _s(
            "approx with an absolute tolerance given as a string",
            'import pytest\nassert 1.0 == pytest.approx(1.0, abs="0.1")\n',
        ),
        _s(
            "register_assert_rewrite given a module object",
            "import os, pytest\npytest.register_assert_rewrite(os)\n",
        ),
    ],
    "cryptography": [
        _s(
            "a Fernet key that is too short",
            'from cryptography.fernet import Fernet\nFernet(b"my-secret-key")\n',
        ),
        _s(
            "decrypting something that is not a Fernet token",
            'from cryptography.fernet import Fernet\nFernet(Fernet.generate_key()).decrypt(b"hello world")\n',
        ),
        _s(
            "decrypting with another key",
            """
            from cryptography.fernet import Fernet
            token = Fernet(Fernet.generate_key()).encrypt(b"secret")
            Fernet(Fernet.generate_key()).decrypt(token)
            """,
        ),
        _s(
            "encrypting a str",
            'from cryptography.fernet import Fernet\nFernet(Fernet.generate_key()).encrypt("secret")\n',
        ),
        _s(
            "a token older than its ttl",
            """
            import time
            from cryptography.fernet import Fernet
            f = Fernet(Fernet.generate_key())
            token = f.encrypt_at_time(b"secret", int(time.time()) - 3600)
            f.decrypt(token, ttl=60)
            """,
        ),
        _s(
            "an AES key of the wrong size",
            'from cryptography.hazmat.primitives.ciphers import algorithms\nalgorithms.AES(b"0123456789")\n',
        ),
        _s(
            "a CBC IV of the wrong size",
            """
            import os
            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
            Cipher(algorithms.AES(os.urandom(32)), modes.CBC(b"short-iv")).encryptor()
            """,
        ),
        _s(
            "a GCM tag that is too short",
            'import os\nfrom cryptography.hazmat.primitives.ciphers import modes\nmodes.GCM(os.urandom(12), tag=b"abc")\n',
        ),
        _s(
            "loading a PEM certificate that is not PEM",
            'from cryptography import x509\nx509.load_pem_x509_certificate(b"not a certificate")\n',
        ),
        _s(
            "a PKCS7 block size that is not a multiple of 8",
            "from cryptography.hazmat.primitives import padding\npadding.PKCS7(100)\n",
        ),
        _s(
            "a country name longer than two letters",
            """
            from cryptography import x509
            from cryptography.x509.oid import NameOID
            x509.NameAttribute(NameOID.COUNTRY_NAME, "USA")
            """,
        ),
        _s(
            "signing a certificate without a subject",
            """
            from cryptography import x509
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.asymmetric import ec
            key = ec.generate_private_key(ec.SECP256R1())
            x509.CertificateBuilder().sign(key, hashes.SHA256())
            """,
        ),
        _s(
            "a negative serial number",
            "from cryptography import x509\nx509.CertificateBuilder().serial_number(-1)\n",
        ),
        _s(
            "an RSA key that is too small",
            """
            from cryptography.hazmat.primitives.asymmetric import rsa
            rsa.generate_private_key(public_exponent=65537, key_size=512)
            """,
        ),
        _s(
            "an RSA public exponent that is not allowed",
            """
            from cryptography.hazmat.primitives.asymmetric import rsa
            rsa.generate_private_key(public_exponent=17, key_size=2048)
            """,
        ),
        _s(
            "a password for a key that is not encrypted",
            """
            from cryptography.hazmat.primitives import serialization
            from cryptography.hazmat.primitives.asymmetric import ec
            pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
            serialization.load_pem_private_key(pem, password=b"hunter2")
            """,
        ),
    ],
    "protobuf": [
        _s("a JSON duration without its unit", PB + "json_format.Parse('\"90\"', duration_pb2.Duration())\n"),
        _s(
            "a JSON timestamp that is not a date",
            PB + "json_format.Parse('\"2024-13-45T00:00:00Z\"', timestamp_pb2.Timestamp())\n",
        ),
        _s(
            "a misspelt field in JSON",
            PB + 'json_format.Parse(\'{"nme": "users.proto"}\', descriptor_pb2.FileDescriptorProto())\n',
        ),
        _s(
            "text that is not JSON",
            PB + 'json_format.Parse("name: users", descriptor_pb2.FileDescriptorProto())\n',
        ),
        _s(
            "a number for a string field in JSON",
            PB + "json_format.Parse('{\"name\": 5}', descriptor_pb2.FileDescriptorProto())\n",
        ),
        _s(
            "a string for a repeated field in a dict",
            PB
            + 'json_format.ParseDict({"dependency": "common.proto"}, descriptor_pb2.FileDescriptorProto())\n',
        ),
        _s(
            "a timestamp string that is not RFC 3339",
            PB + 'timestamp_pb2.Timestamp().FromJsonString("yesterday")\n',
        ),
        _s("a duration string without its unit", PB + 'duration_pb2.Duration().FromJsonString("10")\n'),
        _s(
            "a Struct given an object it cannot hold", PB + 'struct_pb2.Struct().update({"when": object()})\n'
        ),
        _s(
            "text format with a misspelt field",
            PB + "text_format.Parse('nme: \"users.proto\"', descriptor_pb2.FileDescriptorProto())\n",
        ),
        _s(
            "text format with an unquoted string",
            PB + 'text_format.Parse("name: users.proto", descriptor_pb2.FileDescriptorProto())\n',
        ),
        _s(
            "an Any whose type is not known",
            PB + 'json_format.Parse(\'{"@type": "type.googleapis.com/shop.Order"}\', any_pb2.Any())\n',
        ),
        _s(
            "a keyword argument the message lacks",
            PB + 'descriptor_pb2.FileDescriptorProto(nme="users.proto")\n',
        ),
        _s(
            "an enum value that does not exist in JSON",
            PB + 'json_format.Parse(\'{"label": "LABEL_MANY"}\', descriptor_pb2.FieldDescriptorProto())\n',
        ),
        _s(
            "a JSON int field given a fraction",
            PB + "json_format.Parse('{\"number\": 1.5}', descriptor_pb2.FieldDescriptorProto())\n",
        ),
    ],
    "psutil": [
        _s("a process that does not exist", "import psutil\npsutil.Process(999999)\n"),
        _s("a negative pid", "import psutil\npsutil.Process(-1)\n"),
        _s("a pid given as a string", 'import psutil\npsutil.Process("1234")\n'),
        _s("cpu_percent with a negative interval", "import psutil\npsutil.cpu_percent(interval=-1)\n"),
        _s("disk usage of a path that does not exist", 'import psutil\npsutil.disk_usage("/mnt/data")\n'),
        _s(
            "cpu affinity with a CPU that does not exist",
            "import psutil\npsutil.Process().cpu_affinity([999])\n",
        ),
        _s("wait with a negative timeout", "import psutil\npsutil.Process().wait(timeout=-1)\n"),
        _s(
            "wait_procs with a negative timeout",
            "import psutil\npsutil.wait_procs([psutil.Process()], timeout=-1)\n",
        ),
        _s(
            "rlimit with one value instead of two",
            "import psutil\npsutil.Process().rlimit(psutil.RLIMIT_NOFILE, (1024,))\n",
        ),
        _s(
            "the battery of a machine that has none",
            "import psutil\nprint(psutil.sensors_battery().percent)\n",
        ),
        _s(
            "ionice with a value for the idle class",
            "import psutil\npsutil.Process().ionice(psutil.IOPRIO_CLASS_IDLE, value=3)\n",
        ),
        _s(
            "a process queried after it exited",
            """
            import subprocess, psutil
            p = psutil.Popen(["true"])
            p.wait()
            p.cmdline()
            """,
        ),
        _s(
            "an attribute name that does not exist",
            'import psutil\npsutil.Process().as_dict(attrs=["cpu"])\n',
        ),
    ],
    "filelock": [
        _s(
            "a lock another handle holds, with a timeout",
            """
            from filelock import FileLock
            FileLock("jobs.lock").acquire()
            FileLock("jobs.lock", timeout=0.1).acquire()
            """,
        ),
        _s(
            "a soft lock whose file is left over",
            'from filelock import SoftFileLock\nSoftFileLock("jobs.lock", timeout=0.1).acquire()\n',
            files={"jobs.lock": ""},
        ),
        _s(
            "a singleton lock made again with other arguments",
            """
            from filelock import FileLock
            FileLock("jobs.lock", is_singleton=True)
            FileLock("jobs.lock", is_singleton=True, timeout=5)
            """,
        ),
        _s(
            "a lock path that is a directory",
            """
            import os
            from filelock import FileLock
            os.mkdir("jobs.lock")
            FileLock("jobs.lock").acquire()
            """,
        ),
        _s(
            "an asyncio lock used with plain with",
            """
            from filelock import AsyncFileLock
            with AsyncFileLock("jobs.lock"):
                pass
            """,
        ),
        _s(
            "a lock in a folder under a file",
            'from filelock import FileLock\nFileLock("data.csv/jobs.lock").acquire()\n',
            files={"data.csv": "a,b\n"},
        ),
        _s(
            "a non-blocking acquire of a held lock",
            """
            from filelock import FileLock
            FileLock("jobs.lock").acquire()
            FileLock("jobs.lock").acquire(blocking=False)
            """,
        ),
        _s(
            "a soft lock path that is a directory",
            """
            import os
            from filelock import SoftFileLock
            os.mkdir("jobs.lock")
            SoftFileLock("jobs.lock", timeout=0.1).acquire()
            """,
        ),
        _s(
            "a timeout given as a string",
            'from filelock import FileLock\nFileLock("jobs.lock", timeout="5").acquire()\n',
        ),
        _s(
            "a read-write lock taken for writing while read",
            """
            from filelock import ReadWriteLock
            lock = ReadWriteLock("jobs.db")
            with lock.read_lock():
                with lock.write_lock(timeout=0.1):
                    pass
            """,
        ),
    ],
    "yarl": [
        _s(
            "joining a path that starts with a slash",
            'from yarl import URL\nURL("https://api.example.com/v1") / "/users"\n',
        ),
        _s(
            "building a URL with a relative path and a host",
            'from yarl import URL\nURL.build(scheme="https", host="example.com", path="users")\n',
        ),
        _s("a port out of range", 'from yarl import URL\nURL("https://example.com").with_port(70000)\n'),
        _s(
            "a query value of None",
            'from yarl import URL\nURL("https://example.com").with_query({"page": None})\n',
        ),
        _s("a host on a relative URL", 'from yarl import URL\nURL("/users").with_host("example.com")\n'),
        _s("a URL made from an int", "from yarl import URL\nURL(8080)\n"),
        _s("the origin of a relative URL", 'from yarl import URL\nURL("users/42").origin()\n'),
        _s("a port that is not a number", 'from yarl import URL\nURL("https://example.com:https/")\n'),
        _s(
            "an IPv6 host without its closing bracket",
            'from yarl import URL\nURL("http://[::1/index.html")\n',
        ),
        _s(
            "a scheme given as bytes",
            'from yarl import URL\nURL("https://example.com").with_scheme(b"http")\n',
        ),
        _s(
            "a file name with a slash",
            'from yarl import URL\nURL("https://example.com/a/b.txt").with_name("c/d.txt")\n',
        ),
        _s(
            "a query given both as a dict and keyword arguments",
            'from yarl import URL\nURL("https://example.com").with_query({"a": "1"}, b="2")\n',
        ),
        _s(
            "a query value of a float nan",
            'from yarl import URL\nURL("https://example.com").with_query(x=float("nan"))\n',
        ),
        _s("a relative URL with a port", 'from yarl import URL\nURL("/users").with_port(80)\n'),
    ],
    "h11": [
        _s(
            "an HTTP/1.1 request without a Host header",
            'import h11\nh11.Request(method="GET", target="/", headers=[])\n',
        ),
        _s("a response status below 200", "import h11\nh11.Response(status_code=99, headers=[])\n"),
        _s(
            "a request target with a space",
            'import h11\nh11.Request(method="GET", target="/my file", headers=[("Host", "example.com")])\n',
        ),
        _s(
            "a header value with a newline",
            'import h11\nh11.Request(method="GET", target="/", headers=[("Host", "example.com\\n")])\n',
        ),
        _s("sending data before a request", H11_GET + 'conn.send(h11.Data(data=b"hello"))\n'),
        _s(
            "a server receiving garbage",
            'import h11\nconn = h11.Connection(h11.SERVER)\nconn.receive_data(b"HELLO\\r\\n\\r\\n")\nconn.next_event()\n',
        ),
        _s("a role given as a string", 'import h11\nh11.Connection("client")\n'),
        _s(
            "a Content-Length that is not a number",
            'import h11\nh11.Request(method="POST", target="/", headers=[("Host", "a"), ("Content-Length", "ten")])\n',
        ),
        _s(
            "a Transfer-Encoding other than chunked",
            'import h11\nh11.Request(method="POST", target="/", headers=[("Host", "a"), ("Transfer-Encoding", "gzip")])\n',
        ),
        _s(
            "more body than Content-Length says",
            H11_GET
            + 'conn.send(h11.Request(method="POST", target="/", headers=[("Host", "a"), ("Content-Length", "3")]))\n'
            + 'conn.send(h11.Data(data=b"hello"))\n',
        ),
        _s(
            "ending a message before Content-Length is sent",
            H11_GET
            + 'conn.send(h11.Request(method="POST", target="/", headers=[("Host", "a"), ("Content-Length", "5")]))\n'
            + "conn.send(h11.EndOfMessage())\n",
        ),
        _s(
            "data received after the connection closed",
            H11_GET + 'conn.receive_data(b"")\nconn.receive_data(b"HTTP/1.1 200 OK\\r\\n")\n',
        ),
        _s(
            "two different Content-Length headers",
            'import h11\nh11.Request(method="POST", target="/", headers=[("Host", "a"), ("Content-Length", "3"), ("Content-Length", "4")])\n',
        ),
        _s(
            "a server reading a response line",
            'import h11\nconn = h11.Connection(h11.SERVER)\nconn.receive_data(b"HTTP/1.1 200 OK\\r\\n\\r\\n")\nconn.next_event()\n',
        ),
    ],
    "anyio": [
        _s(
            "an unknown backend",
            'import anyio\n\nasync def main():\n    pass\n\nanyio.run(main, backend="curio")\n',
        ),
        _s(
            "run given a coroutine object",
            "import anyio\n\nasync def main():\n    pass\n\nanyio.run(main())\n",
        ),
        _anyio("a capacity limiter of zero tokens", "anyio.CapacityLimiter(0)"),
        _anyio("a semaphore with a negative value", "anyio.Semaphore(-1)"),
        _anyio("releasing a lock that is not held", "anyio.Lock().release()"),
        _anyio("a memory stream with a negative buffer", "anyio.create_memory_object_stream(-1)"),
        _anyio(
            "sending on a closed memory stream",
            "send, receive = anyio.create_memory_object_stream(1)\nawait send.aclose()\nawait send.send(1)",
        ),
        _anyio("fail_after running out", "with anyio.fail_after(0.01):\n    await anyio.sleep(1)"),
        _anyio("opening a file that does not exist", 'await anyio.open_file("settings.json")'),
        _s(
            "from_thread.run outside a worker thread",
            'import anyio.from_thread\nanyio.from_thread.run(print, "x")\n',
        ),
        _anyio(
            "a task in a task group that fails",
            "async def job():\n    raise ValueError('bad input')\n\nasync with anyio.create_task_group() as tg:\n    tg.start_soon(job)",
        ),
        _anyio(
            "start_soon given a coroutine object",
            "async def job():\n    pass\n\nasync with anyio.create_task_group() as tg:\n    tg.start_soon(job())",
        ),
        _anyio("connecting to a port nobody listens on", 'await anyio.connect_tcp("127.0.0.1", 9)'),
        _anyio(
            "receive_nowait on an empty stream",
            "send, receive = anyio.create_memory_object_stream(1)\nreceive.receive_nowait()",
        ),
        _anyio("a path that does not exist", 'await anyio.Path("settings.json").read_text()'),
    ],
    "loguru": [
        _s(
            "a rotation that cannot be parsed",
            'from loguru import logger\nlogger.add("app.log", rotation="every tuesday-ish")\n',
        ),
        _s(
            "a level that does not exist",
            'import sys\nfrom loguru import logger\nlogger.add(sys.stderr, level="VERBOSE")\n',
        ),
        _s("removing a handler that is not there", "from loguru import logger\nlogger.remove(42)\n"),
        _s(
            "a format that is an int",
            "import sys\nfrom loguru import logger\nlogger.add(sys.stderr, format=123)\n",
        ),
        _s(
            "a retention that cannot be parsed",
            'from loguru import logger\nlogger.add("app.log", retention="forever")\n',
        ),
        _s("an unknown compression", 'from loguru import logger\nlogger.add("app.log", compression="rar")\n'),
        _s(
            "changing the number of a built-in level",
            'from loguru import logger\nlogger.level("INFO", no=5)\n',
        ),
        _s(
            "logging at a level that does not exist",
            'from loguru import logger\nlogger.log("NOTICE", "disk almost full")\n',
        ),
        _s(
            "a filter that is an int",
            "import sys\nfrom loguru import logger\nlogger.add(sys.stderr, filter=5)\n",
        ),
        _s("a sink that is an int", "from loguru import logger\nlogger.add(42)\n"),
        _s(
            "a closing color tag that does not match",
            'from loguru import logger\nlogger.opt(colors=True).info("<red>failed</blue>")\n',
        ),
        _s(
            "a color tag loguru does not know",
            'import sys\nfrom loguru import logger\nlogger.add(sys.stderr, format="<redd>{message}</redd>")\n',
        ),
        _s("a negative level number", 'from loguru import logger\nlogger.level("TRACE2", no=-1)\n'),
        _s(
            "a rotation of the wrong type",
            'from loguru import logger\nlogger.add("app.log", rotation=[1, 2])\n',
        ),
    ],
    "markdown-it-py": [
        _s("a preset that does not exist", 'from markdown_it import MarkdownIt\nMarkdownIt("gfm")\n'),
        _s(
            "enabling a rule that does not exist",
            'from markdown_it import MarkdownIt\nMarkdownIt().enable("tables")\n',
        ),
        _s(
            "disabling a rule that does not exist",
            'from markdown_it import MarkdownIt\nMarkdownIt().disable("footnote")\n',
        ),
        _s("rendering None", "from markdown_it import MarkdownIt\nMarkdownIt().render(None)\n"),
        _s(
            "a rule placed before one that does not exist",
            """
            from markdown_it import MarkdownIt
            md = MarkdownIt()
            md.block.ruler.before("tables", "note", lambda state, start, end, silent: False)
            """,
        ),
        _s(
            "replacing a rule that does not exist",
            'from markdown_it import MarkdownIt\nMarkdownIt().core.ruler.at("smartypants", lambda state: None)\n',
        ),
        _s(
            "using a plugin given as a string",
            'from markdown_it import MarkdownIt\nMarkdownIt().use("footnote_plugin")\n',
        ),
        _s(
            "options of the wrong type",
            'from markdown_it import MarkdownIt\nMarkdownIt("commonmark", "html")\n',
        ),
        _s(
            "a rule placed after one that does not exist",
            """
            from markdown_it import MarkdownIt
            md = MarkdownIt()
            md.inline.ruler.after("emphasis2", "mark", lambda state, silent: False)
            """,
        ),
        _s("rendering bytes", 'from markdown_it import MarkdownIt\nMarkdownIt().render(b"# Title")\n'),
        _s(
            "a syntax tree from tokens that do not nest",
            """
            from markdown_it import MarkdownIt
            from markdown_it.tree import SyntaxTreeNode
            tokens = MarkdownIt().parse("# Title\\n")
            SyntaxTreeNode(tokens[:2])
            """,
        ),
        _s(
            "enabling a rule list with one unknown",
            'from markdown_it import MarkdownIt\nMarkdownIt("zero").enable(["heading", "strikethru"])\n',
        ),
    ],
    "xmltodict": [
        _s("XML with a mismatched tag", 'import xmltodict\nxmltodict.parse("<order><id>1</order>")\n'),
        _s(
            "unparsing a dict with two roots",
            'import xmltodict\nxmltodict.unparse({"id": 1, "name": "ada"})\n',
        ),
        _s("unparsing an empty dict", "import xmltodict\nxmltodict.unparse({})\n"),
        _s("parsing an empty string", 'import xmltodict\nxmltodict.parse("")\n'),
        _s("an element name with a space", 'import xmltodict\nxmltodict.unparse({"order id": "1"})\n'),
        _s(
            "a document that declares an entity",
            """
            import xmltodict
            xmltodict.parse('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', disable_entities=True)
            """,
        ),
        _s("a root given as a list", 'import xmltodict\nxmltodict.unparse({"item": ["a", "b"]})\n'),
        _s("parsing an int", "import xmltodict\nxmltodict.parse(42)\n"),
        _s(
            "an attribute name with a space",
            'import xmltodict\nxmltodict.unparse({"order": {"@order id": "1"}})\n',
        ),
        _s("parsing JSON text as XML", "import xmltodict\nxmltodict.parse('{\"order\": 1}')\n"),
        _s("an element name that starts with a digit", 'import xmltodict\nxmltodict.unparse({"1st": "x"})\n'),
        _s("unparsing a list", 'import xmltodict\nxmltodict.unparse([{"a": 1}])\n'),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular2", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
