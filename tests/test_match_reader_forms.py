"""Paste forms the reader (``errdex.match.parse``) used to misread, each a general layout seen in
issues41/issues42 (issue #10): an IPython chain cut inside its last block, a cut error line, a
log line's ``[ERROR]`` tag before the exception line Lambda prints above the traceback, an
exception line indented less than the frames, a code span under a lead-in line, a raise line's
trailing comment, and a quote the reporter never closed."""

from __future__ import annotations

from errdex.match.parse import parse

IPYTHON_CHAIN = (
    "---------------------------------------------------------------------------\n"
    "FieldError                                Traceback (most recent call last)\n"
    "~/lib/python3.7/site-packages/binkit/core.py in _parse(self, stream, context)\n"
    "    350         try:\n"
    "--> 351             return self.packer.unpack(_read_stream(stream, self.length))[0]\n"
    "    352         except Exception as ex:\n"
    "\n"
    "~/lib/python3.7/site-packages/binkit/core.py in _read_stream(stream, length)\n"
    "    292     if len(data) != length:\n"
    '--> 293         raise FieldError("expected %d, found %d" % (length, len(data)))\n'
    "    294     return data\n"
    "\n"
    "FieldError: expected 4, found 0\n"
    "\n"
    "During handling of the above exception, another exception occurred:\n"
    "\n"
    "FieldError                                Traceback (most recent call last)\n"
    "~/lib/python3.7/site-packages/binkit/utils.py in struct_parse(struct, stream, stream_pos)\n"
    "     39             stream.seek(stream_pos)\n"
    "---> 40         return struct.parse_stream(stream)\n"
    "     41     except ConstructError as e:\n"
    "\n"
    "~/lib/python3.7/site-packages/binkit/core.py in _parse(self, stream, context)\n"
    "    646             e"
)


def test_an_ipython_chain_cut_inside_its_last_block_is_read_at_the_whole_block_before() -> None:
    # the last block's header names a class, but no exception line closes it: cut
    q = parse(IPYTHON_CHAIN)
    assert (q.exc_type, q.message) == ("FieldError", "expected 4, found 0")
    assert q.frames[-1].function == "_read_stream"


def test_an_ipython_chain_whose_last_block_is_whole_keeps_it() -> None:
    q = parse(IPYTHON_CHAIN + "\n\nFieldError: expected 8, found 2")
    assert (q.exc_type, q.message) == ("FieldError", "expected 8, found 2")
    assert q.frames[-1].function == "_parse"
    # raised without a text, IPython still prints the class on the block's last line
    q = parse(IPYTHON_CHAIN + "\n\nFieldError: ")
    assert q.primary == len(q.blocks) - 1 and q.exc_type == "FieldError" and q.message == ""


CUT_TRACEBACK = (
    "ScanPe: exception while scanning uid fc32252a (see traceback below)\n"
    "Traceback (most recent call last):\n"
    '  File "/usr/local/lib/python3.6/dist-packages/peparse.py", line 1754, in __init__\n'
    "    self.__parse__(name, data, fast_load)\n"
    '  File "/usr/local/lib/python3.6/dist-packages/peparse.py", line 1872, in __parse__\n'
    "    raise PEFormatError('Invalid NT Headers signature. Probably a LE file')\n"
)


def test_an_error_line_cut_in_its_module_path_leaves_the_raise_line_as_the_error() -> None:
    # ``pepa`` begins the module of the deepest frame's file: the excerpt ends inside
    # ``peparse.PEFormatError: ...``; the log line above the traceback is tried after it
    q = parse(CUT_TRACEBACK + "pepa")
    assert (q.exc_type, q.message) == ("PEFormatError", "Invalid NT Headers signature. Probably a LE file")
    assert q.blocks[q.primary - 1].message.startswith("exception while scanning")
    # cut after a dot, or with a module of the package after its name, behind a heading's mark
    for cut in ("peparse.", "# peparse.errors"):
        q = parse(CUT_TRACEBACK + cut)
        assert q.exc_type == "PEFormatError", cut


def test_a_whole_error_line_or_a_lower_case_class_is_not_cut() -> None:
    q = parse(CUT_TRACEBACK + "peparse.PEFormatError: 'DOS Header magic not found.'")
    assert (q.exc_type, q.message) == ("peparse.PEFormatError", "'DOS Header magic not found.'")
    # a word that begins no name of the frame's path, a standard module's class raised bare
    # and a lower-case class ending in ``error`` stay the error line they are
    for line in ("segfault", "socket.timeout", "peparse.error"):
        q = parse(CUT_TRACEBACK + line)
        assert line.rpartition(".")[2] in (q.message + " " + (q.exc_type or "")), (
            line,
            q.message,
            q.exc_type,
        )


LAMBDA_FRAMES = (
    "Traceback (most recent call last):\n"
    '  File "/var/task/lambda_function.py", line 42, in lambda_handler\n'
    "    for filename in listdir(share):\n"
    '  File "/opt/python/smbwire/session.py", line 280, in connect\n'
    '    raise AuthError("Failed to authenticate with server: %s" % str(err.message))'
)


def test_a_lambda_log_prints_the_exception_line_behind_its_level_tag_above_the_traceback() -> None:
    q = parse(
        "Error establishing session\n"
        "[ERROR] AuthError: Failed to authenticate with server: Unable to negotiate common mechanism\n"
        + LAMBDA_FRAMES
    )
    assert (q.exc_type, q.message) == (
        "AuthError",
        "Failed to authenticate with server: Unable to negotiate common mechanism",
    )
    assert q.frames[-1].function == "connect"
    # a tag before words that name no class is not an exception line: the raise line is read
    q = parse("[ERROR] could not reach the share\n" + LAMBDA_FRAMES)
    assert (q.exc_type, q.message) == ("AuthError", "Failed to authenticate with server: %s")


def test_an_exception_line_indented_less_than_the_frames_ends_the_traceback() -> None:
    # a relay shifted every line by one space: frames at three, the exception line at one
    q = parse(
        "Error: [Traceback (most recent call last):\n"
        '   File "<string>", line 196, in main\n'
        '   File "/usr/lib/python3.9/site-packages/smbwire/session.py", line 277, in connect\n'
        '    raise AuthError("Failed to authenticate with server: %s" % str(err.message))\n'
        " smbwire.exceptions.AuthError: Failed to authenticate with server: SpnegoError (1): Context:"
    )
    assert q.exc_type == "smbwire.exceptions.AuthError"
    assert q.message == "Failed to authenticate with server: SpnegoError (1): Context:"
    assert (
        q.frames[-1].source == 'raise AuthError("Failed to authenticate with server: %s" % str(err.message))'
    )


def test_source_indented_deeper_than_its_frame_stays_source() -> None:
    q = parse(
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.9/site-packages/smbwire/session.py", line 277, in connect\n'
        "    ValueError: Something = 1\n"
        "smbwire.exceptions.AuthError: denied"
    )
    assert (q.exc_type, q.message) == ("smbwire.exceptions.AuthError", "denied")
    assert q.frames[-1].source == "ValueError: Something = 1"


def test_a_code_span_under_a_lead_in_line_is_the_message() -> None:
    sig = "Server message signature could not be verified: 0000 != 4665675f"
    # the closing backtick alone on the line below (copied with the message's newline), or not
    for paste in (f"Error:\n\n`{sig}\n`", f"Error:\n`{sig}`", f"I get this error:\n\n`{sig}`"):
        q = parse(paste)
        assert (q.exc_type, q.message) == (None, sig), paste
    # a span under prose that runs on (no lead-in) is left as it was
    q = parse(f"This happens on every second connect and\n\n`{sig}`")
    assert q.message.startswith("This happens")


def test_a_raise_lines_trailing_comment_is_no_part_of_its_text() -> None:
    q = parse(
        '  File "/site-packages/uagent/fake.py", line 98, in __getattr__\n'
        "\n"
        "    raise UserAgentError('Error occurred during getting # browser')  # noqa: E501"
    )
    assert (q.exc_type, q.message) == ("UserAgentError", "Error occurred during getting # browser")


def test_a_quote_the_reporter_never_closed_ends_at_their_next_paragraph() -> None:
    head = "When creating a PE - pe.PE('/path), got peparse.PEFormatError: \"data at RVA can't be fetched. Corrupt header?"
    q = parse(head + "\n\nWas able to open the file on IDA.")
    assert (q.exc_type, q.message) == (
        "peparse.PEFormatError",
        "\"data at RVA can't be fetched. Corrupt header?",
    )
    # a quote closed in a later paragraph runs over the lines: the message keeps them
    q = parse(head + '\n\nthe rest of the header."')
    assert q.message.endswith('the rest of the header."')


def test_a_class_printed_as_its_repr_under_prose_is_the_exception_line() -> None:
    # Twisted's Failure line, quoted under the reporter's sentence
    q = parse(
        "It looks like the verification will fail but the error is\n\n"
        "> <class 'tlsid.exceptions.VerificationError'>: VerificationError(errors=[DNSMismatch(id=b'x')])"
    )
    assert q.exc_type == "tlsid.exceptions.VerificationError"
    assert q.message == "VerificationError(errors=[DNSMismatch(id=b'x')])"
    # a class repr alone, no colon after it, is a value: the paste is left as it was
    q = parse("The hook got\n\n<class 'tlsid.exceptions.VerificationError'>")
    assert q.exc_type is None
