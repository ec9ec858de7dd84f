"""A library module named ``conftest.py`` is library code unless its body is pytest's.

beartype validates its configuration in ``beartype/_conf/conftest.py`` ("configuration
testing"); the file name alone made it test code, so none of its raises were catalogued and a
user's ``BeartypeConfParamException`` matched nothing there.
"""

from __future__ import annotations

from errdex.extract import extract, extract_file
from errdex.model import SourceFile

LIBRARY = b"""
def die_if_conf_kwargs_invalid(conf_kwargs):
    if not isinstance(conf_kwargs['strategy'], str):
        raise ValueError(
            f'configuration parameter "strategy" '
            f'value {repr(conf_kwargs["strategy"])} not a strategy.'
        )
"""


def test_a_conftest_module_of_library_code_is_catalogued() -> None:
    ex = extract([SourceFile("pkg/_conf/conftest.py", LIBRARY)], "acme/pkg", jobs=1)
    assert [r.template for r in ex.records] == [
        'configuration parameter "strategy" value {repr(conf_kwargs["strategy"])} not a strategy.'
    ]
    assert not ex.files[0].is_test


def test_pytest_conftests_stay_test_code() -> None:
    fixture = b"import pytest\n\n@pytest.fixture\ndef db():\n    raise ValueError('no database')\n"
    hooks = b"def pytest_configure(config):\n    raise ValueError('bad config')\n"
    plugins = b"pytest_plugins = ['pkg.plugin']\n"
    bare_fixture = b"from somewhere import fixture\n\n@fixture\ndef db():\n    raise ValueError('x')\n"
    for src in (fixture, hooks, plugins, bare_fixture):
        facts = extract_file("pkg/conftest.py", src)
        assert facts.is_test and not facts.sites, src
    # under a tests folder the path decides, whatever the body
    assert extract_file("pkg/tests/conftest.py", LIBRARY).is_test
    assert extract_file("conftest.py", b"import _pytest.config\n").is_test
