"""Authenticate latency: N users log in over HTTP (argon2id off the loop) and authenticate their
sockets; then one heavy user with --friends friends and --dms direct messages (each with a
message) authenticates --repeat times. Prints percentiles. Runs a real server on a free port with a
scratch SQLite database.

    .venv/bin/python bench/auth_payload.py [--users 50] [--friends 100 --dms 50 --repeat 30]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

import aiohttp
import socketio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import speed_line  # noqa: E402
from bench.scratch import scratch_server  # noqa: E402


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return f"p50 {pick(0.5):6.1f} ms  p95 {pick(0.95):6.1f} ms  p99 {pick(0.99):6.1f} ms  max {ordered[-1]:6.1f} ms"


async def post(http: aiohttp.ClientSession, url: str, path: str, token: str, body=None):
    async with http.post(url + path, json=body, headers={"Authorization": token}) as response:
        data = await response.json()
        assert response.status == 200, (path, response.status, data)
        return data


async def authenticate(url: str, token: str) -> tuple[float, dict]:
    client = socketio.AsyncClient(reconnection=False)
    done: asyncio.Future = asyncio.get_running_loop().create_future()
    client.on("user:authenticated", lambda data: done.done() or done.set_result(data))
    await client.connect(url, transports=["websocket"])
    started = time.perf_counter()
    await client.emit("user:authenticate", {"token": token})
    payload = await asyncio.wait_for(done, 10)
    elapsed = (time.perf_counter() - started) * 1000
    await client.disconnect()
    return elapsed, payload


async def heavy_user(http: aiohttp.ClientSession, url: str, people: list[dict], friends: int, dms: int) -> dict:
    """people[0] befriends people[1..friends] and opens DMs (with a message) to people[1..dms]."""
    me = people[0]
    for other in people[1 : friends + 1]:
        await post(http, url, "/api/friends/add", me["token"], {"username": other["username"], "tag": other["tag"]})
        await post(http, url, f"/api/friends/{me['id']}", other["token"])
    for other in people[1 : dms + 1]:
        inbox = await post(http, url, f"/api/users/{other['id']}/open-channel", me["token"])
        await post(http, url, f"/api/channels/{inbox['channelId']}/messages", me["token"], {"content": "hello"})
    return me


async def main(users: int, friends: int, dms: int, repeat: int) -> None:
    async with scratch_server() as (url, pid):
        async with aiohttp.ClientSession() as http:
            tokens, register_ms, login_ms, people = [], [], [], []
            for n in range(max(users, friends + 1, dms + 1)):
                body = {"email": f"bench{n}@example.com", "username": f"bench{n}", "password": "benchmark!"}
                started = time.perf_counter()
                async with http.post(f"{url}/api/users/register", json=body) as response:
                    registered = await response.json()
                register_ms.append((time.perf_counter() - started) * 1000)
                code = (await post(http, url, "/api/users/emails/verify/send-code", registered["token"]))["message"]
                await post(http, url, f"/api/users/emails/verify?code={code.split(': ')[2]}", registered["token"])
                async with http.get(f"{url}/api/users", headers={"Authorization": registered["token"]}) as response:
                    profile = (await response.json())["user"]
                people.append(
                    {
                        "token": registered["token"],
                        "id": profile["id"],
                        "username": profile["username"],
                        "tag": profile["tag"],
                    }
                )
                if n >= users:
                    continue
                started = time.perf_counter()
                async with http.post(
                    f"{url}/api/users/login", json={"email": body["email"], "password": body["password"]}
                ) as response:
                    tokens.append((await response.json())["token"])
                login_ms.append((time.perf_counter() - started) * 1000)

            me = await heavy_user(http, url, people, friends, dms)
            speed = await speed_line(http, url, pid)
        auth_ms = [(await authenticate(url, token))[0] for token in tokens]
        heavy_ms, payload = [], {}
        for _ in range(repeat):
            elapsed, payload = await authenticate(url, me["token"])
            heavy_ms.append(elapsed)
        print(f"users: {users} (SQLite, 1 worker)")
        print(speed)
        print(f"register        {percentiles(register_ms)}")
        print(f"login (argon2)  {percentiles(login_ms)}  mean {statistics.mean(login_ms):.1f} ms")
        print(f"authenticate    {percentiles(auth_ms)}")
        print(
            f"authenticate with {len(payload.get('friends', []))} friends, {len(payload.get('inbox', []))} DMs "
            f"({len(payload.get('channels', []))} channels), {repeat}x: {percentiles(heavy_ms)}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--friends", type=int, default=100)
    parser.add_argument("--dms", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(main(args.users, args.friends, args.dms, args.repeat))
