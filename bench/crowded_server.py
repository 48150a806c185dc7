"""A crowded server: --members (5,000) members of one server, every one of them connected (in the
partial, paged mode Hearth's web UI uses) across the workers of ``hearth serve`` (two, on
PostgreSQL + Redis), then messages into its channel at each of --rates (20 a second) for
--seconds each. Prints how long the members took to connect, every worker's memory before and
after, and for each rate the deliveries made out of those expected, send (POST) and delivery
(send → socket) p50 / p99, and the CPU of the server, the load generator, PostgreSQL and Redis
while sending. Not run by CI. ``--nice-clients 19`` runs the load generator at the lowest priority:
where both cores are full, the server then takes the CPU it needs (its figure is its demand;
the clients fall behind, so the latencies are not the server's).

    .venv/bin/python bench/crowded_server.py --database postgres://postgres@127.0.0.1:5432/hearth_crowd \\
        --redis redis://127.0.0.1:6379/7 [--members 5000 --rates 5,10,20 --seconds 60] [--passive 0.1]

``--passive FRACTION`` runs Hearth's UI mode (issue 41): every member names the ``passive``
feature and the server's default notification level is mentions only, which members without a
setting of their own follow (a channel whose every message notifies is delivered in full: each
message needs its own notification); that fraction of them
has the channel open (``hearth:view``), the others none, so they get a ``hearth:activity``
summary of it at most once a second. Each rate's line then splits
active viewers' deliveries from the summaries: a summary's lag is the age of the oldest message
it stands for (its newest message's age plus ``count - 1`` intervals at that rate); "covered"
counts the messages the summaries stand for out of those each passive member should hear of.

People and the server are written straight into the database before the server starts (no
registrations, see tests/plugins/servers/crowd.py). The database named by --database is emptied
first. Sockets are spread over --client-procs load-generator processes that parse frames by hand
(message_fanout's Listener); on a 2-core machine they need about as much CPU as the server, so
the figures are those of a server sharing its machine with 5,000 clients. Connecting 5,000
members is itself a load: each arrival's presence goes to everyone already there (12.5 million
frames for 5,000 members), which the connect time includes; a socket the server drops meanwhile
(a client more than 8 MiB behind) is opened again.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import queue
import subprocess
import sys
import tempfile
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.big_server import PAGED, migrated, populate  # noqa: E402
from bench.machine import children, cpu_by_program, cpu_seconds, rss_mib, speed_line  # noqa: E402
from bench.message_fanout import MARKER, Listener, Poster, fast_loop, pct, wait_until_up  # noqa: E402
from bench.soak import fresh_database, wait_for_workers  # noqa: E402
from tests.support import free_port  # noqa: E402

CONNECT_BATCH = 50  # sockets a load-generator process opens before waiting for them to authenticate


ACTIVITY = b'42["hearth:activity"'
COUNT = b'"count":'


async def mentions_only(database: str, server_id: str) -> None:
    """The server notifies its members of mentions only by default (Hearth's server default, one
    row written straight in): members who chose nothing of their own follow it."""
    import asyncpg

    connection = await asyncpg.connect(database)
    try:
        await connection.execute("UPDATE servers SET default_ping_mode = 1 WHERE id = $1", int(server_id))
    finally:
        await connection.close()


class Member(Listener):
    """A member's socket: authenticates as Hearth's web UI does and records (sent, latency) of
    every message of the channel it receives. ``refusal`` says why it never became authenticated
    (its event is set either way). ``view``: passive mode, the channel it has open (None: none)."""

    refusal: str | None = None
    passive = False
    view: str | None = None
    summaries: list[tuple[float, float, int]]

    def frame(self, frame: bytes, now: float) -> None:
        if frame.startswith(b"40"):
            options = {"token": self.token, **PAGED, **({"features": ["passive"]} if self.passive else {})}
            self.send_text('42["user:authenticate",' + json.dumps(options) + "]")
        elif frame.startswith(ACTIVITY):
            at = frame.find(MARKER) + len(MARKER)
            count = frame.find(COUNT) + len(COUNT)
            sent = float(frame[at : frame.index(b'"', at)])
            self.summaries.append((sent, now - sent, int(frame[count : count + 12].split(b",")[0].split(b"}")[0])))
        elif frame.startswith(b'42["user:authenticated"') and self.passive:
            self.send_text('42["hearth:view",' + json.dumps({"channelId": self.view}) + "]")
            super().frame(frame, now)
        elif frame.startswith(b'42["user:authenticate_error"'):
            self.refusal = frame.decode(errors="replace")[:200]
            self.authed.set()
        else:
            super().frame(frame, now)

    def connection_lost(self, exc) -> None:
        if not self.authed.is_set():
            self.refusal = f"connection lost before authenticating ({exc})"
            self.authed.set()

    def delivered(self, sent_ms: float, now_ms: float) -> None:
        self.latencies.append((sent_ms, now_ms - sent_ms))


def members_process(
    url: str,
    tokens: list[str],
    channel_id: str,
    ready,
    stop,
    out: multiprocessing.Queue,
    viewers: set[str] | None,
    nice: int = 0,
) -> None:
    """Hold one socket per token (a refused one is opened again, up to three times); once all are
    authenticated set ``ready``, then send the recorded deliveries and summaries to ``out`` once a
    second until ``stop``. ``viewers``: passive mode, the tokens whose socket has the channel open;
    ``nice``: this process's niceness (``--nice-clients``)."""
    os.nice(nice)

    async def run() -> None:
        batch: list[tuple[float, float]] = []
        summaries: list[tuple[float, float, int]] = []

        def new_member(token: str, event: asyncio.Event) -> Member:
            made = Member(token, channel_id, event, batch)
            made.summaries = summaries
            if viewers is not None:
                made.passive, made.view = True, channel_id if token in viewers else None
            return made

        host, port = url.removeprefix("http://").split(":")
        loop = asyncio.get_running_loop()
        connections = []
        waiting = list(tokens)
        for _attempt in range(3):
            refused: list[str] = []
            for start in range(0, len(waiting), CONNECT_BATCH):
                opened = []
                for token in waiting[start : start + CONNECT_BATCH]:
                    event = asyncio.Event()
                    opened.append(
                        await loop.create_connection(lambda t=token, e=event: new_member(t, e), host, int(port))
                    )
                for transport, member in opened:
                    await asyncio.wait_for(member.authed.wait(), 600)
                    if member.refusal is None:
                        connections.append((transport, member))
                    else:
                        refused.append(member.token)
                        transport.close()
                        print(f"a member's socket was refused ({member.refusal}); opening it again", flush=True)
            if not refused:
                break
            waiting = refused
        else:
            raise SystemExit(f"{len(waiting)} members could not authenticate")
        del batch[:], summaries[:]  # nothing was sent yet
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(1)
            if batch or summaries:
                out.put((batch[:], summaries[:]))
                del batch[:], summaries[:]  # in place: every Member holds these lists
        out.put((batch[:], summaries[:]))
        out.put(None)  # this process has reported everything
        for transport, _ in connections:
            transport.close()

    fast_loop().run(run())


def worker_memory(server_pid: int) -> str:
    return "  ".join(f"{rss_mib(pid):7.1f} MiB (pid {pid})" for pid in sorted(children(server_pid)))


async def send_steadily(
    poster: Poster, senders: list[str], channel_id: str, rate: float, seconds: float
) -> tuple[list[float], int]:
    """POST ``rate`` messages a second for ``seconds``; their latencies (ms) and how many failed."""
    post_ms: list[float] = []
    failed = 0

    async def post(n: int) -> None:
        nonlocal failed
        started = time.perf_counter()
        try:
            status, _ = await poster.post(
                f"/api/channels/{channel_id}/messages",
                {"content": f"t={time.time() * 1000:.3f}"},
                senders[n % len(senders)],
            )
        except OSError:
            status = 0
        if status != 200:
            failed += 1
            return
        post_ms.append((time.perf_counter() - started) * 1000)

    tasks = []
    start = time.perf_counter()
    for n in range(int(rate * seconds)):
        delay = start + n / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(post(n)))
    await asyncio.gather(*tasks)
    return post_ms, failed


async def collect(deliveries: multiprocessing.Queue, procs: int) -> tuple[array, array, list]:
    """When every message the members received was sent, and its latency (ms), once each process
    has said it is done. Kept in arrays: millions of tuples would have the garbage collector walk
    them again and again, pausing this process, whose clock times the sends."""
    loop = asyncio.get_running_loop()
    sent, latencies = array("d"), array("d")
    summaries: list[tuple[float, float, int]] = []
    finished = 0
    while finished < procs:
        try:
            batch = await loop.run_in_executor(None, deliveries.get, True, 0.5)
        except queue.Empty:
            continue
        if batch is None:
            finished += 1
            continue
        full, summarised = batch
        for at, latency in full:
            sent.append(at)
            latencies.append(latency)
        summaries.extend(summarised)
    return sent, latencies, summaries


@dataclass
class Phase:
    rate: float
    start_ms: float
    end_ms: float = 0.0
    post_ms: list[float] = field(default_factory=list)
    failed: int = 0
    cpu: dict[str, float] = field(default_factory=dict)


async def main(args) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-crowd-")
    await fresh_database(args.database)
    env = migrated(scratch, args.database)
    env.update({"HEARTH_SERVER_WORKERS": str(args.workers), "HEARTH_REDIS_URL": args.redis})
    started = time.perf_counter()
    server_id, channel_id, tokens = await populate(args.database, args.members)
    if args.passive is not None:
        await mentions_only(args.database, server_id)
    print(f"populated a {args.members}-member server in {time.perf_counter() - started:.1f} s", flush=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = Path(scratch) / "server.log"
    server = subprocess.Popen(
        [sys.executable, "-m", "core", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    print(f"server log: {log}", flush=True)
    stop = multiprocessing.Event()
    procs: list[multiprocessing.Process] = []
    phases: list[Phase] = []
    try:
        async with aiohttp.ClientSession() as http:
            await wait_for_workers(log, args.workers)
            await wait_until_up(http, url)
            print(await speed_line(http, url, server.pid))
        print(f"workers before the members connect: {worker_memory(server.pid)}", flush=True)
        deliveries: multiprocessing.Queue = multiprocessing.Queue()
        readies = []
        viewers = None if args.passive is None else set(tokens[: max(1, round(args.passive * args.members))])
        connect_started = time.perf_counter()
        for index in range(args.client_procs):
            ready = multiprocessing.Event()
            proc = multiprocessing.Process(
                target=members_process,
                args=(
                    url,
                    tokens[index :: args.client_procs],
                    channel_id,
                    ready,
                    stop,
                    deliveries,
                    viewers,
                    args.nice_clients,
                ),
            )
            proc.start()
            procs.append(proc)
            readies.append(ready)
        while not all(ready.is_set() for ready in readies):
            if any(not proc.is_alive() for proc in procs):
                raise RuntimeError("a load-generator process died while connecting")
            await asyncio.sleep(0.2)
        print(
            f"{args.members} members connected and authenticated in {time.perf_counter() - connect_started:.1f} s "
            f"({args.client_procs} load-generator processes; each arrival's presence reaches everyone there)",
            flush=True,
        )
        await asyncio.sleep(10)  # the last arrivals' presences are still on their way
        print(f"workers with every member connected: {worker_memory(server.pid)}", flush=True)

        gathered = asyncio.create_task(collect(deliveries, args.client_procs))
        poster = Poster(url)
        for rate in args.rates:
            phase = Phase(rate=rate, start_ms=time.time() * 1000)
            cpu_before, programs_before, wall_before = cpu_seconds(server.pid), cpu_by_program(), time.perf_counter()
            client_before = sum(cpu_seconds(proc.pid) for proc in procs)
            phase.post_ms, phase.failed = await send_steadily(
                poster, tokens[1 : 1 + args.senders], channel_id, rate, args.seconds
            )
            phase.end_ms = time.time() * 1000
            wall = time.perf_counter() - wall_before
            programs = cpu_by_program()
            phase.cpu = {
                "server": (cpu_seconds(server.pid) - cpu_before) / wall,
                "load generator": (sum(cpu_seconds(proc.pid) for proc in procs) - client_before) / wall,
                "PostgreSQL": (programs.get("postgres", 0.0) - programs_before.get("postgres", 0.0)) / wall,
                "Redis": (programs.get("redis-server", 0.0) - programs_before.get("redis-server", 0.0)) / wall,
            }
            phases.append(phase)
            await asyncio.sleep(10)  # stragglers, and a quiet moment before the next rate
        poster.close()
        print(f"workers after sending: {worker_memory(server.pid)}")
        stop.set()
        sent, latencies, summaries = await gathered
    finally:
        stop.set()
        for proc in procs:
            proc.join(60)
            if proc.is_alive():
                proc.kill()
        server.terminate()
        server.wait(120)
    mode = (
        ""
        if viewers is None
        else f", Hearth's UI mode: {len(viewers)} viewing the channel, {args.members - len(viewers)} passive"
    )
    print(
        f"{args.members} members connected across {args.workers} workers (PostgreSQL + Redis), {args.seconds:g} s "
        f"per rate from {args.senders} senders{mode}"
    )
    for phase in phases:
        within = [latency for at, latency in zip(sent, latencies) if phase.start_ms <= at <= phase.end_ms]
        audience = args.members if viewers is None else len(viewers)  # who hears every message in full
        expected = len(phase.post_ms) * audience
        print(
            f"{phase.rate:g} messages/s ({phase.rate * audience:,.0f} full deliveries/s): "
            f"{len(phase.post_ms)} sent, {phase.failed} failed; POST p50 {pct(phase.post_ms, 0.5):.1f} / "
            f"p99 {pct(phase.post_ms, 0.99):.1f} ms"
        )
        print(
            f"    delivered {len(within):,} of {expected:,} ({100 * len(within) / max(1, expected):.2f}%); "
            f"send → socket p50 {pct(within, 0.5):.1f} / p99 {pct(within, 0.99):.1f} ms; CPU "
            + ", ".join(f"{name} {100 * value:.0f}%" for name, value in phase.cpu.items())
            + f" of one core ({os.cpu_count()} cores)"
        )
        if viewers is not None:
            print("    " + summary_line(summaries, phase, args.members - len(viewers)))


def summary_line(summaries: list[tuple[float, float, int]], phase: Phase, passive: int) -> str:
    """The summaries of one rate: how many, the messages they stand for, and their lag p50 / p99."""
    mine = [(lag, count) for at, lag, count in summaries if phase.start_ms <= at <= phase.end_ms]
    lags = [lag + (count - 1) * 1000 / phase.rate for lag, count in mine]
    covered, expected = sum(count for _, count in mine), len(phase.post_ms) * passive
    return (
        f"summaries to passive members: {len(mine):,} ({len(mine) / max(1, passive):.1f} each), covering "
        f"{covered:,} of {expected:,} messages ({100 * covered / max(1, expected):.2f}%); "
        f"send → summary (oldest message covered) p50 {pct(lags, 0.5):.1f} / p99 {pct(lags, 0.99):.1f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=5000)
    parser.add_argument(
        "--rates",
        type=lambda text: [float(r) for r in text.split(",")],
        default=[20.0],
        help="messages per second, in all, one phase each (e.g. 5,10,20)",
    )
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--senders", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--client-procs", type=int, default=4, help="load-generator processes holding the sockets")
    parser.add_argument("--database", required=True, help="postgres://… of a database to empty and use")
    parser.add_argument("--redis", required=True, help="redis://…")
    parser.add_argument(
        "--nice-clients",
        type=int,
        default=0,
        metavar="N",
        help="the load generator's niceness (19: the server takes the CPU it needs, the clients what is left;"
        " for the server's CPU where both cores would be full, not for latencies)",
    )
    parser.add_argument(
        "--passive",
        type=float,
        default=None,
        metavar="FRACTION",
        help="Hearth's UI mode: every member passive, this fraction viewing the channel (e.g. 0.1)",
    )
    fast_loop().run(main(parser.parse_args()))
