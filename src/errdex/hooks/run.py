"""``python -m errdex run script.py [args]``: run a script as Python would, with the hooks on.

The script runs as ``__main__`` with its own ``sys.argv`` and its folder first on ``sys.path``,
exactly as ``python script.py`` would run it. An uncaught exception is printed by the installed
``sys.excepthook`` (the original traceback, then the raise site) with the frames of this runner
left out, so the traceback reads as Python's own; the exit status is Python's too (1, or the
code ``SystemExit`` carries).
"""

from __future__ import annotations

import os
import runpy
import sys
from types import TracebackType

__all__ = ["run"]


def run(target: str, args: list[str], *, module: bool = False, db: str | None = None) -> int:
    """Run ``target`` (a script path, or a module name with ``module=True``); the exit status."""
    from errdex.hooks import install

    install(db)
    if module:
        sys.argv = [target, *args]
        sys.path.insert(0, os.getcwd())
    else:
        path = os.path.abspath(target)
        if not os.path.isfile(path):
            print(f"error: no such script: {target}", file=sys.stderr)
            return 2
        sys.argv = [target, *args]
        sys.path.insert(0, os.path.dirname(path))
    try:
        if module:
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:
            _run_script(path)
    except SystemExit as e:
        return _exit_code(e.code)
    except BaseException as e:  # what Python itself would print and exit 1 for
        tb = _without_runner(e.__traceback__)
        sys.excepthook(type(e), e.with_traceback(tb), tb)
        return 130 if isinstance(e, KeyboardInterrupt) else 1
    return 0


def _run_script(path: str) -> None:
    """Run the file as ``__main__`` the way ``python path`` does: its code named by its absolute
    path, ``sys.argv[0]`` as the user typed it (``runpy.run_path`` would rewrite it)."""
    import io
    import types

    with io.open_code(path) as fh:
        source = fh.read()
    code = compile(source, path, "exec", dont_inherit=True)
    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__cached__ = None  # type: ignore[attr-defined]
    main.__builtins__ = __builtins__  # type: ignore[attr-defined]
    sys.modules["__main__"] = main
    exec(code, main.__dict__)


def _without_runner(tb: TracebackType | None) -> TracebackType | None:
    """The traceback from the script's first frame on: this module's and runpy's are not the
    user's code, and Python's own traceback of the script would not show them."""
    here = os.path.abspath(__file__)
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if (
            os.path.abspath(name) != here
            and not name.startswith("<frozen runpy")
            and "runpy" not in os.path.basename(name)
        ):
            return tb
        tb = tb.tb_next
    return tb


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)  # ``sys.exit("message")`` prints the message, status 1
    return 1


USAGE = """usage: python -m errdex run [--db CATALOGUE] [-m MODULE | SCRIPT] [ARGS ...]

Run a Python script (or a module, with -m) as `python SCRIPT ARGS` would, and after an uncaught
exception or a warning name the library line that raised it, from the catalogue (--db, or
ERRDEX_DB, or the default catalogue). The traceback is printed unchanged; the exit status is the
script's. Everything after SCRIPT is the script's own arguments.
"""


def main(argv: list[str]) -> int:
    """Parse ``run``'s own options up to the script; everything after it belongs to the script."""
    db: str | None = None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("-h", "--help"):
            print(USAGE, end="")
            return 0
        if arg == "--db" and i + 1 < len(argv):
            db, i = argv[i + 1], i + 2
            continue
        if arg.startswith("--db="):
            db, i = arg.split("=", 1)[1], i + 1
            continue
        if arg == "-m" and i + 1 < len(argv):
            return run(argv[i + 1], argv[i + 2 :], module=True, db=db)
        if arg == "--":
            i += 1
            continue
        if arg.startswith("-"):
            print(f"error: unknown option {arg!r} before the script\n{USAGE}", file=sys.stderr, end="")
            return 2
        return run(arg, argv[i + 1 :], db=db)
    print(f"error: no script to run\n{USAGE}", file=sys.stderr, end="")
    return 2
