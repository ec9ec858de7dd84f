"""The web stage: the site, search and JSON API served by ``errdex serve``.

Read-only over the catalogue. ``create_app`` (in ``app``) builds the FastAPI application; the
``serve`` command (in ``command``) runs it with uvicorn. Nothing here is imported by the CLI until
``errdex serve`` runs, so the other commands never pay for FastAPI.
"""
