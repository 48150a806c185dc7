"""Secret files that the first worker to start makes: every process reads the same whole secret."""

from __future__ import annotations

import stat
import threading
import time

from core.secret_file import read_or_create


def test_a_process_that_starts_while_another_is_still_making_the_file_reads_a_whole_secret(tmp_path):
    path = tmp_path / "keys" / "secret.pem"
    making = threading.Event()
    results: dict[str, bytes] = {}

    def slow() -> bytes:  # a worker that takes its time generating the key (a busy machine)
        making.set()
        time.sleep(0.3)
        return b"slow worker's secret"

    first = threading.Thread(target=lambda: results.update(first=read_or_create(path, slow)))
    first.start()
    assert making.wait(10)
    results["second"] = read_or_create(path, lambda: b"quick worker's secret")
    first.join(10)
    assert results["first"] == results["second"] == b"quick worker's secret"
    assert path.read_bytes() == b"quick worker's secret"
    assert [p.name for p in path.parent.iterdir()] == ["secret.pem"]  # no temporary file left behind


def test_the_file_is_private_to_its_owner_and_kept(tmp_path):
    path = tmp_path / "secret"
    assert read_or_create(path, lambda: b"one") == b"one"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_or_create(path, lambda: b"two") == b"one"
