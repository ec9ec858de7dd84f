"""Ties of one message and errors printed inside other text: what the answer says and finds."""

from __future__ import annotations

from dataclasses import replace

from test_match_rules import entry, top

from errdex.match import Matcher
from errdex.match.matcher import embedded_error
from errdex.match.result import TIE_WITNESS
from errdex.match.verify import fit, quoted_gaps
from errdex.model import CatalogueEntry


def test_sites_naming_the_value_differently_are_a_tie_the_answer_says_is_one() -> None:
    # two public functions raise the same words, their placeholder named differently: without
    # frames nothing tells them apart, and both the verdict and each answer must say so
    sign = entry(
        ["Invalid hash method: ", "hash_method", ""], path="lib/pkcs1.py", line=305, function="sign_hash"
    )
    compute = entry(
        ["Invalid hash method: ", "method_name", ""], path="lib/pkcs1.py", line=432, function="compute_hash"
    )
    res = Matcher.from_entries([sign, compute]).explain("ValueError: Invalid hash method: SHA-999")
    assert {m.function for m in res.matches} == {"sign_hash", "compute_hash"}
    assert not any(m.approximate for m in res.matches)
    assert res.verdict.startswith("exact match, a tie: 2 sites raise this message")
    first, second = res.matches
    assert any("tied with 1 other site(s)" in r and "lib/pkcs1.py:" in r for r in first.reasons)
    assert any(f"{first.path}:{first.line}" in r for r in second.reasons if r.startswith("tied with"))


def test_a_tie_filling_the_list_asked_for_says_at_least() -> None:
    # one message raised in every sibling resource of an SDK: a list of two cannot show them
    # all, and the answer must not count the tie as the two it shows
    text = ["Expected a non-empty value for `file_id` but received ", "file_id!r", ""]
    sites = [
        entry(text, path=f"sdk/resources/{name}.py", line=40, function=f"{name.title()}.retrieve")
        for name in ("files", "uploads", "batches")
    ]
    matcher = Matcher.from_entries(sites)
    query = "ValueError: Expected a non-empty value for `file_id` but received ''"
    res = matcher.explain(query, limit=2)
    assert res.verdict.startswith("exact match, a tie: at least 2 sites raise this message")
    assert all(
        any(r.startswith("tied with at least 1 other site(s)") for r in m.reasons) for m in res.matches
    )
    whole = matcher.explain(query, limit=3)
    assert whole.verdict.startswith("exact match, a tie: 3 sites raise this message")
    assert any(r.startswith("tied with 2 other site(s)") for r in whole.matches[0].reasons)
    assert matcher.explain(query).verdict.startswith("exact match, a tie: 3 sites raise this message")


def test_a_site_the_type_sets_apart_is_no_tie() -> None:
    # the same words raised as two classes: the pasted class decides, so there is no tie to own
    value = entry(["Parser rule not found: ", "name", ""], path="lib/ruler.py", line=1, exc_type="ValueError")
    key = entry(["Parser rule not found: ", "name", ""], path="lib/ruler.py", line=2, exc_type="KeyError")
    res = Matcher.from_entries([value, key]).explain("KeyError: Parser rule not found: tables")
    assert res.matches[0].exc_type == "KeyError"
    assert "tie" not in res.verdict
    assert not any(r.startswith("tied with") for m in res.matches for r in m.reasons)


def test_an_error_printed_after_other_text_is_found_exactly() -> None:
    # a user's sentence, a log prefix or a wrapper before ``Class: message``: the message proper
    # starts after the class Python printed, and that class is the pasted type
    site = entry(
        ["received ", "response.status_code", " HTTP response"],
        path="prawcore/auth.py",
        line=66,
        exc_type="ResponseException",
        repo="o/prawcore",
    )
    other = entry(["Invalid value for ", "x", ""], path="lib/other.py", line=3)
    m = Matcher.from_entries([site, other])
    # a reporter's short sentence ending in ``:`` is read as a label by the parser
    res = m.explain("Hi i am receiving  : prawcore.exceptions.ResponseException: received 401 HTTP response")
    assert res.matches[0].path == "prawcore/auth.py" and not res.matches[0].approximate
    assert res.query.exc_type == "prawcore.exceptions.ResponseException"
    # text the label reader leaves (a long run of words before the class) is found after it
    res = m.explain(
        "2024-05-01 bot.py worker 3 of 8 stopped after the fourth retry on the listing endpoint "
        "with prawcore.exceptions.ResponseException: received 401 HTTP response"
    )
    assert res.matches[0].path == "prawcore/auth.py" and not res.matches[0].approximate
    # the parser reads the qualified class that the reporter's words run into (iss30's rule), so
    # the error is the class's line itself and not a text found after other text
    assert res.query.exc_type == "prawcore.exceptions.ResponseException"
    assert res.query.message == "received 401 HTTP response"
    # a bare class after such words is no module path the parser can trust: the text after it is
    # tried as the message, with that class as the pasted type
    res = m.explain(
        "2024-05-01 bot.py worker 3 of 8 stopped after the fourth retry on the listing endpoint "
        "with ResponseException: received 401 HTTP response"
    )
    assert res.matches[0].path == "prawcore/auth.py" and not res.matches[0].approximate
    assert any("printed after other text" in r for r in res.matches[0].reasons)


def test_text_after_a_word_that_is_no_exception_class_is_not_taken_for_the_message() -> None:
    # ``Note: ...`` names no class: the inner text is not retried as an error's message
    site = entry(
        ["received ", "code", " HTTP response"], path="lib/auth.py", line=66, exc_type="ResponseException"
    )
    m = Matcher.from_entries([site])
    res = m.explain("Some note about it: received 401 HTTP response")
    assert all(m.approximate for m in res.matches)
    assert embedded_error("Some note about it: received 401", m.index) is None


def test_the_embedded_class_is_one_the_catalogue_raises_or_a_built_in_one() -> None:
    site = entry(["Form data requires ", "pkg", " to be installed."], exc_type="RuntimeError")
    idx = Matcher.from_entries([site]).index
    assert embedded_error("[ERROR] RuntimeError: Form data requires x", idx) == (
        "RuntimeError",
        "Form data requires x",
    )
    assert embedded_error("FAILED t.py::test - lib.NotRaisedHere: boom", idx) is None
    assert embedded_error("Command raised an exception: ValueError: host:27017: refused", idx) == (
        "ValueError",
        "host:27017: refused",
    )


def test_an_error_printed_after_a_log_of_colons_is_still_found() -> None:
    # every line of a pasted log holds a ``: ``; the word before each one is read back from it,
    # and the error printed after them all is still the one tried (and matches exactly)
    site = entry(["Form data requires ", "pkg", " to be installed."], exc_type="RuntimeError")
    m = Matcher.from_entries([site])
    log = "".join(f"2024-01-0{n % 9 + 1} INFO worker {n}: step {n} : done:\tok \n" for n in range(400))
    text = log + "[ERROR]\xa0RuntimeError: Form data requires multipart to be installed."
    assert embedded_error(text, m.index) == ("RuntimeError", "Form data requires multipart to be installed.")
    res = m.explain("Job failed: " + text.replace("\n", " "))
    assert top(res).id == site.error_id and not top(res).approximate


def test_the_class_before_a_colon_is_the_last_word_split_on_any_blank() -> None:
    # what ``split()`` would give as the last word before each ``: ``, blanks of any kind
    idx = Matcher.from_entries([entry(["x ", "v", ""], exc_type="KeyError")]).index
    for text, want in [
        ("ValueError : bad", ("ValueError", "bad")),
        ("see\tValueError:\u2003bad ", None),
        ("see\u2003(ValueError: bad  ", ("ValueError", "bad")),
        (": ValueError: ", None),
        ("ValueError: \n ", None),
        ("x\n'KeyError': 'k'", None),
        ("x\n(KeyError: 'k')", ("KeyError", "'k')")),
        ("x:  KeyError:  'k'", ("KeyError", "'k'")),
    ]:
        assert embedded_error(text, idx) == want, text


def test_an_object_repr_ending_the_message_is_what_repr_printed() -> None:
    # ``%r`` of a file object as the last value: its repr is as long as the object's state
    # (here a long path), not text the template leaves unexplained
    site = entry(
        ["cannot identify image file ", "filename if filename else fp!r", ""],
        path="PIL/Image.py",
        line=3730,
        exc_type="UnidentifiedImageError",
    )
    m = Matcher.from_entries([site])
    long = "/tmp/images/9c45e6aa-4ffa-42d3-a0db-fe7e109a959a-woman-portrait-final-v2.ai"
    res = m.explain(
        f"PIL.UnidentifiedImageError: cannot identify image file <_io.BufferedReader name='{long}'>"
    )
    assert not res.matches[0].approximate
    assert "besides the values shown through repr()" in res.matches[0].reasons[0]


def test_an_object_repr_followed_by_other_text_is_not_taken_whole() -> None:
    # the bracket closes before the end: what follows is not the repr, and stays unexplained
    site = entry(
        ["cannot identify image file ", "fp!r", ""], path="PIL/Image.py", exc_type="UnidentifiedImageError"
    )
    m = Matcher.from_entries([site])
    long = "<_io.BufferedReader name='a.ai'> and then a great deal of other text the user added after it"
    res = m.explain(f"PIL.UnidentifiedImageError: cannot identify image file {long}")
    assert res.matches[0].approximate


def _job_missed() -> CatalogueEntry:
    """A log warning whose template quotes its first value itself."""
    return entry(
        ['Run time of job "', "job", '" was missed by ', "difference", ""],
        path="apscheduler/executors/base.py",
        line=126,
        exc_type="log.WARNING",
    )


def test_a_long_value_the_template_quotes_itself_does_not_dilute_the_fit() -> None:
    # the job prints with its trigger and next run: long, but the template's own quotes say
    # where it starts and ends
    site = _job_missed()
    job = "NewStockPurchaseJob (trigger: cron[year='*', month='*', day='*', week='*', day_of_week='mon-fri', hour='11', minute='35', second='0'], next run at: 2017-01-16 11:35:00 CST)"
    res = Matcher.from_entries([site]).explain(f'Run time of job "{job}" was missed by 0:00:02.170335')
    assert not res.matches[0].approximate
    assert "besides the values the template quotes" in res.matches[0].reasons[0]


def test_a_quote_inside_the_value_leaves_it_unexplained() -> None:
    # the template's closing quote may have been matched inside the value: nothing is held
    site = _job_missed()
    job = 'a "quoted" name and a great deal more text about the trigger, its fields and its next run time'
    res = Matcher.from_entries([site]).explain(f'Run time of job "{job}" was missed by 0:00:02')
    assert res.matches[0].approximate


def test_of_two_templates_explaining_the_message_the_one_with_more_literal_text_comes_first() -> None:
    # both templates quote the option's name: one fills its quotes with the value, the other
    # prints two dashes of its own inside them. Both explain all of the message; the second
    # explains more of it with its own text, and comes first though its site is the less public
    fills = entry(
        ['The option "', "name[i]", '" does not exist'], path="lib/argv.py", line=187,
        function="ArgvInput.parse_short_option_set",
    )  # fmt: skip
    dashes = entry(
        ['The option "--', "name", '" does not exist'], path="lib/argv.py", line=265,
        function="ArgvInput._add_long_option",
    )  # fmt: skip
    res = Matcher.from_entries([fills, dashes]).explain('The option "--loud" does not exist')
    assert [m.id for m in res.matches] == [dashes.error_id, fills.error_id]
    assert "besides the values the template quotes" in res.matches[0].reasons[0]
    assert not any(m.approximate for m in res.matches)


def test_words_before_a_placeholder_are_not_inside_a_quote_closed_earlier() -> None:
    # ``"x" and {name}"``: the quote before the placeholder closed ``"x"``; the words between say
    # the value is not the one the quotes hold, so it stays unexplained text
    lits = ('Use"x"and', '"now')
    f = fit(lits, 'Use"x"andsomething"now')
    assert f is not None and f.full
    assert quoted_gaps(lits, ["name"], f, 'Use"x"andsomething"now') == 0
    lits = ('Theoption"--', '"doesnotexist')
    f = fit(lits, 'Theoption"--loud"doesnotexist')
    assert f is not None and quoted_gaps(lits, ["name"], f, 'Theoption"--loud"doesnotexist') == 4


def test_a_call_like_repr_ending_the_message_is_what_repr_printed() -> None:
    # ``{err!r}`` of an OSError: ``FileNotFoundError(2, '...', None, 2)`` closes at the very end
    site = entry(
        ["could not open port ", "self.portstr!r", ": ", "ctypes.WinError()!r", ""],
        path="serial/serialwin32.py",
        line=64,
        exc_type="SerialException",
    )
    m = Matcher.from_entries([site])
    err = "FileNotFoundError(2, 'The system cannot find the file specified.', None, 2)"
    res = m.explain(f"serial.serialutil.SerialException: could not open port 'COM4': {err}")
    assert not res.matches[0].approximate
    # a name and a call followed by more text is no single repr: the text stays unexplained
    res = m.explain(
        f"serial.serialutil.SerialException: could not open port 'COM4': {err} {err} and more text"
    )
    assert res.matches[0].approximate


def _raise_and_its_log(*more: CatalogueEntry) -> tuple[Matcher, str]:
    """``except ExecutionError as exc: print(header); print(exc); LOG.exception(exc)``: the log
    call's record holds the caught error's words, the same as the raise that made them; and a
    message of theirs. ``more``: other records beside them."""
    words = ["plugin code for `", "loaded.display_name", "` does not match ", "VALID_CODE_PREFIX.pattern", ""]
    raised = entry(
        words,
        path="flake8/plugins/finder.py",
        line=339,
        function="_classify_plugins",
        exc_type="ExecutionError",
    )
    logged = replace(
        entry(words, path="flake8/main/application.py", line=207, function="Application.run"),
        kind="log",
        exc_type="log.EXCEPTION",
    )
    return Matcher.from_entries(
        [logged, raised, *more]
    ), "plugin code for `local[MCOD1]` does not match ^[A-Z]{1,3}[0-9]{0,3}$"


def test_a_raise_goes_before_the_log_call_that_reemits_its_text() -> None:
    # the public ``Application.run`` would win the tie-break over the private
    # ``_classify_plugins``, but with no log record in the paste the raise is the error asked about
    m, pasted = _raise_and_its_log()
    res = m.explain("There was a critical error during execution of Flake8:\n" + pasted)
    assert [x.function for x in res.matches[:2]] == ["_classify_plugins", "Application.run"]
    # a log record pasted as the logger printed it is the log call's
    assert top(m.explain("ERROR:flake8.main.application:" + pasted)).function == "Application.run"


def test_ranking_reads_the_kind_of_the_entries_it_scores_without_decoding_them() -> None:
    # ``_raise_before_its_log`` reads whether each scored entry is a log call from the site's
    # facts, which scoring has read already, not from the whole entry (its id and template
    # decoded, and kept for the index's life); ``_matches`` tells the entries it passes over
    # apart by id and statement, and ``whole_over_tail`` reads classes from the sites too.
    # Asked for one answer, the three entries of the text are scored and only the ones ranked
    # are decoded: the one returned and the one it is ranked against (``result.shown``: whether
    # it stands alone is part of the answer); the order is the one above
    words = ["plugin code for `", "loaded.display_name", "` does not match ", "VALID_CODE_PREFIX.pattern", ""]
    again = entry(words, path="flake8/checker.py", line=90, function="Manager.report")
    m, pasted = _raise_and_its_log(replace(again, kind="log", exc_type="log.ERROR"))
    decoded = m.index.entries
    assert dict.__len__(decoded) == 0
    res = m.explain("There was a critical error during execution of Flake8:\n" + pasted, limit=1)
    assert [x.function for x in res.matches] == ["_classify_plugins"]
    assert dict.__len__(decoded) == TIE_WITNESS < 3


def test_the_raise_writing_a_text_goes_before_a_raise_copying_it_from_the_error_it_caught() -> None:
    # ``except ConfigurationError as e: raise ValidationError(str(e))`` in the public
    # ``SubConfig.run_validation`` takes every text ConfigurationError is raised with; the
    # public method would win the tie-break over the private ``_open_config_file`` that writes
    # this one, but with nothing in the paste for either, the text's own raise comes first
    words = ["Config file '", "paths_to_try[0]", "' does not exist."]
    written, copied = (
        entry(words, path=path, line=line, function=function, exc_type=cls, statement=statement)
        for path, line, function, cls, statement in (
            ("mkdocs/config/base.py", 324, "_open_config_file", "exceptions.ConfigurationError",
             "raise exceptions.ConfigurationError(f\"Config file '{paths_to_try[0]}' does not exist.\")"),
            ("mkdocs/config/config_options.py", 112, "SubConfig.run_validation", "ValidationError",
             "raise ValidationError(str(e))"),
        )
    )  # fmt: skip
    m = Matcher.from_entries([copied, written])
    res = m.explain("Error: Config file 'mkdocs.yml' does not exist.")
    assert [x.function for x in res.matches[:2]] == ["_open_config_file", "SubConfig.run_validation"]
    # the copy's class pasted is the copy's raise
    assert top(m.explain("ValidationError: Config file 'mkdocs.yml' does not exist.")).line == 112
    # a class printing its own text whatever it is given ties its raises by that text: a raise
    # handing it a caught error's argument is no copy of another class's text
    words = ["400 Bad Request: The browser (or proxy) sent a request that this server could not understand."]
    handed, own = (
        entry(words, path=path, line=line, function=function, exc_type="BadRequestKeyError", statement=statement)
        for path, line, function, statement in (
            ("lib/structures.py", 520, "MultiDict.popitem", "raise BadRequestKeyError(e.args[0]) from None"),
            ("lib/headers.py", 101, "Headers._get_key", "raise BadRequestKeyError(key)"),
        )
    )  # fmt: skip
    res = Matcher.from_entries([own, handed]).explain(words[0])
    assert [x.function for x in res.matches[:2]] == ["MultiDict.popitem", "Headers._get_key"]


# a caught error's long message: the raises wrapping it explain little of the message themselves
_REFUSED = (
    "Failed to establish a new connection: the server refused it. Check that it runs, that it listens "
    "on the port the URL of the node gives, that no firewall between this host and the server drops the "
    "packets, that the settings of the client for TLS match those of the server, and that the name of "
    "the host resolves to the address the server listens at. When all of these hold and the connection is "
    "still refused, the server may be starting, restarting or shedding load: wait for it to come up, raise "
    "the timeout or the number of retries, and try again later, or ask the operators of the cluster what "
    "state it is in: "
)


def test_of_templates_wrapping_one_message_the_one_naming_its_class_literally_comes_first() -> None:
    # two raises of the pasted class wrap another class's message: one prints the caught
    # error's class by a placeholder, the other names it in its own text. Both take the inner
    # fit's text; the second explains more of the message itself and comes first, though its
    # site is the less public one
    inner = entry(
        [_REFUSED, "host", ""], path="lib/connection.py", line=40, function="Connection.connect",
        exc_type="NewConnectionError",
    )  # fmt: skip
    named = entry(
        ["Connection error caused by: ", "e.__class__.__name__", "(", "e", ")"], path="lib/node.py", line=230,
        function="Node.perform_request", exc_type="TransportError",
    )  # fmt: skip
    literal = entry(
        ["Connection error caused by: NewConnectionError(", "e", ")"], path="lib/_node/_urllib3.py", line=202,
        function="_Urllib3Node.perform_request", exc_type="TransportError",
    )  # fmt: skip
    res = Matcher.from_entries([inner, named, literal]).explain(
        f"lib.TransportError: Connection error caused by: NewConnectionError({_REFUSED}localhost:9200)"
    )
    assert [m.id for m in res.matches[:2]] == [literal.error_id, named.error_id]
    assert all(any("wraps that message" in r for r in m.reasons) for m in res.matches[:2])


def test_a_fixed_text_the_message_rewords_ranks_below_a_template_printing_it_with_a_value() -> None:
    # ``Bad day-of-week``: one raise prints ``Bad {name}``, all the message with a value in the
    # place where another raise's fixed ``Bad day-of-month`` says something else. The fixed text
    # shares more words with the message, but it cannot print it; the template can
    field = entry(["Bad ", "FIELD_NAMES[self]", ""], path="lib/_field.py", line=60, function="_Field.int",
                  exc_type="CronError")  # fmt: skip
    fixed = entry(
        ["Bad day-of-month"], path="lib/cron.py", line=188, function="Cron.__init__", exc_type="CronError"
    )
    res = Matcher.from_entries([field, fixed]).explain("lib.CronError: Bad day-of-week")
    assert [m.id for m in res.matches] == [field.error_id, fixed.error_id]


def test_a_site_tied_with_the_answer_is_not_named_as_the_error_it_wraps() -> None:
    # a setter and a getter raise the same words, the value last: the template's fit stops
    # where its last literal ends, short of the message's end, and the other site's fit of the
    # same words is the tie the answer names, not an error the answer caught and wrapped (the
    # getter, which the library calls, comes first though the pattern lists the setter first)
    setter = entry(
        ["Unknown system ", "name", ""], path="lib/registry.py", line=111, function="Registry.default_system"
    )
    getter = replace(
        entry(
            ["Unknown system ", "name", ""], path="lib/registry.py", line=138, function="Registry.get_system"
        ),
        called=True,
    )
    res = Matcher.from_entries([setter, getter]).explain("ValueError: Unknown system martian")
    assert top(res).function == "Registry.get_system"
    assert res.verdict.startswith("exact match, a tie: 2 sites raise this message")
    for m in res.matches:
        assert not any("wraps another raise's message" in r for r in m.reasons), m.reasons
        assert any(r.startswith("tied with 1 other site(s) raising this message") for r in m.reasons)


def test_a_wrapper_still_names_the_raise_whose_words_its_placeholder_holds() -> None:
    # the rule above leaves a real wrapper alone: its own words differ from the caught one's
    inner = entry(
        ["Unknown system ", "name", ""], path="lib/registry.py", line=111, function="Registry.get_system"
    )
    outer = entry(
        ["Could not load units: ", "e", ""],
        path="lib/loader.py",
        line=20,
        function="load",
        exc_type="ValueError",
    )
    res = Matcher.from_entries([inner, outer]).explain(
        "ValueError: Could not load units: Unknown system martian"
    )
    assert top(res).function == "load" and not top(res).approximate
    assert any(
        "wraps another raise's message" in r and "(Registry.get_system)" in r for r in top(res).reasons
    )


def test_approximate_answers_of_one_template_say_they_are_a_tie() -> None:
    # three ``validate`` methods each ``raise err`` of one generator's errors: the library's
    # class is pasted with a report no template of it fits, the three fit it alike (one in a
    # private module, which only the ranker's priors put last), and the answer must say that
    # nothing in the paste orders them
    sites = [
        entry(
            ["", "schema_value!r", " is not of type 'object'"],
            path=f"lib/validation/{name}.py",
            line=37,
            function=f"{name.title()}Validator.validate",
            exc_type="SpecError",
            repo="o/specs",
        )
        for name in ("proxy", "detect", "_spec")
    ]
    res = Matcher.from_entries(sites).explain(
        "specs.exceptions.SpecError: 'info' is a required property\n\nFailed validating 'required' in schema"
    )
    assert len(res.matches) == 3 and all(m.approximate for m in res.matches), res.matches
    assert "tie" not in res.verdict  # the verdict speaks of exact ties only
    for m in res.matches:
        note = [r for r in m.reasons if r.startswith("tied with 2 other site(s) raising the same template")]
        assert note, m.reasons
        assert all(f"{o.path}:{o.line}" in note[0] for o in res.matches if o is not m)


def test_approximate_answers_a_word_apart_are_no_tie() -> None:
    # between approximate answers a small gap is the text fitting one of them better
    sites = [
        entry(words, path=f"lib/{i}.py", line=i, exc_type="SpecError", repo="o/specs")
        for i, words in enumerate(
            (["Duplicate tag name ", "name!r", ""], ["Tag ", "name!r", " references unknown parent tag"])
        )
    ]
    res = Matcher.from_entries(sites).explain("specs.exceptions.SpecError: Duplicate tag 'pets' found twice")
    assert res.matches and res.matches[0].approximate
    assert not any(r.startswith("tied with") for m in res.matches for r in m.reasons)


def test_a_class_raised_bare_all_over_a_codebase_says_at_least() -> None:
    # hundreds of ``raise NotImplementedError`` (abstract methods): the ranker scores the first
    # few of such a common pattern's group only, so the tie it shows goes on beyond the list
    sites = [
        entry(
            [""],
            path=f"lib/m{i // 20}.py",
            line=10 + i,
            function=f"Base{i}.run",
            exc_type="NotImplementedError",
        )
        for i in range(300)
    ]
    res = Matcher.from_entries(sites).explain("NotImplementedError", limit=5)
    assert len(res.matches) == 5
    assert any(r.startswith("tied with at least 4 other site(s)") for r in res.matches[0].reasons), (
        res.matches[0].reasons
    )


def test_one_class_spelled_through_two_module_aliases_is_still_a_tie() -> None:
    # ``raise sa_exc.NoResultFound(...)`` in one module, ``raise exc.NoResultFound(...)`` in
    # another: the alias is the importing file's, the class and the words are one
    words = ["No row was found when one was required"]
    orm = entry(
        words,
        path="lib/orm/session.py",
        line=3990,
        function="Session.get_one",
        exc_type="sa_exc.NoResultFound",
    )
    core = entry(
        words, path="lib/engine/result.py", line=539, function="Result.one", exc_type="exc.NoResultFound"
    )
    res = Matcher.from_entries([orm, core]).explain(
        "lib.exc.NoResultFound: No row was found when one was required"
    )
    assert len(res.matches) == 2 and not any(m.approximate for m in res.matches)
    assert res.verdict.startswith("exact match, a tie: 2 sites raise this message"), res.verdict
    assert all(any(r.startswith("tied with 1 other site(s)") for r in m.reasons) for m in res.matches)


def test_another_site_s_words_inside_the_answer_s_own_are_no_error_it_caught() -> None:
    # ``directory does not exist: {path!r}`` elsewhere is a part of the answer's own words; the
    # answer can have caught that error only when its raise sits in an ``except`` catching it
    inner = entry(
        ["directory does not exist: ", "path!r", ""], path="lib/files.py", line=340, function="dir_model"
    )
    words = ["file or directory does not exist: ", "path!r", ""]
    query = "ValueError: file or directory does not exist: 'missing.txt'"
    plain = entry(words, path="lib/files.py", line=493, function="get")
    res = Matcher.from_entries([inner, plain]).explain(query)
    assert top(res).function == "get" and not top(res).approximate
    assert not any("wraps another raise's message" in r for r in top(res).reasons), top(res).reasons
    handler = replace(entry(words, path="lib/files.py", line=493, function="get"), caught=("ValueError",))
    res = Matcher.from_entries([inner, handler]).explain(query)
    assert top(res).function == "get"
    assert any("wraps another raise's message" in r and "(dir_model)" in r for r in top(res).reasons)


def test_a_tie_is_said_in_fields_a_program_reads() -> None:
    # the same words raised by sibling methods of one class, pasted without frames: each answer
    # names the others in ``tied_with`` and the result counts the sites, so a program (the JSON of
    # explain, the API, MCP) need not parse the English to know the first is one of several
    text = ["Box is frozen"]
    sites = [
        entry(text, path="lib/box.py", line=line, function=f"Box.{name}", exc_type="BoxError")
        for line, name in ((871, "__setitem__"), (906, "__setattr__"), (982, "pop"))
    ]
    res = Matcher.from_entries(sites).explain("lib.exceptions.BoxError: Box is frozen")
    assert res.tie == 3
    assert res.to_json()["tied"] == 3
    for m in res.matches:
        assert sorted(m.tied_with) == sorted(f"{o.path}:{o.line}" for o in res.matches if o is not m)
        assert m.to_json()["tied_with"] == m.tied_with
    alone = Matcher.from_entries([sites[0]]).explain("lib.exceptions.BoxError: Box is frozen")
    assert alone.tie == 0 and alone.matches[0].tied_with == []
    assert alone.to_json()["tied"] == 0


def test_a_site_the_type_sets_apart_names_no_tied_sites() -> None:
    # the pasted class tells the two apart: no answer claims to be one of several
    value = entry(["Parser rule not found: ", "name", ""], path="lib/ruler.py", line=1, exc_type="ValueError")
    key = entry(["Parser rule not found: ", "name", ""], path="lib/ruler.py", line=2, exc_type="KeyError")
    res = Matcher.from_entries([value, key]).explain("KeyError: Parser rule not found: tables")
    assert res.tie == 0
    assert all(m.tied_with == [] for m in res.matches)


def test_one_answer_asked_for_still_says_it_is_one_of_several() -> None:
    # a caller asking for the single best site (the API's ``limit: 1``, MCP, ``errdex.explain``)
    # must not be told "exact match" when the next site ties it: the query is ranked for two,
    # and the one answer shown names the other
    text = ["Box is frozen"]
    sites = [
        entry(text, path="lib/box.py", line=line, function=f"Box.{name}", exc_type="BoxError")
        for line, name in ((871, "__setitem__"), (906, "__setattr__"))
    ]
    matcher = Matcher.from_entries(sites)
    res = matcher.explain("BoxError: Box is frozen", limit=1)
    assert len(res.matches) == 1
    assert res.verdict.startswith("exact match, a tie: 2 sites raise this message")
    assert res.verdict.endswith("(one answer shown, naming the others)")
    other = next(s for s in sites if s.line != res.matches[0].line)
    assert res.matches[0].tied_with == [f"{other.path}:{other.line}"]
    assert res.tie == 2
    alone = Matcher.from_entries(sites[:1]).explain("BoxError: Box is frozen", limit=1)
    assert alone.verdict == "exact match" and alone.tie == 0


def test_one_answer_of_a_tie_keeps_what_the_verdict_says_after_the_tie() -> None:
    # cutting a tie's answers restates only which answers list it: the note that the tie is an
    # earlier exception of the chain (the last one matched nothing) stays on the verdict
    text = ["Box is frozen"]
    sites = [
        entry(text, path="lib/box.py", line=line, function=f"Box.{name}", exc_type="BoxError")
        for line, name in ((871, "__setitem__"), (906, "__setattr__"))
    ]
    paste = (
        "Traceback (most recent call last):\n"
        '  File "app.py", line 3, in <module>\n'
        "    box.x = 1\n"
        "BoxError: Box is frozen\n\n"
        "During handling of the above exception, another exception occurred:\n\n"
        "Traceback (most recent call last):\n"
        '  File "app.py", line 5, in <module>\n'
        "    raise SystemError(msg)\n"
        "SystemError: qzxv wplk unrelated words here\n"
    )
    res = Matcher.from_entries(sites).explain(paste, limit=1)
    assert len(res.matches) == 1 and res.tie == 2
    assert res.verdict == (
        "exact match, a tie: 2 sites raise this message and nothing in the paste tells them apart"
        " (one answer shown, naming the others) (from an earlier exception in the chain)"
    )


def _cast_and_its_handler(caught: tuple[str, ...]) -> tuple[CatalogueEntry, CatalogueEntry]:
    """agate's shape: ``Number.cast`` writes the text, ``Table.__init__`` catches the error
    and raises it again with the row and column after its text (``except CastError as e: raise
    CastError(str(e) + f" Error at row {i} column {name}.")``)."""
    inner = entry(
        ['Can not parse value "', "d", '" as Decimal.'], path="lib/data_types/number.py", line=75,
        function="Number.cast", exc_type="CastError",
    )  # fmt: skip
    handler = replace(
        entry(
            ["", "e", " Error at row ", "i", " column ", "self._column_names[j]", "."],
            path="lib/table/__init__.py", line=138, function="Table.__init__", exc_type="CastError",
        ),
        caught=caught,
    )  # fmt: skip
    return inner, handler


def test_a_handler_adding_context_after_a_caught_error_s_text_is_the_raise_pasted() -> None:
    # the inner template fits the message's beginning exactly, with the handler's context left
    # over after it, and scores above the handler (more of the message is its literal text);
    # the handler explains the message end to end, its placeholder holding the inner text, in
    # an ``except`` catching the inner class: it raised what was pasted (agate-rt-007, -009)
    inner, handler = _cast_and_its_handler(("CastError",))
    pasted = 'lib.CastError: Can not parse value "x" as Decimal. Error at row 0 column n.'
    res = Matcher.from_entries([inner, handler]).explain(pasted)
    assert [m.function for m in res.matches[:2]] == ["Table.__init__", "Number.cast"]
    assert not res.matches[0].approximate
    # a handler catching a base of the inner class wraps it too
    inner, handler = _cast_and_its_handler(("Exception",))
    assert top(Matcher.from_entries([inner, handler]).explain(pasted)).function == "Table.__init__"
    # the inner text alone is the inner raise's
    res = Matcher.from_entries([inner, handler]).explain('lib.CastError: Can not parse value "x" as Decimal.')
    assert top(res).function == "Number.cast"


def test_a_template_opening_with_a_value_outside_any_handler_wraps_no_caught_error() -> None:
    # the same template in no ``except``, or in one catching another class, holds a value the
    # code computed: nothing says the inner raise's error passed through it, and the fit that
    # writes the words keeps its place
    pasted = 'lib.CastError: Can not parse value "x" as Decimal. Error at row 0 column n.'
    for caught in ((), ("KeyError",)):
        inner, handler = _cast_and_its_handler(caught)
        res = Matcher.from_entries([inner, handler]).explain(pasted)
        assert [m.function for m in res.matches[:2]] == ["Number.cast", "Table.__init__"], caught
