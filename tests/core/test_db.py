"""Database URLs as Tortoise receives them."""

from __future__ import annotations

import pytest
from tortoise.backends.base.config_generator import expand_db_url

from core.db import database_url
from core.settings import ROOT, load_settings


def url_for(raw: str) -> str:
    return database_url(load_settings(environ={}, overrides={"database.url": raw}))


def test_a_relative_sqlite_path_lives_under_the_project_and_commits_without_an_fsync_each_time():
    credentials = expand_db_url(url_for("sqlite://data/test-db-url.sqlite3"))["credentials"]
    assert credentials["file_path"] == str(ROOT / "data" / "test-db-url.sqlite3")
    assert credentials["journal_mode"] == "WAL"
    assert credentials["synchronous"] == "NORMAL"


def test_an_explicit_synchronous_setting_is_kept():
    credentials = expand_db_url(url_for("sqlite:///tmp/hearth-db-url.sqlite3?synchronous=FULL"))["credentials"]
    assert credentials["synchronous"] == "FULL"


def test_postgresql_urls_get_the_scheme_tortoise_knows_and_no_sqlite_options():
    assert url_for("postgresql://postgres@127.0.0.1:5432/hearth") == "postgres://postgres@127.0.0.1:5432/hearth"


def test_the_folder_of_an_absolute_sqlite_path_is_made_as_a_relative_ones_is(tmp_path):
    # SQLite cannot open a file in a missing folder (tests/core/test_sqliteclient.py: it says so)
    folder = tmp_path / "not" / "yet"
    credentials = expand_db_url(url_for(f"sqlite://{folder}/hearth.sqlite3?synchronous=FULL"))["credentials"]
    assert folder.is_dir()
    assert credentials["file_path"] == str(folder / "hearth.sqlite3")
    assert credentials["synchronous"] == "FULL"


def test_sqlite_reads_through_a_memory_map_of_the_size_the_settings_give():
    assert expand_db_url(url_for("sqlite:///tmp/hearth-db-url.sqlite3"))["credentials"]["mmap_size"] == str(1024 << 20)
    settings = load_settings(
        environ={}, overrides={"database.url": "sqlite:///tmp/h.sqlite3", "database.sqlite_mmap_mib": 0}
    )
    assert expand_db_url(database_url(settings))["credentials"]["mmap_size"] == "0"
    assert "mmap_size" not in url_for("postgresql://postgres@127.0.0.1:5432/hearth")


async def test_the_live_sqlite_connection_has_the_memory_map():
    from tortoise import connections

    connection = connections.get("default")
    if connection.capabilities.dialect != "sqlite":
        pytest.skip("a pragma of SQLite's")
    _, rows = await connection.execute_query("PRAGMA mmap_size")
    assert rows[0][0] == 1024 << 20
