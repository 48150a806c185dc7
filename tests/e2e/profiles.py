"""Chromium profiles kept for a whole test process and lent to one test at a time.

A page opened in a new browser context (``browser.new_context()``) cost Chromium 1.3 s of CPU on
this project's 2-core machine, about half of it compiling the web UI's scripts again: such a context
is off the record and keeps no code cache. A profile on disk keeps one, so a page opened in a lent
profile costs about 0.7 s, and the browser tests open hundreds of pages a run.

What a test may leave in a profile is undone when it is given back: its pages are closed, the init
scripts added to the profile removed, permissions, routes and cookies cleared, and every origin its
pages visited emptied of storage (local storage, IndexedDB, service workers…). The HTTP cache and
the code cache stay: they are the point. A profile the test closed is dropped; the next test gets a
new one."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# what Storage.clearDataForOrigin empties (its "all" would take the caches as well)
STORAGE = (
    "cookies,local_storage,indexeddb,websql,service_workers,cache_storage,file_systems,shared_storage,storage_buckets"
)


def origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


@dataclass
class Profile:
    context: Any
    keeper: Any  # the profile's first page, left blank and never lent: the profile is cleared through it
    scripts: list[Any] = field(default_factory=list)
    origins: set[str] = field(default_factory=set)
    closed: bool = False

    def pages(self) -> list[Any]:
        """The pages the test had (not the keeper)."""
        return [page for page in self.context.pages if page is not self.keeper]

    def watch(self, page: Any) -> None:
        page.on("framenavigated", lambda frame: self.origins.add(origin_of(frame.url) or ""))


class Profiles:
    """``await profiles.lend()`` a :class:`Profile`; ``await profiles.give_back(profile)``."""

    def __init__(self, playwright: Any, folder: Path, executable: str, args: list[str]):
        self.playwright, self.folder, self.executable, self.args = playwright, folder, executable, args
        self.free: list[Profile] = []
        self.made = 0

    async def lend(self) -> Profile:
        if self.free:
            return self.free.pop()
        self.made += 1
        context = await self.playwright.chromium.launch_persistent_context(
            str(self.folder / f"profile-{self.made}"),
            executable_path=self.executable,
            headless=True,
            args=self.args,
            viewport={"width": 1280, "height": 800},
        )
        profile = Profile(context, context.pages[0] if context.pages else await context.new_page())
        context.on("page", profile.watch)
        context.on("close", lambda _: setattr(profile, "closed", True))
        add_init_script = context.add_init_script

        async def add_and_remember(script: str | None = None, *, path: Any = None) -> Any:
            added = await add_init_script(script, path=path)
            profile.scripts.append(added)
            return added

        context.add_init_script = add_and_remember  # so that what a test adds is removed after it
        return profile

    async def give_back(self, profile: Profile) -> None:
        if profile.closed:
            return
        from playwright.async_api import Error

        try:
            await self._clear(profile)
        except Error:  # a browser that could not be cleared is not lent again
            with suppress(Error):
                await profile.context.close()
            return
        self.free.append(profile)

    async def _clear(self, profile: Profile) -> None:
        context = profile.context
        for page in profile.pages():
            await page.close()
        for script in profile.scripts:
            await script.close()
        profile.scripts.clear()
        await context.clear_permissions()
        await context.unroute_all(behavior="ignoreErrors")
        await context.clear_cookies()
        session = await context.new_cdp_session(profile.keeper)
        for origin in profile.origins - {""}:
            await session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE})
        await session.detach()
        profile.origins.clear()

    async def close(self) -> None:
        for profile in self.free:
            await profile.context.close()
        self.free.clear()
