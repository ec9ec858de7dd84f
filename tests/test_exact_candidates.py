"""``Index.exact_candidates``: the patterns whose keys all occur in the message, the only ones
that may fit it in full. Each pattern is listed under its first (rarest) key; its other keys
are tested against the message's (``seen.issuperset``, in C, since scale19). Checked here
against the definition read straight from the stored keys, on near-duplicates that differ by
one word (so by one key), as a big catalogue holds them."""

from __future__ import annotations

from test_match_rules import entry

from errdex.match.index import Index
from errdex.match.verify import compact

_TAGS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]


def _index() -> Index:
    # near-duplicates: a tag word inserted in one template, as bench/match_speed.py makes copies
    base = ["could not open the configuration file ", "path", " for reading: permission denied"]
    copies = [[f"could not open the {tag} configuration file ", "path", " for reading: permission denied"]
              for tag in _TAGS]  # fmt: skip
    return Index.build(
        [entry(base), *(entry(c) for c in copies), entry(["unknown storage backend ", "name", ""])]
    )


def _by_definition(idx: Index, seen: set[int]) -> list[int]:
    """Every pattern with keys, all of them among ``seen`` (the order aside)."""
    offs, keys = idx._sec["p_keyoff"], idx._sec["p_keys"]
    return sorted(pid for pid in range(idx.n_patterns)
                  if offs[pid] < offs[pid + 1] and all(k in seen for k in keys[offs[pid] : offs[pid + 1]]))  # fmt: skip


def test_the_copy_the_message_comes_from_is_listed_and_no_other_copy() -> None:
    idx = _index()
    seen = idx.hits(
        compact("could not open the golf configuration file /etc/x.conf for reading: permission denied")
    )
    got = idx.exact_candidates(seen)
    # the golf copy holds every key; the untagged template too (its keys are the copies' shared
    # words); another tag's copy lacks the key of its own tag word
    golf = 1 + _TAGS.index("golf")
    assert golf in got
    assert not {1 + i for i, tag in enumerate(_TAGS) if tag != "golf"} & set(got)
    assert sorted(got) == _by_definition(idx, seen)


def test_the_list_is_the_definitions_for_messages_of_each_kind() -> None:
    idx = _index()
    messages = [
        "could not open the configuration file /etc/x.conf for reading: permission denied",
        "could not open the hotel configuration file a for reading: permission denied",
        "could not open the configuration file",  # cut short: the tail's keys missing
        "unknown storage backend 'redis'",  # a one-key pattern, perhaps
        "nothing of the catalogue",
        "",
    ]
    for text in messages:
        seen = idx.hits(compact(text))
        got = idx.exact_candidates(seen)
        assert len(got) == len(set(got)), text  # each pattern once: listed under one key only
        assert sorted(got) == _by_definition(idx, seen), text
