"""Soak: Hearth under ``hearth serve`` with two workers on PostgreSQL + Redis, 200 members of one
server channel with live sockets, a steady 30 messages/s for ``--minutes``. Prints, for every
minute, the resident memory and open files of each worker, the send (POST) and delivery
(send → socket) p50/p99 of the messages sent in that minute, and the deliveries missed; at the
end, memory growth from minute 2 to the last and whether p99 stayed flat. Not run by CI.

    .venv/bin/python bench/soak.py --minutes 60 \\
        --database postgres://postgres@127.0.0.1:5432/hearth_soak --redis redis://127.0.0.1:6379/7

The database named by ``--database`` is dropped and created afresh (and dropped again at the end
unless ``--keep``); give it a name of its own. Rows are printed ``LAG`` seconds after their minute
ends, so late deliveries still count; a delivery later than that counts as missed.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import queue
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import children, open_files, rss_mib, speed_line  # noqa: E402
from bench.message_fanout import Listener, api, fast_loop, pct, populate, start_server, wait_until_up  # noqa: E402

LAG = 10.0  # seconds after a minute ends before its row is printed


class Recorder(Listener):
    """message_fanout's hand-rolled socket, keeping when each delivered message was sent."""

    def delivered(self, sent_ms: float, now_ms: float) -> None:
        self.latencies.append((sent_ms, now_ms - sent_ms))


def listen(url: str, tokens: list[str], channel_id: str, ready, stop, out: multiprocessing.Queue) -> None:
    """One load-generator process: sockets for ``tokens``; sends (sent_ms, latency_ms) batches each second."""

    async def run() -> None:
        batch: list[tuple[float, float]] = []
        host, port = url.removeprefix("http://").split(":")
        loop = asyncio.get_running_loop()
        events = [asyncio.Event() for _ in tokens]
        connections = [
            await loop.create_connection(lambda t=token, e=event: Recorder(t, channel_id, e, batch), host, int(port))
            for token, event in zip(tokens, events)
        ]
        for event in events:
            await asyncio.wait_for(event.wait(), 120)
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(1)
            if batch:
                out.put(batch[:])
                del batch[:]  # in place: every Recorder holds this list
        out.put(batch[:])
        for transport, _ in connections:
            transport.close()

    fast_loop().run(run())


async def fresh_database(url: str) -> None:
    import asyncpg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise SystemExit(f"soak: the database name {name!r} must be a plain identifier")
    admin = await asyncpg.connect(urlunsplit(parts._replace(path="/postgres")))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()


async def drop_database(url: str) -> None:
    import asyncpg

    parts = urlsplit(url)
    admin = await asyncpg.connect(urlunsplit(parts._replace(path="/postgres")))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')
    finally:
        await admin.close()


async def wait_for_workers(log: Path, workers: int, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while len(re.findall(r"worker \d+ \(pid \d+\) ready", log.read_text())) < workers:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the workers did not start; see {log}")
        await asyncio.sleep(0.2)


class Minutes:
    """Samples bucketed by the minute their message was sent in (minute 1 is the first)."""

    def __init__(self, start_ms: float):
        self.start_ms = start_ms
        self.post_ms: dict[int, list[float]] = defaultdict(list)
        self.acked: dict[int, int] = defaultdict(int)
        self.errors: dict[int, int] = defaultdict(int)
        self.delivery_ms: dict[int, list[float]] = defaultdict(list)

    def minute(self, sent_ms: float) -> int:
        return int((sent_ms - self.start_ms) // 60_000) + 1

    def forget(self, minute: int) -> None:
        for samples in (self.post_ms, self.acked, self.errors, self.delivery_ms):
            samples.pop(minute, None)


def fmt(value: float) -> str:
    return f"{value:7.1f}" if value == value else "      -"


async def main(args) -> None:
    await fresh_database(args.database)
    scratch = tempfile.mkdtemp(prefix="hearth-soak-")
    server, url = start_server(
        scratch, args.database, {"HEARTH_SERVER_WORKERS": str(args.workers), "HEARTH_REDIS_URL": args.redis}
    )
    stop = multiprocessing.Event()
    procs: list[multiprocessing.Process] = []
    try:
        # idle connections closed before hypercorn's 5 s keep-alive ends: no request races its close
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(keepalive_timeout=2)) as http:
            await wait_for_workers(Path(scratch) / "server.log", args.workers)
            await wait_until_up(http, url)
            tokens, channel_id = await populate(http, url, args.members)
            deliveries: multiprocessing.Queue = multiprocessing.Queue()
            readies = []
            for index in range(args.client_procs):
                ready = multiprocessing.Event()
                proc = multiprocessing.Process(
                    target=listen, args=(url, tokens[index :: args.client_procs], channel_id, ready, stop, deliveries)
                )
                proc.start()
                procs.append(proc)
                readies.append(ready)
            while not all(ready.is_set() for ready in readies):
                await asyncio.sleep(0.1)
            print(await speed_line(http, url, server.pid))
            print(
                f"{args.members} members, {args.rate:g} messages/s from {args.senders} senders, "
                f"{args.workers} workers, PostgreSQL + Redis, {args.minutes:g} minute(s)",
                flush=True,
            )
            print(
                f"{'min':>3}  {'worker RSS MiB (pid)':<30} {'open files':<12} {'send p50 / p99 ms':<16}  "
                f"{'delivery p50 / p99':<18}{'delivered':>10} {'missed':>7} {'errors':>6}",
                flush=True,
            )

            minutes = Minutes(time.time() * 1000)
            rows = await asyncio.gather(
                send(http, url, tokens[: args.senders], channel_id, args, minutes),
                collect(deliveries, minutes, args),
                report(server.pid, minutes, args),
            )
            summarise(rows[2])
    finally:
        stop.set()
        for proc in procs:
            proc.join(30)
        server.terminate()
        server.wait(60)
        if not args.keep:
            await drop_database(args.database)


async def send(http, url: str, senders: list[str], channel_id: str, args, minutes: Minutes) -> None:  # type: ignore[no-untyped-def]
    async def post(n: int) -> None:
        sent_ms = time.time() * 1000
        minute = minutes.minute(sent_ms)
        started = time.perf_counter()
        try:
            await api(
                http,
                url,
                "POST",
                f"/api/channels/{channel_id}/messages",
                {"content": f"t={sent_ms:.3f}"},
                senders[n % len(senders)],
            )
        except Exception:  # a failed send is counted, the soak goes on
            minutes.errors[minute] += 1
            return
        minutes.post_ms[minute].append((time.perf_counter() - started) * 1000)
        minutes.acked[minute] += 1

    total = int(args.minutes * 60 * args.rate)
    tasks: set[asyncio.Task] = set()
    start = time.perf_counter()
    for n in range(total):
        delay = start + n / args.rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        task = asyncio.create_task(post(n))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)


async def collect(deliveries: multiprocessing.Queue, minutes: Minutes, args) -> None:  # type: ignore[no-untyped-def]
    loop = asyncio.get_running_loop()
    end = minutes.start_ms / 1000 + args.minutes * 60 + LAG
    while time.time() < end:
        try:
            batch = await loop.run_in_executor(None, deliveries.get, True, 0.5)
        except queue.Empty:
            continue
        for sent_ms, latency in batch:
            minutes.delivery_ms[minutes.minute(sent_ms)].append(latency)


async def report(server_pid: int, minutes: Minutes, args) -> list[dict]:  # type: ignore[no-untyped-def]
    rows = []
    for minute in range(1, int(args.minutes) + 1):
        await asyncio.sleep(max(0.0, minutes.start_ms / 1000 + minute * 60 + LAG - time.time()))
        workers = sorted(children(server_pid))
        rss = {pid: rss_mib(pid) for pid in workers}
        files = {pid: open_files(pid) for pid in workers}
        post, delivery = minutes.post_ms[minute], minutes.delivery_ms[minute]
        expected = minutes.acked[minute] * args.members
        row = {"minute": minute, "rss": rss, "send_p99": pct(post, 0.99), "delivery_p99": pct(delivery, 0.99)}
        rows.append(row)
        print(
            f"{minute:>3}  {'  '.join(f'{rss[pid]:6.1f} ({pid})' for pid in workers):<30} "
            f"{' '.join(str(files[pid]) for pid in workers):<12} "
            f"{fmt(pct(post, 0.5))} /{fmt(pct(post, 0.99))}  {fmt(pct(delivery, 0.5))} /{fmt(pct(delivery, 0.99))}  "
            f"{len(delivery):>10} {expected - len(delivery):>7} {minutes.errors[minute]:>6}",
            flush=True,
        )
        minutes.forget(minute)
    return rows


def summarise(rows: list[dict]) -> None:
    steady = rows[1:] if len(rows) > 1 else rows  # minute 1 warms up: caches, pools, allocator
    first, last = steady[0], steady[-1]
    before, after = sum(first["rss"].values()), sum(last["rss"].values())
    same = set(first["rss"]) == set(last["rss"])
    print(
        f"memory      {before:.1f} MiB (minute {first['minute']}) → {after:.1f} MiB (minute {last['minute']}): "
        f"{100 * (after - before) / before:+.1f}%" + ("" if same else " (a worker was replaced meanwhile)")
    )
    third = max(1, len(steady) // 3)
    verdicts = []
    for key, name in (("send_p99", "send"), ("delivery_p99", "delivery")):
        early = statistics.median(row[key] for row in steady[:third])
        late = statistics.median(row[key] for row in steady[-third:])
        flat = late <= early * 1.25 + 5
        verdicts.append(flat)
        print(
            f"{name + ' p99':<11} {early:.1f} ms (first third, median of minutes) → {late:.1f} ms (last third): "
            f"{'flat' if flat else 'RISING'}"
        )
    print(
        f"p99 stayed flat: {'yes' if all(verdicts) else 'no'} (flat: the last third's median p99 within "
        f"25% + 5 ms of the first third's; minute 1 left out)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=5)
    parser.add_argument("--members", type=int, default=200)
    parser.add_argument("--rate", type=float, default=30, help="messages per second, in all")
    parser.add_argument("--senders", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--client-procs", type=int, default=2, help="load-generator processes holding the sockets")
    parser.add_argument("--database", required=True, help="postgres://… of a database to create afresh")
    parser.add_argument("--redis", required=True, help="redis://…")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    fast_loop().run(main(parser.parse_args()))
