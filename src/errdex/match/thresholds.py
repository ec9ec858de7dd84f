"""The numbers that decide exact versus approximate, and how much each kind of evidence weighs.

Kept in one place because they only make sense against each other: a text score lies in [0, 1]
(plus 1.0 when the fit is exact), type evidence in [-0.15, 0.15], frame evidence in [0, 0.8].
"""

from __future__ import annotations

from errdex.match.index import TRUNC_MIN_LITERAL

__all__ = ["TRUNC_MIN_LITERAL"]

MIN_LITERAL = 12  # literal characters a template needs before it may be an exact match
TYPED_MIN_LITERAL = 6  # ... when it is the whole message and raised as the library class pasted
MIN_COVERAGE = 0.4  # share of the message's characters the literal text must explain
ANCHORED_MIN_LITERAL = 16  # ... unless the fit is anchored at both ends with this much literal text
ANCHORED_MIN_COVERAGE = 0.25  # ... and explains at least this share
# ... or this share, when every value is one line of the shape its placeholder prints
# (``candidates.shaped_values``): a whole repr for ``!r``, a dotted name for ``__name__``
SHAPED_MIN_COVERAGE = 0.1
# ... and this much literal text (a relay's ``Invalid value for {hint}: {msg}`` has 16)
SHAPED_MIN_LITERAL = 20
TRUNC_MIN_COVERAGE = 0.6  # a message cut short must be explained this much
OUTSIDE_MIN_COVERAGE = 0.75  # when the traceback ends in compiled/stdlib code
RUNTIME_MIN_COVERAGE = 0.2  # an interpreter template explaining this much of a whole message names it
RUNTIME_MIN_LITERAL = 6  # ... with at least this many literal characters
# taken off the text score of a full fit whose values the template quotes itself count as
# explained, per share of the message those values hold: among templates explaining a message
# fully so, the one with more literal text comes first (a specificity tie-break, above the site
# priors below)
PLACEHOLDER_SHARE = 0.1
# taken off the text score of a full fit only once the quotes next to a value are loosened
# (``verify.loose_fit``): a template the message shows as written, quotes and all, ranks first
LOOSE_QUOTES = 0.01
LEAD_WEIGHT = 0.9  # similarity to a template's first sentence alone counts for this much
# a template's leading part the message shows word for word (``candidates.lead_token_words``):
# at least this many of its words, in at least two of its literals, make it a candidate; as many
# as ``LEAD_TOKENS_FULL`` weigh like a first sentence shared whole (``LEAD_WEIGHT``)
LEAD_TOKENS_MIN = 5
LEAD_TOKENS_FULL = 8
# a leading part ranks this share below a template the message shows whole in as many words
LEAD_PART_SHORT = 0.05
# the share of its words a raise's template and a message alone hold in common for that raise
# (another wording of its check) to rank above a re-raise of an object of its class, whose
# template is one name that fits any text (``Ranker._worded_over_reraise``)
REWORDED_OVER_RERAISE = 0.4
APPROX_MIN = 0.45  # text similarity below which a candidate without frame support is dropped
# a template whose opening words (``OPENING_WORDS_MIN`` or more) open the message or one of its
# clauses, a value following them, and nothing more of it shown (``candidates.opening_words``):
# an older release's shorter wording. Its similarity is this share of ``LEAD_WEIGHT``: a text score
# just above ``APPROX_MIN``, below a leading part shown over two literals (``LEAD_TOKENS_MIN``)
OPENING_WORDS_MIN = 3
OPENING_SHARE = 0.6
MAX_VERIFY = 3000  # candidate patterns verified per query, by key weight
MAX_HEADS = 256  # patterns verified as fits of a cut-short message, by key weight
HEAD_SCAN = 1024  # heads of a cut-short message weighed in full; beyond, those under rare keys
# postings of the message's keys read per head candidate (``HEAD_SCAN`` of them at most) to tell
# which heads hold which keys (``candidates.key_sets``); past it (common fragments, listed by far
# more patterns than the heads weighed) each head's own keys are read instead
HEAD_POSTINGS = 16
MAX_FUZZY = 80  # candidate patterns scored for similarity when not fitting
MAX_WEAK_HEADS = 20  # weak fits of a template's beginning scored for similarity besides them
MAX_FRAME = 32  # patterns supported by traceback frames, verified and scored for similarity (and as many again that a frame lands on)
MAX_INNER = 8  # confident fits tried as the message a raise of the pasted class wraps
MAX_JOINED = 256  # raises printing collected errors' messages joined, looked at per query
MAX_TYPED = 64  # entries of a pasted library-specific exception type taken as candidates
MAX_STATEMENT = 256  # entries of one printed source line looked at (the same statement in many files)
MAX_NAMED_STATEMENT = 8192  # entries of a common printed line read when the frame names its function
MAX_CALLEES = 64  # names the deepest library frame's function calls, looked up for raises it reaches
MAX_CALLEE_SNAPSHOTS = 4  # releases of the frame's file whose calls are read (a catalogue of many)
MAX_RELAY_HOPS = 4  # frames above a relay helper's raise looked at for the call supplying the text
MAX_SCORED = 400  # patterns scored entry by entry, best text/evidence bound first
# text score of a container raise (``{errors: dict!r}``) of the library class the paste names with
# its module, for a printed container of its shape holding none of the library's own messages:
# above a value's reworded fit inside it (which the library did not raise as it is printed)
CONTAINER_NAMED = 0.95
FULL_FIT_BASE = 0.5  # text score of a template whose literals are all found in order, before coverage counts
# a raise of the pasted class fitting a message cut short with many literal characters: its text
# is FULL_FIT_BASE and this much of the share they explain (a full fit: FULL_FIT_BASE of it)
CUT_SHARE = 0.25
TYPED_TEXT = 0.3  # text score of a raise of the pasted class whose own text is not known
TYPED_MIN = 0.15  # text score below which a candidate is dropped unless frames support it

REPO_FRAME = 0.02  # weight of a library frame anywhere in the candidate's codebase
FILE_FRAME = 0.04  # weight of the deepest library frame lying in the candidate's file
CALLER_FRAME = 0.2  # weight of a frame above the deepest naming the candidate's function
# weight of a raise in a function the deepest library frame's function calls, when that function
# raises nothing of the pasted class itself (the traceback is from a release before the raise moved
# into the helper): below the function's own raises, above a frame merely in the file
CALLEE_FRAME = 0.25
DEEPEST_FRAME = 0.35  # weight of the deepest library frame naming a candidate's function
SAME_LINE = 0.1  # added when that frame's line is the candidate's line too
# weight of a raise in a function the last frame's printed call names, in a traceback cut before
# its error line (no class, no text): the exception came out of that call, so those raises come
# before the frame's function's own (DEEPEST_FRAME), which its line shows it was not raising
CUT_CALLEE = DEEPEST_FRAME + SAME_LINE
# files of the last frame's package looked through for a method a cut traceback's last line calls
# on an object of a class it does not show (``proc.verify(...)``), and the functions of that name
# raising there at most: more are a common name (``x.get(``), which the line cannot tell apart
MAX_PACKAGE_FILES = 4000
MAX_NAMESAKES = 3
# added when the frame above, in the same file, calls the deepest frame's function the way only
# some of the file's functions of that name are called: ``obj.name(`` a method, ``name(`` a
# module's function (a traceback printing the bare name names both): under a line's evidence
CALL_FORM = 0.05
ON_RAISE = 0.8  # the deepest library frame lands on the raise statement itself (line and function)
RELAY = 0.08  # taken off a helper's raise of a message its callers supply
CLASS_NAMED = 0.03  # a class-name placeholder holds the site's class (+) or names another (-)
CLASS_BELOW = 0.015  # ... holds a subclass of the site's class
# the message shows an object's default repr (``<pkg.mod.Cls object at 0x...>``, often ``str(self)``
# of the object that raised): a site in a method of that class, in that module, comes first among
# sites sharing the template; above the tie-breaks below and the gap of a tie (``result.TIE``), under
# a class-name placeholder's evidence (``CLASS_NAMED``)
REPR_OBJECT = 0.02
# the message shows an object of another package (``<urllib3.connection.HTTPConnection object at
# 0x...>``) and the site's module, below its own package, is named for that package
# (``_node/_http_urllib3.py``): the adapter for it, among sites sharing the template (one per
# adapter); under REPR_OBJECT (the object's own class), above the tie-breaks and the gap of a tie
REPR_PACKAGE = 0.01
# the paste dotted its class with a package (``numpy.linalg.LinAlgError: SVD did not converge``)
# and the site is in the codebase holding that package: among sites sharing a template across
# codebases (scikit-learn raising numpy's class with numpy's words), the class's own package is
# the likelier raiser. As REPR_PACKAGE, above the tie-breaks and the gap of a tie, under any frame
CLASS_HOME = 0.01
# a raise printing collected errors joined, in the package nearest the site that built the error
# it prints (``candidates.joined``): the validator beside the rules that report to it; as
# REPR_OBJECT, above the tie-breaks below and the gap of a tie
NEAR_COLLECTOR = 0.02
# taken off a raise in ``__setattr__`` or ``__delattr__`` when the paste shows the interpreter's
# ``Did you mean`` after an AttributeError: only an attribute read prints one (``parse``'s
# ``_interpreter_suggestion``). As REPR_OBJECT, above the tie-breaks below and the gap of a tie
NOT_A_READ = 0.02
# taken off a raise in a file the import system cannot reach by its name (``grammar.py
# pre-rewriting-resolve_refs.py``, ``parser (copy).py``, ``gen-docs.py``): a copy left beside the
# module, or a script run by its path, whose statement a message-only paste reaches far less often
# than the importable module's twin of it. Above the value and repr evidence (``VALUE_NAMES_SITE``,
# ``REPR_OBJECT``) and the gap of a tie; frames naming the file still rank it first
UNIMPORTABLE = 0.05
# a placeholder of a whole-message fit (full, anchored, mostly literal: ``rank._words_of_values``)
# holds, as a whole word, a word of the site's function or class name
# (``"%s is not valid" % method`` holding ``split(,, 5)`` in ``Split.__init__``; ``Invalid WKT:
# `%s` `` holding ``POINT (1 2`` in ``_load_point``): code that handles one kind of thing per
# function or class is named after it, and prints the thing it failed on, so among sites sharing
# a template the one named like the value comes first. As REPR_OBJECT, above the tie-breaks below
# and the gap of a tie
VALUE_NAMES_SITE = 0.02
# a traceback with no frame in any library (its frames hidden, or a report listing the user's
# alone) whose last frame calls the site's function by name (``connection.write(data)`` and
# ``Serial.write``): among sites sharing a template, the one the user called comes first. As
# VALUE_NAMES_SITE, above the tie-breaks below and the gap of a tie
CALLED_BY_LAST_FRAME = 0.02
# the paste's own paths are all of one platform's form (``/home/u/app.py``: POSIX; ``C:\\Users\\``:
# Windows) and the site's module is named for that platform's backend (pyserial's ``serialposix``
# beside ``serialwin32``, asyncio's ``unix_events`` beside ``windows_events``): among sites
# sharing a template, the backend of the machine the user ran comes first. As
# CALLED_BY_LAST_FRAME, above the tie-breaks below and the gap of a tie
PLATFORM_NAMED = 0.02
CLASS_OBJECT = 0.05  # taken off: a class-object placeholder (``{self.__class__}``) holds a bare name
# taken off: a placeholder calls on a string literal a method ``str`` lacks (``{"Query has been
# cancelled".get("errorType")}``: the extractor put a constructor's string argument into a
# ``__str__`` reading a dict): that statement's object fails to print (AttributeError), so it
# never printed the message; the site whose argument is the dict goes above it. As CLASS_OBJECT
UNPRINTABLE = 0.05
# taken off: a full fit puts a literal of the template inside a bracket pair of the message, one
# value opening a bracket a later value closes (``Message: {error}: {msg}`` cutting ``u'chrome
# not reachable (Driver info: chromedriver=2.1)'`` at the colon inside the parentheses): a
# value's brackets close within it (``verify._balanced_spans`` moves a literal out when it can;
# it could not), so the template's literal is the message's own text. As CLASS_OBJECT
SPLIT_BRACKETS = 0.05
EXTRA_TEXT = 0.05  # taken off a full fit's text score for each end of the message it leaves unexplained
# ... and, after word similarity lifted a full fit's score, this much an end: of templates sharing
# as many words, the one whose fit explains the whole message first, above the tie-break priors
# (PUBLIC, CALLED) yet below a word more shared
SIMILAR_EXTRA_TEXT = 0.01
# taken off: a placeholder printing a ``__name__`` or ``__qualname__`` holds text no Python name
# spells (spaces, ``/``, ``()``), or one printing an identifier (``{rule.ID}``, ``{run_id}``) holds
# more than one token: the statement did not print the message there. As CLASS_OBJECT
NAME_UNSHAPED = 0.05
PUBLIC = 0.004  # tie-break: divided by 1 + the _private modules, classes and functions a site is in
# tie-break, above any difference of PUBLIC's: the library's own code calls the site's function
# (a helper on the way of several operations, or an entry point it also uses), where a site
# nothing calls is reached only when a user calls it. Measured over the regression sets' ties
# of one message (README, issue #10)
CALLED = 0.004
# tie-break among sites of one text scored alike by the priors above (privacy, a called function),
# above the callers' steps below: the site's function is named by a word of the pasted message
# and another function of its file raises the same template (``Registry.unit`` for ``No unit
# named 'furlong'``, beside ``Registry.set_unit``): an accessor named after what the message
# speaks of is the call users make, a setter or sibling raising the same words is reached less.
# Measured over every tie of one message in the 42 regression sets (acc96:
# docs/measurements/acc96.md): 4 gained, none lost; above the priors, or across files, it lost
# answers. Under the public prior's differences (PUBLIC: over 1e-5 up to ten private levels)
FUNCTION_NAMED = 1e-5
# tie-break below every other, PUBLIC's smallest difference included: per bucket of the callers
# the call graph resolves for the site's function (``index.callers_bucket``, at most 31), so
# that of sites scored alike the one the library itself calls from more places comes first (a
# shared helper is what users reach; acc48's leave-one-library-out study, issue #10 item 8).
# 31 steps stay under 4e-6: sites whose scores differ by more keep their order
CALLERS_STEP = 1e-7
# taken off, the last tie-break, under one of the callers' steps (so sites whose callers differ
# keep that order): a site in a module that raises ImportError at its own top level, the guard
# of an optional dependency (``try: import etcd3`` / ``except ImportError: raise ImportError("...
# requires etcd3")``): a backend a user opts into, where a sibling module raising the same text
# needs nothing more installed and is the default the library uses (APScheduler's memory job
# store among its etcd, MongoDB, Redis, RethinkDB, SQLAlchemy and ZooKeeper ones, all raising
# ``ConflictingIdError(job.id)``). Not above the callers' steps: a library's core module guards
# its own compiled extension the same way (Pillow's ``Image.py``), and its functions, called
# from across the package, are what users reach (runtime11 pillow-rt-013, ``bad mode 'w'``:
# ``Image.open`` before ``GdImageFile.open``)
OPTIONAL_MODULE = 3e-8
