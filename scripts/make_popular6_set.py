#!/usr/bin/env python3
"""Make the sixth popular set: everyday errors of libraries ranked ~800-1100 that no other set covers.

popular5 is being worked on since its first score, so it no longer measures how errdex does on
libraries it has never seen. This set is made the same way — the same harness, truth rules and
case format (``make_runtime_set.py``, entered through ``set_main``) — from eleven more libraries
ranked about 800 to 1100 in the PyPI download ranking (``/work/shared/data/top-pypi.tsv``), each
in no other set, and was scored once before any change looked at its misses (see the set's README):

    python scripts/make_popular6_set.py                      # every library, the pins below
    python scripts/make_popular6_set.py --only schema        # one library; the other cases are kept
    python scripts/make_popular6_set.py --versions schema==0.7.8 --only schema

The truth is the deepest frame in a *pinned* distribution, so what a library runs but does not
pin (typing-extensions under cron-descriptor) counts as outside code: an error raised there is
either a negative or, when its text is also in the library's literals, left out as ambiguous.

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "avro": "1.12.2",
    "bidict": "0.24.1",
    "boltons": "26.2.0",
    "cron-descriptor": "2.2.1",
    "cssselect": "1.6.0",
    "docopt": "0.6.2",
    "packageurl-python": "0.17.6",
    "pathvalidate": "3.3.1",
    "qrcode": "8.2",
    "schema": "0.7.8",
    "texttable": "1.7.2",
}

USER = """
from schema import Schema, And, Use, Or, Optional, Regex
"""

AVRO_USER = """
import io
import avro.io
import avro.schema

schema = avro.schema.parse(
    '{"type": "record", "name": "User", "fields": ['
    '{"name": "name", "type": "string"}, {"name": "age", "type": "int"}]}'
)
"""

CSS = """
from cssselect import GenericTranslator
tr = GenericTranslator()
"""

NAVAL = '''"""Naval Fate.

Usage:
  naval_fate.py ship new <name>...
  naval_fate.py ship <name> move <x> <y> [--speed=<kn>]
  naval_fate.py (-h | --help)

Options:
  -h --help     Show this screen.
  --speed=<kn>  Speed in knots [default: 10].
"""
'''

# The snippets are ordinary user code, written from the libraries' documented APIs before errdex
# was run on any of them. Their number within a library is part of each case's `source`: new ones
# go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "schema": [
        _s("a string where an int is expected", USER + 'Schema(int).validate("5")\n'),
        _s("a dict missing a key", USER + 'Schema({"name": str, "age": int}).validate({"name": "Sue"})\n'),
        _s(
            "a dict with an unexpected key",
            USER + 'Schema({"name": str}).validate({"name": "Sue", "x": 1})\n',
        ),
        _s("a value failing a predicate", USER + "Schema(And(int, lambda n: n > 0)).validate(-1)\n"),
        _s("a conversion that fails", USER + 'Schema(Use(int)).validate("abc")\n'),
        _s("a value in none of the alternatives", USER + 'Schema(Or("red", "green")).validate("blue")\n'),
        _s("a string that does not match a regex", USER + r'Schema(Regex(r"^\d+$")).validate("abc")' + "\n"),
        _s(
            "a custom error message",
            USER + 'Schema(And(str, len), error="name must not be empty").validate("")\n',
        ),
        _s("a list with a wrong item", USER + 'Schema([int]).validate([1, "a"])\n'),
        _s("a dict schema given a string", USER + 'Schema({"a": int}).validate("notadict")\n'),
        _s(
            "a port out of range after conversion",
            USER + 'Schema({"port": And(Use(int), lambda p: 0 < p < 65536)}).validate({"port": "99999"})\n',
        ),
        _s(
            "an optional key of a wrong type",
            USER + 'Schema({Optional("debug"): bool}).validate({"debug": "yes"})\n',
        ),
    ],
    "bidict": [
        _s("a duplicate value", "from bidict import bidict\nb = bidict({'a': 1})\nb['b'] = 1\n"),
        _s("put of an existing key", "from bidict import bidict\nb = bidict({'a': 1})\nb.put('a', 2)\n"),
        _s("a duplicate value at construction", "from bidict import bidict\nbidict({'a': 1, 'b': 1})\n"),
        _s("a missing key of the inverse", "from bidict import bidict\nbidict({'a': 1}).inverse[5]\n"),
        _s(
            "assigning to a frozenbidict",
            "from bidict import frozenbidict\nfrozenbidict({'a': 1})['b'] = 2\n",
        ),
        _s(
            "popitem of an empty ordered bidict",
            "from bidict import OrderedBidict\nOrderedBidict().popitem()\n",
        ),
        _s("update with a duplicate value", "from bidict import bidict\nbidict({'a': 1}).update({'b': 1})\n"),
        _s("put on the inverse", "from bidict import bidict\nbidict({'a': 1}).inverse.put(1, 'b')\n"),
        _s(
            "putall with duplicate keys raising",
            "from bidict import bidict, ON_DUP_RAISE\nbidict().putall([('x', 1), ('x', 2)], on_dup=ON_DUP_RAISE)\n",
        ),
        _s("a bidict of a number", "from bidict import bidict\nbidict(5)\n"),
        _s(
            "a key and value duplicating two items",
            "from bidict import bidict\nb = bidict({'a': 1, 'b': 2})\nb.put('a', 2)\n",
        ),
    ],
    "packageurl-python": [
        _s(
            "a string that is not a purl",
            "from packageurl import PackageURL\nPackageURL.from_string('not a purl')\n",
        ),
        _s(
            "a purl without a name", "from packageurl import PackageURL\nPackageURL.from_string('pkg:pypi')\n"
        ),
        _s(
            "a purl without a type", "from packageurl import PackageURL\nPackageURL(type='', name='django')\n"
        ),
        _s(
            "a purl without a name argument",
            "from packageurl import PackageURL\nPackageURL(type='pypi', name='')\n",
        ),
        _s(
            "qualifiers given as a plain word",
            "from packageurl import PackageURL\nPackageURL(type='pypi', name='x', qualifiers='a')\n",
        ),
        _s(
            "a type with a space",
            "from packageurl import PackageURL\nPackageURL(type='py pi', name='x').to_string()\n",
        ),
        _s(
            "a version that is a number",
            "from packageurl import PackageURL\nPackageURL(type='pypi', name='x', version=5)\n",
        ),
        _s(
            "a purl with a bad qualifier",
            "from packageurl import PackageURL\nPackageURL.from_string('pkg:pypi/django@1.0?a')\n",
        ),
        _s("a purl from a number", "from packageurl import PackageURL\nPackageURL.from_string(5)\n"),
        _s(
            "a maven purl without a namespace",
            "from packageurl import PackageURL\nPackageURL.from_string('pkg:maven/commons-io@2.6').to_string()\n"
            "PackageURL(type='maven', name='commons-io', namespace=None, version='2.6', qualifiers={'k': 1})\n",
        ),
    ],
    "cron-descriptor": [
        _s(
            "an expression with three parts",
            "from cron_descriptor import get_description\nget_description('* * *')\n",
        ),
        _s("an empty expression", "from cron_descriptor import get_description\nget_description('')\n"),
        _s("a minute of 61", "from cron_descriptor import get_description\nget_description('61 * * * *')\n"),
        _s(
            "a day of week of 8",
            "from cron_descriptor import get_description\nget_description('* * * * 8')\n",
        ),
        _s("a month of 13", "from cron_descriptor import get_description\nget_description('* * * 13 *')\n"),
        _s(
            "eight parts", "from cron_descriptor import get_description\nget_description('* * * * * * * *')\n"
        ),
        _s(
            "an unknown locale",
            "from cron_descriptor import ExpressionDescriptor, Options\n"
            "o = Options()\no.locale_code = 'xx_XX'\nExpressionDescriptor('* * * * *', o).get_description()\n",
        ),
        _s("words for fields", "from cron_descriptor import get_description\nget_description('a b c d e')\n"),
        _s("None as the expression", "from cron_descriptor import get_description\nget_description(None)\n"),
        _s("an hour of 24", "from cron_descriptor import get_description\nget_description('0 24 * * *')\n"),
    ],
    "cssselect": [
        _s("an unclosed attribute selector", CSS + 'tr.css_to_xpath("div[")\n'),
        _s("an unknown pseudo-class", CSS + 'tr.css_to_xpath("a:foo")\n'),
        _s("a pseudo-element", CSS + 'tr.css_to_xpath("a::before")\n'),
        _s("nth-child of a word", CSS + 'tr.css_to_xpath("p:nth-child(abc)")\n'),
        _s("a dangling combinator", CSS + 'tr.css_to_xpath("div >")\n'),
        _s("a bare hash", CSS + 'tr.css_to_xpath("#")\n'),
        _s("a :not of a descendant selector", CSS + 'tr.css_to_xpath("a:not(b c)")\n'),
        _s("an unknown functional pseudo-class", CSS + 'tr.css_to_xpath("a:unknown(x)")\n'),
        _s("first-of-type on the universal selector", CSS + 'tr.css_to_xpath("*:first-of-type")\n'),
        _s("a hover pseudo-class", CSS + 'tr.css_to_xpath("a:hover")\n'),
        _s("a selector list ending in a comma", "import cssselect\ncssselect.parse('a, ')\n"),
    ],
    "qrcode": [
        _s("a version of 41", "import qrcode\nqrcode.QRCode(version=41)\n"),
        _s(
            "too much data for a fixed version",
            "import qrcode\nqr = qrcode.QRCode(version=1)\nqr.add_data('x' * 1000)\nqr.make(fit=False)\n",
        ),
        _s("a box size of zero", "import qrcode\nqrcode.QRCode(box_size=0)\n"),
        _s("a mask pattern of 9", "import qrcode\nqrcode.QRCode(mask_pattern=9)\n"),
        _s("a mask pattern of a word", "import qrcode\nqrcode.QRCode(mask_pattern='a')\n"),
        _s(
            "letters in numeric mode",
            "from qrcode.util import QRData, MODE_NUMBER\nQRData('abc', mode=MODE_NUMBER)\n",
        ),
        _s("an invalid mode", "from qrcode.util import QRData\nQRData('abc', mode=17)\n"),
        _s(
            "printing to a non-terminal",
            "import qrcode\nqr = qrcode.QRCode()\nqr.add_data('hi')\nqr.print_ascii(tty=True)\n",
        ),
        _s(
            "more data than any version holds",
            "import qrcode\nqr = qrcode.QRCode()\nqr.add_data('x' * 5000)\nqr.make()\n",
        ),
        _s("an unknown error correction", "import qrcode\nqrcode.QRCode(error_correction=7).make()\n"),
    ],
    "texttable": [
        _s("a column width of zero", "from texttable import Texttable\nTexttable().set_cols_width([0])\n"),
        _s(
            "rows of different lengths",
            "from texttable import Texttable\nt = Texttable()\nt.add_row(['a', 'b'])\nt.add_row(['a'])\n",
        ),
        _s("set_chars with one character", "from texttable import Texttable\nTexttable().set_chars(['-'])\n"),
        _s("a negative precision", "from texttable import Texttable\nTexttable().set_precision(-1)\n"),
        _s("a negative max width", "from texttable import Texttable\nTexttable(max_width=-1).draw()\n"),
        _s(
            "a header shorter than the rows",
            "from texttable import Texttable\nt = Texttable()\nt.header(['a'])\nt.add_row(['a', 'b'])\n",
        ),
        _s(
            "a float column given a word",
            "from texttable import Texttable\nt = Texttable()\nt.set_cols_dtype(['f'])\nt.add_row(['abc'])\nprint(t.draw())\n",
        ),
        _s(
            "an unknown dtype",
            "from texttable import Texttable\nt = Texttable()\nt.set_cols_dtype(['z'])\nt.add_row([1])\nprint(t.draw())\n",
        ),
        _s(
            "a width too small for the columns",
            "from texttable import Texttable\nt = Texttable(max_width=5)\nt.add_rows([['aaaa', 'bbbb', 'cccc', 'dddd']])\nprint(t.draw())\n",
        ),
        _s("a non-list row", "from texttable import Texttable\nTexttable().add_rows(5)\n"),
    ],
    "boltons": [
        _s("chunks of size zero", "from boltons.iterutils import chunked\nchunked([1, 2], 0)\n"),
        _s("a malformed int list", "from boltons.strutils import parse_int_list\nparse_int_list('1-x')\n"),
        _s(
            "an unknown time unit",
            "from boltons.timeutils import parse_timedelta\nparse_timedelta('3 fortnights')\n",
        ),
        _s("an LRU of negative size", "from boltons.cacheutils import LRU\nLRU(max_size=-1)\n"),
        _s("a missing path", "from boltons.iterutils import get_path\nget_path({'a': {}}, ('a', 'b'))\n"),
        _s(
            "a str written to a bytes buffer",
            "from boltons.ioutils import SpooledBytesIO\nSpooledBytesIO().write('text')\n",
        ),
        _s("a URL with a bad port", "from boltons.urlutils import URL\nURL('http://example.com:abc/')\n"),
        _s(
            "an index of a missing item",
            "from boltons.setutils import IndexedSet\nIndexedSet([1]).index(5)\n",
        ),
        _s(
            "pop on an empty queue",
            "from boltons.queueutils import HeapPriorityQueue\nHeapPriorityQueue().pop()\n",
        ),
        _s(
            "an atomic save over an existing file",
            "from boltons.fileutils import atomic_save\n"
            "with atomic_save('data.txt', overwrite=False) as f:\n    f.write(b'x')\n",
            files={"data.txt": "old\n"},
        ),
        _s(
            "a missing key of a OneToOne",
            "from boltons.dictutils import OneToOne\nOneToOne({'a': 1}).inv['b']\n",
        ),
        _s("a window of negative size", "from boltons.iterutils import windowed\nwindowed([1, 2], -1)\n"),
    ],
    "pathvalidate": [
        _s(
            "a file name with a slash",
            "from pathvalidate import validate_filename\nvalidate_filename('a/b')\n",
        ),
        _s("an empty file name", "from pathvalidate import validate_filename\nvalidate_filename('')\n"),
        _s(
            "a reserved Windows name",
            "from pathvalidate import validate_filename\nvalidate_filename('CON', platform='windows')\n",
        ),
        _s("a path with a NUL", "from pathvalidate import validate_filepath\nvalidate_filepath('a\\0b')\n"),
        _s(
            "a file name too long",
            "from pathvalidate import validate_filename\nvalidate_filename('a' * 300)\n",
        ),
        _s(
            "a trailing space on Windows",
            "from pathvalidate import validate_filename\nvalidate_filename('abc ', platform='windows')\n",
        ),
        _s("sanitizing a number", "from pathvalidate import sanitize_filename\nsanitize_filename(5)\n"),
        _s(
            "an unknown platform",
            "from pathvalidate import validate_filename\nvalidate_filename('x', platform='amiga')\n",
        ),
        _s(
            "a max length of zero",
            "from pathvalidate import validate_filename\nvalidate_filename('a', max_len=0)\n",
        ),
        _s(
            "a Windows path with a colon",
            "from pathvalidate import validate_filepath\nvalidate_filepath('C:/a:b.txt', platform='windows')\n",
        ),
    ],
    "docopt": [
        _s("a docstring with no usage", "from docopt import docopt\ndocopt('Just some text.', argv=[])\n"),
        _s("two usage sections", "from docopt import docopt\ndocopt('Usage: a\\n\\nUsage: b', argv=[])\n"),
        _s("an unmatched parenthesis", "from docopt import docopt\ndocopt('Usage: prog (a', argv=['a'])\n"),
        _s("an unmatched bracket", "from docopt import docopt\ndocopt('Usage: prog [a', argv=['a'])\n"),
        _s("an unknown command", NAVAL + "from docopt import docopt\ndocopt(__doc__, argv=['plane'])\n"),
        _s(
            "an option missing its value",
            NAVAL
            + "from docopt import docopt\ndocopt(__doc__, argv=['ship', 'x', 'move', '1', '2', '--speed'])\n",
        ),
        _s(
            "an option defined twice",
            "from docopt import docopt\ndocopt('Usage: prog [options]\\n\\nOptions:\\n  -v, --verbose  a\\n  -v  b', argv=['-v'])\n",
        ),
        _s("a flag given a value", NAVAL + "from docopt import docopt\ndocopt(__doc__, argv=['--help=x'])\n"),
    ],
    "avro": [
        _s("an unknown type name", 'import avro.schema\navro.schema.parse(\'{"type": "foo"}\')\n'),
        _s(
            "a record with no fields",
            'import avro.schema\navro.schema.parse(\'{"type": "record", "name": "X"}\')\n',
        ),
        _s("a schema that is not JSON", "import avro.schema\navro.schema.parse('not json')\n"),
        _s(
            "an enum with a repeated symbol",
            'import avro.schema\navro.schema.parse(\'{"type": "enum", "name": "E", "symbols": ["a", "a"]}\')\n',
        ),
        _s(
            "writing a datum that does not fit",
            AVRO_USER
            + 'avro.io.DatumWriter(schema).write({"name": "Sue", "age": "ten"}, avro.io.BinaryEncoder(io.BytesIO()))\n',
        ),
        _s(
            "a fixed type without a size",
            'import avro.schema\navro.schema.parse(\'{"type": "fixed", "name": "F"}\')\n',
        ),
        _s("an array without items", 'import avro.schema\navro.schema.parse(\'{"type": "array"}\')\n'),
        _s(
            "a record name starting with a digit",
            'import avro.schema\navro.schema.parse(\'{"type": "record", "name": "1bad", "fields": []}\')\n',
        ),
        _s(
            "reading a file that is not Avro",
            "from avro.datafile import DataFileReader\nfrom avro.io import DatumReader\n"
            "DataFileReader(open('data.avro', 'rb'), DatumReader())\n",
            files={"data.avro": "this is not an avro file at all\n"},
        ),
        _s(
            "a field default of the wrong type",
            'import avro.schema\navro.schema.parse(\'{"type": "record", "name": "R", '
            '"fields": [{"name": "n", "type": "int", "default": "x"}]}\')\n',
        ),
        _s(
            "a record missing a field when written",
            AVRO_USER
            + 'avro.io.DatumWriter(schema).write({"name": "Sue"}, avro.io.BinaryEncoder(io.BytesIO()))\n',
        ),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular6", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
