"""The parser on each pasted format: type, message and frames come out right."""

from __future__ import annotations

import pytest

from errdex.match.parse import INPUT_CAP, MESSAGE_CAP, introduced_lines, parse


def test_bare_message_with_and_without_type() -> None:
    q = parse("ValueError: cannot reindex on an axis with duplicate labels")
    assert q.exc_type == "ValueError"
    assert q.message == "cannot reindex on an axis with duplicate labels"
    q = parse("cannot reindex on an axis with duplicate labels")
    assert q.exc_type is None and q.message.startswith("cannot reindex")


def test_qualified_type_and_double_prefix() -> None:
    q = parse("requests.exceptions.InvalidSchema: No connection adapters were found for 'x'")
    assert q.exc_type == "requests.exceptions.InvalidSchema"
    q = parse("JaxStackTraceBeforeTransformation: NotImplementedError: Unimplemented primitive: x.")
    assert q.exc_type == "NotImplementedError"
    assert q.message == "Unimplemented primitive: x."
    # a second prefix must look like an exception class to be stripped
    q = parse("ValueError: Foo: bar")
    assert q.message == "Foo: bar"
    # not a type: spaces, all caps
    assert parse("Not implemented: layouts").exc_type is None
    assert parse("XlaRuntimeError: RESOURCE_EXHAUSTED: oom").message == "RESOURCE_EXHAUSTED: oom"


def test_a_message_that_opens_with_a_line_break() -> None:
    # cfgv's ``ValidationError.__str__`` starts with "\n": Python prints ``Type: `` and the
    # message's lines under it; the paste's trailing space is gone, the class is still the type
    q = parse("cfgv.ValidationError: \n==> At Config()\n==> At key: repo\n=====> Expected string got int")
    assert q.exc_type == "cfgv.ValidationError"
    assert q.message == "==> At Config()\n==> At key: repo\n=====> Expected string got int"
    # a line that only ends in a colon is not a type when its word is not one
    assert parse("Usage:\n  app [OPTIONS]").exc_type is None


def test_exception_line_under_the_raise_that_names_its_class() -> None:
    # the last frame's source line pasted without its frame line: the class it raises names
    # the exception line below, though the name does not end like an exception's
    q = parse(
        'raise AppRegistryNotReady("Apps aren\'t loaded yet.")\n'
        "django.core.exceptions.AppRegistryNotReady: Apps aren't loaded yet."
    )
    assert q.exc_type == "django.core.exceptions.AppRegistryNotReady"
    assert q.message == "Apps aren't loaded yet."
    # a raise of another class proves nothing about a line that only looks like a name
    q = parse('raise ConfigError("bad")\nSettingsNotReady: set up first')
    assert q.exc_type is None


def test_label_before_a_qualified_exception_name() -> None:
    # an issue title's label before the exception line: the qualified type after it is the type
    q = parse("Bug: sqlalchemy.orm.exc.DetachedInstanceError: Instance <User at 0x1> is not bound")
    assert q.exc_type == "sqlalchemy.orm.exc.DetachedInstanceError"
    assert q.message == "Instance <User at 0x1> is not bound"
    # a label before words, or before a name that is not an exception's, stays text
    assert parse("Note: see the docs for details").exc_type is None
    q = parse("Usage: app.main: run it")
    assert q.exc_type is None and q.message == "Usage: app.main: run it"


@pytest.mark.parametrize("label", ["Problem", "Issue"])
def test_issue_form_field_before_a_bare_exception_name(label: str) -> None:
    # an issue form's field label (CatBoost's ``Problem:``) before a bare class of an
    # exception's suffix, re-typed by the reporter: the class and its text, the label dropped,
    # the reporter's next paragraph after it
    pasted = f"{label}: CatboostError: Invalid cat_features[6] = 100 value: must be < 100.\n\nAny insights?"
    got = parse(pasted)
    assert (got.exc_type, got.message.split("\n")[0]) == (
        "CatboostError",
        "Invalid cat_features[6] = 100 value: must be < 100.",
    )
    # a bare name without an exception's suffix after the label stays text
    assert parse(f"{label}: Config: the value is wrong").exc_type is None


def test_private_exception_class_is_a_type() -> None:
    # a library's private class, as Python prints it: the type, and the message after it (whose
    # own ``Name: text`` start is kept, not taken for a second type)
    q = parse("pkg.exceptions._WrappedLookupError: PointerToNowhere: '/a' does not exist")
    assert q.exc_type == "pkg.exceptions._WrappedLookupError"
    assert q.message == "PointerToNowhere: '/a' does not exist"
    assert parse("_InternalError: boom").exc_type == "_InternalError"
    # underscores alone are no class
    assert parse("__: boom").exc_type is None


CHAINED = """\
Traceback (most recent call last):
  File "/usr/lib/python3.12/site-packages/pandas/core/indexes/base.py", line 3805, in get_loc
    return self._engine.get_loc(casted_key)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
KeyError: 'colour'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/home/u/app.py", line 5, in <module>
    df["colour"]
  File "/usr/lib/python3.12/site-packages/pandas/core/frame.py", line 4102, in __getitem__
    indexer = self.columns.get_loc(key)
ValueError: something went wrong
  in two lines
"""


def test_cpython_chained_traceback() -> None:
    q = parse(CHAINED)
    assert len(q.blocks) == 2 and q.primary == 1
    assert q.exc_type == "ValueError"
    assert q.message == "something went wrong\n  in two lines"
    assert [f.function for f in q.frames] == ["<module>", "__getitem__"]
    assert q.frames[-1].line == 4102 and q.frames[-1].source == "indexer = self.columns.get_loc(key)"
    assert q.blocks[0].message == "colour"  # KeyError's repr quotes removed


def test_during_handling_separator() -> None:
    text = CHAINED.replace(
        "The above exception was the direct cause of the following exception:",
        "During handling of the above exception, another exception occurred:",
    )
    assert parse(text).exc_type == "ValueError"


PYTEST = """\
        if x.shape[0] != y.shape[0]:
>           raise ValueError(f"x and y must have same first dimension, but "
                             f"have shapes {x.shape} and {y.shape}")
E           ValueError: x and y must have same first dimension, but have shapes (37,) and (38,)

/opt/lib/python3.12/site-packages/matplotlib/axes/_base.py:486: ValueError
"""


def test_pytest_output() -> None:
    q = parse(PYTEST)
    assert q.exc_type == "ValueError"
    assert q.message == "x and y must have same first dimension, but have shapes (37,) and (38,)"
    assert q.frames[-1].path.endswith("matplotlib/axes/_base.py") and q.frames[-1].line == 486


IPYTHON = """\
\x1b[0;31m---------------------------------------------------------------------------\x1b[0m
\x1b[0;31mValueError\x1b[0m                                Traceback (most recent call last)
Cell \x1b[0;32mIn[3], line 1\x1b[0m
\x1b[0;32m----> 1\x1b[0m \x1b[43mfoo\x1b[49m\x1b[43m(\x1b[49m\x1b[43m)\x1b[49m

File \x1b[0;32m~/proj/lib/python3.11/site-packages/jax/_src/api.py:1341\x1b[0m, in \x1b[0;36m_mapped_axis_size\x1b[0;34m(fn, tree, vals, dims, name)\x1b[0m
\x1b[1;32m   1339\x1b[0m   msg.append(x)
\x1b[0;32m-> 1341\x1b[0m \x1b[38;5;28;01mraise\x1b[39;00m \x1b[38;5;167;01mValueError\x1b[39;00m(\x1b[38;5;124m\x1b[39m\x1b[38;5;124m'\x1b[39m\x1b[38;5;124m'\x1b[39m\x1b[38;5;241m.\x1b[39mjoin(msg)[:\x1b[38;5;241m-\x1b[39m\x1b[38;5;241m2\x1b[39m])

\x1b[0;31mValueError\x1b[0m: vmap got inconsistent sizes for array axes to be mapped:
  * one axis had size 1
"""


def test_ipython_with_ansi() -> None:
    q = parse(IPYTHON)
    assert q.exc_type == "ValueError"
    assert q.message.startswith("vmap got inconsistent sizes") and q.message.endswith("size 1")
    deepest = q.frames[-1]
    assert deepest.path.endswith("jax/_src/api.py") and deepest.line == 1341
    assert deepest.function == "_mapped_axis_size"
    assert q.frames[0].path.startswith("<cell")


COLAB = """\
UnexpectedTracerError                     Traceback (most recent call last)

[/tmp/ipython-input-1.py](https://localhost:8080/#) in <cell line: 0>()
----> 1 run()

[/usr/local/lib/python3.12/dist-packages/jax/_src/core.py](https://localhost:8080/#) in check_eval_args(args)
   1174   for arg in args:
   1175     if isinstance(arg, Tracer):
-> 1176       raise escaped_tracer_error(arg)
   1177

UnexpectedTracerError: Encountered an unexpected tracer.
"""


def test_old_ipython_colab() -> None:
    q = parse(COLAB)
    assert q.exc_type == "UnexpectedTracerError"
    assert q.message == "Encountered an unexpected tracer."
    assert q.frames[-1].function == "check_eval_args" and q.frames[-1].line == 1176


# IPython 8.0 to 8.5 print a cell's frame as ``Input In [N], in <cell line: M>()`` (8.6 on:
# ``Cell In[N], line M``); the chain's last part here is cut after that frame's first line
IPYTHON_8_CELL = """\
PatsyError                                Traceback (most recent call last)
Input In [124], in <cell line: 2>()
      1 df = pd.DataFrame({"C": [1, 2]})
----> 2 fit(df)

File /opt/conda/lib/python3.10/site-packages/pkg/core.py:36, in fit(data)
     35 if data is None:
---> 36     raise PatsyError("no data")

PatsyError: no data
"""


def test_ipython_8_cell_frame_with_its_line_in_the_function_tail() -> None:
    q = parse(IPYTHON_8_CELL)
    assert q.exc_type == "PatsyError" and q.message == "no data"
    cell, deepest = q.frames
    assert (cell.path, cell.line, cell.function) == ("<cell 124>", 2, None)
    assert (deepest.line, deepest.function) == (36, "fit")


# IPython 7's frame of a cell's own code, ``<ipython-input-N-hash> in <module>``, has no argument
# list; the paste ends there (the thread cut it), with no exception line after the frames
IPYTHON_MODULE_CUT = """\
cannot find the current segment/subsegment, please make sure you have a segment open
---------------------------------------------------------------------------
SegmentNotFoundException                  Traceback (most recent call last)
<ipython-input-7-677aa688eccd> in <module>
      1 import tempfile
      2 with tempfile.NamedTemporaryFile(mode="r") as f:
----> 3     obj.download_file(f.name)
      4     assert "body" == open(f.name).read()
"""


def test_old_ipython_module_frame_without_exception_line() -> None:
    q = parse(IPYTHON_MODULE_CUT)
    # the header's class, and no message: the numbered cell lines are the frame's, not the text
    assert q.exc_type == "SegmentNotFoundException"
    assert q.message == ""
    assert q.frames and q.frames[0].function == "<module>"
    # prose naming a file is still not a frame: only ``<module>`` may go without arguments
    assert not parse("ValueError: bad\nsee setup.py in the root").frames


# pytest's short traceback, cut after the raise line (no ``E`` line): its frames are
# ``path:line: in function`` with the source under each
PYTEST_SHORT_CUT = """\
tests_integration/utils/custom_elasticsearch_container.py:84: in start
    super().start()
../env/lib/python3.10/site-packages/testcontainers/core/container.py:87: in start
    Reaper.get_instance()
../env/lib/python3.10/site-packages/testcontainers/core/container.py:242: in _create_instance
    raise last_connection_exception
"""


def test_pytest_short_traceback_frames_are_frames() -> None:
    q = parse(PYTEST_SHORT_CUT)
    assert [(f.line, f.function) for f in q.frames] == [
        (84, "start"),
        (87, "start"),
        (242, "_create_instance"),
    ]
    assert q.frames[-1].source == "raise last_connection_exception"
    assert q.frames[-1].path.endswith("testcontainers/core/container.py")
    assert q.message == "" and q.exc_type is None


JAX_FILTERED = """\
Traceback (most recent call last):
  File "t.py", line 3, in <module>
    jax.jit(f)(1)
jax.errors.SimplifiedTraceback: For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "t.py", line 3, in <module>
    jax.jit(f)(1)
  File "/x/site-packages/jax/_src/core.py", line 1500, in concrete_aval
    raise TracerBoolConversionError(self)
--------------------
jax.errors.TracerBoolConversionError: Attempted boolean conversion of traced array with shape bool[].
"""


def test_jax_filtered_traceback() -> None:
    q = parse(JAX_FILTERED)
    assert q.exc_type == "jax.errors.TracerBoolConversionError"
    assert q.message == "Attempted boolean conversion of traced array with shape bool[]."
    assert q.frames[-1].function == "concrete_aval"


GROUP = """\
  + Exception Group Traceback (most recent call last):
  |   File "/app/x.py", line 9, in <module>
  |     main()
  | ExceptionGroup: errors in tasks (2 sub-exceptions)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "/usr/lib/python3.12/site-packages/lib/mod.py", line 12, in work
    |     raise ValueError(f"bad value {v}")
    | ValueError: bad value 3
    +---------------- 2 ----------------
    | TypeError: other
    +------------------------------------
"""


def test_exception_group() -> None:
    q = parse(GROUP)
    assert q.exc_type == "ValueError"
    assert q.message == "bad value 3"
    assert q.frames[-1].function == "work" and q.frames[-1].line == 12


# ``raise OSError(msg) from ExceptionGroup(msg, errors)``: the group was never raised, so Python
# prints it first, in margins and without its ``Exception Group Traceback`` header
GROUP_CAUSE = """\
  | ExceptionGroup: all attempts to connect to 127.0.0.1:1 failed (1 sub-exception)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "/venv/lib/python3.13/site-packages/trio/_socket.py", line 1145, in connect
    |     raise OSError(err, f"Error connecting to {address!r}: {os.strerror(err)}")
    | ConnectionRefusedError: [Errno 111] Error connecting to ('127.0.0.1', 1): Connection refused
    +------------------------------------

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/app/main.py", line 4, in main
    await trio.open_tcp_stream("127.0.0.1", 1)
  File "/venv/lib/python3.13/site-packages/trio/_highlevel_open_tcp_stream.py", line 393, in open_tcp_stream
    raise OSError(msg) from ExceptionGroup(msg, oserrors)
OSError: all attempts to connect to 127.0.0.1:1 failed
"""


def test_exception_group_that_caused_the_raised_error_is_context() -> None:
    q = parse(GROUP_CAUSE)
    assert q.group_is_context
    assert q.exc_type == "OSError"
    assert q.message == "all attempts to connect to 127.0.0.1:1 failed"
    assert q.frames[-1].function == "open_tcp_stream" and q.frames[-1].line == 393
    # with its header (a TaskGroup's group, handled by an ``except*`` that raised again)
    handled = GROUP.rstrip("\n") + (
        "\n\nDuring handling of the above exception, another exception occurred:\n\n"
        'Traceback (most recent call last):\n  File "/app/x.py", line 11, in <module>\n'
        '    raise RuntimeError("tasks failed")\nRuntimeError: tasks failed\n'
    )
    q = parse(handled)
    assert q.group_is_context and q.exc_type == "RuntimeError" and q.message == "tasks failed"


def test_exception_group_with_a_chain_inside_a_member_is_the_error() -> None:
    # a member's own chain is printed inside the margins: the group is still the final
    # exception, and its first member the error asked about
    chained = GROUP.replace(
        "    | Traceback (most recent call last):\n",
        "    | Traceback (most recent call last):\n"
        '    |   File "/usr/lib/python3.12/site-packages/lib/mod.py", line 5, in read\n'
        "    | KeyError: 'v'\n"
        "    | \n"
        "    | During handling of the above exception, another exception occurred:\n"
        "    | \n"
        "    | Traceback (most recent call last):\n",
        1,
    )
    q = parse(chained)
    assert not q.group_is_context
    assert q.exc_type == "ValueError" and q.message == "bad value 3"  # the member's last error
    assert q.blocks[q.primary - 1].exc_type == "KeyError"  # the one it was raised while handling
    # a group raised while handling an earlier error is the final exception too
    q = parse(
        'Traceback (most recent call last):\n  File "/app/x.py", line 3, in <module>\n    f()\n'
        "KeyError: 'k'\n\nDuring handling of the above exception, another exception occurred:\n\n" + GROUP
    )
    assert not q.group_is_context and q.exc_type == "ValueError"


def test_a_message_quoting_a_caught_error_after_a_colon_is_one_error() -> None:
    # docutils' system message: its first line introduces the caught ``InputError`` on the next
    q = parse(
        'docutils.utils.SystemMessage: <string>:1: (ERROR/3) Problems with "include" directive path:\n'
        "InputError: [Errno 2] No such file or directory: 'chapter1.rst'."
    )
    assert q.exc_type == "docutils.utils.SystemMessage"
    assert q.message == (
        '<string>:1: (ERROR/3) Problems with "include" directive path:\n'
        "InputError: [Errno 2] No such file or directory: 'chapter1.rst'."
    )
    # the later line alone is the reading tried next
    other = q.blocks[q.primary - 1]
    assert other.exc_type == "InputError"
    assert other.message == "[Errno 2] No such file or directory: 'chapter1.rst'."
    # no colon introducing it: the last ``Type: text`` line is the error, as in a log
    q = parse("UserWarning: the option is deprecated\nValueError: bad value 3")
    assert q.exc_type == "ValueError" and q.message == "bad value 3"
    # a first line that is no exception's: a log's sentence, then the error
    q = parse("Failed to load the configuration:\nValueError: bad value 3")
    assert q.exc_type == "ValueError" and q.message == "bad value 3"


def test_warning_print_with_source_echo() -> None:
    q = parse(
        "/site-packages/sklearn/utils/validation.py:2823: UserWarning: X has feature names\n  warnings.warn(\n"
    )
    assert q.exc_type == "UserWarning" and q.kind == "warning"
    assert q.message == "X has feature names"
    assert q.frames[0].line == 2823 and q.frames[0].source == "warnings.warn("


def test_warning_with_wrapped_message() -> None:
    q = parse("<string>:18: UserWarning: No artists with labels found. \nNote that artists are ignored.")
    assert q.message == "No artists with labels found.\nNote that artists are ignored."


def test_log_prefixes() -> None:
    q = parse("2024-01-01 10:00:00,123 WARNING jax._src.xla_bridge: An NVIDIA GPU may be present")
    assert q.kind == "log" and q.level == "WARNING"
    assert q.message == "An NVIDIA GPU may be present"
    q = parse("WARNING:root:something odd")
    assert q.level == "WARNING" and q.message == "something odd"
    q = parse("W0101 12:00:00.123456 140 xla_bridge.py:889] Platform 'tpu' not found")
    assert q.level == "WARNING" and q.message == "Platform 'tpu' not found"
    assert q.frames[-1].path == "xla_bridge.py"
    q = parse("2020-04-15 13:00:27.288577: E external/xla/local_client.cc:758] Execution failed")
    assert q.level == "ERROR" and q.message == "Execution failed" and q.frames[-1].path.endswith(".cc")
    # gunicorn's format: a zone after a space, the process id in brackets, then the level
    q = parse("[2024-01-09 13:24:40 +0000] [7310] [CRITICAL] WORKER TIMEOUT (pid:7311)")
    assert q.level == "CRITICAL" and q.message == "WORKER TIMEOUT (pid:7311)"
    q = parse("2019-11-05T06:17:56.45Z [2019-11-05 06:17:56 +0000] [16] [WARNING] Invalid request.")
    assert q.level == "WARNING" and q.message == "Invalid request."


def test_docker_compose_prefix() -> None:
    text = (
        "web_1    | Traceback (most recent call last):\n"
        'web_1    |   File "/usr/lib/python3.6/site-packages/pandas/core/generic.py", line 638, in _set_axis\n'
        "web_1    |     self._data.set_axis(axis, labels)\n"
        "web_1    | ValueError: Length mismatch: Expected axis has 26 elements\n"
    )
    q = parse(text)
    assert q.exc_type == "ValueError" and q.message == "Length mismatch: Expected axis has 26 elements"
    assert q.frames[-1].function == "_set_axis"


@pytest.mark.parametrize("head", ["(Trainer pid=3789) ", "(pid=1234, ip=10.0.0.1) ", "(raylet) ",
                                  "(MapWorker pid=88, ip=172.31.5.9) "])  # fmt: skip
def test_ray_worker_head_on_every_line(head: str) -> None:
    # Ray prints a worker's (an actor's, the raylet's) output on the driver's console with its
    # head on every line, blank ones too: the message's own lines and indentation come after it
    text = (
        f"{head}Library (libfoo.so) could not be loaded.\n"
        f"{head}Likely causes:\n"
        f"{head}  * OpenMP runtime is not installed\n"
        f"{head.rstrip()}\n"
        f"{head}Error message(s): ['cannot open']\n"
    )
    q = parse(text)
    assert q.message == (
        "Library (libfoo.so) could not be loaded.\nLikely causes:\n  * OpenMP runtime is not installed\n"
        "\nError message(s): ['cannot open']"
    )
    tb = "".join(
        f"{head}{ln}\n"
        for ln in ("Traceback (most recent call last):", '  File "/w/lib/pkg/core.py", line 7, in run',
                   "    raise ValueError(name)", "ValueError: bad name x")
    )  # fmt: skip
    q = parse(tb)
    assert q.exc_type == "ValueError" and q.message == "bad name x"
    assert [(f.path, f.line, f.function) for f in q.frames] == [("/w/lib/pkg/core.py", 7, "run")]


def test_a_parenthesis_on_one_line_is_no_ray_head() -> None:
    # one line opening with a group is the text's own (and a process id in prose is kept)
    text = "(Trainer pid=3789) failed\nValueError: shapes (2, 3) and (4,) not aligned"
    q = parse(text)
    assert q.exc_type == "ValueError" and q.message == "shapes (2, 3) and (4,) not aligned"
    assert parse("(pid=12) worker lost: restart it").message.startswith("(pid=12)")


def test_labelled_error_fields_give_class_and_text() -> None:
    # an application's log of an exception: ``Error:``, ``Error Type: <class ...>`` and ``Error
    # Message:`` fields, then the traceback it caught, cut before its last line
    text = (
        "[ERROR 2025-07-24 08:00:10,165 - app.py:50] - Validation failed.\n"
        "    Error: Cannot plan the query for Frame(x=1).\n"
        "    Error Type: <class 'RuntimeError'>\n"
        "    Error Message: Cannot plan the query for Frame(x=1).\n"
        "    Full traceback:\n"
        "    Traceback (most recent call last):\n"
        '  File "engine/_core.py", line 467, in __getattr__\n'
        '  File "engine/_expr.py", line 1366, in _meta\n'
    )
    q = parse(text)
    assert q.exc_type == "RuntimeError"
    assert q.message == "Cannot plan the query for Frame(x=1)."
    # the bare class name, the fields in the other order, and the ``Error:`` line kept when it
    # says something else
    q = parse(
        "Error: the job stopped\nError Message: shapes do not match\nError Type: pkg.errors.ShapeError\n"
    )
    assert q.exc_type == "pkg.errors.ShapeError" and q.message == "shapes do not match"
    # a type field that is no class name is left as it is
    q = parse("Error Type: not a class here\nError Message: shapes do not match\n")
    assert q.exc_type != "not a class here" and "Error Type" in q.text


def test_class_repr_form() -> None:
    q = parse("<class 'sklearn.exceptions.NotFittedError'>\nThis SVC instance is not fitted yet.")
    assert q.exc_type == "sklearn.exceptions.NotFittedError"
    assert q.message == "This SVC instance is not fitted yet."


def test_windows_paths_and_unindented_paste() -> None:
    text = (
        'File "C:\\Python38\\lib\\site-packages\\pandas\\core\\generic.py", line 1442, in __nonzero__\n'
        "raise ValueError(\n"
        "ValueError: The truth value of a Series is ambiguous."
    )
    q = parse(text)
    assert q.frames[0].path.endswith("generic.py") and q.frames[0].function == "__nonzero__"
    assert q.message == "The truth value of a Series is ambiguous."


def test_caps_and_garbage() -> None:
    huge = "x" * (INPUT_CAP + 10) + "\nValueError: tail message"
    q = parse(huge)
    assert q.input_truncated and q.message == "tail message"
    q = parse("ValueError: " + "y" * (MESSAGE_CAP * 2))
    assert len(q.message) <= MESSAGE_CAP
    q = parse("ValueError: a\x00b \ufffd\ufffd")
    assert "\x00" not in q.message
    assert parse("").message == ""


def test_warning_with_a_category_not_named_warning() -> None:
    q = parse(
        "/home/u/app/settings.py:10: PydanticDeprecatedSince20: Support for class-based `config` is "
        "deprecated.\n  class Settings(BaseSettings):"
    )
    assert q.exc_type == "PydanticDeprecatedSince20"
    assert q.message == "Support for class-based `config` is deprecated."
    assert (
        q.frames[0].path == "/home/u/app/settings.py"
        and q.frames[0].source == "class Settings(BaseSettings):"
    )
    # without a source-file location it is not a warning line: a timestamp stays message text
    q = parse("2020-01-01 12:00:00: Foo: bar")
    assert q.frames == [] and q.message == "Foo: bar"


def test_warning_whose_message_starts_on_the_next_line() -> None:
    # a message beginning with a newline leaves "Category:" at the end of the location line
    q = parse(
        "/tmp/ipykernel_1/3301.py:3: FutureWarning: \n\n`shade` is deprecated; setting `fill=True`.\n"
        "This will become an error.\n\n  sns.kdeplot(x, shade=True)"
    )
    assert q.exc_type == "FutureWarning"
    assert q.message == "`shade` is deprecated; setting `fill=True`.\nThis will become an error."
    assert q.frames[0].source == "sns.kdeplot(x, shade=True)"


def test_bare_class_line_under_the_frame_that_raises_it() -> None:
    # ``raise NXDOMAIN`` without a message prints the class alone; its all-capitals name does
    # not look like an exception's, but the last frame's statement raises it
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.4/site-packages/dns/resolver.py", line 908, in query\n'
        "    raise NXDOMAIN\n"
        "dns.resolver.NXDOMAIN"
    )
    assert q.exc_type == "dns.resolver.NXDOMAIN" and q.message == ""
    # the same line under a frame that raises something else stays text
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.4/site-packages/dns/resolver.py", line 908, in query\n'
        "    raise Timeout\n"
        "dns.resolver.NXDOMAIN"
    )
    assert q.exc_type is None and q.message == "dns.resolver.NXDOMAIN"


# --- paste formats: debugger pages, tabs, lost newlines, rich panels, CLI errors, pytest ------------


def test_werkzeug_debugger_page_has_its_message_above_the_traceback() -> None:
    q = parse(
        "BuildError\n"
        "werkzeug.routing.exceptions.BuildError: Could not build url for endpoint 'x'. Did you mean 'y' instead?\n"
        "\n"
        "Traceback (most recent call last)\n"
        'File "/venv/lib/site-packages/flask/app.py", line 2548, in __call__\n'
        "return self.wsgi_app(environ, start_response)\n"
        'File "/venv/lib/site-packages/flask/app.py", line 1796, in dispatch_request\n'
        "return self.ensure_sync(self.view_functions[rule.endpoint])(**view_args)\n"
    )
    assert q.exc_type == "werkzeug.routing.exceptions.BuildError"
    assert q.message == "Could not build url for endpoint 'x'. Did you mean 'y' instead?"
    assert [f.line for f in q.frames] == [2548, 1796]


def test_django_debug_page_text_traceback_and_summary() -> None:
    # Django's copy-and-paste view (before 2.2): ``File "path" in func`` with the line's number
    # and source under it, then ``Exception Type: X at /path/`` and ``Exception Value: text``
    q = parse(
        "Traceback:\n\n"
        'File "/venv/lib/python2.7/site-packages/django/core/handlers/base.py" in get_response\n'
        "  132.                     response = callback(request, *callback_args, **callback_kwargs)\n"
        'File "/venv/lib/python2.7/site-packages/bleach/sanitizer.py" in clean\n'
        "  197.             raise TypeError('argument must be of text type')\n\n"
        "Exception Type: TypeError at /comments/\n"
        "Exception Value: argument must be of text type\n"
    )
    assert q.exc_type == "TypeError" and q.message == "argument must be of text type"
    assert [(f.path.rsplit("/", 1)[-1], f.line, f.function) for f in q.frames] == [
        ("base.py", 132, "get_response"),
        ("sanitizer.py", 197, "clean"),
    ]
    assert q.frames[-1].source == "raise TypeError('argument must be of text type')"
    # the page's heading (the class alone, or ``Class at /path/``) and the value under it, above
    # the frame the user copied
    for head in ("TypeError", "TypeError at /comments/"):
        q = parse(
            f"The error message says\n{head}\nargument must be of text type\nThe problem happens in\n"
            'File "/srv/env/lib/python2.7/site-packages/bleach/sanitizer.py" in clean\n'
            "  197.             raise TypeError('argument must be of text type')\n"
        )
        assert q.exc_type == "TypeError" and q.message == "argument must be of text type"
        assert q.frames[0].line == 197 and q.frames[0].function == "clean"
    # a word of prose alone on a line is no class
    q = parse('It fails with\nerror\nsomething odd\nFile "/srv/app/mod.py" in run\n  12.     go()\n')
    assert q.exc_type is None


def test_qualified_class_before_its_message_without_a_colon() -> None:
    # ``f"{cls.__module__}.{cls.__name__} {exc}"``: the class, a space, the message; a module
    # path before a lowercase name, or an unqualified class, is text
    url = "Invalid URL: https://i.reddit.it/someimage.jpg"
    expected = {
        f"praw.exceptions.InvalidURL {url}": ("praw.exceptions.InvalidURL", url),
        "numpy.ndarray Size mismatch": (None, "numpy.ndarray Size mismatch"),
        "os.path is not found": (None, "os.path is not found"),
        "InvalidURL Invalid URL: x": (None, "InvalidURL Invalid URL: x"),
    }
    got = {text: (q.exc_type, q.message) for text in expected for q in [parse(text)]}
    assert got == expected


def test_exception_repr_as_a_keyword_value_inside_another_repr() -> None:
    # a future's repr in an event loop's log line, a mock's recorded call: the exception inside
    q = parse(
        "2021-03-22 18:12:55,503 ERROR ioloop.handle_callback_exception: Exception in callback "
        "functools.partial(<function wrap.<locals>.null_wrapper at 0x7fe4>, "
        "<Future finished exception=RuntimeError('Cannot write() after finish()',)>)"
    )
    assert (q.exc_type, q.message) == ("RuntimeError", "Cannot write() after finish()")
    q = parse(
        "`Call(request=<PreparedRequest [GET]>, response=ConnectionError(u'Connection refused: http://x/',))`"
    )
    assert (q.exc_type, q.message) == ("ConnectionError", "Connection refused: http://x/")
    # an exception named before it is the line's error; the repr is part of its message
    text = "Command failed: pkg.TimeoutError: gave up, servers: [<Server error=AutoReconnect('refused')>]"
    q = parse(text)  # (the sentence before it is the reporter's label)
    assert (q.exc_type, q.message) == (
        "pkg.TimeoutError",
        "gave up, servers: [<Server error=AutoReconnect('refused')>]",
    )
    # a keyword's value that is no exception's repr stays text
    assert parse("Bad option size=Large(3) given").exc_type is None


def test_logger_name_glued_to_the_message() -> None:
    # logging's default ``LEVEL:name:message`` with the level left out of the paste
    q = parse("flask_wtf.csrf:The CSRF token is missing.")
    assert (q.exc_type, q.message) == (None, "The CSRF token is missing.")
    # with the level it is the whole prefix, as before
    q = parse("INFO:flask_wtf.csrf:The CSRF token is missing.")
    assert q.message == "The CSRF token is missing."
    # an entry point (``module:function``) or a name without a dot is text
    for text in ("see foo.bar:Baz", "myapp.wsgi:application not found", "csrf:The token is missing."):
        assert parse(text).message == text


def test_markdown_bold_dunder_in_a_frame() -> None:
    # ``__init__`` outside a code block renders bold in an issue, and the copy reads ``**init**``
    q = parse(
        ' File "/usr/lib/python2.6/site-packages/sh.py", line 552, in **init**\n'
        "    raise CommandNotFound(path)\n"
        "sh.CommandNotFound: None"
    )
    assert q.frames[0].function == "__init__" and q.exc_type == "sh.CommandNotFound"
    q = parse('  File "/x/aiohttp/client.py", line 578, in Cls.**iter**\n    return x\nValueError: boom')
    assert q.frames[0].function == "Cls.__iter__"
    q = parse('  File "/x/mod.py", line 5, in **\n    f()\nValueError: boom')
    assert q.frames[0].function == "**"


def test_a_log_record_above_a_traceback_cut_before_its_exception_line() -> None:
    # ``logger.exception("Exception inside application: %s", e)``: the record, then the frames of
    # packages other than the raising one, and the paste ends there; the record is the text
    q = parse(
        "2018-04-16 18:11:19,012 - ERROR - server - Exception inside application: You cannot use X here.\n"
        '  File "/venv/lib/python3.6/site-packages/channels/consumer.py", line 54, in __call__\n'
        "    await await_many_dispatch([receive], self.dispatch)\n"
        '  File "/app/chat/consumers.py", line 26, in connect\n'
        '    if self.scope["user"].is_anonymous:'
    )
    assert q.message.endswith("Exception inside application: You cannot use X here.")
    assert [f.line for f in q.frames] == [54, 26]
    # prose above a cut traceback is no log record: the message stays empty (frames only)
    q = parse(
        "I get this when I connect:\n"
        '  File "/venv/lib/python3.6/site-packages/channels/consumer.py", line 54, in __call__\n'
        "    await await_many_dispatch([receive], self.dispatch)"
    )
    assert q.message == "" and [f.line for f in q.frames] == [54]


def test_two_tracebacks_run_together_the_last_cut_before_its_exception_line() -> None:
    # a container's log: one whole traceback, then the next one starting, cut mid-frame
    q = parse(
        '  File "/venv/lib/python3.11/site-packages/pkg/sources.py", line 377, in __call__\n'
        "    raise SettingsError(\n"
        'pkg.sources.SettingsError: error parsing value for field "X" from source "Env"\n'
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.11/site-packages/pkg/sources.py", line 375, in __call__\n'
        "    field_value = self.prepare_field_value(field_name)\n"
        '  File "/venv/lib/python3.11/site-packages/pkg/sources.py", line 577, in prepare_field_value\n'
        "    raise e\n"
        '  File "/root/.cache/pyp'
    )
    assert q.exc_type == "pkg.sources.SettingsError"
    assert q.message == 'error parsing value for field "X" from source "Env"'
    assert [f.line for f in q.frames] == [377]
    # one traceback cut before its exception line keeps its frames (nothing whole before it)
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.11/site-packages/pkg/sources.py", line 577, in prepare_field_value\n'
        "    raise e"
    )
    assert q.exc_type is None and [f.line for f in q.frames] == [577]


def test_tab_indented_paste() -> None:
    q = parse(
        'File "/venv/lib/site-packages/report/matrix.py", line 108, in combined_result\n'
        "\t    if PASSED in results:\n"
        "\tjinja2.exceptions.UndefinedError: 'dict object' has no attribute '_login'"
    )
    assert q.exc_type == "jinja2.exceptions.UndefinedError"
    assert q.message == "'dict object' has no attribute '_login'"
    assert q.frames[0].source == "if PASSED in results:"


def test_paste_indented_as_a_code_block() -> None:
    # a traceback indented four spaces (a Markdown code block) with no header at the margin:
    # the exception line is not source under the last frame
    q = parse(
        "    nx.draw(graph,pos)\n"
        '      File "/usr/lib/python2.7/dist-packages/networkx/drawing/nx_pylab.py", line 383, in draw_networkx_nodes\n'
        "        raise nx.NetworkXError('Node %s has no position.' % e)\n"
        "    networkx.exception.NetworkXError: Node 0 has no position."
    )
    assert q.exc_type == "networkx.exception.NetworkXError"
    assert q.message == "Node 0 has no position."
    assert [(f.line, f.source) for f in q.frames] == [
        (383, "raise nx.NetworkXError('Node %s has no position.' % e)")
    ]
    # only the margin every line shares goes: a message's own indented lines keep theirs
    q = parse("  ValueError: bad config:\n      key: x")
    assert q.exc_type == "ValueError" and q.message == "bad config:\n    key: x"


def test_one_margin_spaces_or_tabs_the_first_line_may_open_at_its_text() -> None:
    # a code block (spaces) under a sentence introducing it, or a copy that starts at its first
    # line's text, past the margin: every line but the first shares the margin, which goes
    for text in (
        "It fails with:\n\n    nx.draw(graph,pos)\n"
        '      File "/usr/lib/python2.7/dist-packages/networkx/drawing/nx_pylab.py", line 383, in draw\n'
        "        raise nx.NetworkXError('Node %s has no position.' % e)\n"
        "    networkx.exception.NetworkXError: Node 0 has no position.",
        'File "/usr/lib/python2.7/dist-packages/networkx/drawing/nx_pylab.py", line 383, in draw\n'
        "        raise nx.NetworkXError('Node %s has no position.' % e)\n"
        "    networkx.exception.NetworkXError: Node 0 has no position.",
    ):
        q = parse(text)
        assert (q.exc_type, q.message) == ("networkx.exception.NetworkXError", "Node 0 has no position.")
        assert [f.source for f in q.frames] == ["raise nx.NetworkXError('Node %s has no position.' % e)"]
    # under an exception line at the margin, the indented lines are its message's own, tabs
    # as spaces: they keep their indentation
    q = parse("pkg.GrammarError: collision between the following rules:\n\t- <a : X>\n\t- <b : X>")
    assert q.message == "collision between the following rules:\n\t- <a : X>\n\t- <b : X>"


def test_an_exit_printed_after_the_error_is_not_the_paste_s_exception() -> None:
    # a program printed its error and exited; IPython reports the uncaught exit (a status
    # alone) and warns about exiting: the text before the exit is the error asked about, the
    # exit a block of its own tried when the text finds nothing
    q = parse(
        "ERROR: The function received no value for the required argument: prompt\n"
        "Usage: tool.py PROMPT <flags>\n"
        "An exception has occurred, use %tb to see the full traceback.\n\n"
        "pkg.core.ToolExit: 2\n"
        "/usr/lib/python3.8/site-packages/IPython/core/interactiveshell.py:3334: UserWarning: To exit: "
        "use 'exit', 'quit', or Ctrl-D.\n"
        "  warn(\"To exit: use 'exit', 'quit', or Ctrl-D.\", stacklevel=1)"
    )
    assert q.exc_type is None and q.message.startswith("ERROR: The function received no value")
    assert "ToolExit" not in q.message and "To exit" not in q.message
    assert q.primary == 1 and q.blocks[0].exc_type == "UserWarning"
    # the exit is the paste when nothing is before it, or when a traceback says where it was
    # raised; a status alone of another class is that class's error
    assert parse("SystemExit: 2").exc_type == "SystemExit"
    tb = 'Traceback (most recent call last):\n  File "x.py", line 3, in main\n    sys.exit(2)\nSystemExit: 2'
    assert (parse(tb).exc_type, parse(tb).message) == ("SystemExit", "2")
    assert parse("loading the table\nKeyError: 2").exc_type == "KeyError"


def test_interactive_prompt_after_the_traceback() -> None:
    # the interpreter's prompt for the next input, pasted with the session, ends no message
    q = parse(
        ">>> es = Elasticsearch()\n"
        "Traceback (most recent call last):\n"
        '  File "<stdin>", line 1, in <module>\n'
        '  File "/venv/lib/python3.9/site-packages/elasticsearch/_sync/client/__init__.py", line 196, in __init__\n'
        "    raise ValueError(\"Either 'hosts' or 'cloud_id' must be specified\")\n"
        "ValueError: Either 'hosts' or 'cloud_id' must be specified\n"
        ">>> \n"
    )
    assert q.exc_type == "ValueError"
    assert q.message == "Either 'hosts' or 'cloud_id' must be specified"


def test_frame_source_and_message_run_together_on_one_line() -> None:
    q = parse(
        'File "/usr/lib/site-packages/aiohttp/client_reqrep.py", line 1097, in json raise ContentTypeError( '
        "aiohttp.client_exceptions.ContentTypeError: 0, message='Attempt to decode JSON', url=URL('https://x/')"
    )
    assert [(f.line, f.function, f.source) for f in q.frames] == [(1097, "json", "raise ContentTypeError(")]
    assert q.exc_type == "aiohttp.client_exceptions.ContentTypeError"
    assert q.message == "0, message='Attempt to decode JSON', url=URL('https://x/')"


def test_rich_error_panel_of_a_cli() -> None:
    q = parse(
        "Usage: app.py [OPTIONS] COUNT\n"
        "Try 'app.py --help' for help.\n"
        "╭─ Error ─────────────────────────────────────╮\n"
        "│ Invalid value for 'count': 'abc' is not a   │\n"
        "│ valid integer.                              │\n"
        "╰─────────────────────────────────────────────╯\n"
    )
    assert q.message == "Invalid value for 'count': 'abc' is not a\nvalid integer."


def test_rich_traceback_panel_frames_and_marked_source() -> None:
    q = parse(
        "╭──────────── Traceback (most recent call last) ────────────╮\n"
        "│ /venv/lib/site-packages/yaml/scanner.py:577 in fetch_value │\n"
        "│                                                           │\n"
        "│   576 │   │   if not self.allow_simple_key:               │\n"
        "│ ❱ 577 │   │   │   raise ScannerError(None, None,          │\n"
        "│   578 │   │   │   │   'mapping values are not allowed'    │\n"
        "│ ╭──────── locals ────────╮                                │\n"
        "│ │ self = <SafeLoader>    │                                │\n"
        "│ ╰────────────────────────╯                                │\n"
        "╰───────────────────────────────────────────────────────────╯\n"
        "ScannerError: mapping values are not allowed here\n"
    )
    assert [(f.path, f.line, f.function, f.source) for f in q.frames] == [
        ("/venv/lib/site-packages/yaml/scanner.py", 577, "fetch_value", "raise ScannerError(None, None,")
    ]
    assert (q.exc_type, q.message) == ("ScannerError", "mapping values are not allowed here")
    # pasted from inside the panel, below the frame's own line: a frame known by its line
    q = parse("│ ❱ 577 │   raise ScannerError(None, None,  │\n╰────╯\nScannerError: mapping values")
    assert [(f.line, f.source) for f in q.frames] == [(577, "raise ScannerError(None, None,")]


def test_rich_frame_header_wrapped_before_its_function_name() -> None:
    # a narrow panel: rich wraps ``path:line in name`` at its last blank, the name alone on the
    # next row; the two rows are one frame (the paste stops in the locals, no error line)
    rows = [
        "C:\\venv\\lib\\site-packages\\pkg\\markup.py:161 in",
        "render",
        "",
        "  160 │   │   except KeyError:",
        "❱ 161 │   │   │   raise MarkupError(",
        "  162 │   │   │   │   f\"closing tag '{tag}' at",
        "╭──────── locals ────────╮",
    ]
    (frame,) = parse("".join(f"│ {row:<52} │\n" for row in rows)).frames
    assert (frame.path, frame.line, frame.function, frame.source) == (
        "C:\\venv\\lib\\site-packages\\pkg\\markup.py",
        161,
        "render",
        "raise MarkupError(",
    )
    # a row after the cut header that is no lone name is text of its own: the header is kept
    q = parse("│ /venv/pkg/mod.py:12 in   │\n│ two words here │\n")
    assert not q.frames


def test_a_whole_traceback_above_one_cut_in_its_frames_is_the_error() -> None:
    # a server's log: one traceback's tail (its header above the paste) and exception line, the
    # server's records, then the next traceback cut inside its frames; the cut one names no
    # error, so the whole one is read, its frames without the cut one's
    q = parse(
        '  File "/app/main.py", line 902, in update\n'
        "    response = await call_next(request)\n"
        '  File "/venv/site-packages/pkg/base.py", line 166, in call_next\n'
        '    raise RuntimeError("No response returned.")\n'
        "RuntimeError: No response returned.\n"
        'INFO:     10.0.0.7:0 - "GET /api/config HTTP/1.1" 200 OK\n'
        "ERROR:    Exception in ASGI application\n"
        "  + Exception Group Traceback (most recent call last):\n"
        '  |   File "/venv/site-packages/pkg/_utils.py", line 87, in collapse\n'
        "  |     yield\n"
        '  |   File "/venv/site-packages/pkg/base.py", line 190, in __call__\n'
    )
    assert q.exc_type == "RuntimeError"
    assert q.message.startswith("No response returned.")
    assert [(f.line, f.function) for f in q.frames] == [(902, "update"), (166, "call_next")]
    # no exception line between the two: nothing whole above, the frames are kept
    q = parse(
        '  File "/venv/pkg/a.py", line 3, in f\n'
        "    g()\n"
        "the server restarted\n"
        "Traceback (most recent call last):\n"
        '  File "/venv/pkg/b.py", line 9, in h\n'
        "    h2()\n"
    )
    assert [f.function for f in q.frames] == ["f", "h"]


def test_click_error_line() -> None:
    q = parse("Usage: script [OPTIONS]\nTry 'script --help' for help.\n\nError: No such option: -d")
    assert q.message == "No such option: -d"


def test_pytest_location_line_takes_the_marked_source() -> None:
    q = parse(
        "    def test_x():\n"
        ">       validate({'a': 1}, schema)\n"
        "\n"
        "tests/test_x.py:4: \n"
        "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n"
        ">       raise error\n"
        "E       jsonschema.exceptions.ValidationError: 1 is not of type 'string'\n"
        "\n"
        "/venv/lib/site-packages/jsonschema/validators.py:1332: ValidationError\n"
    )
    assert (q.frames[-1].line, q.frames[-1].source) == (1332, "raise error")
    assert q.message == "1 is not of type 'string'"


def test_pytest_flow_marker_continues_a_report_pasted_without_its_e_gutter() -> None:
    # pytest prints a report's further lines behind ``>``; pasted from its first line on (its
    # ``E`` gutter left out), those lines are the message, not marked source lines
    q = parse(
        "fixture 'save_folder' not found\n"
        ">       available fixtures: cache, capfd, tmp_path\n"
        ">       use 'pytest --fixtures [testpath]' for help on them.\n"
    )
    assert q.message == (
        "fixture 'save_folder' not found\n"
        "available fixtures: cache, capfd, tmp_path\n"
        "use 'pytest --fixtures [testpath]' for help on them."
    )


def test_exception_repr_alone_or_in_a_printed_exc_info_tuple() -> None:
    # ``print(repr(e))`` and ``print(sys.exc_info())``: the class, and the message as str()
    # prints it (one argument as itself, several as their tuple); parsed, never evaluated
    q = parse("UnsupportedProtocol(\"Request URL is missing an 'http://' protocol.\")")
    assert (q.exc_type, q.message) == ("UnsupportedProtocol", "Request URL is missing an 'http://' protocol.")
    q = parse(
        "(<class 'google.auth.exceptions.RefreshError'>, RefreshError('invalid_grant: Expired.', "
        "{'error': 'invalid_grant'}), <traceback object at 0x000002B34BB63700>)"
    )
    assert q.exc_type == "google.auth.exceptions.RefreshError"
    assert q.message == "('invalid_grant: Expired.', {'error': 'invalid_grant'})"
    # a call that is no exception's repr, or whose arguments are not literals, stays as it is
    assert parse("Decimal('1.5')").message == "Decimal('1.5')"
    assert parse("SomeError(object())").message == "SomeError(object())"


def test_traceback_cut_before_its_exception_line_under_a_log_record() -> None:
    # a log record above the traceback is its message (the logger's exc_info output, cut before
    # the exception's own line); the lines introducing the traceback are not part of it
    q = parse(
        "2024-10-25 11:56:21,216 - app - ERROR - Form data requires a package to be installed.\n"
        "\n"
        "Process SpawnProcess-1:\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.10/multiprocessing/process.py", line 314, in _bootstrap\n'
        "    self.run()\n"
    )
    assert len(q.frames) == 1 and len(q.blocks) == 1
    assert q.message.endswith("Form data requires a package to be installed.")
    # text that is no log record is an error of its own, tried after the traceback that has no
    # message
    q = parse(
        "Form data requires a package to be installed.\n"
        "\n"
        "Process SpawnProcess-1:\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.10/multiprocessing/process.py", line 314, in _bootstrap\n'
        "    self.run()\n"
    )
    assert q.message == "" and len(q.frames) == 1
    assert len(q.blocks) == 2 and q.primary == 1
    assert q.blocks[0].message == "Form data requires a package to be installed."
    # a traceback with its exception line keeps to it
    q = parse(
        "some log line\n"
        "Traceback (most recent call last):\n"
        '  File "/x/y.py", line 3, in f\n'
        "    g()\n"
        "ValueError: bad\n"
    )
    assert (len(q.blocks), q.message) == (1, "bad")


def test_exception_in_parentheses_at_the_end_of_another_librarys_log_line() -> None:
    # backoff logs ``Backing off f(...) for 1.8s (pkg.mod.SomeError: text)``; the latest line
    # counts, a parenthesis inside the text is kept, and prose in parentheses is no exception
    q = parse(
        "Backing off fetch(...) for 1.8s (tornado.simple_httpclient.HTTPTimeoutError: Timeout while connecting)\n"
        "Backing off fetch(...) for 0.8s (tornado.simple_httpclient.HTTPTimeoutError: Timeout (30s) while connecting)"
    )
    assert q.exc_type == "tornado.simple_httpclient.HTTPTimeoutError"
    assert q.message == "Timeout (30s) while connecting"
    q = parse("Giving up after 3 tries (see the log: it says why)")
    assert q.exc_type is None and q.message == "Giving up after 3 tries (see the log: it says why)"


def test_indented_exception_line_under_a_quoted_source_line() -> None:
    # a markdown quote of the source line and of the exception line, which keeps an indent
    q = parse(
        '>     f"Invalid args for response field! Hint: check that {type_} is a valid field type"\n'
        ">  fastapi.exceptions.FastAPIError: Invalid args for response field! Hint: check that int is a valid field type"
    )
    assert q.exc_type == "fastapi.exceptions.FastAPIError"
    assert q.message == "Invalid args for response field! Hint: check that int is a valid field type"


def test_retyped_capitals_are_still_a_type() -> None:
    q = parse("requests.exceptions.Connectionerror: Max retries exceeded")
    assert (q.exc_type, q.message) == ("requests.exceptions.Connectionerror", "Max retries exceeded")


def test_a_class_printed_without_a_message() -> None:
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/site-packages/nx/generic.py", line 387, in all_shortest_paths\n'
        "    raise nx.NetworkXNoPath()\n"
        "networkx.exception.NetworkXNoPath\n"
    )
    assert (q.exc_type, q.message) == ("networkx.exception.NetworkXNoPath", "")
    # a built-in class alone is what Python prints for it raised without a message (a library
    # class is printed with its module); another bare word stays the message
    for name in ("ValueError", "LookupError", "AssertionError", "StopIteration"):
        assert (parse(name).exc_type, parse(name).message) == (name, "")
    for text in ("Unexpected", "LibError", "print"):
        assert (parse(text).exc_type, parse(text).message) == (None, text)


def test_a_message_with_a_type_line_inside_is_also_read_from_the_type_before() -> None:
    # werkzeug's BadRequestKeyError prints a description whose last line is "KeyError: 'x'"
    q = parse(
        "werkzeug.exceptions.BadRequestKeyError: 400 Bad Request: The browser sent a bad request.\n"
        "KeyError: 'subject_id'"
    )
    assert (q.exc_type, q.message) == ("KeyError", "subject_id")  # tried first, as before
    earlier = q.blocks[q.primary - 1]
    assert earlier.exc_type == "werkzeug.exceptions.BadRequestKeyError"
    assert earlier.message == "400 Bad Request: The browser sent a bad request.\nKeyError: 'subject_id'"


def test_a_raise_line_run_together_with_the_exception_line_keeps_the_exception_line() -> None:
    # an issue title: the traceback's last source line, then the exception line, no frame
    q = parse('raise LinAlgError("Singular matrix") numpy.linalg.LinAlgError: Singular matrix')
    assert (q.exc_types, q.message) == (["numpy.linalg.LinAlgError"], "Singular matrix")
    # prose that merely begins with "raise" is left as it is
    q = parse("raise ValueError(x) is how you do it: see the docs")
    assert q.message == "raise ValueError(x) is how you do it: see the docs"


@pytest.mark.parametrize(
    "head",
    [
        "Jun 03 14:17:50 lpkqdqyyzu python3[10366]: ",  # journald / syslog: host, then the process tag
        "2021-08-28T15:43:16.266968+00:00 app[web.1]: ",  # Heroku's log stream: dyno tag
    ],
)
def test_system_log_heads_on_every_line(head: str) -> None:
    text = "\n".join(
        head + ln
        for ln in [
            "Traceback (most recent call last):",
            '  File "/usr/lib/python3/dist-packages/pandas/core/generic.py", line 638, in _set_axis',
            "    self._data.set_axis(axis, labels)",
            "ValueError: Length mismatch: Expected axis has 26 elements",
        ]
    )
    q = parse(text)
    assert q.exc_type == "ValueError" and q.message == "Length mismatch: Expected axis has 26 elements"
    assert q.frames[-1].function == "_set_axis" and q.frames[-1].line == 638


@pytest.mark.parametrize("head", ["2023-08-21 16:46:22 ", "2024-01-09T13:24:40.266968123Z "])
def test_a_log_viewer_s_timestamp_on_every_line_of_the_traceback(head: str) -> None:
    # ``docker logs --timestamps`` (or a viewer like it) stamps each line, the frames' too
    text = "\n".join(
        head + ln
        for ln in [
            '  File "/usr/lib/python3.6/site-packages/pymongo/topology.py", line 200, in _select_servers_loop',
            "    self._error_message(selector))",
            "pymongo.errors.ServerSelectionTimeoutError: localhost:27017: [Errno 111] Connection refused",
        ]
    )
    q = parse(text)
    assert q.exc_type == "pymongo.errors.ServerSelectionTimeoutError"
    assert q.message == "localhost:27017: [Errno 111] Connection refused"
    assert (q.frames[-1].function, q.frames[-1].line) == ("_select_servers_loop", 200)


@pytest.mark.parametrize("stamp", ["8:20:05 AM", "2024-01-09 13:24:40", "13:24:40.266Z"])
def test_a_log_viewer_s_time_on_a_line_of_its_own_before_every_line(stamp: str) -> None:
    # a web console's time column copied as text: the time on its own line before each line,
    # the traceback's own lines unindented
    body = [
        'File "/opt/venv/lib/python3.11/site-packages/pkg/core.py", line 1154, in report_error',
        "self.trouble(message)",
        'File "/opt/venv/lib/python3.11/site-packages/pkg/core.py", line 1093, in trouble',
        "raise DownloadError(message, exc_info)",
        "pkg.utils.DownloadError: ERROR: format is not available",
    ]
    q = parse("\n".join(part for ln in body for part in (stamp, ln)))
    assert q.exc_type == "pkg.utils.DownloadError"
    assert q.message == "ERROR: format is not available"
    assert [(f.function, f.line) for f in q.frames] == [("report_error", 1154), ("trouble", 1093)]
    assert q.frames[-1].source == "raise DownloadError(message, exc_info)"


def test_a_time_alone_on_a_line_or_two_stays() -> None:
    # a time the program printed on its own, twice: no viewer's column, the lines are the paste's
    from errdex.match.parse import clean

    text = "started\n10:00\nstopped\n10:05\nValueError: late"
    assert clean(text)[0] == text


def test_a_timestamp_on_log_records_only_is_the_record_s() -> None:
    # logging stamps the record, not the traceback under it: the stamp stays the record's
    text = (
        "2023-08-21 16:46:22 ERROR connect failed\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3/dist-packages/pkg/mod.py", line 3, in f\n'
        "    g()\n"
        "2023-08-21 16:46:23 ValueError: bad"
    )
    from errdex.match.parse import _STAMP, _strip_time_head, clean

    assert _strip_time_head(text.split("\n"), _STAMP, share=0.6, on_frames=True) == text.split("\n")
    assert clean(text)[0].startswith("2023-08-21 16:46:22 ERROR")


def test_a_system_log_head_on_a_few_lines_only_is_left() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3/dist-packages/pkg/mod.py", line 3, in f\n'
        "    g()\n"
        "ValueError: Jun 03 14:17:50 host app[web.1]: is not a valid date"
    )
    assert parse(text).message == "Jun 03 14:17:50 host app[web.1]: is not a valid date"


def test_code_fence_run_into_the_message_or_a_frame_line() -> None:
    # an issue's fence glued to the one line it wraps: the line is the error, not a fence
    q = parse("```ValueError: Unsupported version: see docs/migrations.rst for details```")
    assert q.exc_type == "ValueError"
    assert q.message == "Unsupported version: see docs/migrations.rst for details"
    # a fence opened on a traceback's first line keeps that line
    q = parse(
        '```Traceback (most recent call last):\n  File "/venv/pkg/app.py", line 234, in _check_state\n'
        "    raise MismatchingStateError()\n"
        "pkg.errors.MismatchingStateError: state differs```"
    )
    assert (q.exc_type, q.message) == ("pkg.errors.MismatchingStateError", "state differs")
    assert [(f.line, f.source) for f in q.frames] == [(234, "raise MismatchingStateError()")]
    # fence lines of their own, with a language tag, are dropped as before
    q = parse("```python\nValueError: bad value\n```")
    assert (q.exc_type, q.message) == ("ValueError", "bad value")


def test_chain_whose_last_part_is_cut_before_its_exception_line() -> None:
    chained = (
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.10/site-packages/pkg/db.py", line 3183, in connect\n'
        "    raise InterfaceError('Error, database must be initialized '\n"
        "pkg.db.InterfaceError: Error, database must be initialized before opening a connection.\n"
        "\n"
        "During handling of the above exception, another exception occurred:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "/app/main.py", line 5, in <module>\n'
        "    with database.atomic():\n"
        '  File "/venv/lib/python3.10/site-packages/pkg/db.py", line 4368, in __enter__\n'
    )
    # the cut part names no error and ends on no raise: the whole part is the error shown
    q = parse(chained + "    return self._helper.__enter__()")
    assert q.exc_type == "pkg.db.InterfaceError"
    assert q.message == "Error, database must be initialized before opening a connection."
    assert [f.line for f in q.frames] == [3183]
    # a cut part whose deepest frame is a raise still names that raise
    q = parse(chained + "    raise OperationalError(msg)")
    assert q.exc_type is None and q.frames[-1].line == 4368


def test_exception_line_in_a_code_span_or_quotes() -> None:
    # a Markdown code span inside prose: its text is the error, the prose is the reporter's
    q = parse("I get `pkg.validator.ValidationError: TEST_1 is required in env production` when run.")
    assert (q.exc_type, q.message) == (
        "pkg.validator.ValidationError",
        "TEST_1 is required in env production",
    )
    # a span that is the whole paste, with pdb's prefix inside, or a class named like any class
    q = parse("`*** pkg.core.exceptions.SocketOpenError: invalid server address`")
    assert (q.exc_type, q.message) == ("pkg.core.exceptions.SocketOpenError", "invalid server address")
    q = parse('`pkg.errors.FieldDoesNotExist: The fields "{\'ip\'}" do not exist on the document "User"`')
    assert q.exc_type == "pkg.errors.FieldDoesNotExist"
    assert q.message == 'The fields "{\'ip\'}" do not exist on the document "User"'
    # an issue title whose backtick is never closed
    q = parse("`pkg.traitlets.TraitError: The 'comm' trait expected a Comm")
    assert (q.exc_type, q.message) == ("pkg.traitlets.TraitError", "The 'comm' trait expected a Comm")
    # quotes around a qualified exception line
    q = parse('I keep receiving " pkg.exceptions.ResponseException: received 401 HTTP response "')
    assert (q.exc_type, q.message) == ("pkg.exceptions.ResponseException", "received 401 HTTP response")
    # a stray backtick closing a traceback's exception line
    q = parse(
        '`Traceback (most recent call last):\n  File "/venv/pkg/validator.py", line 177, in _validate\n'
        "    raise ValidationError(msg)\npkg.validator.ValidationError: X is required in env main`"
    )
    assert (q.exc_type, q.message) == ("pkg.validator.ValidationError", "X is required in env main")


def test_a_message_opening_with_its_own_backtick_keeps_the_last_one() -> None:
    # the text quotes from its first character on and its backticks do not pair up (an
    # f-string's first quote never closed): the last one is the raise's, not a reporter's mark
    line = "TypeError: `Child.save: path must be a supertype of `<class 'str'>` but is `<class 'int'>`"
    q = parse(line)
    assert (q.exc_type, q.message) == ("TypeError", line.removeprefix("TypeError: "))
    q = parse('Traceback (most recent call last):\n  File "/venv/pkg/sig.py", line 165, in check\n'
              "    raise TypeError(\n" + line)  # fmt: skip
    assert q.message == line.removeprefix("TypeError: ")
    # a stray closing backtick after a text of no backtick of its own is still dropped
    assert (
        parse("pkg.errors.SerialError: could not open port 'COM4'`").message == "could not open port 'COM4'"
    )


def test_a_message_quoted_whole_as_code_is_the_spans_text() -> None:
    # one line, one span, no class at its head: the backticks are the reporter's
    q = parse("`Error parsing parameter '--body': Unable to load paramfile file://x.json: [Errno 2] gone`")
    assert q.exc_type is None
    assert (
        q.message
        == "Error parsing parameter '--body': Unable to load paramfile file://x.json: [Errno 2] gone"
    )
    # spans inside the message, or two of them, are the message's own
    assert parse("`a` is not `b`").message == "`a` is not `b`"


def test_a_class_alone_above_its_text() -> None:
    # an error page's layout: the class on its own line, the text under it, no traceback
    q = parse(
        "_InactiveRpcError\n<_InactiveRpcError of RPC that terminated with:\n\tstatus = StatusCode.UNAVAILABLE"
    )
    assert q.exc_types == ["_InactiveRpcError"]
    assert q.message == "<_InactiveRpcError of RPC that terminated with:\n\tstatus = StatusCode.UNAVAILABLE"
    q = parse("pkg.errors.ConfigError\nmissing key 'name'")
    assert (q.exc_type, q.message) == ("pkg.errors.ConfigError", "missing key 'name'")
    # a word heading a report, or a class with its text on its own line, stays as it was
    assert parse("Report\nsomething failed").exc_types == []
    assert parse("ValueError: bad\nmore").message == "bad\nmore"


def test_code_spans_that_are_not_an_exception_line_stay_text() -> None:
    # a span of code or a quoted word inside a message is the message's own
    assert parse("ValueError: use `pkg.load` instead").message == "use `pkg.load` instead"
    q = parse('Invalid value for "mode": expected "a" or "b"')
    assert q.exc_type is None and q.message == 'Invalid value for "mode": expected "a" or "b"'
    q = parse("Run `make: all` first")
    assert q.exc_type is None and q.message == "Run `make: all` first"


def test_app_log_with_a_clock_time_on_every_line_and_paths_cut_to_the_package() -> None:
    q = parse(
        "21:56:47 app/router.py:87:call_api exception=bad_state: State differs. stack=Traceback (most recent call last):\n"
        '21:56:47 app/router.py", line 79, in call_api\n'
        "21:56:47 r = f()\n"
        '21:56:47 pkg/client/base_app.py", line 125, in _check_state\n'
        "21:56:47 raise MismatchingStateError()\n"
        "21:56:47 pkg.client.errors.MismatchingStateError: bad_state: State differs."
    )
    assert (q.exc_type, q.message) == ("pkg.client.errors.MismatchingStateError", "bad_state: State differs.")
    assert [(f.path, f.line, f.function) for f in q.frames] == [
        ("app/router.py", 79, "call_api"),
        ("pkg/client/base_app.py", 125, "_check_state"),
    ]
    # a paste that starts inside a frame line (here after a fence) keeps that frame
    q = parse(
        '```\\venv\\Lib\\site-packages\\pkg\\client\\sync_app.py", line 234, in _check_state\n'
        "    raise MismatchingStateError()\n"
        "pkg.client.errors.MismatchingStateError"
    )
    assert q.exc_type == "pkg.client.errors.MismatchingStateError"
    assert [(f.line, f.function, f.source) for f in q.frames] == [
        (234, "_check_state", "raise MismatchingStateError()")
    ]


def test_clock_times_on_some_lines_only_stay() -> None:
    # a message that mentions a time is not a log with a clock on every line
    q = parse("ValueError: 12:30:00 is not a valid slot\n  use one of the listed slots")
    assert q.message == "12:30:00 is not a valid slot\n  use one of the listed slots"


def test_a_warning_printed_above_a_traceback_leaves_the_exception_first() -> None:
    # a command warns (a settings module it cannot import), then fails: the exception is the
    # error asked about, the warning an earlier block tried only when it finds nothing
    q = parse(
        "/usr/lib/python3/site-packages/tool/project.py:17: UserWarning: Cannot import settings module x\n"
        '  warnings.warn("Cannot import settings module %s" % name)\n'
        "...\n"
        '  File "/usr/lib/python3/site-packages/tool/loader.py", line 43, in create\n'
        '    raise KeyError("Spider not found: %s" % name)\n'
        "KeyError: 'Spider not found: fb'\n"
    )
    assert q.exc_type == "KeyError" and q.message == "Spider not found: fb"
    assert [f.function for f in q.frames] == ["create"]
    assert q.blocks[0].exc_type == "UserWarning" and q.primary == 1
    # warnings alone stay the error asked about
    q = parse("/app/tool/project.py:17: UserWarning: Cannot import settings module x\n  warnings.warn(x)\n")
    assert q.exc_type == "UserWarning" and q.kind == "warning"


def test_an_error_printed_after_a_warnings_report_is_the_error_asked_about() -> None:
    # ``setup.py`` warns of an unknown option, then distutils prints ``error: ...``: the
    # warning's report ends at its echoed source line, the error after it is the paste's error
    q = parse(
        "/usr/lib/python3/dist-packages/setuptools/_distutils/dist.py:265: UserWarning: Unknown option: 'x'\n"
        "  warnings.warn(msg)\n"
        "error: Multiple top-level packages discovered in a flat-layout: ['core', 'plugins'].\n"
    )
    assert q.message.startswith("error: Multiple top-level packages") and q.exc_type is None
    assert q.blocks[0].exc_type == "UserWarning" and q.primary == 1
    q = parse("/app/x.py:3: UserWarning: old option\n  warnings.warn(msg)\nValueError: bad value 3\n")
    assert q.exc_type == "ValueError" and q.message == "bad value 3"
    # text after the echo that is no error line stays with the warning
    q = parse("/app/x.py:3: UserWarning: old option\n  warnings.warn(msg)\nsee the docs\n")
    assert q.exc_type == "UserWarning" and q.kind == "warning"


def test_a_module_qualified_class_after_a_cli_error_label() -> None:
    q = parse("Error: sh.CommandNotFound: pg_dump")
    assert q.exc_type == "sh.CommandNotFound" and q.message == "pg_dump"
    # a further undotted name without a class's suffix stays the message's
    q = parse("ValueError: Rows: must be positive")
    assert q.exc_type == "ValueError" and q.message == "Rows: must be positive"


def test_a_python2_exception_repr_behind_an_application_prefix() -> None:
    # Python 2 printed a comma after the last argument; the application put its words and a
    # path with spaces before the repr
    q = parse(r"Unreadable Notebook: C:\Users\me\My Notes.ipynb NotJSONError('Notebook is not JSON: x',)")
    assert q.exc_type == "NotJSONError" and q.message == "Notebook is not JSON: x"
    q = parse("`NotJSONError('Notebook is not JSON: x',)`")
    assert q.exc_type == "NotJSONError" and q.message == "Notebook is not JSON: x"
    # words ending in a parenthesis are not a repr
    q = parse("the run failed (see Log(x) for details)")
    assert q.exc_type is None and q.message == "the run failed (see Log(x) for details)"


def test_an_issue_titles_bracketed_tag_before_the_exception_line() -> None:
    q = parse("[Bug] ValueError: the frame is empty")
    assert q.exc_type == "ValueError" and q.message == "the frame is empty"
    q = parse("[Pixiv Login] soupsieve.util.SelectorSyntaxError: Malformed attribute selector at position 5")
    assert q.exc_type == "soupsieve.util.SelectorSyntaxError"
    assert q.message == "Malformed attribute selector at position 5"
    # brackets that open the message itself, before words that name no exception, stay
    q = parse("[1, 2] Shapes: cannot broadcast")
    assert q.exc_type is None and q.message == "[1, 2] Shapes: cannot broadcast"


def test_the_shell_command_a_console_paste_opens_with_is_not_the_message() -> None:
    q = parse(
        "$ cookiecutter https://github.com/someone/template\n"
        'A valid repository for "https://github.com/someone/template" could not be found in the '
        "following locations:\nc:\\Users\\me\\.cookiecutters\\template"
    )
    assert q.message.startswith('A valid repository for "https://github.com/someone/template"')
    assert q.message.endswith("c:\\Users\\me\\.cookiecutters\\template")
    # a command alone is all there is
    assert parse("$ pip install errdex").message == "$ pip install errdex"


@pytest.mark.parametrize(
    "prompt",
    [
        "(venv) user@host:~/proj$ python app.py --in data.json",  # bash's default, a venv before it
        "root@box:/srv# python app.py",  # bash's root prompt
        "me@MacBook-Pro proj % python3 app.py",  # zsh on macOS
        "me@box ~/proj (fix-release) $ tool exec yarn",  # bash customised: directory, git branch
        "~/src/tool> /usr/bin/python ./convert.py /tmp/90.jpg",  # a prompt ending in the directory
        "PS C:\\Users\\me\\proj> python app.py",  # PowerShell
        "C:\\Users\\me> python app.py",  # cmd
    ],
)
def test_a_command_at_any_usual_shell_prompt_before_a_classless_message_is_not_the_message(
    prompt: str,
) -> None:
    # the script printed the exception's text alone (``print(e)``) under the command typed
    q = parse(f"{prompt}\nWidget config was not in the expected format, missing fields name, size.")
    assert q.exc_type is None
    assert q.message == "Widget config was not in the expected format, missing fields name, size."


def test_prose_with_an_angle_bracket_or_an_at_sign_is_no_prompt() -> None:
    text = "when a > b the parser says\nWidget config was not in the expected format."
    assert parse(text).message == text
    text = "mail me@host.org: it fails with\nWidget config was not in the expected format."
    assert parse(text).message == text
    text = "me@host.org is at 90% of its quota\nWidget config was not in the expected format."
    assert parse(text).message == text


def test_a_nested_exception_repr_ending_a_message_stays_its_text() -> None:
    # the repr of the cause, after the outer message's colon, is the message's value
    q = parse("pika.exceptions.StreamLostError: Stream connection lost: ConnectionResetError(104, 'reset')")
    assert q.exc_type == "pika.exceptions.StreamLostError"
    assert q.message == "Stream connection lost: ConnectionResetError(104, 'reset')"
    q = parse("Stream connection lost: ConnectionResetError(104, 'reset')")
    assert q.exc_type is None and q.message == "Stream connection lost: ConnectionResetError(104, 'reset')"


def test_one_time_head_rule_with_the_clock_s_and_the_stamp_s_thresholds() -> None:
    # the clock on every line, the stamp on most lines and on the traceback's own: one rule
    from errdex.match.parse import _CLOCK, _STAMP, _strip_time_head

    clock = ["21:56:47 Traceback (most recent call last):", "21:56:47 ValueError: bad"]
    assert _strip_time_head(clock, _CLOCK, share=1.0, at_least=2) == [
        "Traceback (most recent call last):",
        "ValueError: bad",
    ]
    # one line without the clock keeps them all; so does a single line
    assert _strip_time_head([*clock, "ValueError: bad"], _CLOCK, share=1.0, at_least=2)[0] == clock[0]
    assert _strip_time_head(clock[:1], _CLOCK, share=1.0, at_least=2) == clock[:1]
    stamped = [
        "2023-08-21 16:46:22 Traceback (most recent call last):",
        '2023-08-21 16:46:22   File "/pkg/mod.py", line 3, in f',
        "    g()",
        "2023-08-21 16:46:22 ValueError: bad",
    ]
    out = _strip_time_head(stamped, _STAMP, share=0.6, on_frames=True)
    assert out == [
        "Traceback (most recent call last):",
        '  File "/pkg/mod.py", line 3, in f',
        "    g()",
        "ValueError: bad",
    ]
    # most lines are not all: the clock's share leaves the stamped lines alone
    assert _strip_time_head(stamped, _STAMP, share=1.0) == stamped


def test_an_error_box_with_the_exception_line_first_then_a_traceback_header() -> None:
    # Streamlit's box: the exception line, ``Traceback:``, then frames without indentation; the
    # header is no class named ``Traceback`` and no message line
    q = parse(
        "RegexMatchError: get_name: could not find match for multiple\n"
        "Traceback:\n"
        'File "/venv/lib/python3.12/site-packages/tube/__main__.py", line 188, in fmt_streams\n'
        "    extract.apply_signature(stream_manifest, self.vid_info, self.js)\n"
    )
    assert (q.exc_type, q.message) == ("RegexMatchError", "get_name: could not find match for multiple")
    assert [f.function for f in q.frames] == ["fmt_streams"]


def test_log_records_after_the_exception_line_are_not_its_message() -> None:
    # the application logs on after the traceback: its records are later output, not the error
    tb = (
        "Traceback (most recent call last):\n"
        '  File "/app/main.py", line 10, in <module>\n'
        "    run()\n"
        '  File "/venv/site-packages/requests/models.py", line 440, in prepare_url\n'
        '    raise InvalidURL(f"Invalid URL {url!r}: No host supplied")\n'
        "requests.exceptions.InvalidURL: Invalid URL 'http://': No host supplied\n"
    )
    for records in (
        "2024-05-01 12:00:01,234 INFO app: shutting down\n2024-05-01 12:00:01,240 WARNING app: pool closed\n",
        "INFO:urllib3.connectionpool:Starting new HTTPS connection (1): example.org:443\nWARNING:app:retrying\n",
    ):
        q = parse(tb + records)
        assert q.exc_type == "requests.exceptions.InvalidURL"
        assert q.message == "Invalid URL 'http://': No host supplied"
    # without a traceback too, after the last exception line
    q = parse("starting\nValueError: bad value\nINFO:app:shutting down")
    assert (q.exc_type, q.message) == ("ValueError", "bad value")
    # a multi-line message keeps its lines; a log record alone stays the message
    q = parse(tb.replace("No host supplied\n", "No host supplied\n  more detail\n"))
    assert q.message == "Invalid URL 'http://': No host supplied\n  more detail"
    assert parse("WARNING:app:disk almost full").message == "disk almost full"


def test_a_log_printed_in_columns_gives_the_record_s_level_and_its_wrapped_message() -> None:
    # rich's RichHandler: ``[time]`` column, the level padded to 8, the message, the logging
    # call's ``file.py:12`` right-aligned; a wrapped message continues under the message column
    text = (
        "[12/02/26 13:01:02] WARNING  Error during upload. Retry with the --verbose option   upload.py:101\n"
        "                             for more details.\n"
    )
    q = parse(text)
    assert q.kind == "log" and q.level == "WARNING"
    assert q.message == "Error during upload. Retry with the --verbose option\nfor more details."
    # no time column, the class a program logged in front of its text
    q = parse("ERROR    HTTPError: 400 Bad Request from https://host/\n         Bad Request\n")
    assert q.exc_types == ["log.ERROR", "HTTPError"]
    assert q.message == "400 Bad Request from https://host/\nBad Request"
    # ``%(levelname)-8s %(message)s``: CRITICAL fills its column; an unindented line ends the record
    q = parse("CRITICAL disk quota exceeded for /data\nsomething else\n")
    assert q.level == "CRITICAL" and q.message == "disk quota exceeded for /data\nsomething else"
    # a word of prose is no level column
    assert parse("ERROR in the config: no key").message == "ERROR in the config: no key"


@pytest.mark.parametrize(
    ("first", "label"),
    [
        # an embedding application's logger (Unreal Engine's ``LogPython: Error: ``) on each line
        ("LogPython: Error: ", "LogPython: Error: "),
        # torch.distributed's ``[rank0]: `` before each line a worker prints; the user's
        # blockquote mark may open the first line only
        ("> [rank0]: ", "[rank0]: "),
    ],
)
def test_a_label_on_every_line_is_the_host_s_not_the_error_s(first: str, label: str) -> None:
    text = (
        f"{first}Traceback (most recent call last):\n"
        f'{label}  File "/app/lib/pkg/api.py", line 28, in open\n'
        f"{label}    raise PackageNotFoundError(\"Package not found at '%s'\" % path)\n"
        f"{label}pkg.exc.PackageNotFoundError: Package not found at 'a.pptx'\n"
    )
    q = parse(text)
    assert q.exc_type == "pkg.exc.PackageNotFoundError" and q.message == "Package not found at 'a.pptx'"
    assert q.frames[-1].function == "open" and q.frames[-1].line == 28
    # an exception class on every line is the message's own, and so is a label on two lines
    q = parse("ValueError: a\nValueError: b\nValueError: c\n")
    assert q.exc_type == "ValueError"
    assert parse("Hint: x\nHint: y\n").message == "Hint: x\nHint: y"
    # a bracketed label on some lines only is the text's own
    assert parse("[note]: see below\nValueError: bad value\nmore prose here\n").exc_type == "ValueError"


def test_inline_code_span_holding_the_error_line() -> None:
    # an issue quotes the error line as inline code under a sentence: the span's text is the line
    q = parse(
        "It works on the first call, then I get a traceback that ends with\n"
        "`pkg.errors.DriverError: Message: permission denied`"
    )
    assert (q.exc_type, q.message) == ("pkg.errors.DriverError", "Message: permission denied")
    # backticks inside the message are the message's own
    q = parse("ValueError: use `f(x)` instead of `g(x)`")
    assert q.message == "use `f(x)` instead of `g(x)`"


def test_qualified_class_of_one_word_and_a_sentence_before_it() -> None:
    # Python prints a library class with its module: ``pkg.error.Conflict`` is a class although
    # its name has no exception's suffix; in a code span too
    for text in ("pkg.error.Conflict: Conflict: terminated by another request",
                 "`pkg.error.Conflict: Conflict: terminated by another request`"):  # fmt: skip
        q = parse(text)
        assert (q.exc_type, q.message) == ("pkg.error.Conflict", "Conflict: terminated by another request")
    # the reporter's sentence before it is a label
    q = parse("I get the error message: pkg.errors.Forbidden: 403 Forbidden, no access")
    assert (q.exc_type, q.message) == ("pkg.errors.Forbidden", "403 Forbidden, no access")
    # a logger's lower-case name, and prose with a dotted word, stay text
    assert parse("myapp.worker: started").exc_type is None
    assert parse("Note: see pkg.mod.thing: here").exc_type is None


_CUT_ON_A_RAISE = [
    # the paste ends on the last frame's source: its raise of a literal is the error shown
    (
        "Traceback (most recent call last):\n"
        '  File "__init__.py", line 295, in __call__\n'
        "    raise ClipError('Could not find a copy mechanism for your system. See https:/",
        ("ClipError", "Could not find a copy mechanism for your system. See https:/"),
    ),
    # a rich panel's last lines: the marked line is the frame's source
    (
        '│   179 │   except ValueError:\n│ ❱ 180 │   │   raise pkg.TokenError("Not enough segments")\n│   181 │',
        ("TokenError", "Not enough segments"),
    ),
    # an f-string's fields are unknown (its class is the statement's: ``_class_of_raise_line``),
    # and a frame ending elsewhere names nothing
    (
        'Traceback (most recent call last):\n  File "m.py", line 3, in f\n    raise KeyError(f"no {key}")',
        ("KeyError", ""),
    ),
    ('Traceback (most recent call last):\n  File "m.py", line 3, in f\n    return g(x)', (None, "")),
]


@pytest.mark.parametrize(("text", "expected"), _CUT_ON_A_RAISE)
def test_traceback_cut_before_its_exception_line_on_a_raise_of_a_literal(
    text: str, expected: tuple[str | None, str]
) -> None:
    q = parse(text)
    assert (q.exc_type, q.message) == expected


def test_a_log_collector_s_tags_on_every_line_are_one_column() -> None:
    # billiard under Celery, stored by a log collector (a real paste's shape): a timestamp that
    # differs on every line and two tags, before Celery's own record heads and the traceback
    text = (
        "[2017-06-09 16:20:00.942315] [ljeugk] [c2] [2017-06-09 08:20:00,941: ERROR/MainProcess] "
        "Process 'PoolWorker-3' pid:19 exited with 'signal 9 (SIGKILL)'\n"
        "[2017-06-09 16:20:00.954078] [ljeugk] [c2] Traceback (most recent call last):\n"
        '[2017-06-09 16:20:00.954094] [ljeugk] [c2]   File "/usr/lib/billiard/pool.py", line 1224, in '
        "mark_as_worker_lost\n"
        "[2017-06-09 16:20:00.954121] [ljeugk] [c2]     human_status(exitcode)),\n"
        "[2017-06-09 16:20:00.954136] [ljeugk] [c2] billiard.exceptions.WorkerLostError: Worker exited "
        "prematurely: signal 9 (SIGKILL).\n"
    )
    q = parse(text)
    assert (q.exc_type, q.message) == (
        "billiard.exceptions.WorkerLostError",
        "Worker exited prematurely: signal 9 (SIGKILL).",
    )
    assert [(f.path, f.line, f.function, f.source) for f in q.frames] == [
        ("/usr/lib/billiard/pool.py", 1224, "mark_as_worker_lost", "human_status(exitcode)),")
    ]
    # the same tags on log records alone are the records' heads, and stay
    records = "\n".join(f"[2017-06-09 16:20:0{i}.95] [ljeugk] [c2] ERROR: step {i} failed" for i in range(4))
    assert "[ljeugk]" in parse(records).text


_RICH_FRAGMENT = (  # hatchling's metadata check, pasted from inside a rich traceback panel
    "│ ❱  113 │   │   │   name = self.core_raw_metadata.get('name', '')        │\n"
    "│    114 │   │   │   if not name:                                         │\n"
    "│    115 │   │   │   │   message = 'Missing required field `project.name`' │\n"
    "│    116 │   │   │   │   raise ValueError(message)                        │\n"
)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # no exception line, only the frame's source lines (a real paste's shape): the raise of a
        # message variable bound to a literal a line above prints that class and that text
        (_RICH_FRAGMENT, ("ValueError", "Missing required field `project.name`")),
        # a plain frame whose context shows ``raise Cls("text")`` below its line
        ('  File "lib/core.py", line 12, in load\n    data = read(path)\n    raise KeyError("no data")\n',
         ("KeyError", "no data")),
        # a raise above the last frame's line is another frame's, and says nothing
        ('  File "lib/a.py", line 3, in f\n    raise ValueError("outer")\n  File "lib/b.py", line 9, in g\n    h()\n',
         (None, "")),
        # IPython's context lines below its arrow, as rich's below its marked line
        ('File /lib/core.py:14, in load(path)\n---> 14 data = read(path)\n     15 if not data:\n'
         '     16     raise KeyError("no data")\n', ("KeyError", "no data")),
        # IPython's context lines above its arrow are lines the frame did not reach
        ('File /lib/core.py:14, in load(path)\n     12 if not path:\n     13     raise KeyError("no path")\n'
         '---> 14 data = read(path)\n     15 return data\n', (None, "")),
        # a variable bound to something else than a literal is unknown
        ("│ ❱ 10 │ msg = build(x) │\n│   11 │ raise ValueError(msg) │\n", (None, "")),
    ],
)  # fmt: skip
def test_a_shown_raise_below_the_marked_line_names_the_error(text: str, want: tuple[str | None, str]) -> None:
    q = parse(text)
    assert (q.exc_type, q.message) == want


def test_frame_lines_whose_paths_lost_their_quotes() -> None:
    # a traceback rendered through Markdown: ``File /path, line N, in f`` at the margin, the
    # path unquoted; each is still a frame, with its source line under it
    q = parse(
        "Traceback (most recent call last):\n"
        "File /usr/lib/python3.8/site-packages/kvstore/_transport.py, line 329, in perform_request\n"
        "    meta, raw = node.perform_request(\n"
        "File /usr/lib/python3.8/site-packages/kvstore/_node/_http.py, line 199, in perform_request\n"
        "    raise err from None\n"
        "kvstore.ConnectionError: Connection error caused by: OSError(refused)\n"
    )
    assert q.exc_type == "kvstore.ConnectionError"
    assert q.message == "Connection error caused by: OSError(refused)"
    assert [(f.path, f.line, f.function) for f in q.frames] == [
        ("/usr/lib/python3.8/site-packages/kvstore/_transport.py", 329, "perform_request"),
        ("/usr/lib/python3.8/site-packages/kvstore/_node/_http.py", 199, "perform_request"),
    ]
    assert q.frames[-1].source == "raise err from None"


CLEO = """\
$ poetry install

  RuntimeError

  The Poetry configuration is invalid:
    - Additional properties are not allowed ('group' was unexpected)

  at /usr/lib/python3/dist-packages/poetry/core/factory.py:43 in create_poetry
       39│             message = ""
       40│             for error in check_result["errors"]:
       41│                 message += "  - {}\\n".format(error)
       42│
    →  43│             raise RuntimeError("The Poetry configuration is invalid:\\n" + message)
       44│
       45│         # Load package
"""


def test_cleo_rendering() -> None:
    # poetry's (cleo's) exception: the class alone, a blank line, the message indented under it,
    # then ``at path:line in function`` and numbered source lines, the raising one marked ``→``
    q = parse(CLEO)
    assert q.exc_type == "RuntimeError"
    assert q.message == (
        "The Poetry configuration is invalid:\n  - Additional properties are not allowed ('group' was unexpected)"
    )
    (f,) = q.frames
    assert (f.path, f.line, f.function) == (
        "/usr/lib/python3/dist-packages/poetry/core/factory.py",
        43,
        "create_poetry",
    )
    assert f.source == 'raise RuntimeError("The Poetry configuration is invalid:\\n" + message)'


def test_cleo_rendering_with_its_stack_and_a_chain() -> None:
    # ``-vvv``: the stack's numbered frames above the error; an error raised while another was
    # handled: cleo prints the earlier one first, then its own separator and the later one
    stack = (
        "  Stack trace:\n\n"
        "  2  ~/.local/lib/python3.10/site-packages/cleo/application.py:327 in run\n"
        "       325│\n"
        "       326│             try:\n"
        "     → 327│                 exit_code = self._run(io)\n\n"
        "  1  ~/.local/lib/python3.10/site-packages/poetry/core/version/requirements.py:73 in __init__\n"
        "     →  73│             self.constraint = parse_constraint(constraint)\n\n"
    )
    text = (
        stack + "  ParseConstraintError\n\n  Could not parse version constraint: >=^0.29\n\n"
        "  at ~/.local/lib/python3.10/site-packages/poetry/core/constraints/version/parser.py:169"
        " in parse_single_constraint\n"
        '    → 169│     raise ParseConstraintError(f"Could not parse version constraint: {constraint}")\n\n'
        "The following error occurred when trying to handle this error:\n\n\n"
        "  InvalidRequirement\n\n"
        '  The requirement is invalid: invalid version constraint ">=^0.29"\n\n'
        "  at ~/.local/lib/python3.10/site-packages/poetry/core/version/requirements.py:75 in __init__\n"
        "    →  75│             raise InvalidRequirement(\n"
    )
    q = parse(text)
    assert q.exc_type == "InvalidRequirement"
    assert q.message == 'The requirement is invalid: invalid version constraint ">=^0.29"'
    assert [(f.line, f.function) for f in q.frames] == [(75, "__init__")]
    first = q.blocks[q.primary - 1]
    assert first.exc_type == "ParseConstraintError"
    assert first.message == "Could not parse version constraint: >=^0.29"
    assert [(f.line, f.function) for f in first.frames] == [
        (327, "run"),
        (73, "__init__"),
        (169, "parse_single_constraint"),
    ]
    assert first.frames[0].source == "exit_code = self._run(io)"


_JSON_BODY = (  # an API's error body as a client logged it: the traceback is one escaped JSON string
    '{"detail":"Failed to load items","error":"internal","traceback":"Traceback (most recent call last):\\n'
    '  File \\"/srv/app/.venv/lib/python3.12/site-packages/dbdriver/core.py\\", line 204, in _make_socket\\n'
    "    sock = socket.create_connection((host, port), timeout)\\n"
    '  File \\"/usr/lib/python3.12/socket.py\\", line 850, in create_connection\\n'
    "    sock.connect(sa)\\n"
    'TimeoutError: [Errno 110] Operation timed out\\n"}'
)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a JSON string holding a traceback: its escapes resolved, keys dropped, each value on
        # lines of its own, the traceback parsed as printed
        (_JSON_BODY, ("TimeoutError", "[Errno 110] Operation timed out", [
            ("/srv/app/.venv/lib/python3.12/site-packages/dbdriver/core.py", 204, "_make_socket"),
            ("/usr/lib/python3.12/socket.py", 850, "create_connection")])),
        # one quoted string, cut where the paste ends (no closing quote)
        ('"Traceback (most recent call last):\\n  File \\"/app/job.py\\", line 3, in run\\n    load(\\"x\\")\\n'
         "ValueError: bad\\tinput",
         ("ValueError", "bad\tinput", [("/app/job.py", 3, "run")])),
        # a Python repr of the text (the quotes inside left unescaped): the line unescaped whole
        ("'Traceback (most recent call last):\\n  File \"/app/job.py\", line 3, in run\\n    load()\\n"
         "KeyError: missing\\n'",
         ("KeyError", "missing", [("/app/job.py", 3, "run")])),
        # a traceback's end copied out of the middle of a JSON string: it starts at a frame whose
        # path's quotes are escaped, with no escaped line break before it, and ends at the string's
        # closing quote
        ('  File \\"/srv/app/.venv/lib/python3.13/site-packages/kit/agent.py\\", line 121, in bump\\n'
         "    raise errors.RetryLimit(message) from error\\n"
         'kit.errors.RetryLimit: Exceeded maximum retries (1) for output validation\\n"',
         ("kit.errors.RetryLimit", "Exceeded maximum retries (1) for output validation",
          [("/srv/app/.venv/lib/python3.13/site-packages/kit/agent.py", 121, "bump")])),
        # a notebook's error output saved as JSON: IPython's coloured traceback, each colour
        # code's escape character written as ``\\u001b``, the excerpt starting inside the string
        ('\\u001b[36mFile \\u001b[39m\\u001b[32mc:\\\\venv\\\\Lib\\\\site-packages\\\\hub\\\\http.py:481\\u001b[39m, '
         "in \\u001b[36mraise_for_status\\u001b[39m\\u001b[34m(response)\\u001b[39m\\n"
         "\\u001b[32m--> \\u001b[39m\\u001b[32m481\\u001b[39m \\u001b[38;5;28;01mraise\\u001b[39;00m HubError(str(e))\\n\\n"
         '\\u001b[31mHubError\\u001b[39m: 503 Server Error: Service Unavailable\\n"',
         ("HubError", "503 Server Error: Service Unavailable",
          [("c:\\venv\\Lib\\site-packages\\hub\\http.py", 481, "raise_for_status")])),
    ],
)  # fmt: skip
def test_a_traceback_pasted_with_escaped_line_breaks_is_unescaped(
    text: str, want: tuple[str, str, list[tuple[str, int, str]]]
) -> None:
    q = parse(text)
    assert (q.exc_type, q.message, [(f.path, f.line, f.function) for f in q.frames]) == want


def test_a_traceback_with_real_line_breaks_keeps_the_escapes_its_lines_show() -> None:
    # a frame's source printing an escaped newline: the paste has real lines and is left as is
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "/app/report.py", line 9, in emit\n'
        '    out.write("Traceback (most recent call last):\\n" + body)\n'
        "OSError: [Errno 28] No space left on device\n"
    )
    assert q.exc_type == "OSError"
    assert q.frames[-1].source == 'out.write("Traceback (most recent call last):\\n" + body)'


_PYTEST_ENTRY = (  # pytest's long report of a library frame, cut before its ``>`` and ``E`` lines
    "self = <kernelkit.client.BlockingClient object at 0x7f9e103e7588>\n"
    "timeout = 60\n"
    "\n"
    "    def wait_for_ready(self, timeout=None):\n"
    '        """Wait until the kernel answers."""\n'
    "        abs_timeout = time.time() + timeout\n"
    "        while not self.is_alive():\n"
    "            if time.time() > abs_timeout:\n"
    '                raise RuntimeError("Kernel didn\'t respond in %d seconds" % timeout)\n'
    "            time.sleep(0.2)\n"
)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the entry's arguments, then its ``def`` and source: the last literal raise shown
        (_PYTEST_ENTRY, ("RuntimeError", "Kernel didn't respond in %d seconds")),
        # the entry's ``>`` line is the raise (cut before ``E``): that class and that text
        ("    def test_load():\n>       load()\n\ntests/test_io.py:7: \n"
         "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n\npath = None\n\n    def load(path=None):\n"
         "        if path is None:\n>           raise ValueError('no path given')\n",
         ("ValueError", "no path given")),
        # a ``>`` line that is no raise: the raise above it was not reached, nothing is known
        ("path = 'a'\n\n    def load(path=None):\n        if path is None:\n"
         "            raise ValueError('no path given')\n>       return read(path)\n", (None, None)),
        # plain code with a raise, no pytest shape: the text stays the message
        ("if x is None:\n    raise ValueError('no x')\n", (None, None)),
    ],
)  # fmt: skip
def test_a_pytest_entry_cut_before_its_e_line_names_the_error_its_raise_shows(
    text: str, want: tuple[str | None, str | None]
) -> None:
    q = parse(text)
    assert (q.exc_type, want[1] if want[1] is None else q.message) == want


def test_the_lines_a_message_may_start_at_are_those_after_a_line_introducing_it() -> None:
    # a message pasted under a sentence that introduces it, no exception type anywhere: the
    # paste is one block, its message the whole text (the sentence may be the message's own
    # first line); the matcher reads the text under the sentence second (``introduced_lines``)
    text = "I randomly get this error message:\n\nDefaultCredential failed to retrieve a token.\n"
    q = parse(text)
    assert len(q.blocks) == 1 and q.message.startswith("I randomly get this error message:")
    assert introduced_lines(q.message.split("\n")) == [2]
    # a line ending in a colon introduces the next one, a blank line between them or not; a
    # shell prompt or a log record is another program's line; a line ending otherwise may be
    # the message's own first line
    lines = [
        "$ flake8 .",
        "There was a critical error during execution of Flake8:",
        "plugin code for `X` does not match",
        "The Session has been Closed!",
        "Connection to remote host was lost.",
    ]
    assert introduced_lines(lines) == [1, 2]


def test_a_line_of_the_reporters_own_words_introduces_the_next() -> None:
    # the reporter speaking of themselves, over a code fence holding the message alone (the
    # fence's marks are dropped, the two lines then meet): the next line may start the message;
    # a library's sentence speaks to its user, not of an ``I``
    text = "I'm getting this error on master\n```\ncannot cache function 'f': no locator\n```"
    assert introduced_lines(parse(text).message.split("\n")) == [1]
    assert introduced_lines(["Did you install the package?", "Then run it again."]) == []


def test_pytest_internal_error_marker_is_removed_from_each_line() -> None:
    # pytest relays an internal error's traceback with ``INTERNALERROR> `` before every line;
    # the lines keep their own indentation under it
    q = parse(
        "plugins: asyncio-0.21.1\n"
        "INTERNALERROR> Traceback (most recent call last):\n"
        'INTERNALERROR>   File "/venv/lib/python3.11/site-packages/_pytest/main.py", line 271, in wrap_session\n'
        "INTERNALERROR>     session.exitstatus = doit(config, session) or 0\n"
        'INTERNALERROR>   File "/venv/lib/python3.11/site-packages/loopfix.py", line 193, in _patch_loop\n'
        "INTERNALERROR>     raise ValueError('Can\\'t patch loop of type %s' % type(loop))\n"
        "INTERNALERROR> ValueError: Can't patch loop of type <class 'uvloop.Loop'>\n"
    )
    assert q.exc_type == "ValueError"
    assert q.message == "Can't patch loop of type <class 'uvloop.Loop'>"
    assert [(f.function, f.line) for f in q.frames] == [("wrap_session", 271), ("_patch_loop", 193)]


def test_an_exception_whose_message_is_a_whole_traceback_is_the_error() -> None:
    # execnet relays a remote failure as ``RemoteError`` whose text is the other side's
    # formatted traceback, printed after the class on the same line: the frames above it are
    # the local raise, those below belong to the message, and the error is ``RemoteError``
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "test.py", line 4, in <module>\n'
        "    c.waitclose()\n"
        '  File "/venv/lib/python3.12/site-packages/execnet/gateway_base.py", line 899, in waitclose\n'
        "    raise error\n"
        "execnet.gateway_base.RemoteError: Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.12/site-packages/execnet/gateway_base.py", line 1289, in executetask\n'
        "    do_exec(co, loc)\n"
        '  File "<remote exec>", line 2, in <module>\n'
        "IndexError: string index out of range\n"
    )
    assert q.exc_type == "execnet.gateway_base.RemoteError"
    assert q.message == (
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.12/site-packages/execnet/gateway_base.py", line 1289, in executetask\n'
        "    do_exec(co, loc)\n"
        '  File "<remote exec>", line 2, in <module>\n'
        "IndexError: string index out of range"
    )
    assert [(f.function, f.line, f.source) for f in q.frames] == [
        ("<module>", 4, "c.waitclose()"),
        ("waitclose", 899, "raise error"),
    ]


def test_a_traceback_header_on_its_own_line_still_starts_a_traceback() -> None:
    # the rule above reads a header after a class and a colon only: Python's own header, on a
    # line of its own, opens the paste's traceback as before
    q = parse(
        "RuntimeError: worker failed\n"
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.12/site-packages/pkg/run.py", line 10, in go\n'
        "    raise KeyError(name)\n"
        "KeyError: 'x'\n"
    )
    assert q.exc_type == "KeyError"
    assert [(f.function, f.line) for f in q.frames] == [("go", 10)]


def test_an_exception_as_pycharms_debugger_shows_it() -> None:
    # PyCharm's ``{type}value``, copied from its Variables view or Evaluate window, alone or in
    # a code span: the value is the exception's repr (now) or its str() (older releases)
    want = ("InvalidPrefixError", "Path file:data/faq.csv does not begin with a known prefix ['s3://'].")
    q = parse(
        "{InvalidPrefixError}InvalidPrefixError(\"Path file:data/faq.csv does not begin with a known prefix ['s3://'].\")"
    )
    assert (q.exc_type, q.message) == want
    q = parse(
        "`{InvalidPrefixError}InvalidPrefixError(\"Path file:data/faq.csv does not begin with a known prefix ['s3://'].\")`"
    )
    assert (q.exc_type, q.message) == want
    q = parse("{AttributeError}'NoneType' object has no attribute 'upload'")
    assert (q.exc_type, q.message) == ("AttributeError", "'NoneType' object has no attribute 'upload'")
    q = parse("{KeyError}'region'")
    assert (q.exc_type, q.message) == ("KeyError", "region")
    # another type's tag is a value, not an error
    assert parse("{str}'abc'").exc_type is None


def test_frame_lines_hard_wrapped_by_an_export_are_joined_back() -> None:
    # a bug tracker's export wrapped every line at 76 columns: a frame line's path, line number
    # and function land on two or three lines (``File``/``"x.py", line``/``855, in f``)
    text = (
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python2.6/site-packages/rst2pdf/createpdf.py", line 2414,\n'
        "in main\n"
        "    compressed=options.compressed)\n"
        "  File\n"
        '"/usr/lib/python2.6/site-packages/reportlab/platypus/doctemplate.py", line\n'
        "694, in handle_flowable\n"
        "    raise LayoutError(ident)\n"
        "reportlab.platypus.doctemplate.LayoutError: Flowable too large on page 26"
    )
    q = parse(text)
    assert [(f.line, f.function) for f in q.frames] == [(2414, "main"), (694, "handle_flowable")]
    assert q.frames[-1].path.endswith("reportlab/platypus/doctemplate.py")
    assert q.frames[-1].source == "raise LayoutError(ident)"
    assert q.exc_type == "reportlab.platypus.doctemplate.LayoutError"
    assert q.message == "Flowable too large on page 26"
    # a head that no following line completes stays as it was
    q = parse('  File "/x/a.py",\nnot a frame\nValueError: bad')
    assert q.exc_type == "ValueError" and not q.frames


def test_frames_listed_most_recent_call_first_are_put_in_pythons_order() -> None:
    # VS Code's "Exception has occurred" report lists the user's frames deepest first: the
    # module's line calls the function of the frame listed above it
    text = (
        "Exception has occurred: PortNotOpenError\n"
        "Attempting to use a port that is not open\n"
        '  File "/home/u/check.py", line 14, in base_turn\n'
        "    connection.write(data.encode())\n"
        '  File "/home/u/check.py", line 39, in <module>\n'
        "    base_turn(90)\n"
        "serial.serialutil.PortNotOpenError: Attempting to use a port that is not open"
    )
    q = parse(text)
    assert [f.function for f in q.frames] == ["<module>", "base_turn"]
    assert q.message == "Attempting to use a port that is not open"
    # Python's own order, a module's code reached by an import: kept as printed
    text = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/main.py", line 3, in run\n'
        "    import plugin\n"
        '  File "/home/u/plugin.py", line 1, in <module>\n'
        "    run()\n"
        "ValueError: bad"
    )
    assert [f.function for f in parse(text).frames] == ["run", "<module>"]


@pytest.mark.parametrize(
    ("paste", "exc_type", "message"),
    [
        # an issue quotes the exception line as markdown (``> ``) under the user's sentence
        (
            "It fails with:\n\n> ValueError: Could not find the layer class to wrap in the model.",
            "ValueError",
            "Could not find the layer class to wrap in the model.",
        ),
        # a class a module qualifies, without the usual suffix, and the user's question after it
        (
            "> pkg.errors.DeadlineExceeded: Test took 1004.39ms\nneed to bump the deadline?",
            "pkg.errors.DeadlineExceeded",
            "Test took 1004.39ms\nneed to bump the deadline?",
        ),
        # quoted lines after it go on with its text
        ("Here:\n\n> KeyError: no such key\n> try another one", "KeyError", "no such key\ntry another one"),
    ],
)
def test_a_quoted_exception_line_under_prose_is_the_error_not_a_marked_source_line(
    paste: str, exc_type: str, message: str
) -> None:
    # pytest's ``>`` marks a statement, and no statement reads ``SomeError: text``
    q = parse(paste)
    assert (q.exc_type, q.message) == (exc_type, message)


def test_pytest_marked_source_line_is_still_the_location_lines_source() -> None:
    q = parse(">       raise ValueError(msg)\nE       ValueError: bad input\n\npkg/mod.py:12: ValueError\n")
    assert (q.frames[-1].line, q.frames[-1].source, q.message) == (12, "raise ValueError(msg)", "bad input")


def test_pytest_e_lines_pasted_indented_among_prose() -> None:
    # a report's ``E`` lines in a markdown code block (four spaces) between the user's
    # sentences: those lines are the error, the sentences are not
    q = parse(
        "tests tend to fail due to hitting the deadline, e.g.:\n"
        "\n"
        "    E           DeadlineExceeded: Test took 22501.81ms, which exceeds the deadline of 200.00ms\n"
        "    E           (a second line of it)\n"
        "\n"
        "Disable the deadline for the two tests."
    )
    assert q.exc_type == "DeadlineExceeded"
    assert q.message == "Test took 22501.81ms, which exceeds the deadline of 200.00ms\n(a second line of it)"
    # an indented ``E ...`` line that is no exception line, or one inside a traceback, is not
    q = parse("Notes:\n\n    E   is the energy, in joules\n")
    assert q.exc_type is None and q.message.startswith("Notes:")


@pytest.mark.parametrize(
    ("paste", "exc_type", "message"),
    [
        (
            "I use adfuller and get this error.\n_MissingDataError: exog contains inf or nans_\n",
            "MissingDataError",
            "exog contains inf or nans",
        ),
        (
            "**ValueError: A value in x_new is above the interpolation range.**",
            "ValueError",
            "A value in x_new is above the interpolation range.",
        ),
        ("  *KeyError: 'name'*", "KeyError", "name"),
        # typographic quotes: left on, the opening one hides the class, the closing one sticks
        # to the last word
        (
            "\u2018pkg.errors.Error: You must call init() before pkg.log()\u2019",
            "pkg.errors.Error",
            "You must call init() before pkg.log()",
        ),
        ("It fails:\n\u201cValueError: bad value\u201d", "ValueError", "bad value"),
    ],
)
def test_an_exception_line_in_markdown_emphasis_or_typographic_quotes_is_read_without_the_marks(
    paste: str, exc_type: str, message: str
) -> None:
    q = parse(paste)
    assert (q.exc_type, q.message) == (exc_type, message)


def test_emphasis_around_other_text_stays() -> None:
    # a dunder's underscores, or bold prose, are no exception line: the text is kept as written
    assert parse("__init__").message == "__init__"
    assert parse("**Note: run it twice**").message.endswith("run it twice**")


def test_a_traceback_tail_set_in_bold_across_lines_is_read_without_the_marks() -> None:
    # ``**`` opens the last frame's line and closes the error line: the frame is read (its
    # function breaks ties between sites of the same text) and the message has no stars
    q = parse(
        "The error is as follows\n"
        ' **File "C:\\Anaconda\\lib\\site-packages\\pkg\\parser.py", line 230, in fillbuf\n'
        "    raise PSEOF('Unexpected EOF')\n"
        "PSEOF: Unexpected EOF**"
    )
    assert q.message.endswith("PSEOF: Unexpected EOF")
    assert [f.function for f in q.frames] == ["fillbuf"]


def test_bold_across_lines_that_is_no_traceback_tail_stays() -> None:
    # an opening mark before prose, or a closing line that is no exception line: kept as written
    assert parse("**Note: it fails\nValueError: bad value**").message.endswith("bad value**")
    q = parse('**File "a.py", line 1, in f\n    f()\nand then it hangs**')
    assert q.message.endswith("hangs**")


def test_typographic_quotes_around_other_text_stay() -> None:
    # a quoted sentence is the reporter's, kept as written
    assert parse("\u201cit just stops\u201d").message == "\u201cit just stops\u201d"


def test_the_reporters_paragraphs_after_a_pasted_exception_line_are_not_its_message() -> None:
    q = parse(
        "FileNotFoundError: Found no valid file for the classes a, b. Supported extensions are: .jpg\n"
        "\n"
        "It is seem that these folder have nothing in it.\n"
        "Should I delete these folder?"
    )
    assert (q.exc_type, q.message) == (
        "FileNotFoundError",
        "Found no valid file for the classes a, b. Supported extensions are: .jpg",
    )
    q = parse("MissingDataError: exog contains inf or nans\n\nWhat does it mean? What is exog ?")
    assert q.message == "exog contains inf or nans"
    # a Chinese reporter's question ends with the full-width mark, not ``?``
    q = parse(
        "pkg.errors.Error: You must call init() before pkg.log()\n\n"
        "\u4f60\u597d\uff0c\u8be5\u5982\u4f55\u89e3\u51b3\u5462\uff1f\n\u975e\u5e38\u611f\u8c22\u3002"
    )
    assert (q.exc_type, q.message) == ("pkg.errors.Error", "You must call init() before pkg.log()")


def test_a_librarys_own_later_paragraphs_stay_in_its_message() -> None:
    # a paragraph addressing the user (``you``), or with a URL's ``/me/``, is the library's text
    celery = (
        "NotRegistered: Received unregistered task of type 'a.b'.\n"
        "The message has been ignored and discarded.\n"
        "\n"
        "Did you remember to import the module containing this task?\n"
        "Or maybe you're using relative imports?"
    )
    assert parse(celery).message.endswith("Or maybe you're using relative imports?")
    mock = "ConnectionError: Connection refused by Responses.\n\nAvailable matches:\n- GET https://x.test/v5.0/me/adaccounts?a=1"
    assert parse(mock).message.endswith("/me/adaccounts?a=1")
    # a traceback's message ends where its frames say: its paragraphs are all kept
    tb = 'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\nValueError: bad\n\nWhat is it?'
    assert parse(tb).message == "bad\n\nWhat is it?"


def test_a_docker_buildkit_log_is_read_without_its_step_and_time_heads() -> None:
    q = parse(
        "#12 3.456 Traceback (most recent call last):\n"
        '#12 3.457   File "/usr/local/lib/python3.11/site-packages/pkg/mod.py", line 268, in run\n'
        "#12 3.458     raise ValueError(\n"
        "#12 3.459 ValueError: the lock file is stale.\n"
        '#12 ERROR: process "/bin/sh -c pkg install" did not complete successfully: exit code: 1'
    )
    assert (q.exc_type, q.message) == ("ValueError", "the lock file is stale.")
    assert [(f.line, f.function) for f in q.frames] == [(268, "run")]
    # a comment's ``#1`` on one line of a paste is no build log
    q = parse("#1 first try\nValueError: bad")
    assert (q.exc_type, q.message) == ("ValueError", "bad")


def test_a_classic_docker_builds_lines_after_the_exception_are_not_its_message() -> None:
    q = parse(
        "Step 5/8 : RUN python app.py\n"
        " ---> Running in 2b1cd1dae6c1\n"
        "Traceback (most recent call last):\n"
        '  File "app.py", line 3, in <module>\n'
        '    raise ValueError("bad thing")\n'
        "ValueError: bad thing\n"
        "Removing intermediate container 2b1cd1dae6c1\n"
        "The command '/bin/sh -c python app.py' returned a non-zero code: 1"
    )
    assert (q.exc_type, q.message) == ("ValueError", "bad thing")


def test_a_log_pages_line_numbers_on_lines_of_their_own_are_dropped() -> None:
    q = parse("2275\nInstalling dependencies\n2276\n\n2277\nValueError: the lock file is stale.\n2278")
    assert (q.exc_type, q.message) == ("ValueError", "the lock file is stale.")
    # numbers of the text itself, one after another, stay
    q = parse("ValueError: rows left:\n1\n2\n3")
    assert q.message == "rows left:\n1\n2\n3"


def test_a_reporters_chinese_prose_run_into_the_exception_line_is_set_apart() -> None:
    q = parse(
        "在训练过程中，报错RuntimeError: Couldn't load custom C++ ops. Check your install.请问怎么解决？"
    )
    assert (q.exc_type, q.message) == ("RuntimeError", "Couldn't load custom C++ ops. Check your install.")
    # a value the message quotes in such a script stays
    q = parse("KeyError: '电源状态'")
    assert (q.exc_type, q.message) == ("KeyError", "电源状态")
    q = parse("ArrowTypeError: Conversion failed for column 电源状态 with type object")
    assert q.message == "Conversion failed for column 电源状态 with type object"


def test_interactive_prompt_before_the_exception_line_under_the_frames() -> None:
    # a session's ``>>>`` copied onto the line the interpreter printed last: the prompt is no
    # part of the class, so the frames keep their exception line
    q = parse(
        "Traceback (most recent call last):\n"
        'File "<stdin>", line 1, in <module>\n'
        'File "/venv/lib/python2.7/site-packages/rq/queue.py", line 159, in enqueue\n'
        "'Functions from the __main__ module cannot be processed '\n"
        ">>> ValueError: Functions from the __main__ module cannot be processed by workers.\n"
    )
    assert q.exc_type == "ValueError"
    assert q.message == "Functions from the __main__ module cannot be processed by workers."
    assert [f.function for f in q.frames] == ["<module>", "enqueue"]


@pytest.mark.parametrize(
    ("paste", "read"),
    [
        (
            "`2022-02-04 08:04:04 [8] [ERROR] app.consumer [^---Consumer]: Drain messages raised: "
            "IllegalStateError(\"No current assignment for partition Part(topic='t', partition=0)\")",
            ("IllegalStateError", "No current assignment for partition Part(topic='t', partition=0)"),
        ),
        ("Unhandled exception: KeyError('missing')", ("KeyError", "missing")),
        # after another message's colon the repr stays that message's text (above)
        ("Stream connection lost: ConnectionResetError(104, 'reset')", (None, None)),
    ],
)
def test_an_exception_repr_after_words_saying_it_was_raised_is_the_error(
    paste: str, read: tuple[str | None, str | None]
) -> None:
    # an application's log of what a call raised: the repr after ``raised:`` is the error
    q = parse(paste)
    assert q.exc_type == read[0]
    if read[1] is not None:
        assert q.message == read[1]


def test_a_class_alone_on_its_line_in_prose_is_the_error() -> None:
    # the reporter's prose around one line naming only a module-qualified class, set in bold:
    # that class was raised, its text not shown
    q = parse(
        "Receiving the following error:\n\n"
        "**strawberry.exceptions.missing_return_annotation.MissingReturnAnnotationError**\n\n"
        "When trying to use inheritance with the models and their relationships."
    )
    assert (q.exc_type, q.message) == (
        "strawberry.exceptions.missing_return_annotation.MissingReturnAnnotationError",
        "",
    )
    # two classes so named are no one error; a dotted word that is no class is prose
    two = "I see\n\npkg.errors.AError\n\nand then\n\npkg.errors.BError\n"
    assert parse(two).exc_type is None
    assert parse("Run it with\n\nconfig.settings\n\nand it fails.").exc_type is None


def test_a_markdown_quote_closing_the_paste_under_prose_is_the_error_text() -> None:
    # the reporter's prose, then the error quoted as markdown: the quoted lines are its text,
    # not pytest's marked source lines (``>`` and three spaces at least, under its listing)
    q = parse(
        "We get the following error:\n\n"
        "> **RestrictedWorkflowAccessError**\n"
        "> Cannot access threading.local.__mro_entries__ from inside a workflow.\n"
    )
    assert "Cannot access threading.local.__mro_entries__ from inside a workflow." in q.message
    # pytest's own listing keeps its marked line as the frame's source
    listing = parse(
        "    def test_x():\n>       assert f() == 2\nE       assert 1 == 2\n\ntests/test_x.py:2: AssertionError\n"
    )
    assert listing.frames[-1].source == "assert f() == 2"
    # a shell prompt's ``> cmd`` opening a paste is no quote under prose
    prompt = parse("> mkdocs build\nERROR   -  Config value 'plugins': Invalid Plugins configuration\n")
    assert not prompt.message.startswith("mkdocs build")


def test_frames_repeated_under_the_exception_line_are_an_echo() -> None:
    # a resolver printing its outermost frame again under the traceback: the exception line
    # among the frames is the error, and the frame above it raised
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "c:/python37/lib/site-packages/pipenv/resolver.py", line 126, in <module>\n'
        "    main()\n"
        '  File "c:\\python37\\lib\\site-packages\\pipenv\\project.py", line 110, in <module>\n'
        '    raise RuntimeError("Given PIPENV_PIPFILE is not found!")\n'
        "RuntimeError: Given PIPENV_PIPFILE is not found!\n"
        'File "c:/python37/lib/site-packages/pipenv/resolver.py", line 126, in <module>\n'
        "    main()"
    )
    assert (q.exc_type, q.message) == ("RuntimeError", "Given PIPENV_PIPFILE is not found!")
    assert [f.line for f in q.frames] == [126, 110]
    # frames after the line that were not printed before it are a traceback of their own
    other = parse(
        "Traceback (most recent call last):\n"
        '  File "/a/x.py", line 3, in f\n'
        "    g()\n"
        "ValueError: first\n"
        '  File "/a/y.py", line 9, in g\n'
        "    h()"
    )
    assert other.message != "first"


def test_a_line_wrapped_in_a_code_span_keeps_the_backticks_its_message_quotes() -> None:
    # the whole line is one code span opened by an exception line; the message quotes a name
    # in backticks of its own, which do not close the span (issues28, groq-004)
    q = parse(
        "```bash\nllm -m groq-gemma hi\n```\n\n"
        "> `Error: Error code: 400 - {'error': {'message': 'The model `gemma-7b-it` has been"
        " decommissioned'}}`"
    )
    assert q.exc_type == "Error"
    assert (
        q.message
        == "Error code: 400 - {'error': {'message': 'The model `gemma-7b-it` has been decommissioned'}}"
    )
    one = parse("`pkg.SomeError: the option `--fast` is not allowed here`")
    assert (one.exc_type, one.message) == ("pkg.SomeError", "the option `--fast` is not allowed here")
    # a span closed right after a word, then another span: the first closing backtick ends it
    two = parse("`pkg.SomeError: a` and `b`")
    assert (two.exc_type, two.message) == ("pkg.SomeError", "a")


def test_an_exception_repr_under_the_prose_that_introduces_it() -> None:
    # ``Catch this error:``, then the repr alone: the class and its text (issues28, trino-003)
    q = parse('Catch this error:\n\nValueError("the thing is bad")')
    assert (q.exc_type, q.message) == ("ValueError", "the thing is bad")
    # a class's own __repr__ listing its fields, which str() prints too: the repr is the text
    fields = (
        'TrinoUserError(type=USER_ERROR, name=TABLE_NOT_FOUND, message="line 1:15: no table", query_id=1)'
    )
    q = parse(f"Catch this error:\n\n```\n{fields}\n```")
    assert (q.exc_type, q.message) == ("TrinoUserError", fields)
    # prose that runs on into the line does not hand over to it
    assert parse('We saw it today\nValueError("the thing is bad")').exc_type is None


def test_a_rich_box_with_its_rows_run_together_and_a_marked_raise_left_open() -> None:
    # rows copied without their line ends (``││``), the marked ``raise X(`` opening with its
    # argument on the context rows below, one wrapped by rich: the statement is read whole
    # (issues28, groq-001)
    pad = " " * 20
    q = parse(
        f"│    82 │   │   if api_key is None:{pad}││ ❱  83 │   │   │   raise GroqError({pad}│\n"
        f'│    84 │   │   │   │   "The api_key option must be set either by passing it{pad}││'
        f'       or by setting the GROQ_API_KEY environment variable"{pad}│\n'
        f"│    85 │   │   │   ){pad}││    86 │   │   self.api_key = api_key{pad}│\n"
    )
    assert q.exc_type == "GroqError"
    assert q.message == (
        "The api_key option must be set either by passing it or by setting the GROQ_API_KEY environment variable"
    )
    # the frame's source stays the statement's first line, which the catalogue is keyed by
    assert [(f.line, f.source) for f in q.frames] == [(83, "raise GroqError(")]
    # an inner panel (locals) under a statement the box cut short ends its rows: no text (the
    # class is the statement's still: ``_class_of_raise_line``)
    cut = parse(
        "│ ❱ 1028 │   │   │   raise TransportQueryError(        │\n"
        "│   1029 │   │   │   │   str_first_element(errors),    │\n"
        "│ ╭──────────── locals ────────────╮                     │\n"
        '│ │ message = "the query failed"  │                     │\n'
    )
    assert (cut.exc_type, cut.message) == ("TransportQueryError", "")


def test_an_undotted_exception_line_quoted_at_the_end_of_a_sentence() -> None:
    # prose, then the exception line in double quotes closing the line: the quotation is the
    # error even when its class has no module (issues29, pandas-gbq-004)
    q = parse('I get a generic error such as "WidgetException: Reason: backendError, Message: try again."')
    assert (q.exc_type, q.message) == ("WidgetException", "Reason: backendError, Message: try again.")
    # a quotation that does not close the line, or quotes inside it, is still the reporter's
    open_ = parse('I get "WidgetException: Reason: x" sometimes')
    assert open_.exc_type is None
    inner = parse('I get "WidgetException: the "name" field is bad"')
    assert inner.exc_type is None
    # a line quoted whole, no sentence introducing it, is left as it was
    whole = parse('"WidgetException: Reason: x"')
    assert whole.exc_type is None


def test_a_code_span_whose_whole_text_is_a_quoted_exception_line() -> None:
    # a code span holding the exception line in quotes of its own (copied from a log that printed
    # it as a string): the line without the quotes (issues29, pandas-gbq-005)
    q = parse("`'WidgetException: Reason: notFound, Message: Not found: Token x'`")
    assert (q.exc_type, q.message) == ("WidgetException", "Reason: notFound, Message: Not found: Token x")
    # a quoted text that names no class stays as it is
    plain = parse("`'the token was not found'`")
    assert plain.exc_type is None


def test_open_parentheses_are_counted_outside_string_literals_in_one_pass() -> None:
    """A marked raise's statement is read on while it leaves a parenthesis or a literal open;
    parentheses inside a literal are its text, and a row of quotes costs one pass (a regex
    rescanning from each unclosed quote was quadratic on it)."""
    from errdex.match.parse import _open_parens

    assert _open_parens("raise GroqError(") == 1
    assert _open_parens('raise X("closed (not a paren)")') == 0
    assert _open_parens('raise X("wrapped ) inside') == 2  # the call and the open literal
    assert _open_parens(r'raise X("a \" quote", 1)') == 0
    assert _open_parens("raise X('it''s')") == 0
    assert _open_parens('"' * 200_001) == 1  # odd quotes: one literal left open


def test_a_qualified_exception_line_run_on_from_the_reporters_words() -> None:
    # an issue title whose words run straight into a module-qualified class and its colon, no
    # label's colon or quote between: the exception line starts at the class (issues30,
    # mlflow-skinny-004)
    q = parse(
        "[BUG] Remote run completes but throws an error widgetlib.errors.RemoteError: CODE: Run 'x' not found."
    )
    assert (q.exc_type, q.message) == ("widgetlib.errors.RemoteError", "CODE: Run 'x' not found.")
    # a dotted name of another shape, or one opening a label, stays the reporter's text; so do
    # the words of a paragraph above the error line (left to the rules for prose)
    for text in (
        "Could not parse the value of widgetlib.models.Config: bad",
        "Note: see widgetlib.errors.FooError: x",
        "I run it and then widgetlib.errors.RemoteError: first\nsecond line",
    ):
        assert parse(text).exc_type is None, text


def test_a_compact_traceback_line_is_its_class_and_text() -> None:
    # asyncore.compact_traceback() as a command line prints it: ``error: <class 'T'>, text:
    # file: F line: N``; the class and the exception's text, not the frame (issues32,
    # supervisor-008)
    q = parse(
        "error: <class 'xmlrpc.client.ProtocolError'>, <ProtocolError for 127.0.0.1/RPC2: 500 "
        "Internal Server Error>: file: /usr/lib/python3/dist-packages/widget/xmlrpc.py line: 542"
    )
    assert (q.exc_type, q.message) == (
        "xmlrpc.client.ProtocolError",
        "<ProtocolError for 127.0.0.1/RPC2: 500 Internal Server Error>",
    )
    q = parse("<class 'KeyError'>, 'name': file: /srv/app/widget/core.py line: 12")
    assert (q.exc_type, q.message) == ("KeyError", "name")
    # a class repr without the file and line keeps the older reading
    assert parse("<class 'sklearn.exceptions.NotFittedError'>\nnot fitted").exc_type == (
        "sklearn.exceptions.NotFittedError"
    )


def test_cython_frames_read_their_module_s_function_without_the_c_location() -> None:
    # an old Cython's frames: a bare ``.pyx`` file name, the function qualified with its
    # module, the generated C file's line after it (on the same line, or wrapped onto the next)
    text = (
        "Traceback (most recent call last):\n"
        '  File "load.py", line 9, in <module>\n'
        "    df = pd.read_csv(path)\n"
        '  File "parsers.pyx", line 805, in pandas._libs.parsers.TextReader.read (pandas/_libs/parsers.c:8748)\n'
        '  File "parsers.pyx", line 827, in\n'
        "pandas._libs.parsers.TextReader._read_low_memory\n"
        "(pandas/_libs/parsers.c:9003)\n"
        '  File "parsers.pyx", line 2061, in pandas._libs.parsers.raise_parser_error\n'
        "(pandas\\_libs\\parsers.c:28263)\n"
        "pandas.errors.ParserError: Error tokenizing data. C error: Expected 3 fields in line 5, saw 4"
    )
    q = parse(text)
    assert [(f.path, f.line, f.function, f.source) for f in q.frames[1:]] == [
        ("pandas/_libs/parsers.pyx", 805, "TextReader.read", None),
        ("pandas/_libs/parsers.pyx", 827, "TextReader._read_low_memory", None),
        ("pandas/_libs/parsers.pyx", 2061, "raise_parser_error", None),
    ]
    assert q.exc_type == "pandas.errors.ParserError"
    assert q.message == "Error tokenizing data. C error: Expected 3 fields in line 5, saw 4"
    # a path printed whole stays; a name with no part of the file's own is left as it is
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "h5py/_objects.pyx", line 54, in h5py._objects.with_phil.wrapper\n'
        '  File "h5py/h5f.pyx", line 102, in open_file\n'
        "FileNotFoundError: [Errno 2] Unable to synchronously open file"
    )
    assert [(f.path, f.function) for f in q.frames] == [
        ("h5py/_objects.pyx", "with_phil.wrapper"),
        ("h5py/h5f.pyx", "open_file"),
    ]


def _console(text: str, width: int = 80) -> str:
    """``text`` as a console shows it: every line longer than ``width`` cut at exactly it."""
    out = []
    for ln in text.split("\n"):
        while len(ln) > width:
            out.append(ln[:width])
            ln = ln[width:]
        out.append(ln)
    return "\n".join(out)


def test_frame_lines_a_console_cut_at_its_width_are_joined_back() -> None:
    # Windows' console at 80 columns: the function name, the path, a Cython frame's C location
    # continue at the next line's first column
    text = (
        "Traceback (most recent call last):\n"
        '  File "C:\\Users\\me\\proj\\fetch.py", line 12, in <module>\n'
        "    r = requests.get(url, timeout=3)\n"
        '  File "C:\\Python38\\lib\\site-packages\\requests\\api.py", line 76, in get\n'
        "    return request('get', url, params=params, **kwargs)\n"
        '  File "C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python38\\lib\\site-packages\\requests\\adapters.py", '
        "line 516, in send\n"
        "    raise ConnectionError(e, request=request)\n"
        "requests.exceptions.ConnectionError: Max retries exceeded with url: /"
    )
    cut = _console(text)
    assert cut.count("\n") > text.count("\n")
    q = parse(cut)
    assert [(f.line, f.function) for f in q.frames] == [(12, "<module>"), (76, "get"), (516, "send")]
    assert q.frames[-1].path.endswith("requests\\adapters.py")
    assert q.frames[-1].source == "raise ConnectionError(e, request=request)"
    assert (q.exc_type, q.message) == (
        "requests.exceptions.ConnectionError",
        "Max retries exceeded with url: /",
    )
    # one frame line cut in its ``in``: 80 columns is the console's own width
    one = (
        "Traceback (most recent call last):\n"
        '  File "C:\\Programs\\Python27\\lib\\site-packages\\serial\\serialwin32.py", line 62, in open\n'
        "    raise SerialException(msg)\n"
        "serial.serialutil.SerialException: could not open port 'COM3'"
    )
    q = parse(_console(one))
    assert [(f.line, f.function) for f in q.frames] == [(62, "open")]
    # a frame line as long as the width, the exception line under it: nothing to join
    frame = '  File "/srv/app/x.py", line 3, in f'
    frame = frame.replace("/srv/", "/srv/" + "a" * (80 - len(frame)) + "/")
    q = parse(f"Traceback (most recent call last):\n{frame}\n{frame}\nValueError: bad value")
    assert [f.function for f in q.frames] == ["f", "f"] and (q.exc_type, q.message) == (
        "ValueError",
        "bad value",
    )


def test_a_class_line_typed_without_the_space_after_its_colon() -> None:
    q = parse("requests.exceptions.ConnectionError:Max retries exceeded with url: /api")
    assert (q.exc_type, q.message) == (
        "requests.exceptions.ConnectionError",
        "Max retries exceeded with url: /api",
    )
    q = parse(
        'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\n    f()\nKeyringError:no backend'
    )
    assert (q.exc_type, q.message) == ("KeyringError", "no backend")
    assert parse("UserWarning:deprecated call").exc_type == "UserWarning"
    # a URL, a drive, a field and a word that is no class keep their colon as it is
    for text in (
        "http://localhost:8000/api returned 500",
        "C:\\Users\\me\\data.csv not found",
        "status:failed after 3 retries",
        "Error:something went wrong",
        "ConfigError:=value",
        "MyError://host/path",
    ):
        q = parse(text)
        assert q.exc_type is None and q.message == text, text


def test_a_mkdocs_log_record_reads_without_its_separator_and_with_its_wrapped_words() -> None:
    # MkDocs' ``%(levelname)-7s -  %(message)s``, a long message wrapped at the terminal's width
    # and indented under the message column (or a few spaces off, as pasted)
    text = (
        "ERROR    -  Error reading page 'api/index.md': Could not collect 'pkg.mod' (in\n"
        "           src/pkg/mod.py:12)\n"
    )
    q = parse(text)
    assert (q.kind, q.level) == ("log", "ERROR")
    assert (
        q.message == "Error reading page 'api/index.md': Could not collect 'pkg.mod' (in src/pkg/mod.py:12)"
    )
    q = parse(
        "WARNING -  Doc file 'index.md' contains a link 'x.md', but the target\n              is not found.\n"
    )
    assert (q.level, q.message) == (
        "WARNING",
        "Doc file 'index.md' contains a link 'x.md', but the target is not found.",
    )


def test_an_exception_line_quoted_whole_ends_at_its_closing_quote() -> None:
    # the line in quotes of its own, then the reporter's sentence under it (issues45
    # requests-004): the quote closed the error's text, the sentence is not its continuation
    q = parse(
        "'pkg.errors.TooManyHops: Exceeded 30 hops.'\ni am already raise the limit , but same response."
    )
    assert (q.exc_type, q.message) == ("pkg.errors.TooManyHops", "Exceeded 30 hops.")
    q = parse('"pkg.ParseError: bad thing"')
    assert (q.exc_type, q.message) == ("pkg.ParseError", "bad thing")
    # an undotted class quoted whole may be a quoted message opening with words: left as it was
    assert parse("'Reason: bad thing'\nmore").exc_type is None
    # a quoted text that runs over lines closes on a later line and stays as written
    running = "'pkg.ParseError: bad thing\nand more of it'"
    assert parse(running).message == running
    # a quoted line that opens with no class is the reporter's, kept whole
    assert parse("'Note: this'\nmore").exc_type is None


def test_djangos_text_report_header_names_the_class_and_its_metadata_is_not_the_message() -> None:
    # ``{type} at {path}`` then the exception's text, then ``Request Method:`` (issues45 pyyaml-003)
    q = parse(
        "Internal Server Error: /admin/app/item/12/change/\n"
        "\n"
        "ParseError at /admin/app/item/12/change/\n"
        "while reading a key\n"
        '  in "<string>", line 2, column 1\n'
        "\n"
        "Request Method: POST\n"
        "Request URL: https://example.test/admin/app/item/12/change/\n"
        "Django Version: 2.0.13"
    )
    assert (q.exc_type, q.message) == ("ParseError", 'while reading a key\n  in "<string>", line 2, column 1')
    # a sentence whose subject is the bare word ``Error`` names no class
    assert parse("Error at /login\nthe page is blank").exc_type is None
    # a class-like word at a path inside a line of prose is no report header
    assert parse("I see ParseError at /x when saving").exc_type is None


def test_djangos_debug_heading_copied_onto_one_line_with_its_message() -> None:
    # an issue's title: the page's ``{type} at {path}`` heading and the exception's text under it,
    # joined by a space (issues49 google-auth-005)
    q = parse("WidgetConfigError at /admin/shop/item/add/ File 8844abc was not found.")
    assert (q.exc_type, q.message) == ("WidgetConfigError", "File 8844abc was not found.")
    # the heading alone on its line keeps its text under it, as before
    q = parse("WidgetConfigError at /admin/shop/item/add/\nFile 8844abc was not found.")
    assert (q.exc_type, q.message) == ("WidgetConfigError", "File 8844abc was not found.")
    # the bare word ``Error`` is still no class
    assert parse("Error at /login the page is blank").exc_type is None


def test_a_logs_double_colon_fields_after_its_level_are_not_the_message() -> None:
    # ``%(asctime)s %(levelname)s :: %(threadName)s :: %(message)s`` (issues45 requests-007)
    q = parse(
        "2023-04-18 19:29:41 INFO :: MAIN :: Request failed: Missing parts for PROXY support. (BadScheme)"
    )
    assert q.message == "Request failed: Missing parts for PROXY support. (BadScheme)"
    q = parse("2023-04-18 19:29:41 WARNING :: Thread-12 :: SEARCHQUEUE :: Cannot reach the host")
    assert (q.exc_type, q.message) == ("log.WARNING", "Cannot reach the host")
    # a message of its own opening with ``::`` after no level is left as it was
    assert parse("2023-04-18 19:29:41 :: MAIN :: text").message.startswith(":: MAIN ::")


def test_one_line_records_below_error_the_last_is_the_error() -> None:
    # a failure the application caught and logged at INFO, under its earlier DEBUG record
    q = parse(
        "app  | 2023-04-18 19:29:41 DEBUG :: MAIN :: Using global proxy: socks5://10.0.0.1:1080\n"
        "app  | 2023-04-18 19:29:41 INFO :: MAIN :: Request failed: Missing parts for PROXY support. (BadScheme)"
    )
    assert (q.exc_type, q.message) == (
        "log.INFO",
        "Request failed: Missing parts for PROXY support. (BadScheme)",
    )
    # a last record of a lower level than the first is a follow-up: the records stay together
    lower = "2023-04-18 19:29:41 WARNING disk almost full\n2023-04-18 19:29:42 DEBUG retrying"
    assert parse(lower).message == "disk almost full\n2023-04-18 19:29:42 DEBUG retrying"
    # a line of no record among them (the console's) keeps the paste as it was
    mixed = "2023-04-18 19:29:41 INFO starting\nsomething printed\n2023-04-18 19:29:42 INFO stopped"
    assert parse(mixed).message.startswith("starting\nsomething printed")


def test_an_applications_error_dict_names_the_class_and_holds_the_text() -> None:
    # the class under ``error``, the text under another key, after the application's words
    # (issues45 starlette-007, the AUTOMATIC1111 web UI's API error line)
    q = parse(
        "*** API error: GET: http://127.0.0.1:7860/api/file?name=a "
        "{'error': 'RuntimeError', 'detail': '', 'body': '', 'errors': 'File at path /x/a.png does not exist.'}"
    )
    assert (q.exc_type, q.message) == ("RuntimeError", "File at path /x/a.png does not exist.")
    q = parse('API said {"exception": "pkg.errors.QuotaError", "message": "quota of 10 used"}')
    assert (q.exc_type, q.message) == ("pkg.errors.QuotaError", "quota of 10 used")
    # a dict of messages under field names names no class: left as it was
    fields = "{'name': ['Missing data for required field.']}"
    assert parse(fields).message == fields
    # a class key holding a word that is no exception's name, or no text beside it
    assert parse("got {'error': 'bad', 'message': 'quota used'}").exc_type is None
    assert parse("got {'error': 'RuntimeError', 'detail': ''}").exc_type is None


def test_a_code_span_paragraph_between_the_reporters_paragraphs_is_the_error() -> None:
    # what they ran, the error as a paragraph of its own, their question under it
    text = (
        " `model.summary()` gives\n\n`ValueError: names and params do not have the same length`\n\n"
        "I don't understand what's going on as I am not giving any `exog_names`\n"
    )
    q = parse(text)
    assert q.exc_type == "ValueError" and q.message == "names and params do not have the same length"
    # a span inside a paragraph's lines is the reporter's sentence, not a paragraph of its own
    q = parse("I ran it and\n`ValueError: a b c`\ncame out, then more.\n\nWhy?")
    assert q.message != "a b c"
    # two such paragraphs: two errors, none taken
    q = parse("First:\n\n`ValueError: a b c`\n\nthen\n\n`KeyError: d e f`\n\nwhy both?")
    assert q.message not in ("a b c", "d e f")
    # a span opening with a word that reads as no class is a name the reporter quoted
    q = parse("It says\n\n`summary: names differ`\n\nwhat now?")
    assert q.exc_type is None


def test_a_title_opening_with_a_quoted_exception_line_is_the_quotation() -> None:
    # the error quoted, cut before its last field, then the title's own words
    q = parse('"ValueError: dimensions [...] must have the same length as the data" when slicing by an array')
    assert (
        q.exc_type == "ValueError" and q.message == "dimensions [...] must have the same length as the data"
    )
    # a quotation opening with a word that is no class name is the reporter's
    q = parse('"Note: the length differs" when slicing by an array')
    assert q.exc_type is None and q.message.startswith('"Note:')
    # a line quoted whole stays as it was (no words of the title say it is the error)
    q = parse('"ValueError: dimensions must have the same length"')
    assert q.message.endswith('"')


def test_a_span_the_sentence_calls_an_error_is_the_message() -> None:
    # a class-less message in a code span that the sentence names an error, prose on both sides
    text = (
        "I've been running `tool` (0.2.0) - an error of `'t' not found in array dimensions ('time', 'lat')`"
        " appears, and I haven't been able to diagnose it."
    )
    assert parse(text).message == "'t' not found in array dimensions ('time', 'lat')"
    assert parse("I get the error: `cannot reshape array of size 3`, any idea?").message == (
        "cannot reshape array of size 3"
    )
    # a span the sentence does not call an error is a name, however long
    text = "I've been running `tool --fast --all` and it stopped."
    assert parse(text).message == text
    # a span of a word or two after "error" is a name (``error `E101` in ...``)
    text = "It raises error `E101` in the loop."
    assert parse(text).message == text
    # two spans called errors: two errors, none taken
    text = "First the error `a b c d` then the error `e f g h` came."
    assert parse(text).message == text


def test_a_location_printed_in_an_exceptions_text_is_no_frame() -> None:
    # FastAPI ends a ``ResponseValidationError``'s text with the endpoint's location, printed as
    # a frame line after the exception's line (runtime6 fastapi-rt-002, a warning line above):
    # CPython prints no frame after a traceback's exception line, so it is the message's
    warning = (
        "/venv/lib/python3.12/site-packages/fastapi/testclient.py:1: StarletteDeprecationWarning: "
        "Using `httpx` is deprecated\n"
        "  from starlette.testclient import TestClient as TestClient  # noqa\n"
    )
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/app/main.py", line 15, in <module>\n'
        "    client.get('/')\n"
        '  File "/venv/lib/python3.12/site-packages/fastapi/routing.py", line 352, in serialize_response\n'
        "    raise ResponseValidationError(\n"
        "fastapi.exceptions.ResponseValidationError: 1 validation error:\n"
        "  {'type': 'missing', 'loc': ('response', 'price'), 'msg': 'Field required'}\n"
        "\n"
        '  File "/app/main.py", line 11, in read\n'
        "    GET /\n"
    )
    for text in (traceback, warning + traceback):
        q = parse(text)
        assert q.exc_type == "fastapi.exceptions.ResponseValidationError"
        assert q.message.startswith("1 validation error:\n")
        assert q.message.endswith('File "/app/main.py", line 11, in read\n    GET /')
        assert [(f.function, f.line) for f in q.frames] == [("<module>", 15), ("serialize_response", 352)]
    # the warning alone is still the warning
    q = parse(warning)
    assert q.exc_type == "StarletteDeprecationWarning" and q.message == "Using `httpx` is deprecated"


_SENTRY_LOGGED = """\
ServerSelectionTimeoutError: localhost:27017: [Errno 111] Connection refused
(10 additional frame(s) were not displayed)
...
  File "home/travis/virtualenv/python3.6.3/lib/python3.6/site-packages/pymongo/mongo_client.py", line 1391, in _ensure_session
  File "home/travis/virtualenv/python3.6.3/lib/python3.6/site-packages/pymongo/topology.py", line 199, in _select_servers_loop

Error handling request
"""


def test_sentrys_exception_line_over_its_frames_is_the_error_under_a_logged_events_title() -> None:
    # Sentry prints an event logged with its exception as the exception line, its note on the
    # frames left out, the frames, then the event's title: the log record's message
    q = parse(_SENTRY_LOGGED)
    assert (q.exc_type, q.message) == (
        "ServerSelectionTimeoutError",
        "localhost:27017: [Errno 111] Connection refused",
    )
    assert q.frames[-1].function == "_select_servers_loop"


def test_sentrys_exception_line_repeated_under_the_frames_is_read_there() -> None:
    # an event of an exception alone ends with its exception line again: that line is read
    q = parse(_SENTRY_LOGGED.replace("Error handling request", "OSError: [Errno 111] Connection refused"))
    assert (q.exc_type, q.message) == ("OSError", "[Errno 111] Connection refused")


def test_a_sentence_run_into_a_uvicorn_record_reads_from_the_record() -> None:
    # uvicorn pads its level to column 10: the words before it are the user's
    q = parse('when i try to it just says ERROR:    Error loading ASGI app. Could not import module "app".')
    assert (q.exc_type, q.message) == ("log.ERROR", 'Error loading ASGI app. Could not import module "app".')


def test_a_label_padded_by_one_space_inside_a_sentence_is_the_sentences() -> None:
    q = parse("the server answered ERROR: disk full")
    assert q.message == "the server answered ERROR: disk full"


def test_an_error_line_interleaved_under_a_second_traceback_header_goes_back_to_its_frames() -> None:
    # two worker processes failing at once on one terminal: the second header was written
    # between the first traceback's frames and its error line
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.5/multiprocessing/process.py", line 249, in _bootstrap\n'
        "    self.run()\n"
        '  File "/home/me/pkg/client.py", line 848, in check_version\n'
        "    raise Errors.NoBrokersAvailable()\n"
        "Traceback (most recent call last):\n"
        "pkg.errors.NoBrokersAvailable: NoBrokersAvailable\n"
        '  File "/usr/lib/python3.5/multiprocessing/process.py", line 249, in _bootstrap\n'
        "    self.run()\n"
        '  File "/home/me/pkg/group.py", line 340, in __init__\n'
        "    self._client = KafkaClient(**self.config)"
    )
    assert (q.exc_type, q.message) == ("pkg.errors.NoBrokersAvailable", "NoBrokersAvailable")
    assert [f.function for f in q.frames] == ["_bootstrap", "check_version"]
    # an error line under a header with no frame below it is left where it is
    assert (parse("Traceback (most recent call last):\nValueError: bad value").message) == "bad value"


def test_a_class_raised_bare_ends_a_traceback_run_into_a_second_cut_one() -> None:
    # two log records, each with a traceback, the second cut inside its frames: the first
    # one's error is the bare class, and the second record's head line is no part of it
    q = parse(
        "[ERROR] 2025-10-21T21:02:09 app.manager - job: Sub-error 1 in lifecycle task:\n"
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.13/site-packages/app/reader.py", line 162, in reader\n'
        "    await writer.send(message)\n"
        '  File "/venv/lib/python3.13/site-packages/anyio/streams/memory.py", line 214, in send_nowait\n'
        "    raise BrokenResourceError\n"
        "anyio.BrokenResourceError\n"
        "\n"
        "[app.manager] job: Sub-error 1 in lifecycle task:\n"
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.13/site-packages/app/reader.py", line 162, in reader\n'
        "    await writer.send(message)"
    )
    assert q.exc_type == "anyio.BrokenResourceError"
    assert q.message == ""
    assert q.frames[-1].function == "send_nowait"


_SPAN_BREAKS = [
    # the message copied with its newline, the closing backtick on the next line, prose after it
    (
        "After running `./manage.py runserver` , I get error `Reverse for 'x' not found. 'x' is not"
        " a valid view function.\n` on [http://127.0.0.1:8000/](http://127.0.0.1:8000/)",
        "Reverse for 'x' not found. 'x' is not a valid view function.",
    ),
    # a span broken in its middle holds its text's own line break: the lines stay
    ("I get the error `cannot reshape\narray of size 3` when I run it", None),
    # a frame and its source line in one span stay two lines
    ('`File "pkg/core.py", line 9, in build\n    raise PkgError("No label.")`', None),
    # a break outside any span is the reporter's: the lines stay
    ("I get the error `a b c d`\nwhen I run `tool` twice", None),
    # a blank line ends the paragraph: no span runs past it
    ("I get the error `cannot reshape\n\narray of size 3` when I run it", None),
]


@pytest.mark.parametrize(("text", "message"), _SPAN_BREAKS)
def test_a_line_break_inside_a_code_span_is_a_space(text: str, message: str | None) -> None:
    got = parse(text).message
    if message is None:
        assert "\n" in got
    else:
        assert got == message


def test_a_doubled_space_before_the_span_the_sentence_calls_an_error() -> None:
    assert parse("After that I get error  `cannot reshape array of size 3` on the page").message == (
        "cannot reshape array of size 3"
    )


def test_a_class_printed_as_its_repr_inside_a_code_span() -> None:
    # a log handler's ``%s: %s`` of ``type(e)`` and ``e``, quoted whole in backticks
    q = parse("`<class 'pkg.exceptions.Fault'>: Unknown fault occured`")
    assert q.exc_type == "pkg.exceptions.Fault" and q.message == "Unknown fault occured"
    # a span of other text keeps its class-less reading
    q = parse("`<clas 'pkg.exceptions.Fault'>: Unknown fault occured`")
    assert q.exc_type is None


# a notebook's JSON string, its text's breaks escaped, wrapped by the viewer inside a name
_WRAPPED_NOTEBOOK = (
    '{"text": "Traceback (most recent call last):\\n  File \\"/x/pkg/core.py\\", line 3, in run\\n'
    '    raise _for\nmat(ValueError, msg)\\nValueError: bad value\\n"}'
)


def test_a_break_the_copy_wrapped_into_an_escaped_string_is_taken_out() -> None:
    q = parse(_WRAPPED_NOTEBOOK)
    assert q.exc_type == "ValueError" and q.message == "bad value"
    assert [f.source for f in q.frames] == ["raise _format(ValueError, msg)"]
    # a break after a string's closing quote ends a record: the lines stay apart
    text = '"a line\\nValueError: bad value",\n"next record\\n"'
    assert parse(text).message == text


def test_a_class_shaped_line_a_sentence_announces_is_the_error() -> None:
    # prose that breaks off on a copula, then the error line of a class no suffix names
    q = parse(
        "Then the error information is \nNodeNotFound: Source ['n1'] is not in G\n\n"
        "Actually, the node exists in G. Can anyone help?"
    )
    assert q.exc_type == "NodeNotFound"
    assert q.message == "Source ['n1'] is not in G"
    # prose that ends in a colon
    q = parse("When I build the polynomial I get this:\nGeneratorsNeeded: Cannot initialize from 'dict'")
    assert q.exc_type == "GeneratorsNeeded"
    # a one-word label or a sentence that announces nothing leaves the line to the message
    assert parse("Output:\nSomeThing: text").exc_type is None
    assert parse("Some text here\nSomeThing: text").exc_type is None


def test_a_class_of_a_singular_exception_module_is_the_error_mid_paste() -> None:
    # ``networkx.exception``: the singular module holds the package's exceptions too
    q = parse(
        "when i run the converter an error message appears\nnetworkx.exception.NodeNotFound: target node 3 not in graph"
    )
    assert q.exc_type == "networkx.exception.NodeNotFound"
    assert q.message == "target node 3 not in graph"


def test_a_repr_a_log_record_shows_in_parentheses_with_words_after() -> None:
    # a retrying client's records: the caught exception's repr in parentheses, then more words
    q = parse(
        "ERROR: Request (page 1) failed (LocalProtocolError(\"Illegal header value b'k  '\")). Waiting to retry.\n"
        "ERROR: Request (page 3) failed (LocalProtocolError(\"Illegal header value b'k  '\")). Waiting to retry."
    )
    assert q.exc_type == "LocalProtocolError"
    assert q.message == "Illegal header value b'k  '"
    # a call in parentheses is code, and a class no suffix names is no exception's repr
    assert parse("the size (len(x)) is wrong").exc_type is None
    assert parse("Retrying (Retry(total=4, connect=None)) after connection broken").exc_type is None


def test_a_repr_nested_in_a_call_or_ending_the_line_is_no_record_s_parenthesis() -> None:
    # a wrapper's text that prints the caught error as a call with its cause's repr inside:
    # ``ConnectionError(MaxRetryError(`` is a call's own parenthesis, and nothing follows the
    # closing one; the text stays the message as pasted (its own template fits it)
    text = (
        "Connection error caused failure to POST https://api.example.com/runs in Example API. "
        "ConnectionError(MaxRetryError(\"HTTPSConnectionPool(host='api.example.com', port=443): "
        "Max retries exceeded (Caused by ProtocolError('Connection aborted.', "
        "RemoteDisconnected('Remote end closed connection without response')))\"))"
    )
    assert parse(text).exc_type is None
    assert parse("Request failed (ProtocolError('aborted'))").exc_type is None


def test_a_paste_between_lone_backtick_lines_is_read_as_fenced() -> None:
    # one backtick opening and closing the output on lines of their own, as a fence is used:
    # the message's line no longer starts behind a backtick
    q = parse("`\nMalformed request https://x.test/job. Response content: {'code': 'BAD'}\n`")
    assert q.message == "Malformed request https://x.test/job. Response content: {'code': 'BAD'}"
    q = parse(
        '`\n\tTraceback (most recent call last):\n\t  File "app.py", line 2, in <module>\n'
        "\t    f()\n\tTypeError: f() missing 1 required positional argument: 'fn'\n`"
    )
    assert q.exc_type == "TypeError" and q.frames[-1].path == "app.py"
    # a backtick closing a span opened on the line above it is no such pair
    q = parse("ValueError: bad value\n`")
    assert q.exc_type == "ValueError"
