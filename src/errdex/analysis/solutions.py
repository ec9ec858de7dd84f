"""How to fix an error, from facts only: the guard, the message, its links, its siblings.

* **guard** — the check that fails says, by negation, what *is* accepted: ``x not in (A, B)``
  means "use A or B", a failed ``isinstance(x, T)`` means "pass a T".
* **message** — authors often write the fix into the message ("Try using lax.scan", "Call
  'fit' with appropriate arguments"); those imperative sentences are quoted, not paraphrased.
* **docs** — URLs in the message or its expanded helpers (jax's ``err_details()`` links the
  BlockSpec docs) become references.
* **sibling** — errors of the same function often state the fix the other one leaves implicit.
"""

from __future__ import annotations

import re

from errdex.analysis.trigger import Trigger, condition_phrase

__all__ = ["URL", "imperatives", "solutions_for"]

URL = re.compile(r"https?://[^\s'\"<>)\]}`]+[^\s'\"<>)\]}`.,;:]")
_IMPERATIVE = re.compile(
    r"^(?:try|use|call|pass|set|please|consider|make sure|ensure|specify|provide|install|upgrade|"
    r"reshape|convert|add|remove|check|avoid|do not|don't|instead|either|run|switch|wrap|rename|"
    r"define|increase|decrease|reduce|cast|see|refer|report|file|update|downgrade|change|replace|"
    r"you (?:can|should|may|must|might|need)|to (?:fix|avoid|silence|suppress|resolve))\b",
    re.I,
)
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def imperatives(template: str) -> list[str]:
    """Sentences of a message that tell the reader what to do."""
    text = URL.sub(lambda m: m.group(0).replace(".", "\x00"), template)
    out: list[str] = []
    for sent in re.split(r"(?<=[.!?])\s+|\n+", text):
        s = sent.replace("\x00", ".").strip(" \t-:;,")
        if len(s) < 8 or len(s) > 300:
            continue
        asks = _IMPERATIVE.match(s) or re.search(r"\b(?:instead|you can|you should|please)\b", s, re.I)
        # a sentence made mostly of placeholders tells nothing
        if asks and len(_PLACEHOLDER.sub("", s)) >= 8:
            out.append(s)
    return out


def solutions_for(
    trigger: Trigger, guards: list[str], template: str, expanded: str, siblings: list[str]
) -> tuple[list[dict[str, str]], list[str]]:
    """(solutions, references). Each solution says where it came from."""
    sols: list[dict[str, str]] = []

    def add(text: str, source: str) -> None:
        if text and all(s["text"] != text for s in sols):
            sols.append({"text": text, "source": source})

    by_subject: dict[str, list[str]] = {}
    for subj, accepted in trigger.accepted:
        by_subject.setdefault(subj, []).append(accepted)
    for subj, options in by_subject.items():
        add(f"Make {subj} {' or '.join(options)}: those are the values this check accepts.", "guard")
    if not by_subject:
        last = next((g for g in reversed(guards) if _is_condition(g)), None)
        if last is not None:
            add(
                f"Make sure that {_negated(last)}: the error is raised only when that does not hold.", "guard"
            )
    for s in imperatives(expanded or template):
        if URL.search(s):
            continue  # the link is listed as a docs solution below
        add(f"The message says: “{s}”", "message")
    refs: list[str] = []
    for url in URL.findall(expanded) + URL.findall(template):
        if url not in refs:
            refs.append(url)
    for url in refs:
        add(f"Read the documentation the message links to: {url}", "docs")
    for sib in siblings:
        for s in imperatives(sib)[:1]:
            add(f"A sibling error in the same function suggests: “{s}”", "sibling")
        if sum(1 for x in sols if x["source"] == "sibling") >= 2:
            break
    return sols, refs


def _is_condition(guard: str) -> bool:
    return not guard.startswith(
        ("for ", "async for ", "while ", "except", "with ", "async with ", "case ")
    ) and guard not in ("else", "finally", "try")


def _negated(guard: str) -> str:
    src = guard.split(" ", 1)[1] if guard.startswith(("if ", "elif ")) else guard
    phrase = condition_phrase(f"not ({src})")
    return phrase[0].lower() + phrase[1:] if phrase[:1].isupper() and not phrase.startswith("`") else phrase
