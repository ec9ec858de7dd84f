#!/usr/bin/env python3
"""Make the thirty-sixth popular set: new everyday mistakes in small libraries a developer runs daily.

The hidden judge runs ~14 of the most downloaded libraries with everyday mistakes. This set is
made like popular35 (the harness, truth rules and case format of ``make_runtime_set.py``,
entered through ``set_main``) from eight widely used libraries no other set pins: joserfc (JSON
Web Tokens and keys), icalendar (calendar files), respx (httpx's mock router, an HTTP client
with an in-process transport), six, zipp, markupsafe, blinker and python-json-logger. Every
snippet is a mistake no set holds yet: no case's message, its values masked, equals one of
another set's cases. As in popular35, an error raised in compiled code or the standard library
below a library frame has as its truth that deepest Python frame of the library in the real
traceback (``compiled_truth``). Every error is provoked locally (respx's through httpx's mock
transport), so no snippet reaches the network. It was scored once before any change looked at
its misses (see ``docs/measurements/pop36.md``):

    python scripts/make_popular36_set.py                  # every library, the pins below
    python scripts/make_popular36_set.py --only six       # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution. Where another set pins a release
(httpx, cryptography, anyio, h11, httpcore, python-dateutil) this one pins the same, so CI
indexes it once; the libraries' dependencies are pinned too, so the pins are every
distribution the virtualenv holds (it is re-made as it was and pip does not backtrack).

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "joserfc": "1.8.0",
    "cryptography": "50.0.2",
    "cffi": "2.1.1",
    "pycparser": "3.12",
    "icalendar": "7.3.2",
    "python-dateutil": "4.0.0",
    "six": "1.17.0",
    "tzdata": "2026.6",
    "respx": "0.23.1",
    "httpx": "0.28.1",
    "httpcore": "1.0.9",
    "h11": "0.16.0",
    "anyio": "4.16.0",
    "idna": "3.21",
    "certifi": "2026.10.19.post1",
    "typing-extensions": "4.16.0",
    "zipp": "4.1.2",
    "markupsafe": "3.0.4",
    "blinker": "1.9.0",
    "python-json-logger": "4.2.0",
}

JO = """
import time
from joserfc import jwt, jws, jwe, jwk
from joserfc.jwk import OctKey, RSAKey, ECKey, OKPKey

key = OctKey.import_key("secret-secret-secret-secret-1234")
"""

# A token signed with `key` and decoded again, as an API checking its callers does.
JO_TOKEN = """
token = jwt.decode(jwt.encode({{"alg": "HS256"}}, {claims}, key), key)
"""

IC = """
from datetime import date, datetime, timedelta
from icalendar import Calendar, Event, Todo, Alarm, vDatetime, vDDDTypes, vDuration, vPeriod

"""

RX = """
import httpx
import respx

"""

ZP = """
import zipfile
import zipp

with zipfile.ZipFile("bundle.zip", "w") as z:
    z.writestr("data/readme.txt", "hello")
"""

JL = """
import logging
from pythonjsonlogger.json import JsonFormatter

log = logging.getLogger("app")
"""


def _tok(claims: str, then: str) -> str:
    return JO + JO_TOKEN.format(claims=claims) + then


# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop36) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "joserfc": [
        _s(
            "a token decoded with another key",
            JO
            + "t = jwt.encode({'alg': 'HS256'}, {'sub': 'ann'}, key)\n"
            + "jwt.decode(t, OctKey.import_key('other-other-other-other-other-12'))\n",
        ),
        _s("a token of two parts", JO + "jwt.decode('abc.def', key)\n"),
        _s("an unknown signing algorithm", JO + "jwt.encode({'alg': 'HS999'}, {'sub': 'ann'}, key)\n"),
        _s("the none algorithm", JO + "jwt.encode({'alg': 'none'}, {'sub': 'ann'}, key)\n"),
        _s(
            "an essential claim the token lacks",
            _tok("{'sub': 'ann'}", "jwt.JWTClaimsRegistry(iss={'essential': True}).validate(token.claims)\n"),
        ),
        _s(
            "an expired token",
            _tok("{'exp': int(time.time()) - 100}", "jwt.JWTClaimsRegistry().validate(token.claims)\n"),
        ),
        _s(
            "an issuer other than the expected one",
            _tok("{'iss': 'a'}", "jwt.JWTClaimsRegistry(iss={'value': 'b'}).validate(token.claims)\n"),
        ),
        _s(
            "a token used before its not-before time",
            _tok("{'nbf': int(time.time()) + 1000}", "jwt.JWTClaimsRegistry().validate(token.claims)\n"),
        ),
        _s("a plain string as the key", JO + "jwt.encode({'alg': 'HS256'}, {'sub': 'ann'}, 'secret')\n"),
        _s("an RSA key imported from a word", JO + "RSAKey.import_key('not a pem')\n"),
        _s(
            "an RSA key for an HMAC algorithm",
            JO + "k = RSAKey.generate_key(2048)\njwt.encode({'alg': 'HS256'}, {'sub': 'ann'}, k)\n",
        ),
        _s("an EC key of an unknown curve", JO + "ECKey.generate_key('P-999')\n"),
        _s(
            "an oct key for RSA-OAEP encryption",
            JO + "jwe.encrypt_compact({'alg': 'RSA-OAEP', 'enc': 'A128GCM'}, b'hi', key)\n",
        ),
        _s("a signature of three words", JO + "jws.deserialize_compact('a.b.c', key)\n"),
        _s("a JWK without a key type", JO + "jwk.import_key({'k': 'abc'})\n"),
        _s("a key set asked for an unknown kid", JO + "ks = jwk.KeySet([key])\nks.get_by_kid('main')\n"),
        _s(
            "a token issued in the future",
            _tok("{'iat': int(time.time()) + 1000}", "jwt.JWTClaimsRegistry().validate(token.claims)\n"),
        ),
        _s(
            "an expiry given as a word",
            _tok("{'exp': 'tomorrow'}", "jwt.JWTClaimsRegistry().validate(token.claims)\n"),
        ),
        _s("a header without an algorithm", JO + "jwt.encode({'typ': 'JWT'}, {'sub': 'ann'}, key)\n"),
        _s(
            "a critical header the token lacks",
            JO + "jwt.encode({'alg': 'HS256', 'crit': ['b64x']}, {'sub': 'ann'}, key)\n",
        ),
        _s("an oct key imported from an RSA JWK", JO + "OctKey.import_key({'kty': 'RSA', 'e': 'AQAB'})\n"),
        _s("an OKP key of an unknown curve", JO + "OKPKey.generate_key('X999')\n"),
        _s("a key of an unknown type generated", JO + "jwk.generate_key('ABC')\n"),
        _s(
            "a short HMAC key",
            JO + "jwt.encode({'alg': 'HS256'}, {'sub': 'ann'}, OctKey.import_key('abc'))\n",
            warnings_as_errors=True,
        ),
        _s(
            "a token of an algorithm the decoder does not allow",
            JO
            + "t = jwt.encode({'alg': 'HS256'}, {'sub': 'ann'}, key)\njwt.decode(t, key, algorithms=['RS256'])\n",
        ),
        _s(
            "an EC key imported from an RSA PEM",
            JO + "k = RSAKey.generate_key(2048)\nECKey.import_key(k.as_pem())\n",
        ),
        _s(
            "a token decrypted with another RSA key",
            JO
            + "k = RSAKey.generate_key(2048)\n"
            + "t = jwe.encrypt_compact({'alg': 'RSA-OAEP', 'enc': 'A128GCM'}, b'hi', k)\n"
            + "jwe.decrypt_compact(t, RSAKey.generate_key(2048))\n",
        ),
        _s(
            "a token signed with a public key",
            JO
            + "k = RSAKey.generate_key(2048)\npub = RSAKey.import_key(k.as_pem(private=False))\n"
            + "jwt.encode({'alg': 'RS256'}, {'sub': 'ann'}, pub)\n",
        ),
        _s("an oct key of 100 bits", JO + "OctKey.generate_key(100)\n"),
        _s(
            "a direct encryption key of the wrong size",
            JO + "jwe.encrypt_compact({'alg': 'dir', 'enc': 'A128GCM'}, b'hi', key)\n",
        ),
        _s(
            "a header URL given as a number",
            JO + "jws.serialize_compact({'alg': 'HS256', 'x5u': 5}, b'hi', key)\n",
        ),
        _s("a token encoded without a key", JO + "jwt.encode({'alg': 'HS256'}, {'sub': 'ann'})\n"),
    ],
    "icalendar": [
        _s("a calendar parsed from a word", IC + "Calendar.from_ical('hello')\n"),
        _s(
            "a calendar without its END lines",
            IC + "Calendar.from_ical('BEGIN:VCALENDAR\\nBEGIN:VEVENT\\nSUMMARY:x\\n')\n",
        ),
        _s("a date-time of the ISO form", IC + "vDatetime.from_ical('2024-01-01')\n"),
        _s("a duration in words", IC + "vDuration.from_ical('1 hour')\n"),
        _s(
            "an unknown recurrence frequency",
            IC + "from icalendar import vRecur\nvRecur.from_ical('FREQ=FORTNIGHTLY')\n",
        ),
        _s("a period of a year", IC + "vPeriod.from_ical('2024')\n"),
        _s(
            "an event start of a word", IC + "e = Event()\ne.add('dtstart', 'tomorrow')\nprint(e.to_ical())\n"
        ),
        _s("an event start attribute of a word", IC + "e = Event()\ne.start = 'tomorrow'\n"),
        _s("the end of an event with no start", IC + "e = Event()\nprint(e.duration)\n"),
        _s("the start of an event with none", IC + "e = Event()\nprint(e.start)\n"),
        _s("a date-or-time value parsed from a word", IC + "vDDDTypes.from_ical('xx')\n"),
        _s(
            "an event of both an end and a duration",
            IC
            + "e = Event()\ne.add('dtstart', datetime(2024, 1, 1))\ne.add('dtend', datetime(2024, 1, 2))\n"
            + "e.add('duration', timedelta(hours=1))\nprint(e.end)\n",
        ),
        _s(
            "two calendars in one file",
            IC
            + "Calendar.from_ical('BEGIN:VCALENDAR\\nEND:VCALENDAR\\nBEGIN:VCALENDAR\\nEND:VCALENDAR\\n')\n",
        ),
        _s("an alarm trigger of a word", IC + "a = Alarm()\na.TRIGGER = 'soon'\n"),
        _s("a geo of one string", IC + "from icalendar import vGeo\nvGeo('1,2')\n"),
        _s("a geo parsed with a comma", IC + "from icalendar import vGeo\nvGeo.from_ical('1,2')\n"),
        _s(
            "a UTC offset of hours only",
            IC + "from icalendar import vUTCOffset\nvUTCOffset.from_ical('+25')\n",
        ),
        _s("an unknown weekday", IC + "from icalendar import vWeekday\nvWeekday('XX')\n"),
        _s("a month of a word", IC + "from icalendar import vMonth\nvMonth('13x')\n"),
        _s("a date of the ISO form", IC + "from icalendar import vDate\nvDate.from_ical('2024-01-01')\n"),
        _s("a time of an hour", IC + "from icalendar import vTime\nvTime.from_ical('25')\n"),
        _s("a boolean of YES", IC + "from icalendar import vBoolean\nvBoolean.from_ical('YES')\n"),
        _s("an integer of a word", IC + "from icalendar import vInt\nvInt.from_ical('x')\n"),
        _s("a float of a word", IC + "from icalendar import vFloat\nvFloat.from_ical('x')\n"),
        _s(
            "an event duration of a string",
            IC + "e = Event()\ne.start = date(2024, 1, 1)\ne.duration = 'P1D'\n",
        ),
        _s("a period ending in a number", IC + "vPeriod((datetime(2024, 1, 1), 5))\n"),
        _s("a calendar parsed from an empty string", IC + "Calendar.from_ical('')\n"),
        _s("an alarm repeat of a word", IC + "a = Alarm()\na.REPEAT = 'x'\n"),
        _s("a UTC offset made from a word", IC + "from icalendar import vUTCOffset\nvUTCOffset('x')\n"),
        _s(
            "a timezone of an unknown name",
            IC + "from icalendar import Timezone\nTimezone.from_tzid('Mars/Base')\n",
        ),
        _s(
            "an event that ends before it starts",
            IC + "e = Event.new(start=datetime(2024, 1, 2), end=datetime(2024, 1, 1))\n",
        ),
        _s(
            "a property parameter without a name",
            IC + "Calendar.from_ical('BEGIN:VCALENDAR\\nX-A;=B:c\\nEND:VCALENDAR\\n')\n",
        ),
        _s("an event made with an unknown keyword", IC + "Event.new(title='Standup')\n"),
    ],
    "respx": [
        _s(
            "a request to a route never mocked",
            RX
            + "with respx.mock:\n    respx.get('https://api.example.com/users').respond(200)\n"
            + "    httpx.get('https://api.example.com/items')\n",
        ),
        _s(
            "a side effect returning a string",
            RX
            + "with respx.mock:\n    respx.get('https://e.com/').mock(side_effect=lambda request: 'ok')\n"
            + "    httpx.get('https://e.com/')\n",
        ),
        _s(
            "a side effect of an exception class",
            RX
            + "with respx.mock:\n    respx.get('https://e.com/').mock(side_effect=httpx.ConnectTimeout)\n"
            + "    httpx.get('https://e.com/')\n",
        ),
        _s(
            "a params pattern of the in lookup",
            RX
            + "with respx.mock:\n    respx.get('https://e.com/', params__in=5).respond(200)\n    httpx.get('https://e.com/')\n",
        ),
        _s(
            "a route return value of a string",
            RX
            + "with respx.mock:\n    respx.get('https://e.com/').return_value = 'ok'\n    httpx.get('https://e.com/')\n",
        ),
        _s(
            "a route of another host than the router's base URL, never called",
            RX
            + "r = respx.mock(base_url='https://e.com/api')\nwith r:\n    r.get(url='https://other.com/x')\n",
        ),
        _s(
            "a side effect taking an argument respx does not pass",
            RX
            + "def reply(request, route, extra):\n    return httpx.Response(200)\n\n"
            + "with respx.mock:\n    respx.get('https://e.com/').mock(side_effect=reply)\n    httpx.get('https://e.com/')\n",
        ),
        _s(
            "a JSON response of an object",
            RX
            + "with respx.mock:\n    respx.get('https://e.com/').respond(200, json=object())\n    httpx.get('https://e.com/')\n",
        ),
    ],
    "six": [
        _s("a missing name from six.moves", "from six.moves import cPickle_nope\n"),
        _s("a reraise of a new error", "import six\nsix.reraise(ValueError, ValueError('boom'))\n"),
        _s(
            "assertCountEqual of different lists",
            "import six, unittest\n\nclass T(unittest.TestCase):\n    def runTest(self):\n"
            + "        six.assertCountEqual(self, [1], [2])\n\nT().runTest()\n",
        ),
        _s("a removed move that never was", "import six\nsix.remove_move('nope')\n"),
    ],
    "zipp": [
        _s(
            "a member the archive lacks",
            ZP + "print((zipp.Path('bundle.zip') / 'data' / 'other.txt').read_text())\n",
        ),
        _s("a folder opened as a file", ZP + "(zipp.Path('bundle.zip') / 'data').open()\n"),
        _s(
            "an encoding for a binary read",
            ZP + "zipp.Path('bundle.zip', 'data/readme.txt').open('rb', encoding='utf-8')\n",
        ),
        _s("iterdir of a file", ZP + "print(list(zipp.Path('bundle.zip', 'data/readme.txt').iterdir()))\n"),
        _s("a glob of an empty pattern", ZP + "print(list(zipp.Path('bundle.zip').glob('')))\n"),
        _s("a member opened to append", ZP + "zipp.Path('bundle.zip', 'data/readme.txt').open('a')\n"),
        _s("a glob of ** inside a name", ZP + "print(list(zipp.Path('bundle.zip').glob('**txt')))\n"),
        _s(
            "a new member written to an archive opened for reading",
            ZP + "zipp.Path('bundle.zip', 'data/new.txt').open('w').write('x')\n",
        ),
    ],
    "markupsafe": [
        _s(
            "a percent format of too few values",
            "from markupsafe import Markup\nMarkup('<b>%s %s</b>') % ('x',)\n",
        ),
        _s("a number format of a string", "from markupsafe import Markup\nMarkup('{0:d}').format('x')\n"),
        _s(
            "bytes of an unknown encoding", "from markupsafe import Markup\nMarkup(b'abc', encoding='nope')\n"
        ),
        _s("a format of an unknown conversion", "from markupsafe import Markup\nMarkup('{0!x}').format(1)\n"),
        _s("a format of an unclosed brace", "from markupsafe import Markup\nMarkup('a { b').format()\n"),
        _s("a named percent format of a number", "from markupsafe import Markup\nMarkup('%(a)s') % 5\n"),
        _s("a split by a number", "from markupsafe import Markup\nMarkup('a').split(5)\n"),
    ],
    "blinker": [
        _s(
            "a string connected as a receiver",
            "from blinker import signal\ns = signal('saved')\ns.connect('handler')\n",
        ),
        _s(
            "a coroutine receiver sent to synchronously",
            "from blinker import signal\ns = signal('saved')\n\n@s.connect\nasync def h(sender):\n    pass\n\ns.send('a')\n",
        ),
        _s(
            "a plain receiver sent to asynchronously",
            "import asyncio\nfrom blinker import signal\ns = signal('saved')\n\n@s.connect\ndef h(sender):\n"
            + "    pass\n\nasyncio.run(s.send_async('a'))\n",
        ),
        _s(
            "a receiver that takes no sender",
            "from blinker import signal\ns = signal('saved')\n\n@s.connect\ndef h():\n    pass\n\ns.send('a')\n",
        ),
        _s("a send of two senders", "from blinker import signal\ns = signal('saved')\ns.send('a', 'b')\n"),
    ],
    "python-json-logger": [
        _s("an unknown format style", JL + "JsonFormatter('%(message)s', style='!')\n"),
        _s("the orjson formatter without orjson", "from pythonjsonlogger.orjson import OrjsonFormatter\n"),
        _s(
            "a brace format left open, validated",
            JL + "JsonFormatter('{message', style='{', validate=True)\n",
        ),
    ],
}


# As in popular35, an error raised below a library's frame in compiled code or the standard
# library (cryptography's Rust, `open`, `str.format`) takes that deepest library frame as truth.
SNIPPETS = {lib: [replace(s, compiled_truth=True) for s in snippets] for lib, snippets in SNIPPETS.items()}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular36", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
