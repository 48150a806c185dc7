"""Message fan-out: M members of one server channel with live sockets, senders posting at a
fixed total rate; prints POST latency, send→delivery latency percentiles, delivery ratio, and
where the CPU went (server, load generator, PostgreSQL, Redis). Runs its own server on a free port
with a scratch database (SQLite unless --database; HEARTH_SERVER_WORKERS and HEARTH_REDIS_URL
are passed through, so two workers sharing Redis is the deployment shape).

    .venv/bin/python bench/message_fanout.py --members 200 --rate 50 --seconds 10
    .venv/bin/python bench/message_fanout.py --members 200 --rate 150 --seconds 10
    HEARTH_SERVER_WORKERS=2 HEARTH_REDIS_URL=redis://127.0.0.1:6379/7 .venv/bin/python \
        bench/message_fanout.py --rate 150 --database postgres://postgres@127.0.0.1:5432/hearth_bench

Sockets are spread over --client-procs processes; on a 2-core machine they share the CPU with the
server, so the listeners parse frames by hand to cost little. --profile FILE records the server
with py-spy (``pip install py-spy``); its wall-clock samples overstate time spent in calls that
wake another process (a database round trip), so read them beside the CPU figures. --cprofile DIR
has each worker write its cProfile stats while the messages are sent (core/cpuprobe.py):
``python -c "import pstats; pstats.Stats('DIR/<pid>.prof').sort_stats('tottime').print_stats(30)"``.

--no-fast-paths runs the bench twice, with ``[performance] fast_paths`` on and then off (the
libraries' own paths, core/fastpath), and prints the difference: what the fast paths buy.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import multiprocessing
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import children, cpu_by_program, cpu_seconds, machine_busy, speed_line  # noqa: E402
from tests.support import free_port  # noqa: E402


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def summary(name: str, samples: list[float]) -> str:
    return (
        f"{name:<18} n={len(samples):<7} p50 {pct(samples, 0.5):7.1f} ms  p95 {pct(samples, 0.95):7.1f} ms  "
        f"p99 {pct(samples, 0.99):7.1f} ms  max {max(samples, default=float('nan')):7.1f} ms"
    )


async def api(http: aiohttp.ClientSession, url: str, method: str, path: str, body=None, token=None):
    headers = {"Authorization": token} if token else {}
    for attempt in range(3):
        try:
            async with http.request(method, url + path, json=body, headers=headers) as response:
                data = await response.json()
                if response.status != 200:
                    raise RuntimeError(f"{method} {path}: {response.status} {data}")
                return data
        except aiohttp.ServerDisconnectedError:  # a kept-alive connection the server had closed
            if attempt == 2:
                raise


async def make_member(http, url, n, run=""):
    """Member ``n`` of this run (``run`` keeps the names of a second run on one database apart)."""
    body = {"email": f"fan{run}{n}@example.com", "username": f"fan{run}{n}", "password": "benchmark!"}
    token = (await api(http, url, "POST", "/api/users/register", body))["token"]
    code = (await api(http, url, "POST", "/api/users/emails/verify/send-code", token=token))["message"].split(": ")[2]
    await api(http, url, "POST", f"/api/users/emails/verify?code={code}", token=token)
    return token


CREATED = b'42["message:created"'
MARKER = b'"content":"t='


class Listener(asyncio.Protocol):
    """One Socket.IO client speaking Engine.IO 4 / Socket.IO 5 over a websocket, by hand on a
    raw asyncio protocol: the measuring side shares the CPU with the server it measures, so it
    must cost far less per frame than any websocket library would."""

    def __init__(self, token: str, channel_id: str, authed: asyncio.Event, latencies: list[float]):
        self.token, self.authed, self.latencies = token, authed, latencies
        self.channel = f'"channelId":"{channel_id}"'.encode()
        self.buffer = bytearray()
        self.upgraded = False
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        transport.write(
            b"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: bench\r\n"
            b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            b"Sec-WebSocket-Key: " + base64.b64encode(os.urandom(16)) + b"\r\n\r\n"
        )

    def send_text(self, text: str) -> None:
        # Client frames must be masked; an all-zero key leaves the payload as it is (the server
        # cannot tell, and this client has nobody to hide its bytes from).
        payload = text.encode()
        size = len(payload)
        header = bytes((0x81, 0x80 | size)) if size < 126 else struct.pack("!BBH", 0x81, 0x80 | 126, size)
        self.transport.write(header + b"\0\0\0\0" + payload)

    def data_received(self, data: bytes) -> None:
        now = time.time() * 1000
        buffer = self.buffer
        buffer += data
        if not self.upgraded:
            end = buffer.find(b"\r\n\r\n")
            if end == -1:
                return
            del buffer[: end + 4]
            self.upgraded = True
        offset = 0
        while len(buffer) - offset >= 2:
            opcode, size = buffer[offset] & 0x0F, buffer[offset + 1] & 0x7F
            start = offset + 2
            if size == 126:
                if len(buffer) - offset < 4:
                    break
                size, start = int.from_bytes(buffer[offset + 2 : offset + 4], "big"), offset + 4
            elif size == 127:
                if len(buffer) - offset < 10:
                    break
                size, start = int.from_bytes(buffer[offset + 2 : offset + 10], "big"), offset + 10
            if len(buffer) < start + size:
                break
            offset = start + size
            if opcode == 1:
                if buffer.startswith(CREATED, start):  # the hot path: read in place, no copy
                    at = buffer.find(MARKER, start, offset)
                    if at != -1 and buffer.find(self.channel, start, offset) != -1:
                        at += len(MARKER)
                        self.delivered(float(buffer[at : buffer.index(b'"', at, offset)]), now)
                else:
                    self.frame(bytes(buffer[start:offset]), now)
            elif opcode == 9:  # websocket ping
                self.transport.write(bytes((0x8A, 0x80)) + b"\0\0\0\0")
        del buffer[:offset]

    def frame(self, frame: bytes, now: float) -> None:
        """Every text frame but ``message:created`` (read in place by ``data_received``)."""
        if frame == b"2":
            self.send_text("3")
        elif frame.startswith(b"0{"):
            self.send_text("40")
        elif frame.startswith(b"40"):
            self.send_text('42["user:authenticate",' + json.dumps({"token": self.token}) + "]")
        elif frame.startswith(b'42["user:authenticated"'):
            self.authed.set()

    def delivered(self, sent_ms: float, now_ms: float) -> None:
        self.latencies.append(now_ms - sent_ms)


class _Exchange(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection of a :class:`Poster`, one request at a time."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiting: asyncio.Future | None = None
        self.closed = False

    def connection_made(self, transport) -> None:
        self.transport = transport

    def connection_lost(self, exc) -> None:
        self.closed = True
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_exception(ConnectionError("the server closed the connection"))

    def send(self, request: bytes) -> asyncio.Future:
        self.waiting = asyncio.get_running_loop().create_future()
        self.transport.write(request)  # type: ignore[union-attr]
        return self.waiting

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        end = self.buffer.find(b"\r\n\r\n")
        if end == -1:
            return
        status_line, *headers = bytes(self.buffer[:end]).lower().split(b"\r\n")
        size = 0
        for header in headers:
            name, _, value = header.partition(b":")
            if name == b"content-length":
                size = int(value)
        if len(self.buffer) < end + 4 + size:
            return
        status = int(status_line.split()[1])
        body = bytes(self.buffer[end + 4 : end + 4 + size])
        del self.buffer[: end + 4 + size]
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_result((status, body))


class Poster:
    """JSON POSTs over a few kept-alive connections, written and read by hand: the measuring side
    shares the CPU with the server it measures, and an HTTP client library costs several times
    more per request than this (which knows only what Hearth answers: Content-Length bodies)."""

    def __init__(self, url: str, connections: int = 64):
        host, port = url.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.idle: list[_Exchange] = []
        self.slots = asyncio.Semaphore(connections)

    async def post(self, path: str, body: dict, token: str) -> tuple[int, bytes]:
        payload = json.dumps(body).encode()
        request = (
            f"POST {path} HTTP/1.1\r\nHost: bench\r\nAuthorization: {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
        ).encode() + payload
        async with self.slots:
            for attempt in range(3):
                exchange = self.idle.pop() if self.idle else None
                if exchange is None or exchange.closed:
                    _, exchange = await asyncio.get_running_loop().create_connection(_Exchange, self.host, self.port)
                try:
                    answer = await exchange.send(request)
                except ConnectionError:  # a kept-alive connection the server had closed
                    if attempt == 2:
                        raise
                    continue
                self.idle.append(exchange)
                return answer
        raise AssertionError("unreachable")

    def close(self) -> None:
        for exchange in self.idle:
            if exchange.transport is not None:
                exchange.transport.close()


def fast_loop():
    """uvloop when installed (the server uses it too): the measuring side should cost little."""
    try:
        import uvloop
    except ImportError:
        return asyncio
    return uvloop


def listener(url: str, tokens: list[str], channel_id: str, ready, done, results_path: str) -> None:
    async def run() -> None:
        latencies: list[float] = []
        host, port = url.removeprefix("http://").split(":")
        loop = asyncio.get_running_loop()
        events = [asyncio.Event() for _ in tokens]
        connections = []
        for token, event in zip(tokens, events):
            connections.append(
                await loop.create_connection(
                    lambda t=token, e=event: Listener(t, channel_id, e, latencies), host, int(port)
                )
            )
        for event in events:
            await asyncio.wait_for(event.wait(), 60)
        ready.set()
        while not done.is_set():
            await asyncio.sleep(0.1)
        await asyncio.sleep(2)  # stragglers
        Path(results_path).write_text(json.dumps({"received": len(latencies), "latencies": latencies}))
        for transport, _ in connections:
            transport.close()

    fast_loop().run(run())


def start_server(scratch: str, database: str | None, env: dict[str, str] | None = None) -> tuple[subprocess.Popen, str]:
    """Migrate the database (a scratch SQLite file unless ``database``) and start ``hearth serve``
    on a free port, its log in ``scratch``; ``env`` adds settings (HEARTH_*)."""
    port = free_port()
    env = {
        **os.environ,
        "HEARTH_RATE_LIMITS_ENABLED": "false",
        "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
        "HEARTH_DATABASE_URL": database or f"sqlite://{scratch}/bench.sqlite3",
        **(env or {}),
    }
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    log = open(f"{scratch}/server.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "core", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    print(f"server log: {scratch}/server.log", flush=True)
    return server, f"http://127.0.0.1:{port}"


async def wait_until_up(http: aiohttp.ClientSession, url: str) -> None:
    for _ in range(600):
        try:
            async with http.get(f"{url}/api/plugins") as response:
                if response.status == 200:
                    return
        except aiohttp.ClientError:
            pass
        await asyncio.sleep(0.1)
    raise RuntimeError(f"{url} did not start")


async def populate(http: aiohttp.ClientSession, url: str, members: int) -> tuple[list[str], str]:
    """``members`` verified accounts in one server; their tokens (the owner first) and its channel."""
    run = f"{int(time.time()) % 100000}x"
    tokens = list(await asyncio.gather(*(make_member(http, url, n, run) for n in range(members))))
    server_row = await api(http, url, "POST", "/api/servers", {"name": "Bench"}, tokens[0])
    invite = await api(http, url, "POST", f"/api/servers/{server_row['id']}/invites", token=tokens[0])
    for token in tokens[1:]:
        await api(http, url, "POST", f"/api/servers/invites/{invite['code']}", token=token)
    return tokens, server_row["defaultChannelId"]


async def main(args) -> None:
    if not args.no_fast_paths:
        await measure(args, fast=True)
        return
    figures = {}
    for fast in (True, False):
        print(f"--- fast paths {'on' if fast else 'off'} ---", flush=True)
        figures[fast] = await measure(args, fast=fast)
    print("--- what the fast paths buy (off → on) ---")
    for name, unit in FIGURES.items():
        off, on = figures[False][name], figures[True][name]
        print(f"{name:<22} {off:9.1f} → {on:9.1f} {unit:<5} ({on - off:+.1f})")


# what --no-fast-paths compares, and their units
FIGURES = {
    "POST p50": "ms",
    "POST p95": "ms",
    "delivery p50": "ms",
    "delivery p95": "ms",
    "delivery p99": "ms",
    "delivered": "%",
    "server CPU": "%",
}


async def measure(args, fast: bool) -> dict[str, float]:
    """One run; prints its figures and returns those of ``FIGURES``."""
    scratch = tempfile.mkdtemp(prefix="hearth-fanout-")
    if args.cprofile:
        Path(args.cprofile).mkdir(parents=True, exist_ok=True)
        os.environ["HEARTH_DEBUG_PROFILE_DIR"] = str(Path(args.cprofile).resolve())  # core/cpuprobe.py
    server, url = start_server(scratch, args.database, {"HEARTH_PERFORMANCE_FAST_PATHS": "true" if fast else "false"})
    try:
        async with aiohttp.ClientSession() as http:
            await wait_until_up(http, url)
            tokens, channel_id = await populate(http, url, args.members)

            ready_events, done = [], multiprocessing.Event()
            outputs, procs = [], []
            chunks = [tokens[i :: args.client_procs] for i in range(args.client_procs)]
            for index, chunk in enumerate(chunks):
                ready = multiprocessing.Event()
                out = f"{scratch}/listener{index}.json"
                proc = multiprocessing.Process(target=listener, args=(url, chunk, channel_id, ready, done, out))
                proc.start()
                ready_events.append(ready)
                outputs.append(out)
                procs.append(proc)
            for ready in ready_events:
                while not ready.is_set():
                    await asyncio.sleep(0.1)

            speed = await speed_line(http, url, server.pid)
            senders = tokens[: args.senders]
            total = int(args.rate * args.seconds)
            post_ms: list[float] = []
            cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()
            kernel_before = cpu_seconds(server.pid, kernel_only=True)
            client_before = time.process_time() + sum(cpu_seconds(proc.pid) for proc in procs)
            machine_before, programs_before = machine_busy(), cpu_by_program()
            profiler = None
            if args.profile:  # py-spy's collapsed stacks of the server (and its workers) while sending
                profiler = subprocess.Popen(
                    [
                        "py-spy",
                        "record",
                        "--subprocesses",
                        "--nonblocking",
                        "-r",
                        "250",
                        "-d",
                        str(int(args.seconds)),
                        "-f",
                        "raw",
                        "-o",
                        args.profile,
                        "-p",
                        str(server.pid),
                    ],
                    stdout=subprocess.DEVNULL,
                )

            poster = Poster(url)

            async def post(n: int) -> None:
                started = time.perf_counter()
                status, answer = await poster.post(
                    f"/api/channels/{channel_id}/messages",
                    {"content": f"t={time.time() * 1000:.3f}"},
                    senders[n % len(senders)],
                )
                if status != 200:
                    raise RuntimeError(f"a send answered {status}: {answer[:200]!r}")
                post_ms.append((time.perf_counter() - started) * 1000)

            workers = children(server.pid) if args.cprofile else []
            for worker in workers:  # cProfile on, in each worker
                os.kill(worker, signal.SIGUSR1)
            tasks = []
            start = time.perf_counter()
            for n in range(total):
                delay = start + n / args.rate - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                tasks.append(asyncio.create_task(post(n)))
            await asyncio.gather(*tasks)
            poster.close()
            sent_for = time.perf_counter() - start
            for worker in workers:  # cProfile off: <dir>/<pid>.prof
                os.kill(worker, signal.SIGUSR1)
            wall = time.perf_counter() - wall_before
            cpu = (cpu_seconds(server.pid) - cpu_before) / wall
            kernel = (cpu_seconds(server.pid, kernel_only=True) - kernel_before) / wall
            client_cpu = (time.process_time() + sum(cpu_seconds(proc.pid) for proc in procs) - client_before) / wall
            machine = [after - before for after, before in zip(machine_busy(), machine_before)]
            programs = {
                name: (seconds - programs_before.get(name, 0.0)) / wall for name, seconds in cpu_by_program().items()
            }
            done.set()
            if profiler is not None:
                profiler.wait(60)
            for proc in procs:
                proc.join(60)
        received, delivery = 0, []
        for out in outputs:
            data = json.loads(Path(out).read_text())
            received += data["received"]
            delivery.extend(data["latencies"])
        expected = total * args.members
        print(
            f"members {args.members}, target {args.rate} msg/s for {args.seconds} s "
            f"(achieved {total / sent_for:.1f} msg/s), senders {len(senders)}, "
            f"database {'PostgreSQL' if args.database else 'SQLite'}, "
            f"{os.environ.get('HEARTH_SERVER_WORKERS', '1')} server worker(s), fast paths {'on' if fast else 'off'}"
        )
        print(speed)
        print(summary("POST latency", post_ms))
        print(summary("send→delivery", delivery))
        print(f"delivered          {received}/{expected} ({100 * received / expected:.2f}%)")
        print(f"server CPU         {100 * cpu:.0f}% of one core while sending ({100 * kernel:.0f}% in the kernel)")
        print(f"load generator CPU {100 * client_cpu:.0f}% of one core (senders and listeners)")
        print(
            f"machine            {100 * machine[0] / machine[1]:.0f}% busy of {os.cpu_count()} cores "
            f"(server, load generator, PostgreSQL, Redis and the kernel; {100 * machine[2] / machine[1]:.0f}% "
            f"stolen by the hypervisor)"
        )
        database = programs.get("postgres", 0.0) if args.database else 0.0
        print(
            f"  of which          PostgreSQL {100 * database:.0f}%, Redis {100 * programs.get('redis-server', 0.0):.0f}%, "
            f"other {100 * (machine[0] / machine[1] * (os.cpu_count() or 1) - cpu - client_cpu - database - programs.get('redis-server', 0.0)):.0f}% "
            f"(kernel work outside processes, py-spy…) of one core"
        )
        return {
            "POST p50": pct(post_ms, 0.5),
            "POST p95": pct(post_ms, 0.95),
            "delivery p50": pct(delivery, 0.5),
            "delivery p95": pct(delivery, 0.95),
            "delivery p99": pct(delivery, 0.99),
            "delivered": 100 * received / expected,
            "server CPU": 100 * cpu,
        }
    finally:
        server.terminate()
        server.wait(60)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=200)
    parser.add_argument("--rate", type=float, default=50)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--senders", type=int, default=10)
    parser.add_argument("--client-procs", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="write py-spy's collapsed stacks of the server here")
    parser.add_argument("--cprofile", metavar="DIR", help="write each worker's cProfile stats (<pid>.prof) here")
    parser.add_argument("--database", help="postgres://... (default: a scratch SQLite file)")
    parser.add_argument("--no-fast-paths", action="store_true", help="run again with the fast paths off; print both")
    fast_loop().run(main(parser.parse_args()))
