"""One server worker process, started by the supervisor (``core.serve``): serves the ASGI app on
listening sockets the supervisor opened and passed down, tells the supervisor when it is ready,
and drains on SIGTERM.

Draining, in this order: stop accepting (the shared socket stays open in the other workers, so
new connections go to them, or wait in its backlog); call the app module's ``drain()`` (Hearth
answers 503 on /api/health and asks every socket to reconnect, which ends its websocket
connections); a second later close idle keep-alive connections and let busy ones finish their
current response; wait for the remaining connections for at most the grace period; run the app's
shutdown; exit 0. hypercorn's own ``worker_serve`` cannot run a step between "stop accepting" and
"wait for connections", so this loop is assembled from its parts (``Lifespan``, ``TCPServer``,
``WorkerContext``).

    python -m core.worker --app core.asgi:app --fd 3 --ready-fd 5 --grace 10
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import logging
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from hypercorn.asyncio.lifespan import Lifespan
from hypercorn.asyncio.tcp_server import TCPServer
from hypercorn.asyncio.worker_context import WorkerContext
from hypercorn.config import Config
from hypercorn.utils import wrap_app

from core import cpuprobe, gcpolicy, memprobe

log = logging.getLogger("hearth.worker")
ME = f"worker {os.environ.get('HEARTH_WORKER_ID', '?')} (pid {os.getpid()})"
# The app module could not be imported (a configuration or plugin error): restarting cannot help.
CONFIG_ERROR = 3
PARENT_CHECK_SECONDS = 1.0
SETTLE_SECONDS = 1.0


def hypercorn_config(grace: float) -> Config:
    config = Config()
    config.accesslog = None
    config.errorlog = "-"
    config.graceful_timeout = grace
    return config


def load(app_path: str) -> tuple[Any, Callable[[], Awaitable[Any]] | None]:
    """``module:attribute`` → the ASGI app and the module's optional ``drain()`` coroutine."""
    module_name, _, attribute = app_path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute or "app"), getattr(module, "drain", None)


async def serve(
    app: Any,
    drain: Callable[[], Awaitable[Any]] | None,
    sockets: list[socket.socket],
    config: Config,
    ready_fd: int | None,
) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    memprobe.install(loop)  # only with HEARTH_DEBUG_MEMORY_DIR (benches)
    cpuprobe.install(loop)  # only with HEARTH_DEBUG_PROFILE_DIR (benches)
    watcher = asyncio.create_task(_stop_when_orphaned(stop))
    wrapped = wrap_app(app, config.wsgi_max_body_size, None)
    state: dict[str, Any] = {}
    lifespan = Lifespan(wrapped, config, loop, state)
    lifespan_task = asyncio.create_task(lifespan.handle_lifespan())
    await lifespan.wait_for_startup()  # raises when the app's startup fails: the process exits 1
    if lifespan_task.done() and lifespan_task.exception() is not None:
        raise lifespan_task.exception()  # type: ignore[misc]

    gcpolicy.settle_after_startup()
    context = WorkerContext(None)
    connections: set[asyncio.Task] = set()

    async def on_connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        connections.add(task)
        task.add_done_callback(connections.discard)
        await TCPServer(wrapped, loop, config, context, state, reader, writer)

    servers = [await asyncio.start_server(on_connection, sock=sock, backlog=config.backlog) for sock in sockets]
    if ready_fd is not None:
        os.write(ready_fd, b"ready\n")
        os.close(ready_fd)
    log.info("%s serving", ME)

    await stop.wait()
    watcher.cancel()
    log.info("%s draining", ME)
    for server in servers:
        server.close()
    await _finish(connections, context, drain, config.graceful_timeout)
    await lifespan.wait_for_shutdown()
    lifespan_task.cancel()
    try:
        await lifespan_task
    except asyncio.CancelledError:
        pass


async def _finish(
    connections: set[asyncio.Task], context: WorkerContext, drain: Callable[[], Awaitable[Any]] | None, grace: float
) -> None:
    """Let the connections end (asking the app to drain each second), for at most ``grace`` s."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    # Connections accepted just before the listener closed may not have sent their request yet,
    # and hypercorn closes idle connections at once when told to terminate: give them a moment.
    settle = loop.time() + min(SETTLE_SECONDS, grace)
    while True:
        if drain is not None:
            # again each second: a connection accepted just before the listener closed may have
            # opened a socket since
            await drain()
        now = loop.time()
        if now >= settle and not context.terminated.is_set():
            await context.terminated.set()  # idle connections close, busy ones after their response
        if not connections or now >= deadline:
            break
        until = settle if now < settle else deadline
        await asyncio.wait(set(connections), timeout=min(1.0, until - now))
    if connections:
        log.warning(
            "%s: %d connection(s) still open after the %.0f s grace period: closing them", ME, len(connections), grace
        )
        for task in list(connections):
            task.cancel()
        await asyncio.wait(set(connections), timeout=1.0)


async def _stop_when_orphaned(stop: asyncio.Event) -> None:
    """The supervisor was killed (SIGKILL, OOM): drain and exit rather than serve unsupervised."""
    parent = os.getppid()
    while not stop.is_set():
        await asyncio.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent:
            log.warning("%s: the supervisor (pid %d) is gone; stopping", ME, parent)
            stop.set()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.worker")
    parser.add_argument("--app", default="core.asgi:app")
    parser.add_argument("--fd", type=int, action="append", required=True, help="an inherited listening socket")
    parser.add_argument("--ready-fd", type=int, help="write 'ready' here once serving")
    parser.add_argument("--grace", type=float, default=10.0)
    args = parser.parse_args(argv)
    # Ctrl+C in a terminal reaches every process of the group: the supervisor alone decides.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    sockets = [socket.socket(fileno=fd) for fd in args.fd]
    from core.plugins import PluginError

    try:
        app, drain = load(args.app)
    except PluginError as error:  # the operator's to fix: one line, no traceback
        log.error("%s could not load %s: hearth: %s", ME, args.app, error)
        return CONFIG_ERROR
    except Exception:
        log.exception("%s could not load %s", ME, args.app)
        return CONFIG_ERROR
    config = hypercorn_config(args.grace)
    loop_factory = None
    if importlib.util.find_spec("uvloop") is not None:
        # uvloop's event loop and transports cost a fraction of asyncio's per event and per write;
        # the websocket fast path (core.fastpath.wsdirect) finds its transports the same way.
        import uvloop

        loop_factory = uvloop.new_event_loop
    try:
        with asyncio.Runner(loop_factory=loop_factory) as runner:
            runner.run(serve(app, drain, sockets, config, args.ready_fd))
    except Exception as error:
        log.error("%s stopped: %s: %s", ME, type(error).__name__, error)
        return 1
    log.info("%s stopped", ME)
    return 0


if __name__ == "__main__":
    sys.exit(main())
