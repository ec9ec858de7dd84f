"""A log record printed over a traceback cut before its error line (issues47-issues67's
kube-ops-view paste): ``logger.exception("Failed to update")`` wrote the record and the
traceback of what it caught, and the excerpt ends inside the error line's class path. The
parse reads the record as the block's text (``log.ERROR``); a library log call elsewhere whose
words look like the record's (``Failed to update lock``) is no answer, the traceback's deepest
frame is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.matcher import _record_over_cut
from errdex.match.parse import parse

CONFIG = (
    """\
class ConfigException(Exception):
    pass


class ConfigNode:
    def __init__(self, name, value):
        self.name, self.value = name, value

    def __getitem__(self, key):
        v = self.value.get(key)
        if v is None:
            raise ConfigException(
                'Invalid config file. Expected key %s in %s'
                % (key, self.name))
        return v


def load(config):
    return ConfigNode("config", config)["current-context"]


# the paste's release was older: its line 242 of this file lands in another function now
def defaults():
    return [
"""
    + "".join(f"        {k},\n" for k in range(300))
    + """    ]
"""
)

LOCK = """\
import logging

logger = logging.getLogger(__name__)


class ApiException(Exception):
    pass


class Lock:
    async def update(self, api):
        try:
            await api.replace()
            return True
        except ApiException:
            logger.exception("Failed to update lock")
            return False


async def renew(lock, api):
    return await lock.update(api)


def hold(lease):
    if lease is None:
        raise ApiException("Lease renewal failed for the current holder")
"""

PASTE = """\
INFO:app.main:Listening on :8080..
ERROR:app.update:Failed to update
Traceback (most recent call last):
  File "/home/pi/app/update.py", line 42, in update_clusters
    for cluster in clusters:
  File "/usr/local/lib/python3.4/dist-packages/kpkg/config.py", line 279, in list_contexts
    loader = _get_loader_for_yaml_file(config_file)
  File "/usr/local/lib/python3.4/dist-packages/kpkg/config.py", line 271, in _get_loader_for_yaml_file
    **kwargs)
  File "/usr/local/lib/python3.4/dist-packages/kpkg/config.py", line 120, in set_active_context
    context_name = self._config['current-context']
  File "/usr/local/lib/python3.4/dist-packages/kpkg/config.py", line 242, in __getitem__
    % (key, self.name))
kpkg.config.config_ex"""


@pytest.fixture(scope="module")
def kpkg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"kpkg/__init__.py": "", "kpkg/config.py": CONFIG, "kpkg/lock.py": LOCK}
    with package_matcher(Path(tmp_path_factory.mktemp("recordcut")), files) as m:
        yield m


def test_a_record_over_a_cut_traceback_is_answered_by_its_frames(kpkg: Matcher) -> None:
    top = first(kpkg.explain(PASTE))
    assert (top.function, top.path) == ("ConfigNode.__getitem__", "kpkg/config.py"), top.reasons


def test_the_record_alone_still_finds_the_look_alike_log_call(kpkg: Matcher) -> None:
    # without a traceback the record's words are all there is
    assert first(kpkg.explain("ERROR:app.update:Failed to update")).function == "Lock.update"


def test_only_a_record_over_frames_answered_off_its_traceback_is_read_as_the_callers(kpkg: Matcher) -> None:
    (block,) = parse(PASTE).blocks
    assert block.exc_types == ["log.ERROR"] and block.message == "Failed to update"
    # the record's words alone find the log call of another function: not the traceback's
    elsewhere = kpkg.explain("ERROR:app.update:Failed to update")
    assert first(elsewhere).function == "Lock.update"
    assert _record_over_cut(block, elsewhere)
    # an answer in a function the traceback shows stands, and so does a raise: a record
    # often prints the caught error's text after its own words
    assert not _record_over_cut(block, kpkg.explain(PASTE))
    raised = kpkg.explain("ERROR:app.update:Lease renewal failed for the current holder")
    assert first(raised).function == "hold" and not _record_over_cut(block, raised)
    # a whole error line names the class: the record is no longer the block's text
    whole = parse(PASTE.replace("kpkg.config.config_ex", "kpkg.config.ConfigException: Invalid config file."))
    assert not _record_over_cut(whole.blocks[whole.primary], elsewhere)
