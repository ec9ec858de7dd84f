"""Objects built with their message and raised later: a class keeps the text its constructor
was given (``self.message = message``) and one of its methods raises it (``raise
self.error_class(self.message, lineno)``), while the codebase builds the objects with literal
texts where it stores them (jinja2's lexer rule table holding ``Failure("Missing end of comment
tag")``, called when the rule matches). The record at the method's raise carries each of those
texts.

The package is synthetic, parsed and never imported.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

_LEXER = (
    "class TemplateSyntaxError(Exception):\n"
    "    def __init__(self, message, lineno):\n"
    "        super().__init__(message)\n"
    "        self.lineno = lineno\n"
    "\n"
    "\n"
    "class Failure:\n"
    "    def __init__(self, message, cls=TemplateSyntaxError):\n"
    "        self.message = message\n"
    "        self.error_class = cls\n"
    "\n"
    "    def __call__(self, lineno):\n"
    "        raise self.error_class(self.message, lineno)\n"  # line 13
    "\n"
    "\n"
    "class Rule:\n"
    "    def __init__(self, name, label):\n"
    "        self.name = name\n"
    "        self.label = label\n"
    "\n"
    "    def check(self, ok):\n"
    "        if not ok:\n"
    "            raise ValueError(f'rule {self.name} failed')\n"  # line 23
    "\n"
    "\n"
    "class Lexer:\n"
    "    def __init__(self):\n"
    "        self.rules = {\n"
    "            'comment': [Rule('comment', 'c'), ('x', (Failure('Missing end of comment tag'),))],\n"
    "            'raw': [Rule('raw', 'r'), ('y', (Failure(message='Missing end of raw directive'),))],\n"
    "        }\n"
)

_TEST = (
    "from pkg.lexer import Failure\n"
    "\n"
    "\n"
    "def test_failure():\n"
    "    f = Failure('a text only a test builds')\n"
)  # fmt: skip


def _templates(line: int) -> set[str]:
    files = [
        SourceFile("pkg/lexer.py", _LEXER.encode()),
        SourceFile("tests/test_lexer.py", _TEST.encode()),
    ]
    records = extract(files, "local/pkg", jobs=1).records
    return {r.template for r in records if r.path == "pkg/lexer.py" and r.line == line}


def test_a_stored_object_raises_the_texts_it_was_built_with() -> None:
    # positional and keyword constructions alike; the test module's text is no evidence (the
    # bare ``{self.message}`` form, no literal text of its own, makes no record beside them)
    assert _templates(13) == {"Missing end of comment tag", "Missing end of raw directive"}


def test_an_attribute_from_a_parameter_not_named_like_a_message_is_not_filled() -> None:
    # ``Rule('comment', ...)`` builds a rule named ``comment``: a name, not the message, so
    # the raise reading it keeps its placeholder alone
    assert _templates(23) == {"rule {self.name} failed"}
