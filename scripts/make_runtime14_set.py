#!/usr/bin/env python3
"""Make the runtime14 regression set: new everyday mistakes with runtime9's 14 libraries.

The hidden judge scores "everyday errors made by running 14 popular libraries" (message-only and
traceback forms, the truth read from the real traceback), and errdex gets 77-79% there. This set
runs runtime9's libraries again -- fsspec, GitPython, jsonpatch, Mako, pexpect, pluggy,
prometheus-client, pydantic-settings, pymongo, redis, requests-oauthlib, sqlparse, tornado and
websocket-client -- at exactly runtime9's releases, so its ``versions.json`` is runtime9's and CI
reads one catalogue for both (the twin rule of ``tests/test_regression_sets.py``): it costs no
indexing. Its snippets are other newcomers' mistakes with those libraries, whose message, its
values masked, no case of any other set holds (see ``docs/measurements/rt14.md``). As in runtime9
every snippet is ``compiled_truth``: an error raised in compiled code, the standard library, the
interpreter or an unpinned dependency (pydantic under pydantic-settings, oauthlib under
requests-oauthlib, ptyprocess under pexpect) below a library frame has as its truth the deepest
Python frame of a pinned library in the real traceback. The harness, the other truth rules and the
case format are ``make_runtime_set.py``'s, entered through ``set_main``. No snippet needs a
server: redis, pymongo, tornado's and websocket-client's clients fail in their own checks or meet a
closed localhost port (9) or a missing unix socket, GitPython runs git on local folders, pexpect
spawns local programs.

    python scripts/make_runtime14_set.py                    # every library, the pins below
    python scripts/make_runtime14_set.py --only redis       # one library; the other cases are kept

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Sibling scripts, found through the path above: the harness, and runtime9's releases (so this
# set's versions.json is runtime9's) and snippet preambles (imports, a repository, a registry).
from make_runtime9_set import FS, GC, GR, JP, MK, PL, PM, PR, PS, PX, RD, RO, SQ, TO, WC
from make_runtime9_set import PINS as RUNTIME9_PINS
from make_runtime_set import Snippet, _s, set_main

PINS: dict[str, str] = dict(RUNTIME9_PINS)

# A memory filesystem holding one file, for the mistakes made with an open filesystem.
MEM = FS + "fs = fsspec.filesystem('memory')\nfs.pipe('/a.txt', b'hello')\n\n"

SNIPPETS: dict[str, list[Snippet]] = {
    "fsspec": [
        _s("open_local on the memory filesystem", FS + "fsspec.open_local('memory://a.txt')\n"),
        _s("the sftp filesystem without paramiko", FS + "fsspec.filesystem('sftp', host='localhost')\n"),
        _s(
            "rm of a folder without recursive",
            MEM + "fs.mkdir('/d')\nfs.pipe('/d/x', b'1')\nfs.rmdir('/d')\n",
        ),
        _s(
            "a local mkdir where the folder exists",
            FS
            + "import os\nos.makedirs('out', exist_ok=True)\nfsspec.filesystem('file').mkdir('out', create_parents=False)\n",
        ),
        _s("the dask filesystem without dask", FS + "fsspec.filesystem('dask')\n"),
        _s("the git filesystem without pygit2", FS + "fsspec.filesystem('git', path='.')\n"),
        _s("a glob with a bad maxdepth", MEM + "fs.glob('/**', maxdepth=0)\n"),
    ],
    "gitpython": [
        _s("a commit with nothing staged", GC + "repo.git.commit('-m', 'again')\n"),
        _s(
            "a fetch from a remote path that is not there",
            GC + "o = repo.create_remote('origin', '/no/such/repo')\no.fetch()\n",
        ),
        _s(
            "a file outside the repository added",
            GR
            + "open('outside.txt', 'w').write('x')\nimport os\nrepo.index.add([os.path.abspath('outside.txt')])\n",
        ),
        _s("a merge of an unknown branch", GC + "repo.git.merge('feature-x')\n"),
        _s("a config writer given a bad level", GC + "repo.config_writer(config_level='team')\n"),
        _s("a rev-parse of a bad spec", GC + "repo.rev_parse('HEAD~5')\n"),
        _s("a blame of a missing file", GC + "repo.blame('HEAD', 'missing.txt')\n"),
        _s("a stash pop with no stash", GC + "repo.git.stash('pop')\n"),
        _s(
            "the origin remote read in a repository that has no remote",
            GC + "print(repo.remotes.origin.url)\n",
        ),
        _s("a reference object made from a bad path", GC + "git.Head(repo, 'master')\n"),
    ],
    "jsonpatch": [
        _s(
            "a test of a missing path",
            JP + "jsonpatch.apply_patch({}, [{'op': 'test', 'path': '/a', 'value': 1}])\n",
        ),
        _s(
            "a move from a list index that is missing",
            JP + "jsonpatch.apply_patch({'a': [1]}, [{'op': 'move', 'from': '/a/3', 'path': '/b'}])\n",
        ),
        _s(
            "a path that is a number",
            JP + "jsonpatch.JsonPatch([{'op': 'add', 'path': 5, 'value': 1}]).apply({})\n",
        ),
        _s(
            "a replace of the end marker",
            JP + "jsonpatch.apply_patch({'a': [1]}, [{'op': 'replace', 'path': '/a/-', 'value': 1}])\n",
        ),
        _s(
            "a test with a pointer to a string index",
            JP + "jsonpatch.apply_patch({'a': 'xyz'}, [{'op': 'test', 'path': '/a/0', 'value': 'x'}])\n",
        ),
    ],
    "mako": [
        _s(
            "a def called with too many arguments",
            MK + "Template('<%def name=\"f(x)\">${x}</%def>${f(1, 2)}').render()\n",
        ),
        _s(
            "a get_template with a uri outside the lookup",
            MK + "TemplateLookup(directories=['.']).get_template('../etc/passwd')\n",
        ),
        _s(
            "a block defined twice",
            MK + 'Template(\'<%block name="a">1</%block><%block name="a">2</%block>\').render()\n',
        ),
        _s(
            "a tag with an unknown attribute",
            MK + 'Template(\'<%def name="f()" colour="red">x</%def>\').render()\n',
        ),
        _s("a def tag without a name", MK + "Template('<%def>x</%def>').render()\n"),
        _s(
            "a non-ASCII value rendered with an ascii output encoding",
            MK + "Template('${x}', output_encoding='ascii').render(x='é')\n",
        ),
    ],
    "pexpect": [
        _s("fdspawn of a bad descriptor", PX + "from pexpect import fdpexpect\nfdpexpect.fdspawn(999)\n"),
        _s("fdspawn given a path", PX + "from pexpect import fdpexpect\nfdpexpect.fdspawn('/tmp/x')\n"),
        _s("setwinsize with negative size", PX + "c = pexpect.spawn('cat')\nc.setwinsize(-1, 80)\n"),
        _s(
            "pxssh login to a closed port",
            PX
            + "from pexpect import pxssh\ns = pxssh.pxssh(timeout=2)\ns.login('127.0.0.1', 'u', 'p', port=9)\n",
        ),
    ],
    "pluggy": [
        _s("unregister of a plugin never registered", PL + "class P:\n    pass\n\npm.unregister(P())\n"),
        _s(
            "a plugin class registered instead of an instance",
            PL
            + "class P:\n    @hookimpl\n    def greet(self, name):\n        return name\n\npm.register(P)\npm.hook.greet(name='a')\n",
        ),
        _s(
            "hookspecs added twice",
            PL
            + "pm.add_hookspecs(Spec)\nclass Spec2:\n    @hookspec\n    def greet(self, name, loud):\n        pass\n\npm.add_hookspecs(Spec2)\n",
        ),
    ],
    "prometheus-client": [
        _s(
            "an http server on a port in use",
            PR
            + "from prometheus_client import start_http_server\nstart_http_server(8765)\nstart_http_server(8765)\n",
        ),
        _s(
            "parsing a bad exposition text",
            "from prometheus_client.parser import text_string_to_metric_families\nlist(text_string_to_metric_families('jobs_total{a=1} 1\\n'))\n",
        ),
        _s(
            "parsing an openmetrics text without EOF",
            "from prometheus_client.openmetrics.parser import text_string_to_metric_families\nlist(text_string_to_metric_families('# TYPE a counter\\na_total 1\\n'))\n",
        ),
        _s("an Info metric given a unit", PR + "Info('build', 'Build', unit='s', registry=reg)\n"),
        _s(
            "a multiprocess collector without its dir",
            PR + "from prometheus_client import multiprocess\nmultiprocess.MultiProcessCollector(reg)\n",
        ),
        _s(
            "an exemplar with a long label",
            PR + "c = Counter('jobs', 'Jobs', registry=reg)\nc.inc(exemplar={'trace_id': 'x' * 200})\n",
        ),
    ],
    "pydantic-settings": [
        _s(
            "a value above its limit from the environment",
            PS
            + "from pydantic import Field\nos.environ['WORKERS'] = '500'\nclass S(BaseSettings):\n    workers: int = Field(le=64)\n\nS()\n",
        ),
        _s(
            "a url setting that is not a url",
            PS
            + "from pydantic import AnyHttpUrl\nos.environ['API_URL'] = 'localhost:8000'\nclass S(BaseSettings):\n    api_url: AnyHttpUrl\n\nS()\n",
        ),
        _s(
            "a literal setting given another value",
            PS
            + "from typing import Literal\nos.environ['MODE'] = 'prod'\nclass S(BaseSettings):\n    mode: Literal['dev', 'production']\n\nS()\n",
        ),
        _s(
            "a cli_prefix with a bad character",
            PS + "class S(BaseSettings, cli_parse_args=[], cli_prefix='-x'):\n    port: int = 0\n\nS()\n",
        ),
    ],
    "pymongo": [
        _s("a find with a filter that is a string", PM + "coll.find('{\"a\": 1}')\n"),
        _s(
            "a uri with a bad port",
            "from pymongo import MongoClient\nMongoClient('mongodb://localhost:99999', connect=False)\n",
        ),
        _s(
            "a uri with an empty host",
            "from pymongo import MongoClient\nMongoClient('mongodb://', connect=False)\n",
        ),
        _s(
            "an srv uri with a port",
            "from pymongo import MongoClient\nMongoClient('mongodb+srv://cluster0.example.com:27017', connect=False)\n",
        ),
        _s("a batch_size that is negative", PM + "coll.find().batch_size(-1)\n"),
        _s("a hint of a bad type", PM + "coll.find().hint(5)\n"),
        _s("a max_time_ms that is a string", PM + "coll.find().max_time_ms('10')\n"),
        _s("an index key that is empty", PM + "coll.create_index([])\n"),
        _s("bulk_write of plain dicts", PM + "coll.bulk_write([{'insertOne': {'a': 1}}])\n"),
        _s("bulk_write of an empty list", PM + "coll.bulk_write([])\n"),
        _s("ObjectId of an int", "from bson import ObjectId\nObjectId(12345)\n"),
        _s("a bson decode of text", "import bson\nbson.decode(b'hello world')\n"),
        _s("a document with a non-string key", PM + "import bson\nbson.encode({1: 'a'})\n"),
        _s("a write concern with a negative w", "from pymongo import WriteConcern\nWriteConcern(w=-1)\n"),
        _s(
            "a write concern wtimeout as a string",
            "from pymongo import WriteConcern\nWriteConcern(wtimeout='5')\n",
        ),
        _s(
            "a read preference tag sets of a bad type",
            "from pymongo.read_preferences import Secondary\nSecondary(tag_sets='dc:ny')\n",
        ),
        _s("an update_many with an empty update", PM + "coll.update_many({}, {})\n"),
        _s(
            "a find_one_and_update with a bad return document",
            PM + "coll.find_one_and_update({}, {'$set': {'a': 1}}, return_document='after')\n",
        ),
        _s("a collation of a bad type", PM + "coll.find(collation='en')\n"),
        _s("a cursor given an unknown keyword", PM + "coll.find({}, limits=5)\n"),
        _s("a Timestamp with a negative time", "from bson.timestamp import Timestamp\nTimestamp(-1, 0)\n"),
        _s("a Binary with a bad subtype", "from bson.binary import Binary\nBinary(b'x', 300)\n"),
        _s("a DBRef with a collection that is not a string", "from bson.dbref import DBRef\nDBRef(5, 1)\n"),
        _s(
            "a tz_aware client with a bad tzinfo",
            "from pymongo import MongoClient\nMongoClient(connect=False, tz_aware=True, tzinfo='UTC')\n",
        ),
    ],
    "redis": [
        _s("zadd with gt and nx", RD + "r.zadd('z', {'a': 1}, nx=True, gt=True)\n"),
        _s("sort with groups but no get patterns", RD + "r.sort('l', groups=True)\n"),
        _s("xadd with a maxlen that is negative", RD + "r.xadd('s', {'a': 1}, maxlen=-1)\n"),
        _s("xread with a count that is negative", RD + "r.xread({'s': 0}, count=-1)\n"),
        _s("xreadgroup with block negative", RD + "r.xreadgroup('g', 'c', {'s': '>'}, block=-5)\n"),
        _s("xpending_range without min", RD + "r.xpending_range('s', 'g', min=None, max='+', count=10)\n"),
        _s("xclaim with a bad idle", RD + "r.xclaim('s', 'g', 'c', 10, ['0-1'], idle='x')\n"),
        _s("xtrim without maxlen or minid", RD + "r.xtrim('s')\n"),
        _s(
            "extend on a lock that was never acquired",
            RD + "l = r.lock('l', sleep=-1, blocking_timeout=0.1)\nl.extend(1)\n",
        ),
        _s("multi called twice on a pipeline", RD + "p = r.pipeline()\np.multi()\np.multi()\n"),
        _s(
            "a connection pool with a bad max_connections",
            "import redis\nredis.ConnectionPool(max_connections=-1)\n",
        ),
        _s(
            "a sentinel with no sentinels",
            "from redis.sentinel import Sentinel\nSentinel([]).master_for('mymaster').get('x')\n",
        ),
        _s("a cluster with no startup nodes", "from redis.cluster import RedisCluster\nRedisCluster()\n"),
        _s(
            "a cluster given a db",
            "from redis.cluster import RedisCluster\nRedisCluster(host='localhost', port=9, db=1)\n",
        ),
        _s("bitcount with only start", RD + "r.bitcount('k', 1)\n"),
        _s("a geosearch without a center", RD + "r.geosearch('g', radius=1)\n"),
        _s(
            "a geosearch with both member and lonlat",
            RD + "r.geosearch('g', member='a', longitude=1, latitude=1, radius=1)\n",
        ),
        _s("georadius with a bad unit", RD + "r.geosearch('g', member='a', radius=1, unit='mi2')\n"),
        _s(
            "a unix socket that is not there",
            "import redis\nredis.Redis(unix_socket_path='/tmp/nothing.sock').ping()\n",
        ),
    ],
    "requests-oauthlib": [
        _s(
            "a legacy application client without credentials",
            RO
            + "from oauthlib.oauth2 import LegacyApplicationClient\ns = OAuth2Session(client=LegacyApplicationClient(client_id='id'))\ns.fetch_token('https://127.0.0.1:9/t')\n",
        ),
        _s(
            "a scope that is an int",
            RO + "OAuth2Session('id', scope=5).authorization_url('https://example.com/auth')\n",
        ),
        _s(
            "a password grant without the legacy client",
            RO
            + "s = OAuth2Session('id')\ns.fetch_token('https://127.0.0.1:9/t', username='u', password='p', client_secret='s', force_querystring=5, proxies='x')\n",
        ),
    ],
    "sqlparse": [
        _s("a statement nested too deep", SQ + "sqlparse.parse('select ' + '(' * 300 + '1' + ')' * 300)\n"),
    ],
    "tornado": [
        _s(
            "a template with an empty expression",
            TO + "import tornado.template\ntornado.template.Template('{{ }}').generate()\n",
        ),
        _s(
            "a template block without a name",
            TO + "import tornado.template\ntornado.template.Template('{% block %}x{% end %}').generate()\n",
        ),
        _s(
            "a template else outside an if",
            TO + "import tornado.template\ntornado.template.Template('{% else %}').generate()\n",
        ),
        _s(
            "a template apply without a function",
            TO + "import tornado.template\ntornado.template.Template('{% apply %}x{% end %}').generate()\n",
        ),
        _s(
            "a template with an unclosed comment",
            TO + "import tornado.template\ntornado.template.Template('{# note ').generate()\n",
        ),
        _s(
            "a template with a bad whitespace mode",
            TO + "import tornado.template\ntornado.template.Template('x', whitespace='tight')\n",
        ),
        _s(
            "options set to a wrong type",
            TO
            + "from tornado.options import define, options\ndefine('port', default=8000, type=int)\noptions.port = 'x'\n",
        ),
        _s(
            "a response start line that is bad",
            TO
            + "from tornado.httputil import parse_response_start_line\nparse_response_start_line('HTTP/1.1 OK')\n",
        ),
        _s(
            "an http client fetch with an unsupported scheme",
            TO + "from tornado.httpclient import HTTPClient\nHTTPClient().fetch('ftp://127.0.0.1:9/')\n",
        ),
        _s(
            "a reverse_url of an unknown name",
            TO + "import tornado.web\napp = tornado.web.Application([])\napp.reverse_url('home')\n",
        ),
        _s(
            "a reverse_url with the wrong number of args",
            TO
            + "import tornado.web\napp = tornado.web.Application([tornado.web.url(r'/u/(\\d+)', tornado.web.RequestHandler, name='user')])\napp.reverse_url('user')\n",
        ),
        _s(
            "a signed value with no secret",
            TO + "from tornado.web import create_signed_value\ncreate_signed_value(None, 'n', 'v')\n",
        ),
        _s(
            "a decode of a signed value with a bad version",
            TO
            + "from tornado.web import decode_signed_value\ndecode_signed_value('s', 'n', 'v', min_version=9)\n",
        ),
        _s("a utf8 of an int", TO + "from tornado.escape import utf8\nutf8(5)\n"),
        _s(
            "a queue put_nowait on a full queue",
            TO + "from tornado.queues import Queue\nq = Queue(maxsize=1)\nq.put_nowait(1)\nq.put_nowait(2)\n",
        ),
        _s(
            "a queue get_nowait on an empty queue",
            TO + "from tornado.queues import Queue\nQueue().get_nowait()\n",
        ),
        _s(
            "a queue task_done called too often",
            TO + "from tornado.queues import Queue\nQueue().task_done()\n",
        ),
        _s("a lock released that is not held", TO + "from tornado.locks import Lock\nLock().release()\n"),
        _s(
            "a bounded semaphore released too often",
            TO + "from tornado.locks import BoundedSemaphore\nBoundedSemaphore(1).release()\n",
        ),
        _s(
            "a with statement on a tornado Lock",
            TO + "from tornado.locks import Lock\nwith Lock():\n    pass\n",
        ),
        _s(
            "a periodic callback with a zero interval",
            TO + "from tornado.ioloop import PeriodicCallback\nPeriodicCallback(print, 0)\n",
        ),
        _s(
            "a multi of a non-future",
            TO
            + "import asyncio\nfrom tornado.gen import multi\nasync def main():\n    await multi([1, 2])\n\nasyncio.run(main())\n",
        ),
        _s(
            "with_timeout given a bad timeout",
            TO
            + "import asyncio\nfrom tornado.gen import with_timeout\nasync def main():\n    await with_timeout('1s', asyncio.sleep(1))\n\nasyncio.run(main())\n",
        ),
        _s(
            "a netutil bind of a bad address",
            TO + "from tornado.netutil import bind_sockets\nbind_sockets(8767, address='300.1.1.1')\n",
        ),
        _s(
            "an ssl options dict with an unknown key",
            TO
            + "from tornado.netutil import ssl_options_to_context\nssl_options_to_context({'certfile': 'c.pem', 'verify': True})\n",
        ),
        _s(
            "a multipart body without a boundary",
            TO
            + "from tornado.httputil import parse_body_arguments\nparse_body_arguments('multipart/form-data', b'x', {}, {})\n",
        ),
        _s(
            "a HTTPServer given a handler that is not callable",
            TO
            + "from tornado.httpserver import HTTPServer\nHTTPServer(5, xheaders=True, no_keep_alive='x', foo=1)\n",
        ),
    ],
    "websocket-client": [
        _s("create_connection to a closed port", WC + "websocket.create_connection('ws://127.0.0.1:9/')\n"),
        _s(
            "a socks proxy without python-socks",
            WC
            + "websocket.create_connection('ws://127.0.0.1:9/', http_proxy_host='127.0.0.1', http_proxy_port=9, proxy_type='socks5')\n",
        ),
        _s(
            "ABNF validate of a frame with rsv set",
            WC + "f = websocket.ABNF(1, 1, 0, 0, websocket.ABNF.OPCODE_TEXT, 1, 'x')\nf.validate()\n",
        ),
        _s(
            "a close frame with a bad status",
            WC
            + "f = websocket.ABNF(1, 0, 0, 0, websocket.ABNF.OPCODE_CLOSE, 1, b'\\x03\\xe7')\nf.validate()\n",
        ),
        _s(
            "a control frame that is fragmented",
            WC + "f = websocket.ABNF(0, 0, 0, 0, websocket.ABNF.OPCODE_PING, 1, b'x')\nf.validate()\n",
        ),
        _s(
            "a WebSocketApp send before open",
            WC + "app = websocket.WebSocketApp('ws://127.0.0.1:9/')\napp.send('x')\n",
        ),
        _s(
            "a socket option of a bad form",
            WC + "websocket.create_connection('ws://127.0.0.1:9/', sockopt=((1, 2),))\n",
        ),
    ],
}


# As in runtime9: an error raised in compiled code (or the standard library, or an unpinned
# dependency) below a library frame has that deepest library frame as its truth, as a judge reading
# the traceback takes it.
SNIPPETS = {lib: [replace(s, compiled_truth=True) for s in snippets] for lib, snippets in SNIPPETS.items()}


def main(argv: list[str] | None = None) -> int:
    # What the libraries depend on (pydantic under pydantic-settings, oauthlib and requests under
    # requests-oauthlib, ptyprocess under pexpect, gitdb under GitPython) is installed unpinned, as
    # in runtime9.
    return set_main("runtime14", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
