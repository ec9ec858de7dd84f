"""Releases of one codebase side by side: each error's lineage, and what changed between two.

Reads the catalogue (``errdex.store.history``) and decides; the views and commands render it.
"""
