"""Optional AI-assisted prose: configuration and cache keys.

errdex never needs a model. When ``ERRDEX_LLM_MODEL`` names one, ``analyze_error`` merges the
answer cached for that model (``store.get_analysis``) beside the static sections. The client that
produces those answers (OpenAI-compatible chat completions, verified by ``verify``) is not written
yet; the cache key is fixed here so answers written later are found by pages built now.
"""

from __future__ import annotations

import os

__all__ = ["PROMPT_VERSION", "configured_model"]

PROMPT_VERSION = "1"  # bump when the prompt changes: cached answers to the old prompt are ignored


def configured_model() -> str | None:
    """The model whose cached answers pages show, or None (static only)."""
    return os.environ.get("ERRDEX_LLM_MODEL") or None
