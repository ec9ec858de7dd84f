"""``python -m errdex``: the same command line as ``errdex``.

``python -m errdex run SCRIPT [ARGS]`` goes straight to the runner, without loading the command
line's libraries: the script's own start-up is not made slower, and every argument after the
script is the script's, exactly as given.
"""

import sys

if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "run":
        from errdex.hooks.run import main as run_main

        sys.exit(run_main(sys.argv[2:]))
    from errdex.cli import main

    main()
