"""Database URLs as Tortoise receives them."""

from __future__ import annotations

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
