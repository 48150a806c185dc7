"""The instance key: made once, private to its owner, the same for every reader."""

from __future__ import annotations

import stat

import pytest

from core import instance_key as module
from core.settings import load_settings


def settings_for(path):
    return load_settings(environ={}, overrides={"server.instance_key_file": str(path)})


def test_the_key_is_made_on_first_use_readable_only_by_its_owner_and_kept(tmp_path):
    path = tmp_path / "keys" / "instance.key"
    key = module.instance_key(settings_for(path))
    assert len(bytes.fromhex(key)) == 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    module._cache.clear()  # a new process reads the same file
    assert module.instance_key(settings_for(path)) == key


def test_two_deployments_get_different_keys(tmp_path):
    assert module.instance_key(settings_for(tmp_path / "a.key")) != module.instance_key(
        settings_for(tmp_path / "b.key")
    )


def test_an_emptied_key_file_is_refused_rather_than_used(tmp_path):
    path = tmp_path / "instance.key"
    path.write_text("")
    with pytest.raises(RuntimeError, match="does not hold an instance key"):
        module.instance_key(settings_for(path))
