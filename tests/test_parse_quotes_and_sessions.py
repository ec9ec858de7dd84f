"""Two paste forms of issue threads the parser reads apart from the error: several Markdown
quotes each holding a traceback (``**Error 1 Output:**`` over one quote, ``**Error 2 Output:**``
over the next, the quote marks written without a space), and an interactive session copied on
past its traceback (the next ``>>>`` command and the value it printed)."""

from __future__ import annotations

from errdex.match.parse import parse

TWO_QUOTES = """\
**Error 1 Output:**
>File "C:\\Python27\\lib\\site-packages\\pkg\\__init__.py", line 691, in username
>    return self._proc.username()
>  File "C:\\Python27\\lib\\site-packages\\pkg\\_pswindows.py", line 638, in wrapper
>    raise AccessDenied(self.pid, self._name)
>AccessDenied: pkg.AccessDenied (pid=1144)

**Error 2 Output:**
> _cmdline = ps_process.cmdline()
>      File "C:\\Python27\\lib\\site-packages\\pkg\\__init__.py", line 666, in cmdline
>    return self._proc.cmdline()
>     File "C:\\Python27\\lib\\site-packages\\pkg\\_pswindows.py", line 638, in wrapper
>    raise AccessDenied(self.pid, self._name)
>AccessDenied: pkg.AccessDenied (pid=1144)
"""


def test_each_quote_holding_a_traceback_is_read_as_one() -> None:
    q = parse(TWO_QUOTES)
    assert q.exc_type == "AccessDenied" and q.message == "pkg.AccessDenied (pid=1144)"
    assert q.frames and q.frames[-1].function == "wrapper" and q.frames[-1].line == 638


def test_a_traceback_outside_the_quotes_keeps_them_as_written() -> None:
    # an exception line outside the quotes: the quotes may hold only frames, nothing is dropped
    text = TWO_QUOTES + "\nValueError: raised again outside\n"
    assert parse(text).exc_type == "ValueError"


SESSION = """\
>>> print(pkg.unparse(CONFIG))
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
  File "C:\\python35\\lib\\site-packages\\pkg.py", line 390, in unparse
    raise ValueError('Document must have exactly one root.')
ValueError: Document must have exactly one root.

>>> pkg.__version__
'0.10.2'
"""


def test_a_session_s_later_input_and_output_are_not_the_error_s() -> None:
    q = parse(SESSION)
    assert q.exc_type == "ValueError" and q.message == "Document must have exactly one root."
    assert q.frames[-1].function == "unparse"


def test_a_prompt_before_the_traceback_is_kept() -> None:
    # the input that raised stands above the traceback: the error is still the last line
    q = parse(SESSION.split("\n>>> pkg.__version__")[0])
    assert q.exc_type == "ValueError" and q.message == "Document must have exactly one root."
    # a prompt with no traceback before it is the paste's own text
    assert parse(">>> f()\nValueError: bad value\n").exc_type == "ValueError"


# a message that prints interactive prompts as advice (nltk's resource box), its class line cut
# off by the paster: the prompts are the message's text, not pytest's source marker (which would
# start the message after them) nor its flow marker (which would drop a ``>`` of each)
ADVICE = """\
Resource punkt_tab not found.
  Please use the NLTK Downloader to obtain the resource:

  >>> import nltk
  >>> nltk.download('punkt_tab')

  Attempted to load tokenizers/punkt_tab/english/"""


def test_prompts_a_message_prints_as_advice_are_its_text() -> None:
    q = parse(ADVICE)
    assert q.message.startswith("Resource punkt_tab not found.\n"), q.message
    assert "\n>>> import nltk\n>>> nltk.download('punkt_tab')\n" in q.message
    assert q.message.endswith("Attempted to load tokenizers/punkt_tab/english/")


def test_a_session_opening_at_its_prompt_is_still_the_interpreter_s() -> None:
    # the paste opens at the user's input: the prompts are the session's, its output the text
    assert parse(">>> import pkg\n>>> pkg.run()\nnothing to run here").message == "nothing to run here"
