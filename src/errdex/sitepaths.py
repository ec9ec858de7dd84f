"""Where a file sits in a Python environment, from its path alone (a leaf module: no imports).

Tracebacks name files by absolute path. A path through ``site-packages`` (or Debian's
``dist-packages``) splits into the site directory and the path inside it, which is the path the
installed distribution's ``RECORD`` lists and the path a snapshot of its release stores.
"""

from __future__ import annotations

__all__ = ["SITE_DIR_NAMES", "split_site_path"]

SITE_DIR_NAMES = ("site-packages", "dist-packages")


def split_site_path(path: str) -> tuple[str, str] | None:
    """``(site directory, path inside it)`` for a path through a site directory, else None.

    The last such folder in the path is the site directory (a virtualenv inside another's
    site-packages is rare, but the inner one is right).
    """
    parts = path.replace("\\", "/").split("/")
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] in SITE_DIR_NAMES:
            return "/".join(parts[: i + 1]), "/".join(parts[i + 1 :])
    return None
