#!/usr/bin/env python3
"""Make the thirty-fourth popular set: new everyday mistakes in libraries of PyPI's top 61-400.

The hidden judge runs ~14 of the most downloaded libraries with everyday mistakes, where errdex is
first less often than on its own sets of less-known libraries. This set is made like popular33
(the harness, truth rules and case format of ``make_runtime_set.py``, entered through
``set_main``) from six libraries ranked 61-400 in ``/work/shared/data/top-pypi.tsv``: a web
framework (flask, rank 181), a serialisation and validation library (marshmallow, 257), a
spreadsheet reader and writer (openpyxl, 129), dates and times (arrow, 377), locale data and
formatting (babel, 273) and semantic versions (semver, 356). Other sets pin them too, so every
snippet is a mistake no set holds yet: no case's message, its values masked, equals one of
another set's cases. Every error is provoked locally, so no snippet reaches the network. It was
scored once before any change looked at its misses (see ``docs/measurements/pop34.md``):

    python scripts/make_popular34_set.py                  # every library, the pins below
    python scripts/make_popular34_set.py --only flask     # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution. Each pin is the release another set
already pins (so CI indexes it once); the libraries' dependencies are pinned too, so the pins
are every distribution the virtualenv holds (it is re-made as it was and pip does not backtrack).

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "flask": "3.1.3",
    "werkzeug": "3.1.9",
    "jinja2": "3.1.6",
    "click": "8.5.1",
    "itsdangerous": "2.2.0",
    "markupsafe": "3.0.4",
    "blinker": "1.9.0",
    "marshmallow": "4.4.0",
    "openpyxl": "3.1.5",
    "et-xmlfile": "2.0.0",
    "arrow": "1.4.0",
    "python-dateutil": "4.0.0",
    "tzdata": "2025.3",
    "babel": "2.18.0",
    "semver": "3.1.1",
}

# A small application and its test client; the snippets below change one thing in it.
FL = """
from flask import Flask, Blueprint, jsonify, request, session, url_for, abort, render_template, make_response

app = Flask(__name__)
app.testing = True

@app.route("/")
def index():
    return "hello"
"""

MM = """
from marshmallow import Schema, fields, validate, ValidationError, post_load, validates, validates_schema, EXCLUDE, RAISE

class UserSchema(Schema):
    name = fields.String(required=True)
    age = fields.Integer()
    email = fields.Email()
"""

OX = """
from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font, PatternFill, Alignment, Border, Side
from openpyxl.utils import get_column_letter, column_index_from_string

wb = Workbook()
ws = wb.active
"""

AR = """
import arrow

now = arrow.get("2024-03-15T10:30:00+00:00")
"""

BA = """
from datetime import date, datetime, timedelta
from babel import Locale
from babel import numbers, dates, units, lists
"""

SV = """
from semver import Version
import semver

v = Version.parse("1.4.2")
"""

# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop34) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "flask": [
        _s(
            "a view that returns an integer",
            FL
            + "@app.route('/count')\ndef count():\n    return 42\n\nprint(app.test_client().get('/count'))\n",
        ),
        _s(
            "a view that returns a four-tuple",
            FL
            + "@app.route('/t')\ndef t():\n    return 'ok', 200, {}, 'extra'\n\nprint(app.test_client().get('/t'))\n",
        ),
        _s(
            "two blueprints of one name",
            FL
            + "a = Blueprint('api', __name__)\nb = Blueprint('api', __name__)\napp.register_blueprint(a)\napp.register_blueprint(b)\n",
        ),
        _s(
            "a route added after the first request",
            FL + "app.test_client().get('/')\n\n@app.route('/late')\ndef late():\n    return 'late'\n",
        ),
        _s(
            "a jsonify of positional and keyword arguments",
            FL + "with app.app_context():\n    print(jsonify({'a': 1}, b=2))\n",
        ),
        _s(
            "a template that does not exist",
            FL + "with app.app_context():\n    print(render_template('missing.html'))\n",
        ),
        _s(
            "an error handler of a non-exception class",
            FL + "@app.errorhandler(dict)\ndef handle(e):\n    return 'err', 500\n",
        ),
        _s(
            "a route of methods given as a string",
            FL + "@app.route('/submit', methods='POST')\ndef submit():\n    return 'ok'\n",
        ),
        _s(
            "a g attribute never set",
            FL + "from flask import g\nwith app.app_context():\n    print(g.user)\n",
        ),
        _s("a blueprint of an empty name", FL + "bp = Blueprint('', __name__)\n"),
        _s(
            "a url_for of a scheme without _external",
            FL
            + "with app.test_request_context('/'):\n    print(url_for('index', _scheme='https', _external=False))\n",
        ),
        _s(
            "an error handler of an unknown status code",
            FL + "def handle(e):\n    return 'err', 599\n\napp.register_error_handler(599, handle)\n",
        ),
        _s(
            "an error handler given an exception instance",
            FL + "@app.errorhandler(ValueError())\ndef handle(e):\n    return 'bad', 400\n",
        ),
        _s(
            "a stream_with_context outside a request",
            FL
            + "from flask import stream_with_context\n\n@stream_with_context\ndef gen():\n    yield 'a'\n\nprint(list(gen()))\n",
        ),
        _s("a url rule of no view and no endpoint", FL + "app.add_url_rule('/empty')\n"),
    ],
    "marshmallow": [
        _s("a schema of an unknown only field", MM + "UserSchema(only=('name', 'phone'))\n"),
        _s(
            "a required field given a load default",
            MM + "class S(Schema):\n    name = fields.String(required=True, load_default='x')\n",
        ),
        _s(
            "a validates decorator of a field that does not exist",
            MM
            + "class S(UserSchema):\n    @validates('phone')\n    def check(self, value, **kwargs):\n        pass\n\nprint(S().load({'name': 'a'}))\n",
        ),
        _s(
            "a length validator of min above max",
            MM
            + "class S(Schema):\n    code = fields.String(validate=validate.Length(min=5, max=2))\n\nprint(S().load({'code': 'abc'}))\n",
        ),
        _s(
            "a range validator failing",
            MM
            + "class S(Schema):\n    qty = fields.Integer(validate=validate.Range(min=1, max=10))\n\nprint(S().load({'qty': 50}))\n",
        ),
        _s(
            "a regexp validator failing",
            MM
            + "class S(Schema):\n    zip = fields.String(validate=validate.Regexp(r'^\\d{5}$'))\n\nprint(S().load({'zip': 'abc'}))\n",
        ),
        _s(
            "a list field given a class it cannot use",
            MM + "class S(Schema):\n    tags = fields.List(str)\n",
        ),
        _s(
            "a date field of a string not a date",
            MM + "class S(Schema):\n    born = fields.Date()\n\nprint(S().load({'born': '15/03/2024'}))\n",
        ),
        _s(
            "a decimal field of a word",
            MM + "class S(Schema):\n    price = fields.Decimal()\n\nprint(S().load({'price': 'cheap'}))\n",
        ),
        _s(
            "a url field of a bad url",
            MM + "class S(Schema):\n    site = fields.Url()\n\nprint(S().load({'site': 'not a url'}))\n",
        ),
        _s(
            "a uuid field of a bad uuid",
            MM + "class S(Schema):\n    id = fields.UUID()\n\nprint(S().load({'id': '1234'}))\n",
        ),
        _s(
            "a validates_schema raising its own error",
            MM
            + "class S(UserSchema):\n    @validates_schema\n    def check(self, data, **kwargs):\n        if data.get('age', 0) < 18:\n            raise ValidationError('too young', 'age')\n\nprint(S().load({'name': 'a', 'age': 3}))\n",
        ),
        _s(
            "a boolean field of a word",
            MM + "class S(Schema):\n    active = fields.Boolean()\n\nprint(S().load({'active': 'maybe'}))\n",
        ),
        _s(
            "a time field of a bad time",
            MM + "class S(Schema):\n    at = fields.Time()\n\nprint(S().load({'at': '25:99'}))\n",
        ),
    ],
    "openpyxl": [
        _s("an append of a number", OX + "ws.append(5)\n"),
        _s("a cell value of an object", OX + "ws['A1'] = object()\n"),
        _s("a column name too long", OX + "print(column_index_from_string('ABCD'))\n"),
        _s("a column letter of index zero", OX + "print(get_column_letter(0))\n"),
        _s("a fill of an unknown type", OX + "ws['A1'].fill = PatternFill(fill_type='stripes')\n"),
        _s("a merge of a bad range", OX + "ws.merge_cells('A1:B')\n"),
        _s(
            "a sheet title too long",
            OX + "ws.title = 'Quarterly sales figures for the northern region'\n",
            warnings_as_errors=True,
        ),
        _s(
            "a copy of a read-only sheet",
            OX
            + "wb.save('a.xlsx')\nro = load_workbook('a.xlsx', read_only=True)\nro.copy_worksheet(ro.active)\n",
        ),
        _s(
            "a new sheet in a read-only workbook",
            OX
            + "wb.save('a.xlsx')\nro = load_workbook('a.xlsx', read_only=True)\nro.create_sheet('Extra')\n",
        ),
        _s("an active sheet set by name", OX + "wb.active = 'Sheet'\n"),
        _s(
            "two tables of one name",
            OX
            + "from openpyxl.worksheet.table import Table\nws.append(['a', 'b'])\nws.append([1, 2])\nws.add_table(Table(displayName='Data', ref='A1:B2'))\nws.add_table(Table(displayName='Data', ref='A1:B2'))\n",
        ),
        _s(
            "a named style added twice",
            OX
            + "from openpyxl.styles import NamedStyle\nwb.add_named_style(NamedStyle(name='header'))\nwb.add_named_style(NamedStyle(name='header'))\n",
        ),
        _s("an unmerge of cells never merged", OX + "ws.unmerge_cells('A1:B2')\n"),
    ],
    "arrow": [
        _s("a replace of the week", AR + "print(now.replace(week=2))\n"),
        _s("a shift of an unknown unit", AR + "print(now.shift(fortnights=1))\n"),
        _s("a humanize of an unknown locale", AR + "print(now.humanize(locale='xx'))\n"),
        _s("a dehumanize of a sentence it cannot read", AR + "print(now.dehumanize('sometime soon'))\n"),
        _s("a get of a list", AR + "print(arrow.get([2024, 3, 15]))\n"),
        _s("a replace of an unknown attribute", AR + "print(now.replace(weekday=2))\n"),
        _s("a date of an empty string", AR + "print(arrow.get(''))\n"),
        _s(
            "an is_between of bad bounds",
            AR + "print(now.is_between(now.shift(days=-1), now.shift(days=1), '[|'))\n",
        ),
        _s(
            "an interval of zero",
            AR + "print(list(arrow.Arrow.interval('hour', now, now.shift(hours=3), 0)))\n",
        ),
        _s("a week span of a bad week start", AR + "print(now.span('week', week_start=0))\n"),
        _s("a timestamp of a word", AR + "print(arrow.Arrow.fromtimestamp('yesterday'))\n"),
        _s(
            "a get of a datetime and a number",
            AR + "import datetime\nprint(arrow.get(datetime.datetime(2024, 1, 1), 5))\n",
        ),
        _s("a humanize relative to a string", AR + "print(now.humanize(other='2024-01-01'))\n"),
    ],
    "babel": [
        _s("a locale given an integer", BA + "print(Locale.parse(42))\n"),
        _s(
            "a unit that does not exist",
            BA + "print(units.format_unit(3, 'parsec-per-fortnight', locale='en'))\n",
        ),
        _s(
            "a list of an unknown style",
            BA + "print(lists.format_list(['a', 'b'], style='fancy', locale='en'))\n",
        ),
        _s(
            "a currency of an unknown format type",
            BA + "print(numbers.format_currency(5, 'USD', locale='en_US', format_type='fancy'))\n",
        ),
        _s("a date parsed from a word", BA + "print(dates.parse_date('tomorrow', locale='en_US'))\n"),
        _s(
            "a plural rule of bad syntax",
            "from babel.plural import PluralRule\nprint(PluralRule({'one': 'n is'}))\n",
        ),
        _s("a number of a trailing letter", BA + "print(numbers.parse_number('12x', locale='en_US'))\n"),
        _s("a locale of an empty identifier", BA + "print(Locale.parse(''))\n"),
        _s(
            "a timedelta of an unknown format",
            BA + "print(dates.format_timedelta(timedelta(days=3), format='tiny', locale='en'))\n",
        ),
        _s(
            "a decimal of an unknown numbering system",
            BA + "print(numbers.format_decimal(1.5, locale='en', numbering_system='klingon'))\n",
        ),
        _s(
            "a plural rule of an unknown tag",
            "from babel.plural import PluralRule\nprint(PluralRule({'lots': 'n > 5'}))\n",
        ),
    ],
    "semver": [
        _s("a replace of an unknown part", SV + "print(v.replace(build_number=3))\n"),
        _s("a next version of an unknown part", SV + "print(v.next_version('micro'))\n"),
        _s("a parse of None", SV + "print(Version.parse(None))\n"),
        _s("a version given a tuple", SV + "print(Version((1, 2, 3)))\n"),
        _s("a version part by index out of range", SV + "print(v[5])\n"),
        _s("a version part by a negative slice", SV + "print(v[-1:])\n"),
        _s("a compatibility check with a string", SV + "print(v.is_compatible('1.5.0'))\n"),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular34", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
