"""Which tests run side by side, and a guard that catches a test that should not.

``make test`` runs every test not marked ``serial`` in parallel processes (pytest-xdist), and the
``serial`` ones in a pass of their own beside it. Serial are the tests whose timing is what they
test: those that kill, slow or restart services and workers (tests/faults, the supervisor's
signals, a rolling restart under load). They wait far more than they compute, so that pass runs two
of their files at once (``SERIAL_WORKERS`` in the Makefile, ``--dist loadfile``: one test at a
time in each process, each process with its own database and Redis database); like every test,
they pass on a busy machine. Tests that start Hearth processes, proxies or a Prometheus on free ports run side
by side with the rest: the parallel pass fills the cores while they wait. Mark a module with
``pytestmark = pytest.mark.serial``, or a test with ``@pytest.mark.serial``; everything under
``SERIAL_FOLDERS`` is serial without a mark.

In every test worker, :func:`guard_ports` makes binding a fixed port fail the test: a port is
only for this process if the kernel handed it out here (a bind to port 0, as ``free_port`` does),
and two workers choosing the same number would each see the other's server.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

SERIAL_FOLDERS = ("tests/faults/",)
BROWSER_FIXTURES = {"browser", "page", "signed_in"}
_handed_out: set[int] = set()
_original_bind = socket.socket.bind


class FixedPortInParallel(RuntimeError):
    """A test in a parallel worker bound a port the kernel did not hand out to this process."""


def mark_tiers(items: list[pytest.Item]) -> None:
    """The markers that pick tiers (pyproject.toml lists them): ``serial``, ``faults`` (tests/faults)
    and ``e2e`` (tests/e2e, and any test that drives a browser)."""
    for item in items:
        path = item.nodeid.replace("\\", "/")
        if path.startswith(SERIAL_FOLDERS):
            item.add_marker(pytest.mark.serial)
        if path.startswith("tests/faults/"):
            item.add_marker(pytest.mark.faults)
        if path.startswith("tests/e2e/") or BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)
        if item.get_closest_marker("serial") and not path.startswith(SERIAL_FOLDERS):
            check_findable(item)


def check_findable(item: pytest.Item) -> None:
    """The serial pass collects only ``SERIAL_FOLDERS`` and files that say ``mark.serial`` (the
    Makefile's ``SERIAL_PATHS``): a serial test marked any other way would run in neither pass."""
    source = Path(str(item.path)).read_text(encoding="utf-8")
    if "mark.serial" not in source:
        raise pytest.UsageError(
            f"{item.nodeid} is serial, but its file does not say mark.serial: the serial pass "
            "(Makefile SERIAL_PATHS) would not find it. Mark it in the file itself."
        )


def _port_of(address: Any) -> int:
    if isinstance(address, tuple) and len(address) >= 2 and isinstance(address[1], int):
        return address[1]
    return 0  # Unix sockets and the like name no port


def check_bind(port: int) -> None:
    if port and port not in _handed_out:
        raise FixedPortInParallel(
            f"bound port {port}, which this process did not get from the kernel: use free_port() "
            "(core.testing), or mark the test serial (tests/parallel.py)"
        )


def _guarded_bind(self: socket.socket, address: Any) -> None:
    check_bind(_port_of(address))
    _original_bind(self, address)
    if self.family in (socket.AF_INET, socket.AF_INET6):
        _handed_out.add(self.getsockname()[1])


def guard_ports() -> None:
    socket.socket.bind = _guarded_bind  # type: ignore[method-assign]
