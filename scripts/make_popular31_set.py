#!/usr/bin/env python3
"""Make the thirty-first popular set: everyday errors of widely used libraries no set pins.

The hidden judge runs ~14 popular libraries with everyday mistakes, where errdex is first less
often than on its own sets. This set is made like popular30 (the harness, truth rules and case
format of ``make_runtime_set.py``, entered through ``set_main``) from libraries of issue #10's
pop31 list that no other set pins: a lexer and parser generator (ply), ordered sets
(orderly-set), override checks of methods (overrides), URI templates (uri-template), natural
language dates (parsedatetime) and domain-name validation (fqdn).
Every error is provoked locally, so no snippet reaches the network. It was scored once before
any change looked at its misses (see the set's README):

    python scripts/make_popular31_set.py                  # every library, the pins below
    python scripts/make_popular31_set.py --only ply       # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution. None of the libraries installs
another distribution, so the pins below are every distribution the virtualenv holds (it is
re-made as it was and pip does not backtrack).

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "ply": "3.11",
    "orderly-set": "5.5.0",
    "overrides": "7.7.0",
    "uri-template": "1.3.0",
    "parsedatetime": "2.6",
    "fqdn": "1.6.0",
}

# A lexer of two tokens, as in ply's documentation; the snippets below change one thing in it.
LEX_HEAD = """
import ply.lex as lex

tokens = ("NUMBER", "PLUS")
t_PLUS = r"\\+"
t_ignore = " "

def t_NUMBER(t):
    r"\\d+"
    t.value = int(t.value)
    return t
"""

LEX = (
    LEX_HEAD
    + """
def t_error(t):
    print("bad character", t.value[0])
    t.lexer.skip(1)
"""
)

YACC = (
    LEX
    + """
import ply.yacc as yacc

def p_expr_plus(p):
    "expr : expr PLUS NUMBER"
    p[0] = p[1] + p[3]

def p_expr_number(p):
    "expr : NUMBER"
    p[0] = p[1]

def p_error(p):
    print("syntax error", p)

lexer = lex.lex()
"""
)

OS = """
from orderly_set import OrderedSet, StableSet, OrderlySet, SortedSet, StableSetEq

tags = OrderedSet(["red", "green", "blue"])
"""

OV = """
from overrides import overrides, override, final, EnforceOverrides

class Base:
    def save(self, path: str, overwrite: bool = False) -> None:
        pass

    @final
    def close(self) -> None:
        pass
"""

UT = """
from uri_template import URITemplate
"""

PD = """
import time
import parsedatetime

cal = parsedatetime.Calendar()
"""

FQ = """
from fqdn import FQDN
"""

# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop31) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "ply": [
        _s(
            "a lexer of an illegal character and no t_error",
            LEX_HEAD + "lexer = lex.lex()\nlexer.input('1 + x')\nfor tok in lexer:\n    print(tok)\n",
        ),
        _s(
            "a t_error that does not skip",
            LEX_HEAD
            + "def t_error(t):\n    print('bad', t.value[0])\n\nlexer = lex.lex()\nlexer.input('1 + x')\nprint(list(lexer))\n",
        ),
        _s("a lexer given an integer", LEX + "lexer = lex.lex()\nlexer.input(42)\n"),
        _s("a lexer given None", LEX + "lexer = lex.lex()\nlexer.input(None)\n"),
        _s("a token before any input", LEX + "lexer = lex.lex()\nprint(lexer.token())\n"),
        _s("a begin of an undefined state", LEX + "lexer = lex.lex()\nlexer.begin('comment')\n"),
        _s("a lexer of no tokens list", "import ply.lex as lex\nt_PLUS = r'\\+'\nlexer = lex.lex()\n"),
        _s(
            "a rule of an undeclared token",
            LEX + "def t_MINUS(t):\n    r'-'\n    return t\n\nlexer = lex.lex()\n",
        ),
        _s(
            "a rule returning an unknown token type",
            LEX
            + "def t_STAR(t):\n    r'\\*'\n    t.type = 'TIMES'\n    return t\n\nlexer = lex.lex()\nlexer.input('1 * 2')\nprint(list(lexer))\n",
        ),
        _s(
            "a rule of a bad regular expression",
            LEX + "t_LPAREN = r'('\ntokens = tokens + ('LPAREN',)\nlexer = lex.lex()\n",
        ),
        _s(
            "a rule of no docstring",
            LEX + "def t_MINUS(t):\n    return t\n\ntokens = tokens + ('MINUS',)\nlexer = lex.lex()\n",
        ),
        _s(
            "a lexer of tokens given as a string",
            "import ply.lex as lex\ntokens = 'NUMBER'\nt_NUMBER = r'\\d+'\nlexer = lex.lex()\n",
        ),
        _s(
            "a rule matching the empty string",
            LEX + "t_SPACE = r'\\s*'\ntokens = tokens + ('SPACE',)\nlexer = lex.lex()\n",
        ),
        _s("a lexer of an undefined state", LEX + "states = (('comment', 'maybe'),)\nlexer = lex.lex()\n"),
        _s(
            "a parser of no grammar rules",
            LEX
            + "import ply.yacc as yacc\nlexer = lex.lex()\nparser = yacc.yacc(write_tables=False, debug=False)\n",
        ),
        _s(
            "a grammar rule of no colon",
            YACC
            + "def p_expr_minus(p):\n    'expr expr MINUS NUMBER'\n\nparser = yacc.yacc(write_tables=False, debug=False)\n",
        ),
        _s(
            "a grammar rule of an unknown symbol",
            YACC
            + "def p_expr_times(p):\n    'expr : expr TIMES NUMBER'\n\nparser = yacc.yacc(write_tables=False, debug=False)\n",
        ),
        _s(
            "a precedence of a bad associativity",
            YACC
            + "precedence = (('middle', 'PLUS'),)\nparser = yacc.yacc(write_tables=False, debug=False)\n",
        ),
        _s(
            "a precedence given as a string",
            YACC + "precedence = 'left'\nparser = yacc.yacc(write_tables=False, debug=False)\n",
        ),
        _s(
            "a start symbol that is not defined",
            YACC + "parser = yacc.yacc(start='statement', write_tables=False, debug=False)\n",
        ),
        _s(
            "a parse of text before a lexer exists",
            YACC + "parser = yacc.yacc(write_tables=False, debug=False)\nprint(parser.parse(7))\n",
        ),
        _s(
            "a rule action indexing past its symbols",
            YACC.replace("p[0] = p[1] + p[3]", "p[0] = p[1] + p[4]")
            + "parser = yacc.yacc(write_tables=False, debug=False)\nprint(parser.parse('1 + 2'))\n",
        ),
        _s(
            "a parse method unknown",
            YACC + "parser = yacc.yacc(method='SLR1', write_tables=False, debug=False)\n",
        ),
        _s(
            "a grammar rule of a misplaced bar",
            YACC
            + "def p_expr_minus(p):\n    '| expr MINUS NUMBER'\n\nparser = yacc.yacc(write_tables=False, debug=False)\n",
        ),
    ],
    "orderly-set": [
        _s("a frozen set's add", OS + "tags.freeze()\ntags.add('black')\n"),
        _s("a frozen set's discard", OS + "tags.freeze()\ntags.discard('red')\n"),
        _s("a frozen set's update", OS + "tags.freeze()\ntags.update(['black'])\n"),
        _s("a frozen set's clear", OS + "tags.freeze()\ntags.clear()\n"),
        _s("a frozen set's pop", OS + "tags.freeze()\ntags.pop()\n"),
        _s("an empty set's pop", "from orderly_set import OrderedSet\nOrderedSet().pop()\n"),
        _s("an empty stable set's pop", "from orderly_set import StableSet\nStableSet().pop()\n"),
        _s("an empty set's popitem", "from orderly_set import OrderedSet\nOrderedSet().popitem()\n"),
        _s("an index of a missing item", OS + "print(tags.index('black'))\n"),
        _s("a stable set's index of a missing item", OS + "s = StableSet(['a', 'b'])\nprint(s.index('z'))\n"),
        _s("an item out of range", OS + "print(tags[10])\n"),
        _s("a stable set's item out of range", OS + "s = StableSet(['a'])\nprint(s[5])\n"),
        _s("an index by a string", OS + "print(tags['red'])\n"),
        _s("a stable set's index by a float", OS + "s = StableSet(['a'])\nprint(s[0.5])\n"),
        _s("a sorted set's index by a string", OS + "s = SortedSet([3, 1, 2])\nprint(s['x'])\n"),
        _s("a sorted set's index of a missing item", OS + "s = SortedSet([3, 1, 2])\nprint(s.index(9))\n"),
        _s("a move to end of a missing key", OS + "tags.move_to_end('black')\n"),
        _s("a remove of a missing item", OS + "tags.remove('black')\n"),
        _s("a set of unhashable items", OS + "OrderedSet([[1, 2], [3]])\n"),
        _s("an indexes call of a missing key", OS + "print(tags.indexes(['red', 'black']))\n"),
        _s("a sorted set of mixed types", OS + "s = SortedSet([1, 'a', 2])\nprint(list(s))\n"),
        _s("a frozen set's difference update", OS + "tags.freeze()\ntags.difference_update(['red'])\n"),
        _s("a frozen set's move to end", OS + "tags.freeze()\ntags.move_to_end('red')\n"),
        _s("a sorted set's remove of a missing item", OS + "s = SortedSet([3, 1, 2])\ns.remove(9)\n"),
        _s("a stable set's union with an integer", OS + "s = StableSet(['a'])\nprint(s.union(5))\n"),
    ],
    "overrides": [
        _s(
            "an override of no super method",
            OV + "class Child(Base):\n    @override\n    def load(self, path: str) -> None:\n        pass\n",
        ),
        _s(
            "an override of a final method",
            OV + "class Child(Base):\n    @override\n    def close(self) -> None:\n        pass\n",
        ),
        _s(
            "an override missing a parameter",
            OV
            + "class Child(Base):\n    @override\n    def save(self, overwrite: bool = False) -> None:\n        pass\n",
        ),
        _s(
            "an override of a renamed parameter",
            OV
            + "class Child(Base):\n    @override\n    def save(self, filename: str, overwrite: bool = False) -> None:\n        pass\n",
        ),
        _s(
            "an override of a wrong parameter type",
            OV
            + "class Child(Base):\n    @override\n    def save(self, path: int, overwrite: bool = False) -> None:\n        pass\n",
        ),
        _s(
            "an override of a wrong return type",
            OV
            + "class Child(Base):\n    @override\n    def save(self, path: str, overwrite: bool = False) -> int:\n        return 1\n",
        ),
        _s(
            "an override of an extra required parameter",
            OV
            + "class Child(Base):\n    @override\n    def save(self, path: str, overwrite: bool = False, mode: str) -> None:\n        pass\n",
        ),
        _s(
            "an override of a positional-only parameter",
            OV
            + "class Child(Base):\n    @override\n    def save(self, path: str, /, overwrite: bool = False) -> None:\n        pass\n",
        ),
        _s(
            "an override of a keyword-only parameter",
            OV
            + "class Child(Base):\n    @override\n    def save(self, *, path: str, overwrite: bool = False) -> None:\n        pass\n",
        ),
        _s(
            "an override of a dropped default",
            OV
            + "class Child(Base):\n    @override\n    def save(self, path: str, overwrite: bool) -> None:\n        pass\n",
        ),
        _s(
            "an enforced class without the decorator",
            "from overrides import EnforceOverrides\n\nclass Base(EnforceOverrides):\n    def run(self):\n        pass\n\nclass Child(Base):\n    def run(self):\n        pass\n",
        ),
        _s(
            "an enforced class overriding a final method",
            "from overrides import EnforceOverrides, final, override\n\nclass Base(EnforceOverrides):\n    @final\n    def run(self):\n        pass\n\nclass Child(Base):\n    @override\n    def run(self):\n        pass\n",
        ),
        _s(
            "an overrides on a plain function",
            "from overrides import overrides\n\n@overrides\ndef handler(event):\n    pass\n",
        ),
        _s(
            "an override of a staticmethod by a method",
            "from overrides import override\n\nclass Base:\n    @staticmethod\n    def make(x: int) -> int:\n        return x\n\nclass Child(Base):\n    @override\n    def make(self, x: int) -> int:\n        return x\n",
        ),
        _s(
            "an override dropping **kwargs",
            "from overrides import override\n\nclass Base:\n    def send(self, msg: str, **kwargs) -> None:\n        pass\n\nclass Child(Base):\n    @override\n    def send(self, msg: str) -> None:\n        pass\n",
        ),
        _s(
            "an override dropping *args",
            "from overrides import override\n\nclass Base:\n    def send(self, *args) -> None:\n        pass\n\nclass Child(Base):\n    @override\n    def send(self, msg) -> None:\n        pass\n",
        ),
        _s(
            "an override of a narrower parameter union",
            "from overrides import override\n\nclass Base:\n    def feed(self, x: int | str) -> None:\n        pass\n\nclass Child(Base):\n    @override\n    def feed(self, x: int) -> None:\n        pass\n",
        ),
        _s(
            "an override of a final method through inheritance",
            OV
            + "class Middle(Base):\n    pass\n\nclass Child(Middle):\n    @overrides\n    def close(self) -> None:\n        pass\n",
        ),
        _s(
            "an override of an extra keyword-only parameter",
            OV
            + "class Child(Base):\n    @override\n    def save(self, path: str, overwrite: bool = False, *, mode: str) -> None:\n        pass\n",
        ),
        _s(
            "an override of reordered parameters",
            OV
            + "class Child(Base):\n    @override\n    def save(self, overwrite: bool = False, path: str = '') -> None:\n        pass\n",
        ),
    ],
    "uri-template": [
        _s("a template of an unclosed brace", UT + "URITemplate('/users/{id')\n"),
        _s("a template of a stray closing brace", UT + "URITemplate('/users/id}')\n"),
        _s("a template of a reserved operator", UT + "URITemplate('/users/{=id}')\n"),
        _s("a template of an unknown operator", UT + "URITemplate('/users/{$id}')\n"),
        _s("a template of a bad variable name", UT + "URITemplate('/users/{user-id}')\n"),
        _s("a template of a prefix too long", UT + "URITemplate('/users/{id:10000}')\n"),
        _s("a template of a zero prefix", UT + "URITemplate('/users/{id:0}')\n"),
        _s("a template of a non-digit prefix", UT + "URITemplate('/users/{id:ab}')\n"),
        _s("a template of an empty expression", UT + "URITemplate('/users/{}')\n"),
        _s(
            "an expand of a prefix on a list",
            UT + "t = URITemplate('/search{?q:3}')\nprint(t.expand(q=['a', 'b']))\n",
        ),
        _s(
            "an expand of a prefix on a dict",
            UT + "t = URITemplate('/search{?q:3}')\nprint(t.expand(q={'a': 'b'}))\n",
        ),
        _s("a template given None", UT + "URITemplate(None)\n"),
        _s("a template given bytes", UT + "URITemplate(b'/users/{id}')\n"),
        _s("a template of a space in a name", UT + "URITemplate('/users/{user id}')\n"),
        _s("a template of a nested brace", UT + "URITemplate('/users/{{id}}')\n"),
        _s(
            "an expand given a positional dict",
            UT + "t = URITemplate('/users/{id}')\nprint(t.expand({'id': 1}, 2))\n",
        ),
    ],
    "parsedatetime": [
        _s("a parse of a string source time", PD + "print(cal.parse('tomorrow', sourceTime='2024-01-01'))\n"),
        _s("a parse of an integer source time", PD + "print(cal.parse('tomorrow', sourceTime=1700000000))\n"),
        _s("a parse of None", PD + "print(cal.parse(None))\n"),
        _s("a parse of an integer", PD + "print(cal.parse(20240101))\n"),
        _s("a parse of bytes", PD + "print(cal.parse(b'tomorrow'))\n"),
        _s(
            "an inc of a year past the range",
            PD + "import datetime\nprint(cal.inc(datetime.datetime(9999, 6, 1), year=1))\n",
        ),
        _s("an inc given a struct_time", PD + "print(cal.inc(time.localtime(), month=1))\n"),
        _s("a constants attribute that does not exist", PD + "print(cal.ptc.RE_TOMORROW)\n"),
        _s("a parseDT of a bad timezone", PD + "print(cal.parseDT('tomorrow', tzinfo='UTC'))\n"),
        _s(
            "a parse of a short source time tuple",
            PD + "print(cal.parse('tomorrow', sourceTime=(2024, 1, 1)))\n",
        ),
        _s("a nlp of None", PD + "print(cal.nlp(None))\n"),
        _s(
            "a constants of an unknown locale",
            "import parsedatetime\nc = parsedatetime.Constants('xx_XX', usePyICU=False)\nprint(c.shortWeekdays)\n",
        ),
        _s(
            "a calendar given a locale string",
            "import parsedatetime\ncal = parsedatetime.Calendar('de_DE')\nprint(cal.parse('morgen'))\n",
        ),
        _s("a parse of a version that is a string", PD + "print(cal.parse('tomorrow', version='2'))\n"),
        _s("an evalRanges of None", PD + "print(cal.evalRanges(None))\n"),
        _s("a parse of a list", PD + "print(cal.parse(['tomorrow']))\n"),
    ],
    "fqdn": [
        _s("a domain given an integer", FQ + "FQDN(12345)\n"),
        _s("a domain given None", FQ + "FQDN(None)\n"),
        _s("a domain given an empty string", FQ + "FQDN('')\n"),
        _s("a domain given two positionals", FQ + "FQDN('example.com', True)\n"),
        _s("a domain given an unknown keyword", FQ + "FQDN('example.com', allow_underscore=True)\n"),
        _s("an absolute name of an invalid domain", FQ + "print(FQDN('bad..example.com').absolute)\n"),
        _s("a relative name of an invalid domain", FQ + "print(FQDN('-bad.example.com').relative)\n"),
        _s("a domain given bytes", FQ + "FQDN(b'example.com')\n"),
        _s("an absolute name of an underscore", FQ + "print(FQDN('my_host.example.com').absolute)\n"),
        _s("a domain of a string min_labels", FQ + "print(FQDN('example.com', min_labels='2').is_valid)\n"),
        _s("a domain's equality with a string", FQ + "print(FQDN('example.com') == 'example.com')\n"),
        _s("a domain hashed", FQ + "print({FQDN('example.com')})\n"),
    ],
}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular31", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
