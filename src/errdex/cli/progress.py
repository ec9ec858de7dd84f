"""The one progress display of the command line: a rich bar on a terminal, plain lines elsewhere.

``errdex index`` reports stages and files through it (it is the pipeline's ``Progress``), and
``errdex analyze`` counts errors with it. Off a terminal (logs, CI, pipes) it prints a plain
line every 5% or 10 seconds, so a log shows a long run moving without a line per item.

Off a terminal rich is not imported for a line that it would print unchanged (~0.03 s of a
run's start): short printable ASCII, no colour forced by the environment, no terminal among
the standard streams to take a width from. Any other line goes through rich as before.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from errdex.textsafe import markup_escape

__all__ = ["ProgressBar"]


class ProgressBar:
    """Stages as dim bullet lines; counted work as a transient bar, or plain lines off a terminal."""

    def __init__(self, tty: bool) -> None:
        self._console: Any = None
        self.tty = tty
        self.label = ""
        self.bar: Any = None
        self.task: Any = None
        self.done = 0
        self.total = 0
        self.last = time.monotonic()

    @property
    def console(self) -> Any:
        """rich's console on stderr, made on first use."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=True)
        return self._console

    def stage(self, message: str) -> None:
        self._stop_bar()
        if not self.tty and plain_line(message, prefix="• "):
            return
        # Stage messages name things from the source being indexed: shown as text, never as markup.
        self.console.print(f"[dim]•[/] {markup_escape(message)}", highlight=False)

    def start(self, total: int, label: str) -> None:
        """Count ``total`` items of work called ``label`` from now on."""
        self._stop_bar()
        self.total, self.done, self.label = total, 0, label
        self.last = time.monotonic()
        if self.tty and total:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=self.console,
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(markup_escape(label), total=total)

    def start_files(self, total: int) -> None:
        """The pipeline's name for ``start``: the files of a snapshot are being extracted."""
        self.start(total, "files")

    def advance(self, n: int = 1) -> None:
        before, self.done = self.done, self.done + n
        if self.bar is not None:
            self.bar.advance(self.task, n)
            return
        if not self.total:
            return
        now = time.monotonic()
        step = max(1, self.total // 20)
        if self.done == self.total or before // step != self.done // step or now - self.last >= 10:
            self.last = now
            line = f"  {self.label}: {self.done}/{self.total}"
            if not plain_line(line):
                self.console.print(line, highlight=False, markup=False)

    def _stop_bar(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def close(self) -> None:
        self._stop_bar()


# what rich would change in a line: colour or a width forced by the environment, a notebook
_RICH_ENV = ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "JUPYTER_COLUMNS")
_PLAIN_WIDTH = 80  # rich's width when no standard stream is a terminal


def plain_line(text: str, prefix: str = "") -> bool:
    """Write ``prefix`` and ``text`` to stderr as rich would off a terminal, when rich would write
    them unchanged; False (nothing written) when it might not: rich styles, wraps, expands tabs,
    drops control characters and turns ``:name:`` into emoji. ``prefix`` is one of ours."""
    if not (len(prefix) + len(text) < _PLAIN_WIDTH and text.isascii() and text.isprintable()):
        return False
    if text.count(":") > 1 or any(name in os.environ for name in _RICH_ENV) or "IPython" in sys.modules:
        return False
    if any(_is_terminal(fd) for fd in (0, 1, 2)):
        return False
    sys.stderr.write(prefix + text + "\n")
    sys.stderr.flush()
    return True


def _is_terminal(fd: int) -> bool:
    try:
        os.get_terminal_size(fd)
    except (AttributeError, ValueError, OSError):
        return False
    return True
