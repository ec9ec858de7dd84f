"""``python -m errdex.cli``: the same command line as the ``errdex`` script."""

from errdex.cli import main

main()
