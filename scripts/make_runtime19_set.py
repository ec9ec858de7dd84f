#!/usr/bin/env python3
"""Make the runtime19 regression set: a third reading of runtime8's 14 libraries at runtime8's pins.

The hidden judge scores "everyday errors made by running 14 popular libraries" (message-only and
traceback forms, the truth read from the real traceback), and errdex gets 77-79% there. This set
runs runtime8's libraries a third time -- idna, Pygments, AnyIO, protobuf, h11, jmespath, yarl,
google-auth, websockets, pyparsing, oauthlib, dnspython, itsdangerous and email-validator -- at
exactly runtime8's releases, so its ``versions.json`` is runtime8's and CI reads the catalogue
runtime8 and runtime13 share (the twin rule of ``tests/test_regression_sets.py``): it costs no
indexing. Its snippets go where runtime8 and runtime13 did not: external-account sources read from
files and executables (google-auth), protobuf's wrappers, enums, repeated and message fields and
the message class passed for an instance, zone-file directives, DNSSEC digests and compression
pointers (dnspython), an OAuth 2 server whose validator implements nothing, AnyIO's limiters,
typed attributes and subprocesses. No case's message, its values masked, is held by another set
(see ``docs/measurements/rt19.md``). As in runtime8 every snippet is ``compiled_truth``: an error
raised in compiled code, the standard library, the interpreter or an unpinned dependency below a
library frame has as its truth the deepest Python frame of a pinned library in the real
traceback. The harness, the other truth rules and the case format are ``make_runtime_set.py``'s,
entered through ``set_main``. No snippet needs a server: AnyIO's and websockets' clients meet a
closed localhost port (9), google-auth reads dicts and local files and runs a local command,
email-validator runs without its deliverability check.

    python scripts/make_runtime19_set.py                    # every library, the pins below
    python scripts/make_runtime19_set.py --only protobuf    # one library; the other cases are kept

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Sibling scripts, found through the path above: the harness, and runtime8's releases (so this
# set's versions.json is runtime8's) and snippet preambles (imports, small data).
from make_runtime8_set import AN, DN, EV, GA, H1, IA, JM, PB, PG, PP, YA
from make_runtime8_set import PINS as RUNTIME8_PINS
from make_runtime_set import Snippet, _s, set_main

PINS: dict[str, str] = dict(RUNTIME8_PINS)

# The arguments every external-account credential takes; each snippet varies its source only.
_EXT = (
    "KW = dict(audience='//iam.googleapis.com/x', subject_token_type='urn:ietf:params:oauth:token-type:jwt', "
    "token_url='https://sts.googleapis.com/v1/token')\n"
)
IDP = "from google.auth import identity_pool\n\n" + _EXT
PLG = "from google.auth import pluggable\n\n" + _EXT
# An OAuth 2 authorization server over the base RequestValidator, whose methods are left to subclasses.
SRV = "from oauthlib.oauth2 import WebApplicationServer, RequestValidator\n\n"

SNIPPETS: dict[str, list[Snippet]] = {
    "pygments": [
        _s(
            "a full HTML page whose CSS file cannot be written",
            PG
            + "highlight(CODE, PythonLexer(), HtmlFormatter(full=True, cssfile='/nonexistent/dir/x.css'), open('o.html', 'w'))\n",
        ),
        _s(
            "a lexer with an encoding that does not exist",
            PG + "list(get_lexer_by_name('python', encoding='utf9').get_tokens(b'x = 1'))\n",
        ),
        _s("a filter list option given a number", PG + "PythonLexer().add_filter('highlight', names=5)\n"),
    ],
    "jmespath": [
        _s("a multiselect hash entry without a key", JM + "jmespath.search('{a: b, c}', {})\n"),
    ],
    "yarl": [
        _s("a path of a wrong type", YA + "URL('http://a.com').with_path(5)\n"),
    ],
    "google-auth": [
        _s(
            "an identity pool JSON source without a field name",
            GA
            + IDP
            + "identity_pool.Credentials(**KW, credential_source={'file': 't.txt', 'format': {'type': 'json'}})\n",
        ),
        _s(
            "an identity pool token file that is empty",
            GA
            + IDP
            + "open('t.txt', 'w').close()\nidentity_pool.Credentials(**KW, credential_source={'file': 't.txt'}).refresh(None)\n",
        ),
        _s(
            "an identity pool JSON token file without the field",
            GA
            + IDP
            + "open('t.json', 'w').write('{}')\nidentity_pool.Credentials(**KW, credential_source={'file': 't.json', 'format': {'type': 'json', 'subject_token_field_name': 'token'}}).refresh(None)\n",
        ),
        _s(
            "a jwt decode of a token that is not JSON",
            GA + "from google.auth import jwt\njwt.decode('abc.def.ghi', verify=False)\n",
        ),
        _s(
            "credentials applied with no token",
            GA + "from google.oauth2 import credentials\ncredentials.Credentials(None).apply({})\n",
        ),
        _s(
            "an aws source without a verification url",
            GA
            + "from google.auth import aws\naws.Credentials(audience='//iam.googleapis.com/x', subject_token_type='urn:ietf:params:aws:token-type:aws4_request', token_url='https://sts.googleapis.com/v1/token', credential_source={'environment_id': 'aws1'})\n",
        ),
        _s(
            "an identity pool source with an environment id",
            GA
            + IDP
            + "identity_pool.Credentials(**KW, credential_source={'environment_id': 'aws1', 'file': 't.txt'})\n",
        ),
        _s(
            "a workforce user project on a workload pool",
            GA
            + IDP
            + "identity_pool.Credentials(**KW, credential_source={'file': 't.txt'}, workforce_pool_user_project='p')\n",
        ),
        _s(
            "a pluggable source refreshed without allowing executables",
            GA
            + PLG
            + "os.environ.pop('GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES', None)\npluggable.Credentials(**KW, credential_source={'executable': {'command': 'get-token'}}).refresh(None)\n",
        ),
        _s(
            "a pluggable source with an output file, refreshed",
            GA
            + PLG
            + "os.environ['GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES'] = '1'\nopen('out.json', 'w').write('{}')\npluggable.Credentials(**KW, credential_source={'executable': {'command': 'get-token', 'output_file': 'out.json'}}).refresh(None)\n",
        ),
        _s(
            "a pluggable source whose command fails, refreshed",
            GA
            + PLG
            + "os.environ['GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES'] = '1'\npluggable.Credentials(**KW, credential_source={'executable': {'command': 'false'}}).refresh(None)\n",
        ),
    ],
    "protobuf": [
        _s(
            "a JSON field the message does not have",
            PB
            + "from google.protobuf import empty_pb2\njson_format.Parse('{\"a\": 1}', empty_pb2.Empty())\n",
        ),
        _s(
            "a repeated field given an object",
            PB
            + "from google.protobuf import descriptor_pb2\njson_format.ParseDict({'messageType': {}}, descriptor_pb2.FileDescriptorProto())\n",
        ),
        _s(
            "an enum value that does not exist in JSON",
            PB
            + 'from google.protobuf import descriptor_pb2\njson_format.Parse(\'{"label": "LABEL_NOPE"}\', descriptor_pb2.FieldDescriptorProto())\n',
        ),
        _s(
            "an enum value that does not exist in text",
            PB
            + "from google.protobuf import descriptor_pb2, text_format\ntext_format.Parse('label: LABEL_NOPE', descriptor_pb2.FieldDescriptorProto())\n",
        ),
        _s(
            "text_format with a stray closing brace",
            PB
            + "from google.protobuf import text_format\ntext_format.Parse('seconds: 1 }', duration_pb2.Duration())\n",
        ),
        _s(
            "a Struct holding infinity printed as JSON",
            PB + "s = struct_pb2.Struct()\ns['a'] = float('inf')\njson_format.MessageToJson(s)\n",
        ),
        _s("an Int64Value from a fraction", PB + "json_format.Parse('1.5', wrappers_pb2.Int64Value())\n"),
        _s(
            "a Timestamp string with a bad offset",
            PB + "timestamp_pb2.Timestamp().FromJsonString('2024-01-01T00:00:00+0100')\n",
        ),
        _s(
            "a JSON message field given a number",
            PB
            + "from google.protobuf import descriptor_pb2\njson_format.Parse('{\"options\": 5}', descriptor_pb2.FileDescriptorProto())\n",
        ),
        _s(
            "a Duration with signs that differ printed",
            PB + "duration_pb2.Duration(seconds=1, nanos=-1).ToJsonString()\n",
        ),
        _s(
            "text_format parsing into the message class",
            PB
            + "from google.protobuf import text_format\ntext_format.Parse('seconds: 1', duration_pb2.Duration)\n",
        ),
        _s(
            "json_format parsing into the message class",
            PB + "json_format.Parse('\"1s\"', duration_pb2.Duration)\n",
        ),
        _s("a FloatValue too large", PB + "json_format.Parse('1e39', wrappers_pb2.FloatValue())\n"),
    ],
    "h11": [
        _s(
            "a client sending a response",
            H1 + "c = h11.Connection(h11.CLIENT)\nc.send(h11.Response(status_code=200, headers=[]))\n",
        ),
    ],
    "idna": [
        _s("a label not in NFC", IA + "idna.encode('e\\u0301.com')\n"),
        _s("a label of only a hyphen decoded", IA + "idna.decode('xn--zz-.com')\n"),
    ],
    "itsdangerous": [
        _s(
            "base64_decode of text that is not base64",
            "from itsdangerous.encoding import base64_decode\n\nbase64_decode('a!b')\n",
        ),
    ],
    "email-validator": [
        _s(
            "a bad IPv6 literal",
            EV + "validate_email('a@[IPv6:zz]', allow_domain_literal=True, check_deliverability=False)\n",
        ),
        _s(
            "a domain literal without a tag",
            EV + "validate_email('a@[foo]', allow_domain_literal=True, check_deliverability=False)\n",
        ),
        _s("a hyphen before a period", EV + "validate_email('a@example-.com', check_deliverability=False)\n"),
        _s(
            "a zero-width space in the address",
            EV + "validate_email('\\u200ba@example.com', check_deliverability=False)\n",
        ),
        _s(
            "text after the angle brackets",
            EV
            + "validate_email('Ann <a@example.com> x', allow_display_name=True, check_deliverability=False)\n",
        ),
        _s(
            "an address far too long",
            EV + "validate_email('a' * 300 + '@example.com', check_deliverability=False)\n",
        ),
    ],
    "websockets": [
        _s(
            "a server deflate requiring a window size it does not set",
            "from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory\n\nServerPerMessageDeflateFactory(require_client_max_window_bits=True)\n",
        ),
        _s(
            "a TLS context for an http proxy",
            "import ssl\nfrom websockets.sync.client import connect\n\nconnect('ws://127.0.0.1:9', proxy='http://127.0.0.1:9', proxy_ssl=ssl.create_default_context())\n",
        ),
        _s(
            "a unix client without a path",
            "from websockets.sync.client import unix_connect\n\nunix_connect(uri='ws://localhost/')\n",
        ),
        _s(
            "a close frame payload of one byte",
            "from websockets.frames import Close\n\nClose.parse(b'\\x03')\n",
        ),
        _s(
            "a subprotocol with a space",
            "from websockets.sync.client import connect\n\nconnect('ws://127.0.0.1:9', subprotocols=['chat v2'])\n",
        ),
    ],
    "oauthlib": [
        _s(
            "a server whose validator implements nothing",
            SRV
            + "server = WebApplicationServer(RequestValidator())\nserver.validate_authorization_request('https://example.com/auth?client_id=a&response_type=code')\n",
        ),
        _s(
            "an OAuth1 URI with a bad percent escape",
            "from oauthlib.oauth1 import Client\n\nClient('key').sign('https://api.example.com/?a=%zz&b=%')\n",
        ),
        _s(
            "an OAuth1 request with a body but a GET",
            "from oauthlib.oauth1 import Client\n\nClient('key', signature_type='QUERY').sign('https://api.example.com/', http_method='POST', body='a=1', headers={'Content-Type': 'application/json'})\n",
        ),
    ],
    "pyparsing": [
        _s("a Regex of a number", PP + "pp.Regex(5)\n"),
        _s(
            "a fatal condition failing",
            PP + "pp.Word(pp.nums).add_condition(lambda t: int(t[0]) < 10, fatal=True).parse_string('42')\n",
        ),
        _s(
            "sub with a callable on a group-list Regex",
            PP + "pp.Regex('(a)', as_group_list=True).sub(lambda m: 'x')\n",
        ),
        _s("an element indexed with three values", PP + "pp.Word(pp.nums)[1, 2, 3]\n"),
    ],
    "anyio": [
        _s(
            "a CapacityLimiter released without acquiring",
            AN + "async def main():\n    anyio.CapacityLimiter(1).release()\n\nanyio.run(main)\n",
        ),
        _s(
            "the trio backend without trio",
            AN + "async def main():\n    pass\n\nanyio.run(main, backend='trio')\n",
        ),
        _s(
            "a CapacityLimiter acquired twice by one task",
            AN
            + "async def main():\n    lim = anyio.CapacityLimiter(2)\n    await lim.acquire()\n    await lim.acquire()\n\nanyio.run(main)\n",
        ),
        _s(
            "an attribute a memory stream lacks",
            AN
            + "from anyio.abc import SocketAttribute\n\nasync def main():\n    send, receive = anyio.create_memory_object_stream(1)\n    send.extra(SocketAttribute.remote_address)\n\nanyio.run(main)\n",
        ),
        _s(
            "run_process of a failing command",
            AN + "async def main():\n    await anyio.run_process(['false'])\n\nanyio.run(main)\n",
        ),
    ],
    "dnspython": [
        _s(
            "a zone record without a TTL",
            DN + "dns.zone.from_text('@ IN A 1.2.3.4\\n', origin='example.com.')\n",
        ),
        _s(
            "a zone with an $INCLUDE",
            DN + "dns.zone.from_text('$INCLUDE other.zone\\n', origin='example.com.')\n",
        ),
        _s("an opcode that does not exist", DN + "import dns.opcode\ndns.opcode.from_text('PUSH')\n"),
        _s(
            "a response made from a response",
            DN
            + "q = dns.message.make_query('example.com', 'A')\ndns.message.make_response(dns.message.make_response(q))\n",
        ),
        _s("an A record followed by junk", DN + "dns.rdata.from_text('IN', 'A', '1.2.3.4 5')\n"),
        _s("a DS record with a digest not hex", DN + "dns.rdata.from_text('IN', 'DS', '1 8 2 zz')\n"),
        _s("a record type number too large", DN + "dns.rdatatype.to_text(70000)\n"),
        _s(
            "a zone with a CNAME beside other data",
            DN
            + "dns.zone.from_text('@ 300 IN SOA ns. host. 1 2 3 4 5\\n@ 300 IN NS ns.\\nwww 300 IN CNAME a.\\nwww 300 IN A 1.2.3.4\\n', origin='example.com.')\n",
        ),
        _s(
            "make_ds with an unknown digest",
            DN
            + "import dns.dnssec\nkey = dns.rdata.from_text('IN', 'DNSKEY', '257 3 8 AwEAAQ==')\ndns.dnssec.make_ds('example.com.', key, 'SHA999')\n",
        ),
        _s(
            "a wire name with a bad pointer",
            DN
            + "dns.message.from_wire(b'\\x00\\x00\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\xc0\\x20\\x00\\x01\\x00\\x01')\n",
        ),
    ],
}


# As in runtime8: an error raised in compiled code (or the standard library) below a library
# frame has that deepest library frame as its truth, as a judge reading the traceback takes it.
SNIPPETS = {lib: [replace(s, compiled_truth=True) for s in snippets] for lib, snippets in SNIPPETS.items()}


def main(argv: list[str] | None = None) -> int:
    # What the libraries depend on (multidict and propcache under yarl, pyasn1 and cryptography
    # under google-auth...) is installed unpinned, as in runtime8.
    return set_main("runtime19", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
