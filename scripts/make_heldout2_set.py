#!/usr/bin/env python3
"""Make the second held-out runtime set: everyday errors of libraries no other set covers.

The first held-out set (``make_heldout_set.py``) has been looked at since its first score, so it
is no longer an unseen measure. This set is made the same way — the same harness, the same truth
rules, the same case format (``make_runtime_set.py``) — from yet another group of popular
pure-Python libraries, and was scored once before any change looked at its misses (see the set's
README). Everything but the snippet table, the pins and the folders is ``make_runtime_set``'s:

    python scripts/make_heldout2_set.py                   # every library, the pins below
    python scripts/make_heldout2_set.py --only idna       # one library; the other cases are kept
    python scripts/make_heldout2_set.py --versions idna==3.21 --only idna

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "cachetools": "8.0.0",
    "cattrs": "26.2.1",
    "cerberus": "1.3.8",
    "humanize": "4.17.0",
    "idna": "3.20",
    "inflect": "7.6.0",
    "itsdangerous": "2.2.0",
    "jsonpatch": "1.47",
    "mako": "1.4.3",
    "markdown": "3.11.3",
    "sqlparse": "0.6.1",
    "structlog": "26.1.0",
    "tabulate": "0.10.0",
    "tenacity": "9.2.1",
    "toolz": "1.2.0",
    "voluptuous": "0.16.0",
}

CATTRS_USER = """
from attrs import define
import cattrs

@define
class User:
    name: str
    age: int
"""

# The snippets are ordinary user code, written from the libraries' documented APIs before errdex
# was run on any of them. Their number within a library is part of each case's `source`: new ones
# go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "itsdangerous": [
        _s(
            "a token signed with another secret",
            """
            from itsdangerous import URLSafeSerializer
            token = URLSafeSerializer("old-secret").dumps({"user_id": 5})
            URLSafeSerializer("new-secret").loads(token)
            """,
        ),
        _s(
            "a token older than max_age",
            """
            import time
            from itsdangerous import URLSafeTimedSerializer
            s = URLSafeTimedSerializer("secret-key", salt="reset")
            token = s.dumps("ada@example.com")
            time.sleep(2.2)
            s.loads(token, max_age=1)
            """,
        ),
        _s(
            "unsigning a value that was never signed",
            """
            from itsdangerous import Signer
            Signer("secret-key").unsign("hello")
            """,
        ),
        _s(
            "a string that is not a token",
            """
            from itsdangerous import URLSafeSerializer
            URLSafeSerializer("secret-key").loads("not-a-token")
            """,
        ),
        _s(
            "a digest method given by name",
            """
            from itsdangerous import Signer
            Signer("secret-key", digest_method="sha256").sign("hello")
            """,
        ),
    ],
    "markdown": [
        _s(
            "a misspelt extension name",
            """
            import markdown
            markdown.markdown("| a | b |", extensions=["tabels"])
            """,
        ),
        _s(
            "an unknown output format",
            """
            import markdown
            markdown.Markdown(output_format="pdf")
            """,
        ),
        _s(
            "an unknown option for an extension",
            """
            import markdown
            markdown.markdown("# Title", extensions=["toc"], extension_configs={"toc": {"depth": 2}})
            """,
        ),
        _s(
            "an extension that is not an Extension",
            """
            import markdown
            markdown.markdown("text", extensions=[42])
            """,
        ),
        _s(
            "an extension class that does not exist in its module",
            """
            import markdown
            markdown.markdown("text", extensions=["markdown.extensions.toc:TableOfContent"])
            """,
        ),
    ],
    "tenacity": [
        _s(
            "a call that keeps failing past its attempts",
            """
            from tenacity import retry, stop_after_attempt

            @retry(stop=stop_after_attempt(2))
            def fetch():
                raise ConnectionError("service down")

            fetch()
            """,
        ),
        _s(
            "stop given as a number",
            """
            from tenacity import retry

            @retry(stop=3)
            def fetch():
                raise ConnectionError("service down")

            fetch()
            """,
        ),
        _s(
            "Retrying used as an iterator until it gives up",
            """
            from tenacity import Retrying, stop_after_attempt

            for attempt in Retrying(stop=stop_after_attempt(2)):
                with attempt:
                    int("not a number")
            """,
        ),
        _s(
            "wait given as a number",
            """
            from tenacity import retry, stop_after_attempt

            @retry(stop=stop_after_attempt(2), wait=1)
            def fetch():
                raise ConnectionError("service down")

            fetch()
            """,
        ),
    ],
    "cachetools": [
        _s(
            "a value larger than the cache",
            """
            from cachetools import LRUCache
            cache = LRUCache(maxsize=10, getsizeof=len)
            cache["page"] = "x" * 20
            """,
        ),
        _s(
            "a missing key",
            """
            from cachetools import TTLCache
            cache = TTLCache(maxsize=10, ttl=60)
            cache["session"]
            """,
        ),
        _s(
            "popitem from an empty cache",
            """
            from cachetools import LRUCache
            LRUCache(maxsize=2).popitem()
            """,
        ),
        _s(
            "a TTL cache without a ttl",
            """
            from cachetools import TTLCache
            TTLCache(maxsize=10)
            """,
        ),
        _s(
            "cached given the cache class, not an instance",
            """
            from cachetools import cached, LRUCache

            @cached(LRUCache)
            def square(x):
                return x * x

            square(3)
            """,
        ),
    ],
    "toolz": [
        _s(
            "get_in of a missing key with no_default",
            """
            from toolz import get_in
            get_in(["user", "email"], {"user": {"name": "ada"}}, no_default=True)
            """,
        ),
        _s(
            "curry of something not callable",
            """
            from toolz import curry
            curry(42)
            """,
        ),
        _s(
            "nth past the end",
            """
            from toolz import nth
            nth(5, [1, 2, 3])
            """,
        ),
        _s(
            "sliding_window with its arguments swapped",
            """
            from toolz import sliding_window
            list(sliding_window([1, 2, 3, 4], 2))
            """,
        ),
        _s(
            "merge of something that is not a dict",
            """
            from toolz import merge
            merge({"a": 1}, [("b", 2)])
            """,
        ),
    ],
    "idna": [
        _s(
            "a domain with a space",
            """
            import idna
            idna.encode("exa mple.com")
            """,
        ),
        _s(
            "an empty domain",
            """
            import idna
            idna.encode("")
            """,
        ),
        _s(
            "a label longer than 63 characters",
            """
            import idna
            idna.encode("a" * 64 + ".com")
            """,
        ),
        _s(
            "a label starting with a hyphen",
            """
            import idna
            idna.encode("-example.com")
            """,
        ),
        _s(
            "decoding invalid punycode",
            """
            import idna
            idna.decode("xn--a-ecp.xn--9.com")
            """,
        ),
    ],
    "jsonpatch": [
        _s(
            "removing a member that does not exist",
            """
            import jsonpatch
            jsonpatch.apply_patch({"a": 1}, [{"op": "remove", "path": "/b"}])
            """,
        ),
        _s(
            "an unknown operation",
            """
            import jsonpatch
            jsonpatch.apply_patch({"a": 1}, [{"op": "delete", "path": "/a"}])
            """,
        ),
        _s(
            "an add without a value",
            """
            import jsonpatch
            jsonpatch.apply_patch({"a": 1}, [{"op": "add", "path": "/b"}])
            """,
        ),
        _s(
            "a test operation that fails",
            """
            import jsonpatch
            jsonpatch.apply_patch({"a": 1}, [{"op": "test", "path": "/a", "value": 2}])
            """,
        ),
        _s(
            "a path without a leading slash",
            """
            import jsonpatch
            jsonpatch.apply_patch({"a": 1}, [{"op": "replace", "path": "a", "value": 2}])
            """,
        ),
        _s(
            "an operation without op",
            """
            import jsonpatch
            jsonpatch.apply_patch({"a": 1}, [{"path": "/a", "value": 2}])
            """,
        ),
    ],
    "voluptuous": [
        _s(
            "a required key missing",
            """
            from voluptuous import Schema, Required
            Schema({Required("name"): str, "age": int})({"age": 3})
            """,
        ),
        _s(
            "a value of the wrong type",
            """
            from voluptuous import Schema
            Schema({"age": int})({"age": "ten"})
            """,
        ),
        _s(
            "a key the schema does not allow",
            """
            from voluptuous import Schema
            Schema({"name": str})({"name": "ada", "admin": True})
            """,
        ),
        _s(
            "a number out of range",
            """
            from voluptuous import Schema, All, Range
            Schema(All(int, Range(min=1, max=10)))(42)
            """,
        ),
        _s(
            "an invalid URL",
            """
            from voluptuous import Schema, Url
            Schema({"homepage": Url()})({"homepage": "not a url"})
            """,
        ),
    ],
    "cerberus": [
        _s(
            "a schema with an unknown type",
            """
            from cerberus import Validator
            Validator({"name": {"type": "strng"}})
            """,
        ),
        _s(
            "a schema with a misspelt rule",
            """
            from cerberus import Validator
            Validator({"name": {"tpye": "string"}})
            """,
        ),
        _s(
            "validating a list instead of a dict",
            """
            from cerberus import Validator
            Validator({"name": {"type": "string"}}).validate(["ada"])
            """,
        ),
        _s(
            "validating without a schema",
            """
            from cerberus import Validator
            Validator().validate({"name": "ada"})
            """,
        ),
    ],
    "sqlparse": [
        _s(
            "an unknown keyword case",
            """
            import sqlparse
            sqlparse.format("select * from users", keyword_case="shout")
            """,
        ),
        _s(
            "an indent width given as a string",
            """
            import sqlparse
            sqlparse.format("select * from users", reindent=True, indent_width="4")
            """,
        ),
        _s(
            "indent_tabs given as a string",
            """
            import sqlparse
            sqlparse.format("select * from users", reindent=True, indent_tabs="yes")
            """,
        ),
        _s(
            "an unknown identifier case",
            """
            import sqlparse
            sqlparse.format("select id from users", identifier_case="title")
            """,
        ),
    ],
    "tabulate": [
        _s(
            "headers given as a list for a list of dicts",
            """
            from tabulate import tabulate
            print(tabulate([{"name": "ada", "age": 36}], headers=["name", "age"]))
            """,
        ),
        _s(
            "a number instead of rows",
            """
            from tabulate import tabulate
            print(tabulate(42))
            """,
        ),
        _s(
            "an unknown column alignment",
            """
            from tabulate import tabulate
            print(tabulate([[1, 2]], headers=["a", "b"], colalign=("left", "middle")))
            """,
        ),
        _s(
            "maxcolwidths given as a string",
            """
            from tabulate import tabulate
            print(tabulate([["a long text", 2]], maxcolwidths="10"))
            """,
        ),
    ],
    "humanize": [
        _s(
            "precisedelta with an unknown minimum unit",
            """
            import datetime as dt
            import humanize
            humanize.precisedelta(dt.timedelta(days=10), minimum_unit="weeks")
            """,
        ),
        _s(
            "precisedelta with its minimum unit suppressed",
            """
            import datetime as dt
            import humanize
            humanize.precisedelta(dt.timedelta(hours=30), minimum_unit="hours", suppress=["hours", "days"])
            """,
        ),
        _s(
            "activating a locale that is not shipped",
            """
            import humanize
            humanize.i18n.activate("xx_XX")
            """,
        ),
        _s(
            "naturalsize of a string",
            """
            import humanize
            humanize.naturalsize("big")
            """,
        ),
    ],
    "inflect": [
        _s(
            "an unknown classical mode",
            """
            import inflect
            inflect.engine().classical(latin=True)
            """,
        ),
        _s(
            "num of a word",
            """
            import inflect
            inflect.engine().num("three")
            """,
        ),
        _s(
            "an unsupported grouping for number_to_words",
            """
            import inflect
            inflect.engine().number_to_words(1234, group=5)
            """,
        ),
        _s(
            "plural of an empty string",
            """
            import inflect
            inflect.engine().plural("")
            """,
        ),
        _s(
            "a number too large for words",
            """
            import inflect
            inflect.engine().number_to_words(10**70)
            """,
        ),
    ],
    "mako": [
        _s(
            "an expression that is not closed",
            """
            from mako.template import Template
            Template("Hello ${name")
            """,
        ),
        _s(
            "rendering without a variable the template uses",
            """
            from mako.template import Template
            Template("Hello ${name}!").render()
            """,
        ),
        _s(
            "a template the lookup cannot find",
            """
            from mako.lookup import TemplateLookup
            TemplateLookup(directories=["templates"]).get_template("index.html")
            """,
        ),
        _s(
            "a control line that is never closed",
            """
            from mako.template import Template
            Template("% for item in items:\\n${item}\\n")
            """,
        ),
        _s(
            "an include without a lookup",
            """
            from mako.template import Template
            Template("<%include file='header.html'/>").render()
            """,
        ),
    ],
    "structlog": [
        _s(
            "a filtering logger with an unknown level name",
            """
            import structlog
            structlog.make_filtering_bound_logger("verbose")
            """,
        ),
        _s(
            "unbinding a key that was never bound",
            """
            import structlog
            structlog.get_logger().bind(user="ada").unbind("request_id")
            """,
        ),
        _s(
            "ProcessorFormatter given processor and processors",
            """
            import structlog
            structlog.stdlib.ProcessorFormatter(
                processor=structlog.dev.ConsoleRenderer(),
                processors=[structlog.dev.ConsoleRenderer()],
            )
            """,
        ),
        _s(
            "an event passed twice",
            """
            import structlog
            structlog.get_logger().info("user logged in", event="login")
            """,
        ),
        _s(
            "a JSON renderer given an object json cannot write",
            """
            import structlog
            structlog.configure(processors=[structlog.processors.JSONRenderer()])
            structlog.get_logger().info("saved", payload=object())
            """,
        ),
    ],
    "cattrs": [
        _s(
            "structuring a dict with a field missing",
            CATTRS_USER
            + """
cattrs.structure({"name": "ada"}, User)
""",
        ),
        _s(
            "structuring a field of the wrong type",
            CATTRS_USER
            + """
cattrs.structure({"name": "ada", "age": "old"}, User)
""",
        ),
        _s(
            "structuring into a plain class",
            """
            import cattrs

            class Point:
                def __init__(self, x, y):
                    self.x, self.y = x, y

            cattrs.structure({"x": 1, "y": 2}, Point)
            """,
        ),
        _s(
            "structuring a string into a list of ints",
            """
            import cattrs
            cattrs.structure("1,2,3", list[int])
            """,
        ),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("heldout2", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
