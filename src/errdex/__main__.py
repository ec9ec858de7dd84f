"""``python -m errdex``: the same command line as ``errdex``."""

from errdex.cli import main

if __name__ == "__main__":
    main()
