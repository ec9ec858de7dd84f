"""A log record that reports a caught error's text (``log.error(f"Config value '{key}': {e}")``)
is no site of that error: pasted as printed (MkDocs' ``ERROR   -  `` column read off), the raise
whose words the record carries comes first, the record's call after it. On a real catalogue of a
small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

_OPTIONS = """\
class ValidationError(Exception):
    pass


class Theme:
    def run_validation(self, name, themes):
        if name not in themes:
            raise ValidationError(
                f"Unrecognised theme name: '{name}'. "
                f"The available installed themes are: {', '.join(themes)}"
            )
        return name


class Config:
    def __init__(self, schema, data):
        self.schema, self.data = schema, data

    def validate(self):
        failed = []
        for key, option in self.schema.items():
            try:
                option.run_validation(self.data.get(key), option.choices)
            except ValidationError as e:
                failed.append((key, e))
        return failed
"""

# MkDocs' ``load_config``: the errors come back collected, and each is logged with its key
_BASE = """\
import logging

log = logging.getLogger(__name__)


def load_config(cfg):
    failed = cfg.validate()
    for config_name, error in failed:
        log.error(f"Config value '{config_name}': {error}")
    return len(failed)
"""

_FILES = {"pkg/__init__.py": "", "pkg/options.py": _OPTIONS, "pkg/base.py": _BASE}


def test_a_logged_caught_error_is_answered_at_its_raise(tmp_path: Path) -> None:
    text = (
        "ERROR   -  Config value 'theme': Unrecognised theme name: 'material'. "
        "The available installed themes are: mkdocs, readthedocs\n"
    )
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(text)
        top = first(res)
        assert (top.path, top.function) == ("pkg/options.py", "Theme.run_validation"), top
        assert any(x.kind == "log" and x.function == "load_config" for x in res.matches[1:])
