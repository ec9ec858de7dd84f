"""Constants of the standard library a message may show, kept as a table (never imported).

``raise FileNotFoundError(errno.ENOENT, "No such file or directory", path)`` prints ``[Errno 2]
...``; with ``errno.ENOENT`` unknown, the ``2`` is a placeholder's value, and any errno fits.
errdex never runs indexed code, and the running interpreter's ``errno`` module is the platform's:
the numbers differ between Linux, macOS and Windows (``EAGAIN`` is 11 on Linux and Windows, 35
on macOS; ``ETXTBSY`` 26 on POSIX, 139 on Windows; from 35 on they all differ). A message is
raised on whichever platform the user runs, so only the numbers the three agree on are kept:
the Version 7 Unix ones that C's and POSIX's headers and the Windows C runtime all copied.
Any other name stays a placeholder, which accepts either platform's number.
"""

from __future__ import annotations

from collections.abc import Mapping

# errno names with one number on Linux, macOS and Windows (checked against Linux's and macOS's
# <errno.h> and the Windows C runtime's; ``EAGAIN``, ``ENOTBLK`` and ``ETXTBSY`` left out)
ERRNO_SHARED: Mapping[str, int] = {
    "EPERM": 1, "ENOENT": 2, "ESRCH": 3, "EINTR": 4, "EIO": 5, "ENXIO": 6, "E2BIG": 7,
    "ENOEXEC": 8, "EBADF": 9, "ECHILD": 10, "ENOMEM": 12, "EACCES": 13, "EFAULT": 14,
    "EBUSY": 16, "EEXIST": 17, "EXDEV": 18, "ENODEV": 19, "ENOTDIR": 20, "EISDIR": 21,
    "EINVAL": 22, "ENFILE": 23, "EMFILE": 24, "ENOTTY": 25, "EFBIG": 27, "ENOSPC": 28,
    "ESPIPE": 29, "EROFS": 30, "EMLINK": 31, "EPIPE": 32, "EDOM": 33, "ERANGE": 34,
}  # fmt: skip


def stdlib_consts() -> dict[str, int]:
    """The table by the dotted key a reference to it resolves to (``errno.ENOENT``)."""
    return {f"errno.{name}": number for name, number in ERRNO_SHARED.items()}
