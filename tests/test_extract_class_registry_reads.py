"""A message read from a class-level dict of messages by a literal key through the class itself
(issue #10 item 1; issues5-issues74 peewee-108).

peewee's ``FTS5Model.validate_model`` is a classmethod raising
``ImproperlyConfigured(cls._error_messages['pk'])``; the dict is a class attribute of literals.
``self.error_messages[key]`` was read as a registry already (Django's ``default_error_messages``
with ``self.fail('invalid')``); through ``cls.`` or the class's own name the raise kept only a
placeholder, a template that fits any pasted message. Now the owner is the classmethod's class,
or the class named as written, and the key's text is looked up along its MRO (and its
subclasses, as for ``self.``). Parsed, never imported."""

from __future__ import annotations

from marked_helpers import by_mark

SOURCE = """\
class ConfigError(Exception):
    pass


class Model:
    _error_messages = {"base": "the base class's own message"}


class SearchModel(Model):
    _error_messages = {
        "field_type": ("Besides the implicit `rowid` column, all columns must "
                       "be instances of SearchField"),
        "pk": "search models must use the default `rowid` primary key",
        "index": "Secondary indexes are not supported",
    }

    @classmethod
    def validate(cls, pk, fields, indexes):
        if pk != "rowid":
            raise ConfigError(cls._error_messages["pk"])  # <- clsread
        for f in fields:
            if not f:
                raise ConfigError(SearchModel._error_messages["field_type"])  # <- named
        if indexes:
            raise ConfigError(cls._error_messages["base"])  # <- inherited


def check(cls_obj):
    raise ConfigError(cls_obj._error_messages["pk"])  # <- unknown
"""


def _templates() -> dict[str, set[str]]:
    return {k: {t for _, t in v} for k, v in by_mark(SOURCE, "pkg/models.py").items()}


def test_a_classmethod_reads_its_class_registry_by_a_literal_key() -> None:
    # before: "{cls._error_messages["pk"]}", a placeholder alone
    assert _templates()["clsread"] == {"search models must use the default `rowid` primary key"}


def test_the_class_named_as_written_is_the_registry_owner() -> None:
    assert _templates()["named"] == {
        "Besides the implicit `rowid` column, all columns must be instances of SearchField"
    }


def test_a_key_the_class_lacks_is_read_along_its_bases() -> None:
    assert _templates()["inherited"] == {"the base class's own message"}


def test_a_lower_case_name_is_no_class_and_keeps_its_placeholder() -> None:
    assert not any("rowid" in t for t in _templates()["unknown"])
