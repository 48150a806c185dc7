"""The harness of the parallel pass: what keeps tests side by side from meeting."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests import parallel, workers
from tests.conftest import DATABASE_URL, REDIS_URL


def test_a_port_the_kernel_handed_out_may_be_bound_again_and_a_chosen_one_may_not():
    with socket.socket() as sock:
        parallel._guarded_bind(sock, ("127.0.0.1", 0))
        handed_out = sock.getsockname()[1]
    parallel.check_bind(handed_out)  # free_port()'s way: bind 0, close, serve on that number
    parallel.check_bind(0)
    chosen = next(port for port in range(20000, 30000) if port not in parallel._handed_out)
    with pytest.raises(parallel.FixedPortInParallel, match=f"bound port {chosen}"):
        parallel.check_bind(chosen)


def test_a_parallel_worker_binds_through_the_guard():
    guarded = socket.socket.bind is parallel._guarded_bind
    assert guarded == bool(workers.WORKER)


def test_a_worker_has_a_database_and_a_redis_database_of_its_own():
    if not workers.WORKER:
        assert DATABASE_URL == os.environ.get("HEARTH_TEST_DATABASE_URL", "")
        return
    if DATABASE_URL.startswith("postgres"):
        assert workers.RUN and urlsplit(DATABASE_URL).path.endswith(f"_{workers.WORKER}_{workers.RUN}")
    if REDIS_URL:
        number = int(urlsplit(REDIS_URL).path.strip("/"))
        import redis

        admin = redis.Redis.from_url(REDIS_URL.rsplit("/", 1)[0] + "/0")
        try:
            assert admin.get(workers.CLAIM_KEY.format(number)) == f"pid-{os.getpid()}".encode()
        finally:
            admin.close()


def test_two_runs_at_once_give_their_workers_databases_of_different_names(monkeypatch):
    """``make test`` runs its two passes side by side: both have a gw0."""
    base = "postgres://postgres@127.0.0.1:5432/hearth_ci_1"
    monkeypatch.setattr(workers, "WORKER", "gw0")
    names = set()
    for run in ("a1b2c3d4", "e5f6a7b8"):
        monkeypatch.setattr(workers, "RUN", run)
        names.add(workers.worker_database_url(base))
    assert names == {f"{base}_gw0_a1b2c3d4", f"{base}_gw0_e5f6a7b8"}
    assert workers.worker_database_url("sqlite:///tmp/x.sqlite3") == "sqlite:///tmp/x.sqlite3"


def test_the_template_is_migrated_once_before_both_passes(monkeypatch):
    """Where ``python -m tests.workers`` has migrated it, a pass does not migrate it again: it would
    be connected to the database that the other pass's workers are copying."""
    monkeypatch.setattr(workers, "WORKER", "")
    monkeypatch.setenv(workers.TEMPLATE_ENV, "1")
    monkeypatch.setattr(workers, "_migrate", lambda base: pytest.fail("migrated again"))
    workers.migrate_template("postgres://postgres@127.0.0.1:5432/hearth_ci_1", 3)


def test_with_sqlite_one_migrated_file_is_copied_into_each_test_process(monkeypatch, tmp_path, capsys):
    def migrate(url):  # stands for `hearth migrate`: a database with a table and a row
        with sqlite3.connect(url.removeprefix("sqlite://")) as made:
            made.execute("CREATE TABLE migrations (name TEXT)")
            made.execute("INSERT INTO migrations VALUES ('0001_initial')")
        return subprocess.CompletedProcess([], 0, "", "")

    monkeypatch.delenv("HEARTH_TEST_DATABASE_URL", raising=False)
    monkeypatch.delenv(workers.SQLITE_TEMPLATE_ENV, raising=False)  # make test names its own
    monkeypatch.setattr(workers, "SQLITE_TEMPLATES", tmp_path / "templates")
    monkeypatch.setattr(workers, "_migrate", migrate)
    (tmp_path / "templates").mkdir()
    stale = tmp_path / "templates" / "left-by-an-old-run.sqlite3"
    stale.touch()
    os.utime(stale, (0, 0))

    assert workers.main() == 0
    name, _, template = capsys.readouterr().out.strip().partition("=")
    assert name == workers.SQLITE_TEMPLATE_ENV and Path(template).is_file()
    assert not stale.exists()

    copy = tmp_path / "gw0.sqlite3"
    assert not workers.copy_sqlite_template(f"sqlite://{copy}")  # no template named: each migrates its own
    monkeypatch.setenv(workers.SQLITE_TEMPLATE_ENV, template)
    assert not workers.copy_sqlite_template("postgres://postgres@127.0.0.1:5432/hearth")
    assert workers.copy_sqlite_template(f"sqlite://{copy}")
    with sqlite3.connect(copy) as copied:
        assert copied.execute("SELECT name FROM migrations").fetchall() == [("0001_initial",)]


class Collected:
    def __init__(self, nodeid: str, fixturenames: tuple[str, ...] = (), marks: tuple[str, ...] = (), path: str = ""):
        self.nodeid, self.fixturenames, self.marks = nodeid, fixturenames, set(marks)
        self.path = path or nodeid.split("::")[0]

    def add_marker(self, mark: pytest.MarkDecorator) -> None:
        self.marks.add(mark.name)

    def get_closest_marker(self, name: str) -> bool:
        return name in self.marks


def test_the_faults_folder_is_serial_and_whatever_drives_a_browser_is_the_e2e_tier():
    items = [
        Collected("tests/faults/test_slow_redis.py::test_x"),
        Collected("tests/e2e/test_servers_flow.py::test_y", ("live_server",)),
        Collected("tests/examples/test_hearth_hello_ui.py::test_z", ("browser",)),
        Collected("tests/plugins/friends/test_add.py::test_w", ("client",)),
    ]
    parallel.mark_tiers(items)
    assert [item.marks for item in items] == [{"serial", "faults"}, {"e2e"}, {"e2e"}, set()]


def test_a_serial_test_must_say_so_in_its_file_for_the_serial_pass_to_find_it(tmp_path):
    said = tmp_path / "test_said.py"
    said.write_text("pytestmark = pytest.mark.serial\n")
    unsaid = tmp_path / "test_unsaid.py"
    unsaid.write_text("# marked serial by a conftest\n")
    parallel.mark_tiers([Collected("tests/core/test_said.py::t", marks=("serial",), path=str(said))])
    with pytest.raises(pytest.UsageError, match="does not say mark.serial"):
        parallel.mark_tiers([Collected("tests/core/test_unsaid.py::t", marks=("serial",), path=str(unsaid))])
