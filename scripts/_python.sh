# Sourced by the other scripts: find a Python >= 3.12 and make .venv with errdex installed.
# A fresh machine may have only an older python3 on PATH, with newer ones under pyenv.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

find_python() {
  local c
  for c in "${ERRDEX_PYTHON:-}" python3.13 python3.12 python3 /root/.pyenv/versions/3.13*/bin/python3 \
           /root/.pyenv/versions/3.12*/bin/python3 /usr/bin/python3.13 /usr/bin/python3.12; do
    [ -n "$c" ] || continue
    if "$c" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; then
      echo "$c"; return 0
    fi
  done
  echo "errdex needs Python >= 3.12; none found (set ERRDEX_PYTHON=/path/to/python3.12)" >&2
  return 1
}

ensure_venv() {  # $1: pip extras, e.g. "" or "[test]"
  if [ ! -x .venv/bin/python ]; then
    "$(find_python)" -m venv .venv
    .venv/bin/python -m pip install -q --upgrade pip
  fi
  .venv/bin/python -m pip install -q -e ".$1" 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -c 'import errdex' # fail loudly if the install did not take
}
