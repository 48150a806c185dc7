"""Typing `@` mentions in the composer of a --members (10,000) member server, in Chromium: the input
latency of each keystroke while the `@` list filters, against the issue's target of 16 ms at p95.

The server and its members are written straight into a scratch database (the crowd helpers of
tests/plugins/servers/crowd.py, through bench/big_server.py's populate); --online of them stay
connected so the list has online members to put first. The owner (who may also mention roles
and @everyone) opens the server's channel at 1280 × 800, scrolls the member list until
--loaded members are loaded in the page (the UI loads a page of 100 at a time), then types
plain words, then `@big0…` queries, one key at a time, --rounds times each; members not loaded
are found through the server's search (`GET /api/servers/{id}/members/search`) once typing pauses.
The plain words give the composer's own cost, to compare with the `@` queries.

A keystroke's latency is measured in the page: from the key event's time stamp to the first task
after the next frame (requestAnimationFrame, then a message posted to itself), which is when the
frame holding the keystroke's update has been drawn; at 60 frames a second, waiting for that
frame alone adds 0–16.7 ms whatever the work. Chromium's own Event Timing is printed too,
as the time from each key and input event to the end of its handlers (its full duration waits for
a presentation that headless Chromium makes late, so it is not used; entries of every length are
read through the lowest threshold it allows, 16 ms of full duration, which headless exceeds).
Also printed: how long after the last key the list showed a member found only by the server's
search. Prints figures; it is not a test. On a busy machine the wall-clock figures grow with
the load; the renderer's main-thread CPU time between two keys (from a Chromium trace of the `@`
typing) does not, and says what a keystroke costs on a free core.

    .venv/bin/python bench/composer_mentions.py [--members 10000] [--online 100] [--loaded 1000]
        [--rounds 20] [--database postgres://…]   (needs the UI built: npm run build)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.auth_payload import percentiles  # noqa: E402
from bench.big_server import migrated, populate  # noqa: E402
from bench.idle_sockets import hold_sockets  # noqa: E402
from bench.message_fanout import wait_until_up  # noqa: E402
from tests.support import free_port  # noqa: E402

TARGET_P95_MS = 16
KEY_DELAY_MS = 60  # a fast typist: about 16 keys a second
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

MEASURE = """
window.__latency = [];
window.__slowEvents = [];
window.__phase = "plain";
document.addEventListener("keydown", (event) => {
  if (!(event.target instanceof HTMLTextAreaElement)) return;
  const start = event.timeStamp;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    const phase = window.__phase;
    channel.port1.onmessage = () => window.__latency.push([phase, performance.now() - start]);
    channel.port2.postMessage(0);
  });
}, true);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (["keydown", "keypress", "input"].includes(entry.name)) window.__slowEvents.push([entry.startTime, entry.processingEnd - entry.startTime]);
  }
}).observe({ type: "event", durationThreshold: 16, buffered: true });
"""


def main_thread_cpu_per_key(trace: dict) -> tuple[list[float], list[float]]:
    """Milliseconds of CPU the page's main thread spent from each key press to the next one of the
    same query (its tasks' thread time, from a Chromium trace): the work a keystroke causes,
    handlers and rendering, without the time spent waiting for a busy machine's CPU. The gaps
    between two queries (the search's answer, clearing the box) are left out. Plain words, then
    the `@` queries (after the page's `console.timeStamp("mentions")`)."""
    events = trace.get("traceEvents", []) if isinstance(trace, dict) else trace
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"
    }
    tasks = sorted(
        (e["ts"], e.get("dur", 0), e.get("tdur", 0))
        for e in events
        if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask" and (e["pid"], e["tid"]) in main
    )
    presses = sorted(
        e["ts"]
        for e in events
        if e.get("name") == "EventDispatch"
        and e.get("args", {}).get("data", {}).get("type") == "keydown"
        and (e["pid"], e["tid"]) in main
    )
    # each press counts from the start of the task that dispatched it
    starts = [max((ts for ts, dur, _ in tasks if ts <= press), default=press) for press in presses]
    boundary = min((e["ts"] for e in events if e.get("name") == "TimeStamp"), default=0)
    plain, mentions = [], []
    for start, end in zip(starts, starts[1:]):
        if end - start <= 2 * KEY_DELAY_MS * 1000:
            cpu = sum(tdur for ts, _, tdur in tasks if start <= ts < end) / 1000
            (mentions if start >= boundary else plain).append(cpu)
    return plain, mentions


async def measure(
    url: str, token: str, server_id: str, channel_id: str, members: int, loaded: int, rounds: int
) -> None:
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
        await context.add_init_script(f"localStorage.setItem('userToken', {json.dumps(token)})")
        await context.add_init_script(MEASURE)
        page = await context.new_page()
        pages, searches = [], []
        page.on("response", lambda r: pages.append(r) if "/members?" in r.url else None)
        page.on("request", lambda r: searches.append(r.url) if "/members/search" in r.url else None)
        await page.goto(f"{url}/app/servers/{server_id}/{channel_id}")
        composer = page.locator("textarea.composer__input")
        await expect(composer).to_be_visible(timeout=120_000)

        # Load members into the page the way a reader does: by scrolling the member list.
        member_list = page.get_by_test_id("member-list")
        await expect(member_list).to_be_visible(timeout=120_000)
        await member_list.hover(position={"x": 8, "y": 8})
        for _ in range(2000):
            if len(pages) * 100 >= min(loaded, members):
                break
            await page.mouse.wheel(0, 3000)
            await page.wait_for_timeout(50)
        await page.wait_for_timeout(500)
        await composer.click()

        # Plain words first (the composer's own cost), then `@` queries (the list filtering too).
        await browser.start_tracing(
            page=page, categories=["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]
        )
        for round_ in range(rounds):
            await composer.fill("")
            await page.keyboard.type(f"plain words {round_:02d}", delay=KEY_DELAY_MS)
        mentions_from = await page.evaluate(
            "window.__phase = 'mentions'; console.timeStamp('mentions'); performance.now()"
        )

        found_after: list[float] = []
        for round_ in range(rounds):
            await composer.fill("")
            # a member far down the list (loaded only when --loaded covers it): `@big` then digits
            target = f"big{(members - 1 - round_ * 37) % members:04d}"
            await page.keyboard.type(f"@{target}", delay=KEY_DELAY_MS)
            typed = time.perf_counter()
            option = page.get_by_role("listbox", name="Mention suggestions").get_by_role("option", name=target)
            await expect(option.first).to_be_visible(timeout=30_000)
            found_after.append((time.perf_counter() - typed) * 1000)
            await page.keyboard.press("Escape")
        await page.wait_for_timeout(500)  # the last Event Timing entries come after their frame
        trace = json.loads(await browser.stop_tracing())
        samples = await page.evaluate("window.__latency")
        events = await page.evaluate("window.__slowEvents")
        await browser.close()
    plain = [ms for phase, ms in samples if phase == "plain"]
    latency = [ms for phase, ms in samples if phase == "mentions"]
    plain_handlers = [ms for at, ms in events if at < mentions_from]
    slow = [ms for at, ms in events if at >= mentions_from]

    print(f"composer of a {members}-member server, {min(loaded, members)} members loaded in the page")
    print(f"plain words, keystroke → next frame drawn ({len(plain)} keys): {percentiles(plain)}")
    if plain_handlers:
        print(f"plain words, event → end of its handlers ({len(plain_handlers)} events): {percentiles(plain_handlers)}")
    keystrokes = len(latency)
    p95 = sorted(latency)[min(keystrokes - 1, int(0.95 * keystrokes))]
    print(
        f"@ queries, keystroke → next frame drawn ({keystrokes} keys, one every {KEY_DELAY_MS} ms): {percentiles(latency)}"
    )
    print(
        f"  p95 {'within' if p95 <= TARGET_P95_MS else 'OVER'} the {TARGET_P95_MS} ms target (waiting for the next frame adds 0–16.7 ms at 60 Hz)"
    )
    if slow:
        handlers = sorted(slow)[min(len(slow) - 1, int(0.95 * len(slow)))]
        print(f"@ queries, event → end of its handlers ({len(slow)} key/input events): {percentiles(slow)}")
        print(f"  p95 {'within' if handlers <= TARGET_P95_MS else 'OVER'} the {TARGET_P95_MS} ms target")
    plain_cpu, cpu = main_thread_cpu_per_key(trace)
    if plain_cpu:
        print(
            f"plain words, renderer main thread CPU from one key to the next ({len(plain_cpu)} keys): {percentiles(plain_cpu)}"
        )
    if cpu:
        busy = sorted(cpu)[min(len(cpu) - 1, int(0.95 * len(cpu)))]
        print(f"@ queries, renderer main thread CPU from one key to the next ({len(cpu)} keys): {percentiles(cpu)}")
        print(
            f"  p95 {'within' if busy <= TARGET_P95_MS else 'OVER'} the {TARGET_P95_MS} ms target (CPU time: what the machine's load does not inflate)"
        )
    print(f"server searches asked: {len(searches)} for {rounds} queries typed")
    print(f"last key → the member in the list (search pause included): {percentiles(found_after)}")
    print("load average (1 / 5 min, {} cores): {:.1f} / {:.1f}".format(os.cpu_count(), *os.getloadavg()[:2]))


async def main(members: int, online: int, loaded: int, rounds: int, database: str | None) -> None:
    scratch = tempfile.mkdtemp(prefix="hearth-mentions-")
    env = migrated(scratch, database)
    started = time.perf_counter()
    server_id, channel_id, tokens = await populate(env["HEARTH_DATABASE_URL"], members)
    print(f"populated a {members}-member server in {time.perf_counter() - started:.1f} s")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(f"{scratch}/server.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "core", "serve", "--port", str(port)], cwd=ROOT, env=env, stdout=log, stderr=log
    )
    holder, done = None, multiprocessing.Event()
    try:
        async with aiohttp.ClientSession() as http:
            await wait_until_up(http, url)
        ready = multiprocessing.Event()
        holder = multiprocessing.Process(target=hold_sockets, args=(url, tokens[members - online :], ready, done))
        holder.start()
        ready.wait(600)
        await measure(url, tokens[0], server_id, channel_id, members, loaded, rounds)
    finally:
        done.set()
        if holder is not None:
            holder.join(30)
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--online", type=int, default=100)
    parser.add_argument("--loaded", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--database", default=None)
    args = parser.parse_args()
    asyncio.run(main(args.members, args.online, args.loaded, args.rounds, args.database))
