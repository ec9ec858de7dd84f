"""Python 3.11+ prints each ``exc.add_note(...)`` text on a line of its own after the exception's
message; nothing in the paste tells a note from the message going on. A message whose first
line(s) a template with words of its own fits exactly, ending there, is read without its last
lines as notes (``Matcher._noted``), where the whole message read as one text is only
approximate (the notes dilute its literal words); a head no template fits stays approximate."""

from __future__ import annotations

from test_match_rules import entry, top

from errdex.match import Matcher

LONG_NOTE = "The edge (1, 3) is not in the graph of the network that we loaded from disk just now"


def _kit() -> Matcher:
    layer = entry(
        ["Cannot find a layer named ", "name!r", ""], path="mapkit/layers.py", function="Layers.get",
        exc_type="LookupError",
    )  # fmt: skip
    opener = entry(
        ["Cannot open ", "path", " for reading"], path="mapkit/files.py", function="Source.open",
        exc_type="OSError",
    )  # fmt: skip
    other = entry(
        ["The edge ", "u", "-", "v", " is not in the graph."], path="mapkit/graph.py",
        function="Graph.remove_edge", exc_type="GraphError",
    )  # fmt: skip
    return Matcher.from_entries([layer, opener, other])


def test_long_note_lines_after_an_exact_first_line_are_read_as_notes() -> None:
    res = _kit().explain(
        f"OSError: Cannot open /tmp/x for reading\n{LONG_NOTE}\nwhile building the map again"
    )
    assert top(res).function == "Source.open", [(m.function, m.approximate) for m in res.matches]
    assert not top(res).approximate
    assert top(res).values == {"path": "/tmp/x"}
    assert "read as notes" in res.verdict


def test_a_last_value_does_not_swallow_the_notes() -> None:
    res = _kit().explain(
        "LookupError: Cannot find a layer named 'roads'\nThe edge (1, 3) is not in the graph\n"
        "while building the map for the second time today"
    )
    assert top(res).function == "Layers.get"
    assert not top(res).approximate
    assert top(res).values == {"name!r": "'roads'"}


def test_a_head_no_template_fits_stays_approximate() -> None:
    res = _kit().explain(
        f"OSError: Cannot parse /tmp/x as a map file\n{LONG_NOTE}\nwhile building the map again"
    )
    assert all(m.approximate for m in res.matches), [(m.function, m.approximate) for m in res.matches]


def test_a_head_ending_in_a_colon_announces_its_lines() -> None:
    site = entry(
        ["Cannot open these files:"], path="mapkit/files.py", function="Source.open_all", exc_type="OSError",
    )  # fmt: skip
    res = Matcher.from_entries([site]).explain(
        f"OSError: Cannot open these files:\n{LONG_NOTE}\nand another one"
    )
    assert "read as notes" not in res.verdict


def test_lines_with_no_class_are_not_read_as_notes() -> None:
    # bare lines one after another are a log's records more often than a message and its notes
    res = _kit().explain(f"Cannot open /tmp/x for reading\n{LONG_NOTE}\nwhile building the map again")
    assert "read as notes" not in res.verdict
    assert all(m.approximate for m in res.matches), [(m.function, m.approximate) for m in res.matches]


def test_a_data_line_after_the_head_is_the_message_going_on() -> None:
    site = entry(
        ["Status code: ", "status", ""], path="mapkit/http.py", function="Client.rerank", exc_type="HttpError",
    )  # fmt: skip
    paste = (
        'HttpError: Status code: 400\n{"code":"BadRequest","message":"Partition key is invalid for this map"}'
    )
    res = Matcher.from_entries([site]).explain(paste)
    assert "read as notes" not in res.verdict
