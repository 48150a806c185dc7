"""tests/timeline.py: what each test process writes, and the summary of a run it prints."""

from tests import timeline


def test_a_test_is_written_with_its_worker_and_the_report_finds_the_tail(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(timeline, "FOLDER", str(tmp_path))
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw7")
    timeline.test_started("tests/a.py::test_one")
    timeline.test_finished("tests/a.py::test_one")
    (line,) = (tmp_path / "gw7.tsv").read_text().splitlines()
    worker, start, end, cpu, nodeid = line.split("\t")
    assert (worker, nodeid) == ("gw7", "tests/a.py::test_one") and float(end) >= float(start) and float(cpu) >= 0

    (tmp_path / "gw7.tsv").write_text(
        "gw7\t100\t110\t1\ttests/a.py::test_one\ngw7\t110\t130\t2\ttests/b.py::test_two\n"
    )
    (tmp_path / "gw8.tsv").write_text("gw8\t100\t170\t3\ttests/c.py::test_long\n")
    timeline.report(str(tmp_path))
    printed = capsys.readouterr().out
    assert "3 tests, 70 s from the first start to the last end" in printed
    assert "gw7: 2 tests, busy 30 s, in-process CPU 3 s, last end +30 s" in printed
    assert "tail: 40 s between the first worker running out and the last test ending" in printed
    assert printed.index("tests/c.py") < printed.index("tests/b.py") < printed.rindex("tests/a.py")


def test_nothing_is_written_when_it_is_off(tmp_path, monkeypatch):
    monkeypatch.setattr(timeline, "FOLDER", "")
    timeline.test_started("tests/a.py::test_one")
    timeline.test_finished("tests/a.py::test_one")
    assert list(tmp_path.iterdir()) == []
