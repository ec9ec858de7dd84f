"""Recognising code-forge URLs, to name a catalogue ``owner/repo`` and to build permalinks.

Project metadata spells the same repository many ways (``git+https://…/x.git``, ``git@host:x``,
``…/tree/main/src``, ``www.``); pages need one canonical https URL, so everything is reduced to
``https://HOST/owner/repo``.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

FORGES = ("github.com", "gitlab.com", "codeberg.org")

# First path components that are forge pages, not owners (github.com/sponsors/x is no repo).
_NOT_OWNERS = frozenset(
    [
        "sponsors",
        "orgs",
        "users",
        "settings",
        "marketplace",
        "topics",
        "collections",
        "apps",
        "about",
        "features",
        "explore",
        "login",
        "join",
        "search",
        "notifications",
        "groups",
        "help",
        "-",
    ]
)
_SCP = re.compile(r"^[\w.-]+@(?P<host>[\w.-]+):(?P<path>[^/].*)$")
_PART = re.compile(r"^[A-Za-z0-9_.-]+$")


def forge_repo(url: str) -> tuple[str, str] | None:
    """``(owner/repo, https URL)`` for a repository URL on a known forge, else None.

    >>> forge_repo("https://github.com/jax-ml/jax.git")
    ('jax-ml/jax', 'https://github.com/jax-ml/jax')
    """
    url = url.strip()
    scp = _SCP.match(url)
    if scp and "://" not in url:
        host, path = scp["host"], scp["path"]
    else:
        url = url.removeprefix("git+")
        try:
            parts = urlsplit(url)
        except ValueError:
            return None
        if parts.scheme not in ("http", "https", "ssh", "git"):
            return None
        host, path = (parts.hostname or ""), parts.path
    host = host.lower().removeprefix("www.")
    if host not in FORGES:
        return None
    segments = [s for s in path.split("/") if s]
    if host == "gitlab.com":
        # GitLab nests groups (group/subgroup/repo); "/-/" starts the page part of a URL.
        if "-" in segments:
            segments = segments[: segments.index("-")]
    else:
        segments = segments[:2]
    if segments:
        segments[-1] = segments[-1].removesuffix(".git")
    if len(segments) < 2 or segments[0].lower() in _NOT_OWNERS or not all(_PART.match(s) for s in segments):
        return None
    name = "/".join(segments)
    return name, f"https://{host}/{name}"
