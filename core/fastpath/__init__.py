"""Optimisations that lean on libraries' private parts, behind one switch.

Everything in this package works by reaching past a library's public API: hypercorn's stream and
protocol objects, python-engineio's socket class and async drivers, python-socketio's connect
handling, Tortoise's pool and QuerySet internals. Each is a measured win (bench/message_fanout.py
``--no-fast-paths`` prints what it buys) and each has a plain branch that uses the library as
documented. ``[performance] fast_paths`` (env ``HEARTH_PERFORMANCE_FAST_PATHS``) picks the branch
for the whole process; the start-up log names the paths and whether they are on. After upgrading
one of these libraries, run tests/core/fastpath: its canary tests name the private attribute a
release removed, and turning the switch off keeps the server running meanwhile.

The rest of the kernel does not import the private-reaching modules except through the branch
points (``core.gateway``, ``core.db``, ``core.prepared``).
"""

from __future__ import annotations

from typing import Any

# name -> (library, what it does, the private parts it relies on)
PATHS: dict[str, tuple[str, str, str]] = {
    "wsdirect": (
        "hypercorn, python-engineio",
        "websocket text frames written straight onto the connection's transport",
        "WSStream → H11Protocol → TCPServer.writer found by type name; AsyncServer._async['websocket']",
    ),
    "leansocket": (
        "python-engineio, python-socketio",
        "sockets without a ping task per socket, packet queues small while empty",
        "AsyncSocket class swapped in AsyncServer._handle_eio_connect; AsyncServer.create_queue",
    ),
    "fanout": (
        "python-socketio, python-engineio",
        "room emits encoded once and written to each socket",
        "AsyncSocket.queue, AsyncSocket.upgrading, AsyncServer.eio.sockets",
    ),
    "pgclient": (
        "tortoise-orm",
        "PostgreSQL outage rules: 503s, one retry, bounded pool waits (docs/faults.md)",
        "AsyncpgDBClient._pool, TransactionWrapper._parent, _translate_exceptions",
    ),
    "prepared": (
        "tortoise-orm",
        "SQL of hot lookups built once per process; INSERTs stored together with a message",
        "QuerySet._make_query, _select_related_idx, _single, _prefetch_map; executor insert_query_all; Model._saved_in_db",
    ),
    "reset_apps": (
        "tortoise-orm",
        "models forget their connection when the database closes (many apps in one process)",
        "Tortoise._reset_apps",
    ),
}

_on = True  # the last app built decides (one app per process outside tests)


def wanted(settings: Any) -> bool:
    """Whether these settings ask for the fast paths (default: yes)."""
    return bool(settings.get("performance.fast_paths", True))


def configure(settings: Any) -> bool:
    """Set the process-wide branch from ``settings``; returns it."""
    global _on
    _on = wanted(settings)
    return _on


def enabled() -> bool:
    """Whether the fast paths are on in this process (for code that has no settings at hand)."""
    return _on


def report(on: bool) -> str:
    """One start-up log line: which fast paths run."""
    names = ", ".join(PATHS)
    if on:
        return f"fast paths on: {names} (HEARTH_PERFORMANCE_FAST_PATHS=false uses the libraries' own paths)"
    return (
        f"fast paths off: {names} use the libraries' own paths; without pgclient PostgreSQL outages are "
        "the driver's errors, not 503s (docs/faults.md)"
    )
