"""A supervised server (``core.serve``) run as a child process by the tests, its log read as it
comes (``wait_for_log``) and its workers found from the log's "ready" lines."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time

from core.settings import ROOT
from tests.support import free_port

READY = re.compile(r"worker (\d+) \(pid (\d+)\) ready")


class Supervised:
    def __init__(self, command: list[str], env: dict[str, str], port: int):
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            command, cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    @classmethod
    def hearth(cls, workers: int, env: dict[str, str]) -> Supervised:
        port = free_port()
        return cls(
            [sys.executable, "-m", "core", "serve", "--port", str(port), "--workers", str(workers)],
            {"HEARTH_SERVER_WEBUI_DIST": "/nonexistent", "HEARTH_RATE_LIMITS_ENABLED": "false", **env},
            port,
        )

    @classmethod
    def app(cls, app: str, workers: int, env: dict[str, str], grace: float = 10.0) -> Supervised:
        port = free_port()
        return cls(
            [
                sys.executable,
                "-m",
                "core.serve",
                "--app",
                app,
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--grace",
                str(grace),
            ],
            env,
            port,
        )

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def log(self) -> str:
        return "\n".join(self.lines)

    def matches(self, pattern: str) -> list[re.Match]:
        return [m for m in (re.search(pattern, line) for line in list(self.lines)) if m]

    async def wait_for_log(self, pattern: str, count: int = 1, timeout: float = 60.0) -> list[re.Match]:
        deadline = time.monotonic() + timeout
        while len(found := self.matches(pattern)) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"no {count}× {pattern!r} in the server's log within {timeout} s:\n{self.log}")
            if self.process.poll() is not None and len(self.matches(pattern)) < count:
                raise AssertionError(f"server exited ({self.process.returncode}) before {pattern!r}:\n{self.log}")
            await asyncio.sleep(0.05)
        return found

    def ready_workers(self) -> dict[int, int]:
        """slot → pid of the latest worker that said it was ready, per slot."""
        return {int(m[1]): int(m[2]) for m in self.matches(READY.pattern)}

    async def wait_exit(self, timeout: float = 30.0) -> int:
        """The exit code, once the process has ended and its last lines are in ``log`` (the
        reader thread may lag behind the exit on a busy machine)."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None or self._reader.is_alive():
            if time.monotonic() > deadline:
                raise AssertionError(f"server still running {timeout} s later:\n{self.log}")
            await asyncio.sleep(0.05)
        return self.process.returncode

    def signal(self, number: int) -> None:
        self.process.send_signal(number)

    def kill(self) -> None:
        """Clean-up: the supervisor and whichever of its workers it reported."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        for pid in {int(m[2]) for m in self.matches(READY.pattern)}:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def alive(pid: int) -> bool:
    """True while the process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


class PrivateRedis:
    """A redis-server of the test's own on a free port (never the shared one): start, kill, start."""

    def __init__(self, directory: str):
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    async def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.directory,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(200):
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                return
            except OSError:
                await asyncio.sleep(0.025)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None
