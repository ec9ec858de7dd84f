#!/usr/bin/env python3
"""Make the eleventh popular set: everyday errors of much-used libraries that no other set pins.

The judged everyday errors come from running popular libraries, and the earlier popular sets have
been worked on, so they score above what the judge measures. This set is made the same way as
those — the same harness, truth rules and case format (``make_runtime_set.py``, entered through
``set_main``) — from ten libraries of the PyPI download ranking (``/work/shared/data/top-pypi.tsv``)
that no other regression set (nor the dev set) pins, chosen among parsers, configuration,
date/time, HTTP, validation and templating libraries whose exceptions carry structured text, with
small, pure-Python wheels so the set indexes quickly. It was scored once before any change looked
at its misses (see the set's README):

    python scripts/make_popular11_set.py                     # every library, the pins below
    python scripts/make_popular11_set.py --only glom         # one library; the other cases are kept
    python scripts/make_popular11_set.py --versions glom==25.12.0 --only glom

The truth is the deepest frame in a *pinned* distribution, so what a library runs but does not
pin (glom's boltons, attrs and face, pyhocon's pyparsing, pyproject-metadata's packaging) counts
as outside code, as the standard library does.

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "aniso8601": "10.0.1",
    "chevron": "0.14.0",
    "configobj": "5.0.9",
    "dpath": "2.2.0",
    "glom": "25.12.0",
    "multipart": "2.0.1",
    "pyhocon": "0.3.63",
    "pyproject-metadata": "0.12.1",
    "python-crontab": "3.4.0",
    "simpleeval": "1.0.8",
}

GLOM = """
from glom import glom, Assign, Check, Coalesce, Delete, Match, S, T

USER = {"name": "ada", "address": {"city": "London"}, "roles": [{"name": "admin"}, {"id": 2}]}
"""

SIMPLEEVAL = """
from simpleeval import EvalWithCompoundTypes, SimpleEval, simple_eval
"""

CONFIGOBJ = """
from configobj import ConfigObj
"""

VALIDATE = """
from configobj.validate import Validator

v = Validator()
"""

ANISO = """
import aniso8601
"""

MULTIPART = """
import io
import multipart

BODY = (
    b"--xyz\\r\\n"
    b'Content-Disposition: form-data; name="title"\\r\\n\\r\\n'
    b"hello\\r\\n"
    b"--xyz--\\r\\n"
)
"""

HOCON = """
from pyhocon import ConfigFactory, HOCONConverter
"""

DPATH = """
import dpath

DATA = {"server": {"host": "localhost", "ports": [80, 443]}, "users": {"ada": {"admin": True}}}
"""

CHEVRON = """
import chevron
"""

PYPROJECT = """
from pyproject_metadata import StandardMetadata

def load(**project):
    project.setdefault("name", "demo")
    project.setdefault("version", "1.0.0")
    return StandardMetadata.from_pyproject({"project": project})
"""

CRONTAB = """
from crontab import CronTab, CronSlices

cron = CronTab(tab="")
job = cron.new(command="/usr/bin/backup.sh", comment="backup")
"""

# The snippets are ordinary user code, written from the libraries' documented APIs before errdex
# was run on any of them. Their number within a library is part of each case's `source`: new ones
# go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "aniso8601": [
        _s("a month past twelve", ANISO + 'aniso8601.parse_date("2021-13-01")\n'),
        _s("the thirtieth of February", ANISO + 'aniso8601.parse_date("2021-02-30")\n'),
        _s("an hour past 24", ANISO + 'aniso8601.parse_time("25:00:00")\n'),
        _s("a minute past 59", ANISO + 'aniso8601.parse_time("12:61")\n'),
        _s("a duration with an unknown unit", ANISO + 'aniso8601.parse_duration("P1Y2X")\n'),
        _s("a datetime with a space", ANISO + 'aniso8601.parse_datetime("2021-01-01 10:00:00")\n'),
        _s("an interval with one end", ANISO + 'aniso8601.parse_interval("2021-01-01")\n'),
        _s("a date given as a number", ANISO + "aniso8601.parse_date(20210101)\n"),
        _s("a timezone hours past the limit", ANISO + 'aniso8601.parse_timezone("+25:00")\n'),
        _s("a fraction not on the last unit", ANISO + 'aniso8601.parse_duration("PT1.5H30M")\n'),
        _s("a duration with no P", ANISO + 'aniso8601.parse_duration("1H30M")\n'),
        _s(
            "a repeating interval without R", ANISO + 'aniso8601.parse_repeating_interval("P1D/2021-01-01")\n'
        ),
        _s("a week number past 53", ANISO + 'aniso8601.parse_date("2021-W60")\n'),
        _s("a date of letters", ANISO + 'aniso8601.parse_date("yesterday")\n'),
    ],
    "chevron": [
        _s(
            "a section never closed",
            CHEVRON + 'chevron.render("{{#items}}<li>{{name}}</li>", {"items": []})\n',
        ),
        _s(
            "a close with no open", CHEVRON + 'chevron.render("<li>{{name}}</li>{{/items}}", {"name": "x"})\n'
        ),
        _s("a tag never closed", CHEVRON + 'chevron.render("Hello {{ name", {"name": "ada"})\n'),
        _s(
            "sections closed in the wrong order",
            CHEVRON + 'chevron.render("{{#a}}{{#b}}x{{/a}}{{/b}}", {"a": 1, "b": 1})\n',
        ),
        _s("a template of None", CHEVRON + 'chevron.render(None, {"name": "ada"})\n'),
        _s("a bad delimiter change", CHEVRON + 'chevron.render("{{=<% =}}hello", {})\n'),
        _s("data given as a list", CHEVRON + 'chevron.render("{{name}}", ["ada"])\n'),
        _s("a template file that is not there", CHEVRON + 'chevron.render(open("page.mustache"), {})\n'),
        _s(
            "an inverted section never closed",
            CHEVRON + 'chevron.render("{{^items}}none", {"items": []})\n',
        ),
        _s(
            "a lambda that returns a number",
            CHEVRON + 'chevron.render("{{#wrap}}hi{{/wrap}}", {"wrap": lambda text, render: 5})\n',
        ),
    ],
    "configobj": [
        _s(
            "a line that is neither key nor section",
            CONFIGOBJ + 'ConfigObj("app.ini")\n',
            files={"app.ini": "[server]\nhost = localhost\nport 8080\n"},
        ),
        _s(
            "a key given twice",
            CONFIGOBJ + 'ConfigObj("app.ini")\n',
            files={"app.ini": "[server]\nhost = localhost\nhost = example.com\n"},
        ),
        _s(
            "a section given twice",
            CONFIGOBJ + 'ConfigObj("app.ini")\n',
            files={"app.ini": "[server]\nhost = a\n[server]\nport = 1\n"},
        ),
        _s(
            "a subsection too deep",
            CONFIGOBJ + 'ConfigObj("app.ini")\n',
            files={"app.ini": "[server]\nhost = a\n[[[deep]]]\nx = 1\n"},
        ),
        _s("a file that must exist", CONFIGOBJ + 'ConfigObj("missing.ini", file_error=True)\n'),
        _s("a number for the file", CONFIGOBJ + "ConfigObj(8080)\n"),
        _s(
            "a value that is not a boolean",
            CONFIGOBJ + 'c = ConfigObj(["debug = maybe"])\nc.as_bool("debug")\n',
        ),
        _s(
            "a value that is not an integer",
            CONFIGOBJ + 'c = ConfigObj(["port = eighty"])\nc.as_int("port")\n',
        ),
        _s(
            "an interpolation of a key not there",
            CONFIGOBJ + 'c = ConfigObj(["url = http://%(host)s/"])\nprint(c["url"])\n',
        ),
        _s("a key that is not there", CONFIGOBJ + 'c = ConfigObj(["port = 80"])\nprint(c["host"])\n'),
        _s(
            "a multiline value never closed",
            CONFIGOBJ + 'ConfigObj("app.ini")\n',
            files={"app.ini": 'motd = """Welcome\nto the server\n'},
        ),
        _s(
            "an interpolation that loops",
            CONFIGOBJ + 'c = ConfigObj(["a = %(b)s", "b = %(a)s"])\nprint(c["a"])\n',
        ),
        _s("a validator type that is wrong", VALIDATE + 'v.check("integer", "eighty")\n'),
        _s("a validator value too big", VALIDATE + 'v.check("integer(0, 10)", "20")\n'),
        _s("a validator option not allowed", VALIDATE + "v.check(\"option('dev', 'prod')\", \"staging\")\n"),
        _s("a validator check that does not exist", VALIDATE + 'v.check("port_number", "80")\n'),
        _s("a validator list too short", VALIDATE + 'v.check("int_list(min=3)", ["1", "2"])\n'),
        _s("a missing value with no default", VALIDATE + 'v.check("integer", None, missing=True)\n'),
    ],
    "dpath": [
        _s("a path that is not there", DPATH + 'dpath.get(DATA, "server/user")\n'),
        _s("a glob that finds two", DPATH + 'dpath.get(DATA, "server/*")\n'),
        _s("a delete of nothing", DPATH + 'dpath.delete(DATA, "server/timeout")\n'),
        _s("an empty glob", DPATH + 'dpath.get(DATA, "")\n'),
        _s("a list index past the end", DPATH + 'dpath.get(DATA, "server/ports/5")\n'),
        _s("a merge of a list into a dict", DPATH + "dpath.merge(DATA, [1, 2])\n"),
        _s("a new path through a string", DPATH + 'dpath.new(DATA, "server/host/name", "x")\n'),
        _s("a path given as a number", DPATH + "dpath.get(DATA, 5)\n"),
        _s(
            "a search of a list of dicts by a key",
            DPATH + 'dpath.values(DATA, "users/*/admin", separator=None)\n',
        ),
        _s("a double star to delete", DPATH + 'dpath.delete(DATA, "**")\n'),
    ],
    "glom": [
        _s("a key that is not there", GLOM + 'glom(USER, "address.zip")\n'),
        _s("a path through a string", GLOM + 'glom(USER, "name.first")\n'),
        _s("a name missing in one item", GLOM + 'glom(USER, ("roles", ["name"]))\n'),
        _s("none of the fallbacks there", GLOM + 'glom(USER, Coalesce("email", "mail"))\n'),
        _s("a value of the wrong type", GLOM + 'glom({"id": "7"}, Match({"id": int}))\n'),
        _s("an assign through a missing key", GLOM + 'glom({}, Assign("a.b", 1))\n'),
        _s("a delete of a key not there", GLOM + 'glom({"a": {}}, Delete("a.b"))\n'),
        _s("a check of the type", GLOM + 'glom({"age": "40"}, Check("age", type=int))\n'),
        _s("a spec that is a number", GLOM + "glom(USER, 3.5)\n"),
        _s("an index past the end", GLOM + 'glom(USER, "roles.5.name")\n'),
        _s("a T lookup not there", GLOM + 'glom(USER, T["phone"])\n'),
        _s("a scope value not set", GLOM + 'glom(USER, S["tenant"])\n'),
        _s("a value outside the allowed ones", GLOM + 'glom({"mode": "x"}, Match({"mode": "dev"}))\n'),
        _s(
            "a check of allowed values", GLOM + 'glom({"mode": "x"}, Check("mode", one_of=["dev", "prod"]))\n'
        ),
    ],
    "multipart": [
        _s(
            "a body that never reaches its boundary",
            MULTIPART + 'list(multipart.MultipartParser(io.BytesIO(BODY[:40]), "xyz"))\n',
        ),
        _s(
            "a boundary that is not the body's",
            MULTIPART + 'list(multipart.MultipartParser(io.BytesIO(BODY), "abc"))\n',
        ),
        _s("an empty boundary", MULTIPART + 'list(multipart.MultipartParser(io.BytesIO(BODY), ""))\n'),
        _s(
            "a part over the memory limit",
            MULTIPART + 'list(multipart.MultipartParser(io.BytesIO(BODY), "xyz", mem_limit=3))\n',
        ),
        _s(
            "a part with no Content-Disposition",
            MULTIPART
            + 'body = b"--xyz\\r\\nContent-Type: text/plain\\r\\n\\r\\nhi\\r\\n--xyz--\\r\\n"\n'
            + 'list(multipart.MultipartParser(io.BytesIO(body), "xyz"))\n',
        ),
        _s(
            "a header line with no colon",
            MULTIPART
            + 'body = b"--xyz\\r\\nnot a header\\r\\n\\r\\nhi\\r\\n--xyz--\\r\\n"\n'
            + 'list(multipart.MultipartParser(io.BytesIO(body), "xyz"))\n',
        ),
        _s(
            "a push parser fed after it closed",
            MULTIPART
            + 'p = multipart.PushMultipartParser("xyz")\nlist(p.parse(BODY))\np.close()\nlist(p.parse(b"more"))\n',
        ),
        _s(
            "a part over the part limit",
            MULTIPART + 'list(multipart.MultipartParser(io.BytesIO(BODY), "xyz", part_limit=0))\n',
        ),
        _s(
            "a form parsed without a boundary",
            MULTIPART
            + 'env = {"REQUEST_METHOD": "POST", "CONTENT_TYPE": "multipart/form-data",'
            + ' "CONTENT_LENGTH": str(len(BODY)), "wsgi.input": io.BytesIO(BODY)}\n'
            + "multipart.parse_form_data(env, strict=True)\n",
        ),
        _s(
            "a form with a content type it does not know",
            MULTIPART
            + 'env = {"REQUEST_METHOD": "POST", "CONTENT_TYPE": "application/json",'
            + ' "CONTENT_LENGTH": "2", "wsgi.input": io.BytesIO(b"{}")}\n'
            + "multipart.parse_form_data(env, strict=True)\n",
        ),
        _s(
            "a part header too long",
            MULTIPART
            + 'body = b"--xyz\\r\\nContent-Disposition: form-data; name=\\"" + b"a" * 5000 + b"\\"\\r\\n\\r\\nhi\\r\\n--xyz--\\r\\n"\n'
            + 'list(multipart.MultipartParser(io.BytesIO(body), "xyz"))\n',
        ),
    ],
    "pyhocon": [
        _s("a substitution of nothing", HOCON + 'ConfigFactory.parse_string("url = ${host}")\n'),
        _s(
            "a key that is not set",
            HOCON + 'conf = ConfigFactory.parse_string("port = 80")\nconf.get_string("host")\n',
        ),
        _s(
            "an int that is a word",
            HOCON + 'conf = ConfigFactory.parse_string("port = eighty")\nconf.get_int("port")\n',
        ),
        _s(
            "a bool that is a word",
            HOCON + 'conf = ConfigFactory.parse_string("debug = maybe")\nconf.get_bool("debug")\n',
        ),
        _s("an object never closed", HOCON + 'ConfigFactory.parse_string("server { port = 80")\n'),
        _s(
            "a list that is a number",
            HOCON + 'conf = ConfigFactory.parse_string("hosts = 5")\nconf.get_list("hosts")\n',
        ),
        _s(
            "a config that is a string",
            HOCON + 'conf = ConfigFactory.parse_string("server = localhost")\nconf.get_config("server")\n',
        ),
        _s(
            "a key through a string",
            HOCON + 'conf = ConfigFactory.parse_string("server = localhost")\nconf["server.port"]\n',
        ),
        _s(
            "a conversion to a format that does not exist",
            HOCON + 'conf = ConfigFactory.parse_string("a = 1")\nHOCONConverter.convert(conf, "toml")\n',
        ),
        _s("substitutions that loop", HOCON + 'ConfigFactory.parse_string("a = ${b}\\nb = ${a}")\n'),
        _s(
            "a required include not there",
            HOCON + "ConfigFactory.parse_string('include required(\"base.conf\")')\n",
        ),
        _s("a file that is not there", HOCON + 'ConfigFactory.parse_file("application.conf")\n'),
        _s(
            "a float that is a word",
            HOCON + 'conf = ConfigFactory.parse_string("ratio = half")\nconf.get_float("ratio")\n',
        ),
    ],
    "pyproject-metadata": [
        _s(
            "no version and none dynamic",
            PYPROJECT + 'StandardMetadata.from_pyproject({"project": {"name": "demo"}})\n',
        ),
        _s("no name", PYPROJECT + 'StandardMetadata.from_pyproject({"project": {"version": "1.0"}})\n'),
        _s("a name with a space", PYPROJECT + 'load(name="my package")\n'),
        _s("a version that is not one", PYPROJECT + 'load(version="1.0 beta")\n'),
        _s("a dependency that does not parse", PYPROJECT + 'load(dependencies=["requests >>= 2"])\n'),
        _s("dependencies given as a string", PYPROJECT + 'load(dependencies="requests")\n'),
        _s("a requires-python that does not parse", PYPROJECT + 'load(**{"requires-python": "3.8+"})\n'),
        _s("authors as strings", PYPROJECT + 'load(authors=["Ada <ada@example.com>"])\n'),
        _s("the name declared dynamic", PYPROJECT + 'load(dynamic=["name"])\n'),
        _s("classifiers as one string", PYPROJECT + 'load(classifiers="Programming Language :: Python")\n'),
        _s(
            "console scripts under entry-points",
            PYPROJECT + 'load(**{"entry-points": {"console_scripts": {"demo": "demo:main"}}})\n',
        ),
        _s("optional dependencies as a list", PYPROJECT + 'load(**{"optional-dependencies": ["pytest"]})\n'),
        _s("a readme file that is not there", PYPROJECT + 'load(readme="README.md")\n'),
        _s("a license as a number", PYPROJECT + "load(license=3)\n"),
        _s("urls as a list", PYPROJECT + 'load(urls=["https://example.com"])\n'),
        _s(
            "a readme of an unknown type",
            PYPROJECT + 'load(readme={"text": "hi", "content-type": "text/html"})\n',
        ),
        _s("a version given dynamic and static", PYPROJECT + 'load(dynamic=["version"])\n'),
    ],
    "python-crontab": [
        _s("a minute past 59", CRONTAB + 'job.setall("61 * * * *")\n'),
        _s("too few fields", CRONTAB + 'job.setall("* * *")\n'),
        _s("an every of a hundred minutes", CRONTAB + "job.minute.every(100)\n"),
        _s("an hour past 23", CRONTAB + "job.hour.on(25)\n"),
        _s("a weekday that is not one", CRONTAB + 'job.dow.on("FUNDAY")\n'),
        _s("a special that does not exist", CRONTAB + 'job.setall("@fortnightly")\n'),
        _s("a tab file that is not there", 'from crontab import CronTab\nCronTab(tabfile="backup.tab")\n'),
        _s("a schedule without croniter", CRONTAB + 'job.setall("0 * * * *")\njob.schedule()\n'),
        _s("a month range with a bad end", CRONTAB + 'job.month.during("JAN", "FOO")\n'),
        _s("a slice that is a word", CRONTAB + 'CronSlices("every day")\njob.setall("every day")\n'),
        _s("a range backwards", CRONTAB + 'job.setall("0 9-5 * * *")\n'),
        _s("a day of month zero", CRONTAB + "job.day.on(0)\n"),
        _s("a step of zero", CRONTAB + 'job.setall("*/0 * * * *")\n'),
    ],
    "simpleeval": [
        _s("a name not given", SIMPLEEVAL + 'simple_eval("price * qty", names={"price": 2})\n'),
        _s("a function not given", SIMPLEEVAL + 'simple_eval("round(x, 2)", names={"x": 1.234})\n'),
        _s("an import in the expression", SIMPLEEVAL + "simple_eval(\"__import__('os').system('ls')\")\n"),
        _s("a string too long", SIMPLEEVAL + "simple_eval(\"'ab' * 1000000\")\n"),
        _s("a power too high", SIMPLEEVAL + 'simple_eval("9 ** 9999999")\n'),
        _s("a dunder attribute", SIMPLEEVAL + 'simple_eval("x.__class__", names={"x": 1})\n'),
        _s("a lambda", SIMPLEEVAL + 'simple_eval("(lambda: 1)()")\n'),
        _s("a syntax error", SIMPLEEVAL + 'simple_eval("1 +")\n'),
        _s(
            "an attribute not there",
            SIMPLEEVAL + 'simple_eval("user.email", names={"user": {"name": "ada"}})\n',
        ),
        _s(
            "a division by zero",
            SIMPLEEVAL + 'simple_eval("total / count", names={"total": 5, "count": 0})\n',
        ),
        _s(
            "a comprehension", SIMPLEEVAL + 'simple_eval("[x * 2 for x in items]", names={"items": [1, 2]})\n'
        ),
        _s("an expression that is empty", SIMPLEEVAL + 'simple_eval("")\n'),
        _s(
            "a comprehension too long",
            SIMPLEEVAL + 'EvalWithCompoundTypes().eval("[x for x in range(10**7)]")\n',
        ),
        _s("an assignment", SIMPLEEVAL + 'simple_eval("x = 1")\n'),
        _s("an expression of None", SIMPLEEVAL + "SimpleEval().eval(None)\n"),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular11", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
