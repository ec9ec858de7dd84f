#!/usr/bin/env python3
"""Make the seventh popular set: everyday errors of household-name libraries that no other set runs.

The judged errors come from the most used libraries of the ecosystem, while the other runtime sets
are built mostly from smaller ones. This set is made the same way as those — the same harness,
truth rules and case format (``make_runtime_set.py``, entered through ``set_main``) — from eleven
libraries among the most used (web frameworks and servers' clients, scientific, plotting and
database libraries; ``/work/shared/data/top-pypi.tsv``), each in no other runtime set, and was
scored once before any change looked at its misses (see the set's README):

    python scripts/make_popular7_set.py                      # every library, the pins below
    python scripts/make_popular7_set.py --only tornado       # one library; the other cases are kept
    python scripts/make_popular7_set.py --versions tornado==6.6.1 --only tornado

The truth is the deepest frame in a *pinned* distribution, so what a library runs but does not
pin (pandas and matplotlib under seaborn and plotly, numpy under scipy, sqlalchemy under alembic,
cryptography under paramiko, mpmath under sympy, yarl under aiohttp) counts as outside code: an
error raised there is either a negative or, when its text is also in the library's literals, left
out as ambiguous.

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "aiohttp": "3.14.5",
    "alembic": "1.20.1",
    "django": "6.1.3",
    "paramiko": "5.1.0",
    "plotly": "7.1.0",
    "pymysql": "1.2.4",
    "redis": "8.1.0",
    "scipy": "1.18.1",
    "seaborn": "0.13.2",
    "sympy": "1.14.0",
    "tornado": "6.6.1",
}

DJANGO = """
import django
from django.conf import settings

settings.configure(SECRET_KEY="not-secret", USE_I18N=False, INSTALLED_APPS=[])
django.setup()
"""

DJANGO_URLS = """
import django
from django.conf import settings
from django.urls import path

def home(request):
    return None

urlpatterns = [path("", home, name="home")]
settings.configure(SECRET_KEY="not-secret", ROOT_URLCONF=__name__)
django.setup()
"""

SCIPY = """
import numpy as np
"""

SYMPY = """
from sympy import *
x, y = symbols("x y")
"""

AIOHTTP = """
from aiohttp import web

async def handler(request):
    return web.Response(text="hi")

app = web.Application()
"""

SEABORN = """
import matplotlib
matplotlib.use("Agg")
import pandas as pd
import seaborn as sns

df = pd.DataFrame({"day": ["mon", "tue", "wed"], "sales": [3, 5, 2], "shop": ["a", "b", "a"]})
"""

PLOTLY = """
import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

df = pd.DataFrame({"day": ["mon", "tue", "wed"], "sales": [3, 5, 2]})
"""

REDIS = """
import redis

r = redis.Redis(host="127.0.0.1", port=1, socket_connect_timeout=1)
"""

ALEMBIC = """
import shutil
from alembic import command
from alembic.config import Config

shutil.rmtree("migrations", ignore_errors=True)
cfg = Config()
cfg.set_main_option("sqlalchemy.url", "sqlite:///app.db")
"""

ALEMBIC_INIT = """
import os
import shutil
from alembic import command
from alembic.config import Config

shutil.rmtree("migrations", ignore_errors=True)
for name in ("alembic.ini", "app.db"):
    if os.path.exists(name):
        os.remove(name)
cfg = Config("alembic.ini")
command.init(cfg, "migrations")
cfg.set_main_option("script_location", "migrations")
cfg.set_main_option("sqlalchemy.url", "sqlite:///app.db")
"""

PYMYSQL = """
import pymysql
"""

NOT_A_KEY = "-----BEGIN RSA PRIVATE KEY-----\nthis is not a key\n-----END RSA PRIVATE KEY-----\n"

# The snippets are ordinary user code, written from the libraries' documented APIs before errdex
# was run on any of them. Their number within a library is part of each case's `source`: new ones
# go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "django": [
        _s(
            "a setting read before settings are configured",
            "from django.conf import settings\nprint(settings.DEBUG)\n",
        ),
        _s(
            "an invalid email address",
            DJANGO + 'from django.core.validators import validate_email\nvalidate_email("not-an-email")\n',
        ),
        _s(
            "an invalid URL",
            DJANGO + 'from django.core.validators import URLValidator\nURLValidator()("htp:/example")\n',
        ),
        _s(
            "reversing an unknown URL name",
            DJANGO_URLS + 'from django.urls import reverse\nreverse("profile")\n',
        ),
        _s(
            "an unknown template tag",
            DJANGO + 'from django.template import Engine\nEngine().from_string("{% frobnicate %}")\n',
        ),
        _s(
            "a model outside INSTALLED_APPS",
            DJANGO
            + "from django.db import models\n\nclass Book(models.Model):\n    title = models.CharField(max_length=100)\n",
        ),
        _s(
            "a page past the last one",
            DJANGO + "from django.core.paginator import Paginator\nPaginator(list(range(10)), 5).page(7)\n",
        ),
        _s(
            "a page number that is not a number",
            DJANGO
            + 'from django.core.paginator import Paginator\nPaginator(list(range(10)), 5).page("last")\n',
        ),
        _s(
            "a form field given a word for a number",
            DJANGO + 'from django import forms\nforms.IntegerField().clean("twelve")\n',
        ),
        _s(
            "a tampered signed value",
            DJANGO + 'from django.core import signing\nsigning.loads("hello:tampered")\n',
        ),
        _s("settings configured twice", DJANGO + "settings.configure(DEBUG=True)\n"),
        _s(
            "a dotted path with no dots",
            DJANGO + 'from django.utils.module_loading import import_string\nimport_string("mymodule")\n',
        ),
        _s(
            "an HTTP status out of range",
            DJANGO + "from django.http import HttpResponse\nHttpResponse(status=999)\n",
        ),
        _s(
            "a date with month 13",
            DJANGO + 'from django.utils.dateparse import parse_date\nparse_date("2024-13-01")\n',
        ),
    ],
    "scipy": [
        _s(
            "an unknown minimize method",
            SCIPY
            + 'from scipy.optimize import minimize\nminimize(lambda v: (v ** 2).sum(), [1.0], method="fastest")\n',
        ),
        _s(
            "interpolating outside the data",
            SCIPY + "from scipy.interpolate import interp1d\ninterp1d([1, 2, 3], [4, 5, 6])(5)\n",
        ),
        _s(
            "an unknown alternative hypothesis",
            SCIPY + 'from scipy import stats\nstats.ttest_ind([1, 2, 3], [4, 5, 6], alternative="bigger")\n',
        ),
        _s(
            "more fit parameters than data points",
            SCIPY + "from scipy.optimize import curve_fit\n"
            "def f(x, a, b, c):\n    return a * x ** 2 + b * x + c\n"
            "curve_fit(f, [1.0, 2.0], [1.0, 4.0])\n",
        ),
        _s(
            "an unknown ODE solver",
            SCIPY
            + 'from scipy.integrate import solve_ivp\nsolve_ivp(lambda t, y: -y, (0, 1), [1.0], method="Euler")\n',
        ),
        _s("a cutoff frequency above Nyquist", SCIPY + "from scipy import signal\nsignal.butter(4, 1.5)\n"),
        _s(
            "solving with a non-square matrix",
            SCIPY + "from scipy import linalg\nlinalg.solve(np.ones((2, 3)), np.ones(2))\n",
        ),
        _s(
            "a sparse index past the shape",
            SCIPY
            + "from scipy import sparse\nsparse.csr_matrix((np.ones(3), ([0, 1, 5], [0, 1, 2])), shape=(3, 3))\n",
        ),
        _s(
            "a root bracket with the same signs",
            SCIPY + "from scipy.optimize import brentq\nbrentq(lambda v: v ** 2 + 1, -1, 1)\n",
        ),
        _s(
            "correlating samples of different lengths",
            SCIPY + "from scipy import stats\nstats.pearsonr([1, 2, 3], [1, 2])\n",
        ),
        _s(
            "an unknown distance metric",
            SCIPY
            + 'from scipy.spatial.distance import cdist\ncdist(np.ones((2, 2)), np.ones((2, 2)), metric="manhatan")\n',
        ),
        _s(
            "a spline over repeated x",
            SCIPY + "from scipy.interpolate import CubicSpline\nCubicSpline([1, 1, 2], [1, 2, 3])\n",
        ),
        _s("loading a missing .mat file", SCIPY + 'from scipy.io import loadmat\nloadmat("results.mat")\n'),
    ],
    "sympy": [
        _s("an expression that does not parse", SYMPY + 'sympify("x +* 2")\n'),
        _s(
            "multiplying matrices of the wrong shapes",
            SYMPY + "Matrix([[1, 2], [3, 4]]) * Matrix([[1, 2, 3]])\n",
        ),
        _s("inverting a singular matrix", SYMPY + "Matrix([[1, 2], [2, 4]]).inv()\n"),
        _s("symbols of an empty string", SYMPY + 'symbols("")\n'),
        _s("a polynomial of a non-polynomial", SYMPY + "Poly(sin(x), x)\n"),
        _s("a rational of a word", SYMPY + 'Rational("half")\n'),
        _s("differentiating with respect to a number", SYMPY + "diff(x ** 2, 1)\n"),
        _s("a symbol named by a number", "from sympy import Symbol\nSymbol(5)\n"),
        _s("a matrix with rows of different lengths", SYMPY + "Matrix([[1, 2], [3]])\n"),
        _s("a limit in an unknown direction", SYMPY + 'limit(1 / x, x, 0, dir="left")\n'),
        _s("a numeric root that does not exist", SYMPY + "nsolve(x ** 2 + 1, x, 1)\n"),
        _s("a matrix index out of range", SYMPY + "eye(2)[5, 0]\n"),
    ],
    "aiohttp": [
        _s("a route path without a leading slash", AIOHTTP + 'app.router.add_get("hello", handler)\n'),
        _s("a colon in a basic-auth login", 'import aiohttp\naiohttp.BasicAuth("user:name", "secret")\n'),
        _s("decoding a malformed auth header", 'import aiohttp\naiohttp.BasicAuth.decode("Basic !!!")\n'),
        _s(
            "a response with both body and text",
            'from aiohttp import web\nweb.Response(body=b"x", text="y")\n',
        ),
        _s(
            "a JSON response with text too",
            'from aiohttp import web\nweb.json_response({"ok": True}, text="ok")\n',
        ),
        _s(
            "a request to a URL without a scheme",
            "import asyncio\nimport aiohttp\n\nasync def main():\n"
            "    async with aiohttp.ClientSession() as session:\n"
            '        await session.get("example.com/api")\n\nasyncio.run(main())\n',
        ),
        _s("a redirect with an empty location", 'from aiohttp import web\nraise web.HTTPFound("")\n'),
        _s("bytes given as text", 'from aiohttp import web\nweb.Response(text=b"hello")\n'),
        _s(
            "two routes with the same name",
            AIOHTTP
            + 'app.router.add_get("/", handler, name="home")\napp.router.add_get("/x", handler, name="home")\n',
        ),
        _s("an unknown route name", AIOHTTP + 'app.router["profile"].url_for()\n'),
        _s("a route added to a frozen app", AIOHTTP + 'app.freeze()\napp.router.add_get("/", handler)\n'),
        _s("a form field that is an int", 'import aiohttp\naiohttp.FormData().add_field("count", 3)\n'),
    ],
    "tornado": [
        _s(
            "an unclosed template expression",
            'from tornado.template import Template\nTemplate("Hello {{ name ")\n',
        ),
        _s(
            "an unknown template directive",
            'from tornado.template import Template\nTemplate("{% frobnicate %}")\n',
        ),
        _s(
            "a template variable that is not given",
            'from tornado.template import Template\nTemplate("Hello {{ name }}").generate()\n',
        ),
        _s(
            "an unknown command-line option",
            'from tornado.options import define, options, parse_command_line\ndefine("port", default=8888, type=int)\n'
            'parse_command_line(["app.py", "--prot=80"])\n',
        ),
        _s(
            "an option defined twice",
            'from tornado.options import define\ndefine("port", default=8888, type=int)\ndefine("port", default=80, type=int)\n',
        ),
        _s(
            "an option value of the wrong type",
            'from tornado.options import define, parse_command_line\ndefine("port", default=8888, type=int)\n'
            'parse_command_line(["app.py", "--port=eighty"])\n',
        ),
        _s(
            "decoding text that is not JSON",
            'from tornado.escape import json_decode\njson_decode("{bad json}")\n',
        ),
        _s(
            "a malformed request line",
            'from tornado.httputil import parse_request_start_line\nparse_request_start_line("GET /")\n',
        ),
        _s(
            "query arguments given as an int",
            'from tornado.httputil import url_concat\nurl_concat("http://example.com/", 5)\n',
        ),
        _s(
            "reversing an unknown URL name",
            "import tornado.web\n\nclass Main(tornado.web.RequestHandler):\n    pass\n\n"
            'app = tornado.web.Application([tornado.web.url(r"/", Main, name="main")])\napp.reverse_url("profile")\n',
        ),
        _s(
            "a header line with no colon",
            'from tornado.httputil import HTTPHeaders\nHTTPHeaders.parse("Content-Type text/html\\r\\n")\n',
        ),
        _s(
            "fetching a URL with an unknown scheme",
            'from tornado.httpclient import HTTPClient\nHTTPClient().fetch("ftp://example.com/file")\n',
        ),
    ],
    "seaborn": [
        _s("a column that is not in the data", SEABORN + 'sns.scatterplot(data=df, x="date", y="sales")\n'),
        _s("an unknown palette name", SEABORN + 'sns.color_palette("rainbows")\n'),
        _s("an unknown histogram statistic", SEABORN + 'sns.histplot(data=df, x="sales", stat="average")\n'),
        _s("an unknown theme style", SEABORN + 'sns.set_theme(style="dracula")\n'),
        _s("an unknown context", SEABORN + 'sns.set_context("huge")\n'),
        _s("arrays of different lengths", SEABORN + "sns.barplot(x=[1, 2, 3], y=[1, 2])\n"),
        _s("an unknown relplot kind", SEABORN + 'sns.relplot(data=df, x="day", y="sales", kind="pie")\n'),
        _s("an unknown catplot kind", SEABORN + 'sns.catplot(data=df, x="day", y="sales", kind="pie")\n'),
        _s("a facet column that is not in the data", SEABORN + 'sns.FacetGrid(df, col="region")\n'),
        _s(
            "an unknown orientation",
            SEABORN + 'sns.boxplot(data=df, x="day", y="sales", orient="diagonal")\n',
        ),
        _s("a heatmap of text", SEABORN + 'sns.heatmap(df[["day", "shop"]])\n'),
    ],
    "plotly": [
        _s("an invalid scatter mode", PLOTLY + 'go.Figure(go.Scatter(x=[1, 2], y=[3, 4], mode="dots"))\n'),
        _s("a misspelt trace property", PLOTLY + 'go.Scatter(x=[1, 2], y=[3, 4], colour="red")\n'),
        _s("a column that is not in the data frame", PLOTLY + 'px.scatter(df, x="date", y="sales")\n'),
        _s("a misspelt layout property", PLOTLY + 'go.Figure().update_layout(titel="Sales")\n'),
        _s(
            "a trace placed by row and column without subplots",
            PLOTLY + "go.Figure().add_trace(go.Scatter(x=[1], y=[2]), row=1, col=1)\n",
        ),
        _s(
            "subplots with zero rows",
            "from plotly.subplots import make_subplots\nmake_subplots(rows=0, cols=1)\n",
        ),
        _s("an opacity above one", PLOTLY + "go.Scatter(x=[1], y=[2], opacity=2)\n"),
        _s(
            "writing an image without kaleido",
            PLOTLY + 'px.bar(df, x="day", y="sales").write_image("sales.png")\n',
        ),
        _s("arguments of different lengths", PLOTLY + "px.scatter(x=[1, 2], y=[1, 2, 3])\n"),
        _s(
            "an unknown renderer",
            PLOTLY + 'import plotly.io as pio\npx.bar(df, x="day", y="sales").show(renderer="window")\n',
        ),
        _s("an unknown trace type", PLOTLY + 'go.Figure(data=[{"type": "pie-chart", "values": [1, 2]}])\n'),
        _s(
            "an unknown default template",
            PLOTLY + 'import plotly.io as pio\npio.templates.default = "dark"\n',
        ),
    ],
    "redis": [
        _s("a URL with the wrong scheme", 'import redis\nredis.Redis.from_url("http://localhost:6379/0")\n'),
        _s("a server that is not running", REDIS + "r.ping()\n"),
        _s("a sorted-set add with no members", REDIS + 'r.zadd("scores", {})\n'),
        _s("a sorted-set add with nx and xx", REDIS + 'r.zadd("scores", {"sue": 1}, nx=True, xx=True)\n'),
        _s("a hash set with no fields", REDIS + 'r.hset("user:1")\n'),
        _s(
            "a URL with a port that is not a number",
            'import redis\nredis.Redis.from_url("redis://localhost:port/0").ping()\n',
        ),
        _s("a stream add with no fields", REDIS + 'r.xadd("events", {})\n'),
        _s(
            "a unix socket that does not exist",
            'import redis\nredis.Redis(unix_socket_path="/tmp/errdex-no-such-redis.sock").ping()\n',
        ),
        _s("a set with both ex and px", REDIS + 'r.set("k", "v", ex=10, px=10000)\n'),
        _s(
            "a URL with a database that is not a number",
            'import redis\nredis.Redis.from_url("redis://localhost:6379/main")\n',
        ),
    ],
    "alembic": [
        _s("upgrading with no script location", ALEMBIC + 'command.upgrade(cfg, "head")\n'),
        _s(
            "a script location that does not exist",
            ALEMBIC + 'cfg.set_main_option("script_location", "nowhere")\ncommand.upgrade(cfg, "head")\n',
        ),
        _s("init into a folder that is not empty", ALEMBIC_INIT + 'command.init(cfg, "migrations")\n'),
        _s("init with an unknown template", ALEMBIC + 'command.init(cfg, "migrations", template="fancy")\n'),
        _s("upgrading to an unknown revision", ALEMBIC_INIT + 'command.upgrade(cfg, "ae1027a6acf")\n'),
        _s("a downgrade to an unknown revision", ALEMBIC_INIT + 'command.downgrade(cfg, "-1")\n'),
        _s(
            "an operation outside a migration",
            'import sqlalchemy as sa\nfrom alembic import op\nop.create_table("account", sa.Column("id", sa.Integer))\n',
        ),
        _s(
            "a revision on an unknown head",
            ALEMBIC_INIT + 'command.revision(cfg, message="add users", head="abc123")\n',
        ),
        _s("stamping an unknown revision", ALEMBIC_INIT + 'command.stamp(cfg, "0badc0de")\n'),
        _s("showing a revision that does not exist", ALEMBIC_INIT + 'command.show(cfg, "deadbeef")\n'),
    ],
    "paramiko": [
        _s(
            "a private key file that is not a key",
            'import paramiko\nparamiko.RSAKey.from_private_key_file("id_rsa")\n',
            files={"id_rsa": NOT_A_KEY},
        ),
        _s(
            "a private key file that is missing",
            'import paramiko\nparamiko.RSAKey.from_private_key_file("id_missing")\n',
        ),
        _s(
            "connecting to a port with no server",
            "import paramiko\nclient = paramiko.SSHClient()\n"
            "client.set_missing_host_key_policy(paramiko.AutoAddPolicy())\n"
            'client.connect("127.0.0.1", port=1, username="deploy", timeout=2)\n',
        ),
        _s("a command before connecting", 'import paramiko\nparamiko.SSHClient().exec_command("ls")\n'),
        _s(
            "an ssh config line that does not parse",
            'import paramiko\nparamiko.SSHConfig.from_text("Host web\\n    HostName\\n")\n',
        ),
        _s("a transport to a port with no server", 'import paramiko\nparamiko.Transport(("127.0.0.1", 1))\n'),
        _s(
            "an ed25519 key file that is not a key",
            'import paramiko\nparamiko.Ed25519Key(filename="id_ed25519")\n',
            files={
                "id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n-----END OPENSSH PRIVATE KEY-----\n"
            },
        ),
        _s(
            "loading a key of an unknown type",
            'import paramiko\nparamiko.PKey.from_path("key.txt")\n',
            files={"key.txt": "just some text\n"},
        ),
        _s(
            "an unknown host key with the reject policy",
            "import paramiko\nclient = paramiko.SSHClient()\n"
            "client.set_missing_host_key_policy(paramiko.RejectPolicy())\n"
            'client.load_host_keys("known_hosts_missing")\n',
        ),
    ],
    "pymysql": [
        _s(
            "a server that is not running",
            PYMYSQL + 'pymysql.connect(host="127.0.0.1", port=1, user="app")\n',
        ),
        _s(
            "a unix socket that does not exist",
            PYMYSQL + 'pymysql.connect(unix_socket="/tmp/errdex-no-such-mysql.sock")\n',
        ),
        _s(
            "a connect timeout of zero",
            PYMYSQL + 'pymysql.connect(host="127.0.0.1", port=1, connect_timeout=0)\n',
        ),
        _s(
            "a query on a connection never opened",
            PYMYSQL
            + 'conn = pymysql.connect(host="127.0.0.1", defer_connect=True)\nconn.cursor().execute("SELECT 1")\n',
        ),
        _s(
            "too few query parameters",
            PYMYSQL + 'conn = pymysql.connect(host="127.0.0.1", defer_connect=True)\n'
            'conn.cursor().execute("SELECT %s, %s", (1,))\n',
        ),
        _s(
            "an unknown character set",
            PYMYSQL + 'pymysql.connect(host="127.0.0.1", charset="utf9", defer_connect=True)\n',
        ),
        _s(
            "closing a connection twice",
            PYMYSQL + 'conn = pymysql.connect(host="127.0.0.1", defer_connect=True)\nconn.close()\n',
        ),
        _s(
            "a named parameter that is not given",
            PYMYSQL + 'conn = pymysql.connect(host="127.0.0.1", defer_connect=True)\n'
            'conn.cursor().execute("SELECT %(id)s", {"name": "sue"})\n',
        ),
        _s(
            "selecting a database before connecting",
            PYMYSQL
            + 'conn = pymysql.connect(host="127.0.0.1", defer_connect=True)\nconn.select_db("shop")\n',
        ),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular7", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
