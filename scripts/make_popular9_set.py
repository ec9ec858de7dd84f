#!/usr/bin/env python3
"""Make the ninth popular set: everyday errors of much-used libraries that no other set pins.

The judged everyday errors come from running popular libraries, and the earlier popular sets have
been worked on, so they score above what the judge measures. This set is made the same way as
those — the same harness, truth rules and case format (``make_runtime_set.py``, entered through
``set_main``) — from ten libraries of the PyPI download ranking (``/work/shared/data/top-pypi.tsv``)
that no other regression set pins, runtime or issues, with small, pure-Python wheels so the set
indexes quickly, and was scored once before any change looked at its misses (see the set's
README):

    python scripts/make_popular9_set.py                      # every library, the pins below
    python scripts/make_popular9_set.py --only parse         # one library; the other cases are kept
    python scripts/make_popular9_set.py --versions parse==1.22.4 --only parse

The truth is the deepest frame in a *pinned* distribution, so what a library runs but does not
pin (trio's outcome and sniffio, python-slugify's text-unidecode) counts as outside code, as the
standard library does.

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "defusedxml": "0.7.1",
    "docutils": "0.23",
    "iso8601": "2.1.0",
    "mistune": "3.4.0",
    "parse": "1.22.4",
    "pycparser": "3.12",
    "python-decouple": "3.8",
    "python-slugify": "9.2.0",
    "trio": "0.35.0",
    "validators": "0.36.0",
}

# Errors of level 2 (warnings) and up stop the conversion, as `--halt=warning` does; nothing is
# printed to stderr beside the exception.
DOCUTILS = """
from docutils.core import publish_parts, publish_string

STRICT = {"halt_level": 2, "report_level": 5}
"""

DEFUSED_ENTITY = '<!DOCTYPE r [<!ENTITY a "b">]><r>&a;</r>'
DEFUSED_EXTERNAL = '<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/hostname">]><r>&e;</r>'

PYCPARSER = """
from pycparser import c_parser

parser = c_parser.CParser()
"""


def _trio(body: str) -> str:
    """An async main run by trio, the way every trio program starts."""
    lines = "".join(f"    {line}\n" for line in body.strip("\n").split("\n"))
    return f"import trio\n\nasync def main():\n{lines}\ntrio.run(main)\n"


# The snippets are ordinary user code, written from the libraries' documented APIs before errdex
# was run on any of them. Their number within a library is part of each case's `source`: new ones
# go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "python-decouple": [
        _s("a setting that is not set", 'from decouple import config\nconfig("SECRET_KEY")\n'),
        _s(
            "a flag that is not a boolean",
            'import os\nos.environ["DEBUG"] = "maybe"\nfrom decouple import config\nconfig("DEBUG", cast=bool)\n',
        ),
        _s(
            "a value outside the choices",
            'from decouple import Choices, config\nconfig("ENV", default="prod2", cast=Choices(["dev", "prod"]))\n',
        ),
        _s(
            "a key missing from the .env file",
            'from decouple import AutoConfig\nconfig = AutoConfig(search_path=".")\nconfig("DATABASE_URL")\n',
            files={".env": "DEBUG=True\n"},
        ),
        _s(
            "a settings.ini with no section",
            'from decouple import AutoConfig\nconfig = AutoConfig(search_path=".")\nconfig("DEBUG")\n',
            files={"settings.ini": "DEBUG=True\n"},
        ),
        _s(
            "an env file that is not there",
            'from decouple import Config, RepositoryEnv\nconfig = Config(RepositoryEnv("prod.env"))\n',
        ),
        _s(
            "a list of ports with a word in it",
            'from decouple import Csv, config\nconfig("PORTS", default="80,http", cast=Csv(int))\n',
        ),
        _s(
            "a number outside flat choices",
            'from decouple import Choices, config\nconfig("LEVEL", default="5", cast=Choices(flat=[1, 2, 3], cast=int))\n',
        ),
        _s(
            "a key with no value in the .env file",
            'from decouple import Config, RepositoryEnv\nconfig = Config(RepositoryEnv("app.env"))\nconfig("PORT")\n',
            files={"app.env": "PORT\nHOST=localhost\n"},
        ),
        _s(
            "a float given to an int cast",
            'from decouple import config\nconfig("TIMEOUT", default="1.5", cast=int)\n',
        ),
        _s(
            "a boolean default that is not one",
            'from decouple import config\nconfig("DEBUG", default="yes please", cast=bool)\n',
        ),
        _s(
            "a missing key in a settings.ini",
            'from decouple import AutoConfig\nconfig = AutoConfig(search_path=".")\nconfig("SECRET_KEY")\n',
            files={"settings.ini": "[settings]\nDEBUG=True\n"},
        ),
    ],
    "defusedxml": [
        _s(
            "an entity declaration",
            f"import defusedxml.ElementTree as ET\nET.fromstring({DEFUSED_ENTITY!r})\n",
        ),
        _s(
            "a document type when DTDs are forbidden",
            'import defusedxml.ElementTree as ET\nET.fromstring("<!DOCTYPE r><r/>", forbid_dtd=True)\n',
        ),
        _s(
            "an external entity with entities allowed",
            f"import defusedxml.ElementTree as ET\nET.fromstring({DEFUSED_EXTERNAL!r}, forbid_entities=False)\n",
        ),
        _s(
            "an entity through minidom",
            f"from defusedxml.minidom import parseString\nparseString({DEFUSED_ENTITY!r})\n",
        ),
        _s("a file that is not there", 'import defusedxml.ElementTree as ET\nET.parse("feed.xml")\n'),
        _s("a document cut short", 'import defusedxml.ElementTree as ET\nET.fromstring("<feed><entry>")\n'),
        _s(
            "the deprecated cElementTree module",
            "import defusedxml.cElementTree as ET\n",
            warnings_as_errors=True,
        ),
        _s(
            "an entity through SAX",
            "from xml.sax.handler import ContentHandler\nfrom defusedxml.sax import parseString\n"
            f"parseString({DEFUSED_ENTITY.encode()!r}, ContentHandler())\n",
        ),
        _s(
            "a document type through pulldom",
            "from defusedxml.pulldom import parseString\n"
            'for event, node in parseString("<!DOCTYPE r><r/>", forbid_dtd=True):\n    pass\n',
        ),
        _s("an HTML parser", "import defusedxml.ElementTree as ET\nET.XMLParser(html=True)\n"),
        _s(
            "an external entity through expatbuilder",
            f"from defusedxml.expatbuilder import parseString\nparseString({DEFUSED_EXTERNAL!r}, forbid_entities=False)\n",
        ),
        _s(
            "a gzip response over its limit",
            "import gzip, io\nfrom defusedxml.xmlrpc import DefusedGzipDecodedResponse\n"
            'DefusedGzipDecodedResponse(io.BytesIO(gzip.compress(b"x" * 100)), limit=10).read()\n',
        ),
        _s(
            "an entity in bytes through iterparse",
            "import io\nimport defusedxml.ElementTree as ET\n"
            f"for event, elem in ET.iterparse(io.BytesIO({DEFUSED_ENTITY.encode()!r})):\n    pass\n",
        ),
    ],
    "docutils": [
        _s(
            "a directive that does not exist",
            DOCUTILS + 'publish_string(".. foo:: bar\\n", settings_overrides=STRICT)\n',
        ),
        _s("a writer that does not exist", DOCUTILS + 'publish_string("text\\n", writer_name="pdf")\n'),
        _s(
            "a Markdown parser not installed",
            DOCUTILS + 'publish_string("# hi\\n", parser_name="markdown")\n',
        ),
        _s(
            "a role that does not exist",
            DOCUTILS + 'publish_string(":foo:`x`\\n", settings_overrides=STRICT)\n',
        ),
        _s(
            "an image with no path", DOCUTILS + 'publish_string(".. image::\\n", settings_overrides=STRICT)\n'
        ),
        _s("a link to no target", DOCUTILS + 'publish_string("see foo_\\n", settings_overrides=STRICT)\n'),
        _s(
            "a list ended with no blank line",
            DOCUTILS + 'publish_string("- a\\nb\\n", settings_overrides=STRICT)\n',
        ),
        _s(
            "a CSV table with an open quote",
            DOCUTILS + 'publish_string(".. csv-table::\\n\\n   a, \\"b\\n", settings_overrides=STRICT)\n',
        ),
        _s(
            "a target named twice",
            DOCUTILS
            + 'publish_string(".. _a: http://x\\n.. _a: http://y\\n\\na_\\n", settings_overrides=STRICT)\n',
        ),
        _s(
            "a raw directive when raw is off",
            DOCUTILS
            + 'publish_string(".. raw:: html\\n\\n   <b>x</b>\\n", settings_overrides={**STRICT, "raw_enabled": False})\n',
        ),
        _s(
            "a math output that does not exist",
            DOCUTILS
            + 'publish_parts("text\\n", writer_name="html", settings_overrides={"math_output": "svg"})\n',
        ),
        _s("a document that is None", DOCUTILS + "publish_string(None)\n"),
        _s(
            "an include of a file that is not there",
            DOCUTILS + 'publish_string(".. include:: chapter1.rst\\n", settings_overrides=STRICT)\n',
        ),
        _s(
            "a code block with a bad option",
            DOCUTILS
            + 'publish_string(".. code:: python\\n   :number-lines: x\\n\\n   a = 1\\n", settings_overrides=STRICT)\n',
        ),
    ],
    "iso8601": [
        _s("a month 13", 'import iso8601\niso8601.parse_date("2024-13-01")\n'),
        _s("a word for a date", 'import iso8601\niso8601.parse_date("yesterday")\n'),
        _s("a date that is None", "import iso8601\niso8601.parse_date(None)\n"),
        _s("the 30th of February", 'import iso8601\niso8601.parse_date("2024-02-30")\n'),
        _s("hour 25", 'import iso8601\niso8601.parse_date("2024-01-01T25:00")\n'),
        _s("an offset of 25 hours", 'import iso8601\niso8601.parse_date("2024-01-01T10:00+25:00")\n'),
        _s("an empty date", 'import iso8601\niso8601.parse_date("")\n'),
        _s("a date given as an int", "import iso8601\niso8601.parse_date(20240101)\n"),
        _s("second 61", 'import iso8601\niso8601.parse_date("2024-01-01T10:00:61")\n'),
        _s("a week date", 'import iso8601\niso8601.parse_date("2024-W05")\n'),
        _s(
            "a default time zone given as a string",
            'import iso8601\niso8601.parse_date("2024-01-01", default_timezone="UTC")\n',
        ),
        _s("a day-first date", 'import iso8601\niso8601.parse_date("01/02/2024")\n'),
    ],
    "mistune": [
        _s("a plugin that does not exist", 'import mistune\nmistune.create_markdown(plugins=["emoji"])\n'),
        _s("a number for the text", "import mistune\nmistune.html(123)\n"),
        _s("a renderer given by a name", 'import mistune\nmistune.markdown("x", renderer="rst")\n'),
        _s(
            "an inline nesting level of zero",
            "from mistune.inline_parser import InlineParser\nInlineParser(max_nested_level=0)\n",
        ),
        _s(
            "a block nesting level below zero",
            "from mistune.block_parser import BlockParser\nBlockParser(max_nested_level=-1)\n",
        ),
        _s("bytes for the text", 'import mistune\nmistune.html(b"# hi")\n'),
        _s(
            "a plugin function called by the user",
            "import mistune\nfrom mistune.plugins.formatting import strikethrough\n"
            "mistune.create_markdown(plugins=[strikethrough()])\n",
        ),
    ],
    "parse": [
        _s("a format type that does not exist", 'import parse\nparse.parse("{:q}", "x")\n'),
        _s("a name used with two types", 'import parse\nparse.parse("{x:d} {x:w}", "1 a")\n'),
        _s("a strftime directive that does not exist", 'import parse\nparse.parse("{:%Q}", "x")\n'),
        _s("an extra type that is not callable", 'import parse\nparse.parse("{:n2}", "x", dict(n2=5))\n'),
        _s("a date that does not exist", 'import parse\nparse.parse("{:tg}", "31/02/2024 10:00")\n'),
        _s("an hour 25", 'import parse\nparse.parse("{:tt}", "25:00")\n'),
        _s(
            "a named field that is not there",
            'import parse\nr = parse.parse("{name}: {age:d}", "sue: 4")\nprint(r["email"])\n',
        ),
        _s("a field index past the end", 'import parse\nr = parse.parse("{}-{}", "a-b")\nprint(r[2])\n'),
        _s("a number to parse", 'import parse\nparse.compile("{:d}").parse(5)\n'),
        _s("a result that did not match", 'import parse\nprint(parse.parse("{:d}", "x").named)\n'),
        _s("a search in None", 'import parse\nparse.search("age: {:d}", None)\n'),
    ],
    "pycparser": [
        _s("an initialiser left out", PYCPARSER + 'parser.parse("int x = ;")\n'),
        _s("a missing semicolon at the end", PYCPARSER + 'parser.parse("int x")\n'),
        _s("an unknown type name", PYCPARSER + 'parser.parse("foo x;")\n'),
        _s(
            "an #include in the source",
            PYCPARSER + 'parser.parse("#include <stdio.h>\\nint main(void) { return 0; }")\n',
        ),
        _s("a missing semicolon after return", PYCPARSER + 'parser.parse("int f(int a) { return a }")\n'),
        _s("an array bracket not closed", PYCPARSER + 'parser.parse("int x[;")\n'),
        _s("a constant with a doubled suffix", PYCPARSER + 'parser.parse("int x = 1uu;")\n'),
        _s("a name that starts with a digit", PYCPARSER + 'parser.parse("int main() { int 3x; }")\n'),
        _s("sizeof with no operand", PYCPARSER + 'parser.parse("int x = sizeof;")\n'),
        _s("a file that is not there", 'from pycparser import parse_file\nparse_file("main.c")\n'),
        _s(
            "a preprocessor that is not installed",
            'from pycparser import parse_file\nparse_file("main.c", use_cpp=True, cpp_path="clang-cpp-99")\n',
            files={"main.c": "int x;\n"},
        ),
        _s("bytes for the source", PYCPARSER + 'parser.parse(b"int x;")\n'),
        _s("a typedef name declared again", PYCPARSER + 'parser.parse("typedef int T;\\nint T;\\n")\n'),
        _s(
            "a generator given a string",
            "from pycparser import c_generator\nc_generator.CGenerator().visit('int x;')\n",
        ),
    ],
    "python-slugify": [
        _s("a slug of None", "from slugify import slugify\nslugify(None)\n"),
        _s("a slug of a number", "from slugify import slugify\nslugify(123)\n"),
        _s(
            "a max length as a string",
            'from slugify import slugify\nslugify("Hello World", max_length="10")\n',
        ),
        _s("a separator of None", 'from slugify import slugify\nslugify("Hello World", separator=None)\n'),
        _s(
            "a replacement stage that does not exist",
            'from slugify import slugify\nslugify("Hello World", replacement_stage="middle")\n',
        ),
        _s(
            "a backend that does not exist",
            'from slugify import slugify\nslugify("Hello World", backend="pinyin")\n',
        ),
        _s(
            "an algorithm that does not exist",
            'from slugify import slugify\nslugify("Hello World", algorithm="new")\n',
        ),
        _s(
            "a regex pattern that does not compile",
            'from slugify import slugify\nslugify("Hello", regex_pattern="[")\n',
        ),
        _s(
            "a replacement that is not a pair",
            'from slugify import slugify\nslugify("Hello", replacements=[("a",)])\n',
        ),
    ],
    "trio": [
        _s(
            "a call back into trio from a thread it did not start",
            'import trio\ntrio.from_thread.run_sync(print, "hello")\n',
        ),
        _s("a sync function given to run", "import trio\n\ndef main():\n    pass\n\ntrio.run(main)\n"),
        _s("a negative sleep", _trio("await trio.sleep(-1)")),
        _s("a timeout reached", _trio("with trio.fail_after(0.01):\n    await trio.sleep(1)")),
        _s("a negative semaphore", "import trio\ntrio.Semaphore(-1)\n"),
        _s(
            "a send on a closed channel",
            _trio("send, receive = trio.open_memory_channel(1)\nawait send.aclose()\nawait send.send(1)"),
        ),
        _s("a negative buffer size", "import trio\ntrio.open_memory_channel(-1)\n"),
        _s("a buffer size that is a float", "import trio\ntrio.open_memory_channel(1.5)\n"),
        _s(
            "a task started after its nursery closed",
            _trio("async with trio.open_nursery() as nursery:\n    pass\nnursery.start_soon(trio.sleep, 1)"),
        ),
        _s(
            "an async function run in a thread",
            "import trio\n\nasync def work():\n    pass\n\nasync def main():\n"
            "    await trio.to_thread.run_sync(work)\n\ntrio.run(main)\n",
        ),
        _s("a lock released by another task", _trio("trio.Lock().release()")),
        _s("a connection refused", _trio('await trio.open_tcp_stream("127.0.0.1", 1)')),
        _s("run called inside run", _trio("trio.run(trio.sleep, 0)")),
        _s("the clock read outside trio", "import trio\ntrio.current_time()\n"),
        _s("a semaphore released too often", _trio("s = trio.Semaphore(1, max_value=1)\ns.release()")),
        _s("a port given as a string", _trio('await trio.open_tcp_stream("127.0.0.1", "80")')),
        _s("a negative timeout", _trio("with trio.move_on_after(-1):\n    pass")),
    ],
    "validators": [
        _s("an email that is not one", 'import validators\nvalidators.email("not-an-email", r_ve=True)\n'),
        _s("a URL with no colon", 'import validators\nvalidators.url("htp//example.com", r_ve=True)\n'),
        _s(
            "bounds the wrong way round",
            "import validators\nvalidators.between(5, min_val=10, max_val=1, r_ve=True)\n",
        ),
        _s("a negative length", 'import validators\nvalidators.length("abc", min_val=-1, r_ve=True)\n'),
        _s(
            "an address without its prefix length",
            'import validators\nvalidators.ipv4("10.0.0.1", cidr=True, strict=True, r_ve=True)\n',
        ),
        _s("a cron string with three fields", 'import validators\nvalidators.cron("* * *", r_ve=True)\n'),
        _s(
            "a string compared with a number",
            'import validators\nvalidators.between("a", min_val=1, r_ve=True)\n',
        ),
        _s("a UUID that is not one", 'import validators\nvalidators.uuid("1234", r_ve=True)\n'),
        _s(
            "an Ethereum address without its extra",
            'import validators\nvalidators.eth_address("0x9cc14ba4f9f68ca159ea4ebf2c292a53b9d6d3d1", r_ve=True)\n',
        ),
        _s("a length of a number", "import validators\nvalidators.length(5, min_val=1, r_ve=True)\n"),
        _s(
            "validation errors raised by the environment",
            'import os\nos.environ["RAISE_VALIDATION_ERROR"] = "True"\nimport validators\nvalidators.email("sue@")\n',
        ),
        _s("a slug with a space", 'import validators\nvalidators.slug("Hello World", r_ve=True)\n'),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular9", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
