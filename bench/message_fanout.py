"""Message fan-out: M members of one server channel with live sockets, senders posting at a
fixed total rate; prints POST latency, send→delivery latency percentiles, delivery ratio and the
server's CPU. Runs its own server (1 worker) on a free port with a scratch database.

    .venv/bin/python bench/message_fanout.py --members 200 --rate 50 --seconds 10
    .venv/bin/python bench/message_fanout.py --members 200 --rate 150 --seconds 10

Sockets are spread over --client-procs processes so the measuring side is not the bottleneck
(on a 2-core machine they still share the CPU with the server: read the figures with that).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import free_port  # noqa: E402


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def summary(name: str, samples: list[float]) -> str:
    return (f"{name:<18} n={len(samples):<7} p50 {pct(samples, .5):7.1f} ms  p95 {pct(samples, .95):7.1f} ms  "
            f"p99 {pct(samples, .99):7.1f} ms  max {max(samples, default=float('nan')):7.1f} ms")


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


async def make_member(http, url, n):
    body = {"email": f"fan{n}@example.com", "username": f"fan{n}", "password": "benchmark!"}
    token = (await api(http, url, "POST", "/api/users/register", body))["token"]
    code = (await api(http, url, "POST", "/api/users/emails/verify/send-code", token=token))["message"].split(": ")[2]
    await api(http, url, "POST", f"/api/users/emails/verify?code={code}", token=token)
    return token


MARKER = '"content":"t='


def listener(url: str, tokens: list[str], channel_id: str, ready, done, results_path: str) -> None:
    """Socket.IO clients speaking the Engine.IO 4 / Socket.IO 5 wire by hand over the websockets
    library: the measuring side must cost far less than the server it measures."""
    import websockets

    async def run() -> None:
        latencies: list[float] = []
        received = 0
        ws_url = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"

        async def client(token: str, authed: asyncio.Event) -> None:
            nonlocal received
            async with websockets.connect(ws_url, max_size=None, compression=None) as ws:
                await ws.recv()  # engine.io open
                await ws.send("40")
                while not (await ws.recv()).startswith("40"):
                    pass
                await ws.send('42["user:authenticate",' + json.dumps({"token": token}) + "]")
                async for frame in ws:
                    if frame == "2":
                        await ws.send("3")
                    elif frame.startswith('42["user:authenticated"'):
                        authed.set()
                    elif frame.startswith('42["message:created"'):
                        at = frame.find(MARKER)
                        if at != -1 and f'"channelId":"{channel_id}"' in frame:
                            end = frame.index('"', at + len(MARKER))
                            received += 1
                            latencies.append(time.time() * 1000 - float(frame[at + len(MARKER):end]))
                    if done.is_set():
                        return

        events = [asyncio.Event() for _ in tokens]
        tasks = [asyncio.create_task(client(t, e)) for t, e in zip(tokens, events)]
        for event in events:
            await asyncio.wait_for(event.wait(), 60)
        ready.set()
        while not done.is_set():
            await asyncio.sleep(0.1)
        await asyncio.sleep(2)  # stragglers
        Path(results_path).write_text(json.dumps({"received": received, "latencies": latencies}))
        for task in tasks:
            task.cancel()

    asyncio.run(run())


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children (hypercorn runs the app in a worker process)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else []:
        total += cpu_seconds(int(child))
    return total


async def main(args) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-fanout-")
    port = free_port()
    env = {**os.environ, "HEARTH_RATE_LIMITS_ENABLED": "false", "HEARTH_CDN_DIRECTORY": f"{scratch}/cdn",
           "HEARTH_DATABASE_URL": args.database or f"sqlite://{scratch}/bench.sqlite3"}
    subprocess.run([sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    log = open(f"{scratch}/server.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "core", "serve", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=log, stderr=subprocess.STDOUT)
    print(f"server log: {scratch}/server.log", flush=True)
    url = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(100):
                try:
                    await http.get(f"{url}/api/plugins")
                    break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
            tokens = list(await asyncio.gather(*(make_member(http, url, n) for n in range(args.members))))
            server_row = await api(http, url, "POST", "/api/servers", {"name": "Bench"}, tokens[0])
            invite = await api(http, url, "POST", f"/api/servers/{server_row['id']}/invites", token=tokens[0])
            for token in tokens[1:]:
                await api(http, url, "POST", f"/api/servers/invites/{invite['code']}", token=token)
            channel_id = server_row["defaultChannelId"]

            ready_events, done = [], multiprocessing.Event()
            outputs, procs = [], []
            chunks = [tokens[i::args.client_procs] for i in range(args.client_procs)]
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

            senders = tokens[: args.senders]
            total = int(args.rate * args.seconds)
            post_ms: list[float] = []
            cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()

            async def post(n: int) -> None:
                started = time.perf_counter()
                await api(http, url, "POST", f"/api/channels/{channel_id}/messages",
                          {"content": f"t={time.time() * 1000:.3f}"}, senders[n % len(senders)])
                post_ms.append((time.perf_counter() - started) * 1000)

            tasks = []
            start = time.perf_counter()
            for n in range(total):
                delay = start + n / args.rate - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                tasks.append(asyncio.create_task(post(n)))
            await asyncio.gather(*tasks)
            sent_for = time.perf_counter() - start
            cpu = (cpu_seconds(server.pid) - cpu_before) / (time.perf_counter() - wall_before)
            done.set()
            for proc in procs:
                proc.join(60)
        received, delivery = 0, []
        for out in outputs:
            data = json.loads(Path(out).read_text())
            received += data["received"]
            delivery.extend(data["latencies"])
        expected = total * args.members
        print(f"members {args.members}, target {args.rate} msg/s for {args.seconds} s "
              f"(achieved {total / sent_for:.1f} msg/s), senders {len(senders)}, "
              f"database {'PostgreSQL' if args.database else 'SQLite'}, "
              f"{os.environ.get('HEARTH_SERVER_WORKERS', '1')} server worker(s)")
        print(summary("POST latency", post_ms))
        print(summary("send→delivery", delivery))
        print(f"delivered          {received}/{expected} ({100 * received / expected:.2f}%)")
        print(f"server CPU         {100 * cpu:.0f}% of one core while sending")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=200)
    parser.add_argument("--rate", type=float, default=50)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--senders", type=int, default=10)
    parser.add_argument("--client-procs", type=int, default=1)
    parser.add_argument("--database", help="postgres://... (default: a scratch SQLite file)")
    asyncio.run(main(parser.parse_args()))
