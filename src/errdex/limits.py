"""How much work and memory one untrusted source file may cost, in one light module.

Parsing takes up to ~940x a file's size in memory (one short statement per line), ordinary code
80-190x (``bench/parse_memory.py`` measures both), so these bound the cost, not only the bytes.
Every stage that parses indexed code (extraction, test linking, explain's project index) reads
them from here.
"""

from __future__ import annotations

import os

MiB = 1 << 20
# Ordinary code costs at most ~190x its size to parse and analyse: 8 MiB of it (1.5 GiB) fits
# the worker budget below. Larger files are generated data, not code anyone reads errors from: never parsed.
MAX_PARSE_BYTES = 8 * MiB
# Address space an extraction worker may add to what it has at start (ERRDEX_WORKER_MEMORY_MB
# overrides); past it the file being analysed is skipped with its reason.
WORKER_MEMORY = int(os.environ.get("ERRDEX_WORKER_MEMORY_MB", "2048")) * MiB
# Largest file parsed inside the calling process (no memory limit there): at the worst measured
# ratio under 1 GiB. Real libraries' largest files are smaller (pandas' frame.py: 708 KiB);
# extraction sends larger ones to a limited worker, other stages skip them.
IN_PROCESS_BYTES = 1 * MiB
# How long a worker may take over one file before the file is given up (skipped with its reason)
# and the rest go on: a fixed part (a worker's start, a loaded machine) plus one second per
# ANALYSIS_RATE bytes. Extraction runs at ~0.6 MiB/s of CPU on ordinary code, so this is ~150x
# that: time for a machine loaded 15 deep and a file of the slowest shape, not a speed target;
# it only bounds a wait that would otherwise have none (a worker stopped, or stuck).
# ERRDEX_ANALYSIS_SECONDS overrides the fixed part.
ANALYSIS_SECONDS = float(os.environ.get("ERRDEX_ANALYSIS_SECONDS", "120"))
ANALYSIS_RATE = 4 * 1024


def analysis_budget(nbytes: int) -> float:
    """Seconds a worker may take to analyse ``nbytes`` of source (one file, or a chunk of them)."""
    return ANALYSIS_SECONDS + nbytes / ANALYSIS_RATE
