"""The one progress display of the command line: a rich bar on a terminal, plain lines elsewhere.

``errdex index`` reports stages and files through it (it is the pipeline's ``Progress``), and
``errdex analyze`` counts errors with it. Off a terminal (logs, CI, pipes) it prints a plain
line every 5% or 10 seconds, so a log shows a long run moving without a line per item.
"""

from __future__ import annotations

import time
from typing import Any

from errdex.textsafe import markup_escape

__all__ = ["ProgressBar"]


class ProgressBar:
    """Stages as dim bullet lines; counted work as a transient bar, or plain lines off a terminal."""

    def __init__(self, tty: bool) -> None:
        from rich.console import Console

        self.console = Console(stderr=True)
        self.tty = tty
        self.label = ""
        self.bar: Any = None
        self.task: Any = None
        self.done = 0
        self.total = 0
        self.last = time.monotonic()

    def stage(self, message: str) -> None:
        self._stop_bar()
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
            self.console.print(f"  {self.label}: {self.done}/{self.total}", highlight=False, markup=False)

    def _stop_bar(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def close(self) -> None:
        self._stop_bar()
