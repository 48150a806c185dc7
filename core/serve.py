"""``hearth serve`` (hypercorn engine): a small supervisor that opens the listening socket once and
keeps N worker processes (``core.worker``) serving on it.

- A worker that dies, or fails to start (PostgreSQL or Redis not ready yet), is started again
  with backoff (0.5 s, doubling to 30 s; back to 0.5 s once a worker has served 30 s), and the
  supervisor logs how it ended. A worker that cannot even import the app (a configuration or
  plugin error) stops the server with exit code 2: starting it again cannot help.
- SIGTERM or SIGINT: every worker drains (``core.worker``) within ``server.shutdown_grace_seconds``
  (plus a margin for the app's shutdown, then SIGKILL), and the supervisor exits 0. A second
  signal kills the workers at once.
- SIGHUP: rolling restart, one worker at a time: start its replacement, wait until it serves,
  then drain the old one. The socket stays open in the supervisor throughout, so connections
  arriving meanwhile wait in its backlog instead of being refused.
- A worker whose supervisor disappears drains and exits by itself.

hypercorn's own ``run()`` stops the whole server (with exit status 0 through ``hearth serve``)
when one worker dies, and its workers cannot tell their sockets to reconnect before exiting.
One socket shared by every worker, rather than one ``SO_REUSEPORT`` socket each: a closed
``SO_REUSEPORT`` socket drops the connections still waiting in its own backlog.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
from dataclasses import dataclass, field

from hypercorn.config import Config

from core.metrics import multiproc
from core.worker import CONFIG_ERROR

log = logging.getLogger("hearth.serve")
BACKOFF_FIRST = 0.5
BACKOFF_MAX = 30.0
STABLE_AFTER = 30.0  # a worker that served this long before dying starts again after BACKOFF_FIRST
SHUTDOWN_MARGIN = 15.0  # after the grace period, for the app's own shutdown, before SIGKILL
READY_TIMEOUT = 90.0  # a replacement (rolling restart) that is not serving by then is given up


@dataclass(eq=False)
class Worker:
    slot: int
    process: asyncio.subprocess.Process
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    ready_at: float | None = None

    @property
    def name(self) -> str:
        return f"worker {self.slot} (pid {self.process.pid})"

    @property
    def alive(self) -> bool:
        return self.process.returncode is None

    def signal(self, number: int) -> None:
        if self.alive:
            try:
                self.process.send_signal(number)
            except ProcessLookupError:
                pass


class Supervisor:
    def __init__(self, binds: list[str], workers: int, grace: float, app: str = "core.asgi:app"):
        self.binds = binds
        self.workers = max(1, workers)
        self.grace = grace
        self.app = app
        self.current: dict[int, Worker] = {}
        self.running: set[Worker] = set()
        self.exit_code = 0
        self.sockets: list[socket.socket] = []
        self._tasks: set[asyncio.Task] = set()
        self._restarting = False

    def run(self) -> int:
        return asyncio.run(self._main())

    async def _main(self) -> int:
        self.stopping = asyncio.Event()
        self.sockets = self._listen()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(number, self._on_stop_signal, signal.Signals(number).name)
        loop.add_signal_handler(signal.SIGHUP, self._on_reload_signal)
        try:
            keepers = [self._spawn_task(self._keep(slot)) for slot in range(1, self.workers + 1)]
            await self.stopping.wait()
            await self._stop_workers()
            for keeper in keepers:
                keeper.cancel()
        finally:
            for sock in self.sockets:
                sock.close()
        log.info("stopped")
        return self.exit_code

    def _listen(self) -> list[socket.socket]:
        config = Config()
        config.bind = self.binds  # host:port, [ipv6]:port, unix:/path or fd://N (socket activation)
        sockets = config.create_sockets().insecure_sockets
        for sock in sockets:
            sock.listen(config.backlog)
        return sockets

    def _spawn_task(self, coroutine) -> asyncio.Task:  # type: ignore[no-untyped-def]
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # the supervisor cannot keep its workers (it could not start a process, say): stop,
            # and let whatever runs the server (systemd) start it again
            log.error("supervisor failed: %r", task.exception(), exc_info=task.exception())
            self.exit_code = 1
            self.stopping.set()

    # --- one worker process --------------------------------------------------------------
    async def _spawn(self, slot: int) -> Worker:
        read_fd, write_fd = os.pipe()
        fds = [sock.fileno() for sock in self.sockets]
        command = [
            sys.executable,
            "-m",
            "core.worker",
            "--app",
            self.app,
            "--grace",
            str(self.grace),
            "--ready-fd",
            str(write_fd),
            *(arg for fd in fds for arg in ("--fd", str(fd))),
        ]
        try:
            process = await asyncio.create_subprocess_exec(
                *command, pass_fds=(write_fd, *fds), env={**os.environ, "HEARTH_WORKER_ID": str(slot)}
            )
        except BaseException:
            os.close(read_fd)
            raise
        finally:
            os.close(write_fd)
        worker = Worker(slot, process)
        self.running.add(worker)
        self._spawn_task(self._watch(worker, read_fd))
        if self.stopping.is_set():  # started while the server was being stopped
            worker.signal(signal.SIGTERM)
        return worker

    async def _watch(self, worker: Worker, read_fd: int) -> None:
        """Mark the worker ready when it says so; forget it once it has exited."""
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        transport, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(read_fd, "rb", buffering=0)
        )
        try:
            if (await reader.readline()).startswith(b"ready"):
                worker.ready_at = loop.time()
                worker.ready.set()
                log.info("%s ready", worker.name)
        finally:
            transport.close()
        await worker.process.wait()
        self.running.discard(worker)
        multiproc.worker_exited(worker.process.pid)

    async def _wait_ready(self, worker: Worker) -> bool:
        waits = {
            asyncio.create_task(worker.ready.wait()),
            asyncio.create_task(worker.process.wait()),
            asyncio.create_task(self.stopping.wait()),
        }
        await asyncio.wait(waits, timeout=READY_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        for wait in waits:
            wait.cancel()
        return worker.ready.is_set() and worker.alive and not self.stopping.is_set()

    async def _retire(self, worker: Worker) -> None:
        worker.signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(worker.process.wait(), self.grace + SHUTDOWN_MARGIN)
        except TimeoutError:
            log.warning("%s did not stop in time: killing it", worker.name)
            worker.signal(signal.SIGKILL)
            await worker.process.wait()

    # --- keeping every slot served -------------------------------------------------------
    async def _keep(self, slot: int) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        worker = self.current[slot] = await self._spawn(slot)
        while True:
            code = await worker.process.wait()
            if self.stopping.is_set():
                return
            if self.current[slot] is not worker:  # retired by a rolling restart: watch its successor
                worker = self.current[slot]
                continue
            if code == CONFIG_ERROR:
                log.error("%s could not load the application (its error is above): stopping the server", worker.name)
                self.exit_code = 2
                self.stopping.set()
                return
            served = loop.time() - worker.ready_at if worker.ready_at is not None else 0.0
            failures = 1 if served >= STABLE_AFTER else failures + 1
            delay = min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** (failures - 1))
            log.warning("%s %s; starting it again in %.1f s", worker.name, _ending(code, worker.ready_at), delay)
            try:
                await asyncio.wait_for(self.stopping.wait(), delay)
                return
            except TimeoutError:
                pass
            if self.current[slot] is worker:  # (a rolling restart may have filled the slot meanwhile)
                self.current[slot] = await self._spawn(slot)
            worker = self.current[slot]

    async def _rolling_restart(self) -> None:
        self._restarting = True
        try:
            log.info("SIGHUP: restarting %d worker(s) one at a time", len(self.current))
            for slot in sorted(self.current):
                old = self.current[slot]
                new = await self._spawn(slot)
                if not await self._wait_ready(new):
                    if not self.stopping.is_set():
                        log.error(
                            "worker %d: its replacement (pid %d) did not start; keeping pid %d, "
                            "rolling restart abandoned",
                            slot,
                            new.process.pid,
                            old.process.pid,
                        )
                    await self._retire(new)
                    return
                # the slot's worker may have died and been started again meanwhile: retire both
                retiring = {old, self.current[slot]}
                self.current[slot] = new
                for worker in retiring:
                    await self._retire(worker)
            log.info("rolling restart done")
        finally:
            self._restarting = False

    # --- signals --------------------------------------------------------------------------
    def _on_stop_signal(self, name: str) -> None:
        if self.stopping.is_set():
            log.warning("%s again: killing the workers now", name)
            for worker in list(self.running):
                worker.signal(signal.SIGKILL)
            return
        log.info(
            "%s: draining %d worker(s) (grace %.0f s; %s again to kill them)", name, len(self.running), self.grace, name
        )
        self.stopping.set()

    def _on_reload_signal(self) -> None:
        if self.stopping.is_set() or self._restarting:
            log.warning("SIGHUP ignored: %s", "stopping" if self.stopping.is_set() else "a rolling restart is running")
            return
        self._spawn_task(self._rolling_restart())

    async def _stop_workers(self) -> None:
        workers = list(self.running)
        for worker in workers:
            worker.signal(signal.SIGTERM)
        exits = {asyncio.create_task(worker.process.wait()) for worker in workers}
        if not exits:
            return
        _, pending = await asyncio.wait(exits, timeout=self.grace + SHUTDOWN_MARGIN)
        if pending:
            for worker in workers:
                if worker.alive:
                    log.warning("%s did not stop in time: killing it", worker.name)
                    worker.signal(signal.SIGKILL)
            await asyncio.wait(pending, timeout=5)


def _ending(code: int, ready_at: float | None) -> str:
    if code < 0:
        try:
            how = f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            how = f"was killed by signal {-code}"
    else:
        how = f"exited with code {code}"
    return how if ready_at is not None else how + " before it was ready"


def main(argv: list[str] | None = None) -> int:
    """``python -m core.serve --app module:app --bind 127.0.0.1:8000 --workers 2``: the supervisor
    for any ASGI app (``hearth serve`` is this with ``core.asgi:app`` and the settings)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m core.serve")
    parser.add_argument("--app", default="core.asgi:app")
    parser.add_argument("--bind", action="append", required=True)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--grace", type=float, default=10.0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return Supervisor(args.bind, args.workers, args.grace, args.app).run()


if __name__ == "__main__":
    sys.exit(main())
