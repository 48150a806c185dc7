"""The import job. The ``DiscordImport`` row is the queue, taken with a compare-and-set update and
held by a lease renewed with every batch, as the data export's job is (plugins/data_export/job.py).
A job whose process died is taken again once its lease runs out and carries on: every category,
channel, author and message made is recorded (``ImportedThing``) in the transaction that made it,
so a resumed job skips them. Messages are written in bulk with their original timestamps, straight
into the tables: no events, no mention counters, no notifications or pushes for old messages —
only the new channels are announced to the server's members."""

from __future__ import annotations

import asyncio
import logging
import mimetypes
import os
import secrets
import socket
from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q

from core.context import hearth
from core.db import transaction
from core.identity.models import User
from core.ids import new_id
from plugins.accounts.service import random_tag
from plugins.discord_import import archive, dce
from plugins.discord_import.limits import limits
from plugins.discord_import.models import (
    AUTHOR,
    CATEGORY,
    CHANNEL,
    DONE,
    FAILED,
    MESSAGE,
    QUEUED,
    RUNNING,
    DiscordImport,
    ImportedThing,
)
from plugins.discord_import.package import OWN
from plugins.discord_import.plan import DCE, PACKAGE, Reading, survey
from plugins.messages.models import CATEGORY as CATEGORY_TYPE
from plugins.messages.models import SERVER_TEXT, Attachment, Channel, Message, Reaction
from plugins.servers import rooms
from plugins.servers.models import ChannelPermission, Server
from plugins.servers.permissions import DEFAULT_CHANNEL_PERMISSIONS
from plugins.servers.wire import server_channel_wire

log = logging.getLogger("hearth.discord_import")
MAX_ATTEMPTS = 3
BATCH = 500
AVATAR_BYTES = 8 * 1024 * 1024
PICTURES = (".png", ".jpg", ".jpeg", ".gif", ".webp")
WORKER = f"{socket.gethostname()[:40]}:{os.getpid()}"


class LostLease(Exception):
    pass


def _now() -> datetime:
    return datetime.now(UTC)


async def claim(worker: str = WORKER) -> DiscordImport | None:
    now = _now()
    candidates = (
        await DiscordImport.filter(Q(status=QUEUED) | Q(status=RUNNING, lease_until__lt=now)).order_by("id").limit(5)
    )
    for job in candidates:
        unchanged = DiscordImport.filter(id=job.id, status=job.status, attempts=job.attempts)
        if job.attempts >= MAX_ATTEMPTS:
            await unchanged.update(status=FAILED, error="The import stopped too many times.", lease_owner=None)
            continue
        lease = now + timedelta(seconds=limits().lease_seconds)
        if await unchanged.update(status=RUNNING, attempts=job.attempts + 1, lease_owner=worker, lease_until=lease):
            return await DiscordImport.get(id=job.id)
    return None


async def run_pending() -> None:
    while (job := await claim()) is not None:
        await run(job)


class _Run:
    def __init__(self, job: DiscordImport, server: Server, scratch: Any):
        self.job, self.server, self.scratch = job, server, scratch
        self.made: dict[tuple[str, str], int] = {}
        self.entries: dict[str, archive.Entry] = {}
        self.people: dict[str, dce.Author] = {}
        self.messages_made = 0

    async def renew(self, **progress: Any) -> None:
        held = await DiscordImport.filter(id=self.job.id, status=RUNNING, lease_owner=self.job.lease_owner).update(
            lease_until=_now() + timedelta(seconds=limits().lease_seconds), **progress
        )
        if not held:
            raise LostLease

    async def remember(self, kind: str, discord_id: str, local_id: int) -> None:
        await ImportedThing.create(
            job_id=self.job.id, server_id=self.server.id, kind=kind, discord_id=discord_id, local_id=local_id
        )
        self.made[(kind, discord_id)] = local_id

    async def store(self, entry: str, folder: str) -> tuple[str, str | None]:
        """A file of the archive put into storage; its stored path and type."""
        storage = hearth().storage
        scratch = storage.scratch_file()
        scratch.parent.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(archive.copy_to, self.scratch, self.entries[entry], scratch)
        name = dce.clean_name(os.path.basename(entry), 80, "file").replace("/", "_").lstrip(".") or "file"
        path = f"{folder}/{secrets.token_hex(8)}/{name}"
        await storage.save_file(path, scratch)
        return path, mimetypes.guess_type(name)[0]

    async def channel(self, kind: str, discord_id: str, name: str, channel_type: int, category: int | None) -> int:
        if (kind, discord_id) in self.made:
            return self.made[(kind, discord_id)]
        async with transaction():
            count = await Channel.filter(server_id=self.server.id).count()
            made = await Channel.create(
                type=channel_type,
                name=name,
                server_id=self.server.id,
                category_id=category,
                created_by_id=self.job.user_id,
                order=count + 1,
            )
            await ChannelPermission.create(
                server_id=self.server.id,
                channel_id=made.id,
                role_id=self.server.default_role_id,
                permissions=DEFAULT_CHANNEL_PERMISSIONS,
            )
            await self.remember(kind, discord_id, made.id)
            wire = server_channel_wire(made, {self.server.default_role_id: DEFAULT_CHANNEL_PERMISSIONS})
            await hearth().gateway.emit(
                "server:channel_created", {"serverId": str(self.server.id), "channel": wire}, to=str(self.server.id)
            )
        return made.id

    async def author(self, person: dce.Author) -> int:
        """The placeholder user standing for a Discord author in this server (made once per server)."""
        key = (AUTHOR, person.id)
        if key in self.made:
            return self.made[key]
        if (
            person.id == OWN and self.job.report.get("source") == PACKAGE
        ):  # a data package: the uploader's own messages, under their own account
            self.made[key] = self.job.user_id
            return self.job.user_id
        person = self.people.get(person.id, person)
        earlier = await ImportedThing.filter(server_id=self.server.id, kind=AUTHOR, discord_id=person.id).first()
        avatar = None
        if earlier is None and person.avatar and person.avatar.lower().endswith(PICTURES):
            if self.entries[person.avatar].size <= AVATAR_BYTES:
                avatar, _ = await self.store(person.avatar, "avatars/imported")
        for _ in range(5):
            try:
                async with transaction():
                    if earlier is not None:
                        user_id = earlier.local_id
                    else:
                        user_id = (await User.create(username=person.name, tag=random_tag(), avatar=avatar)).id
                    await self.remember(AUTHOR, person.id, user_id)
                return user_id
            except IntegrityError:
                continue  # the name and tag were taken: another tag
        raise RuntimeError("no free tag for an imported author")

    async def messages(self, channel: dce.Channel, channel_id: int) -> None:
        waiting = [m for m in channel.messages if (MESSAGE, m.id) not in self.made]
        for start in range(0, len(waiting), BATCH):
            batch = waiting[start : start + BATCH]
            for message in batch:
                await self.author(message.author)
                for reaction in message.reactions:
                    for user_id in reaction.user_ids:
                        if user_id in channel.reactors:
                            await self.author(channel.reactors[user_id])
            files = {
                a.entry: await self.store(a.entry, f"attachments/{channel_id}") for m in batch for a in m.attachments
            }
            async with transaction():
                rows, links, attachments, reactions = [], [], [], []
                for message in batch:
                    local_id = new_id()
                    reply = self.made.get((MESSAGE, message.reply_to)) if message.reply_to else None
                    rows.append(
                        Message(
                            id=local_id,
                            channel_id=channel_id,
                            content=message.content or None,
                            created_by_id=self.made[(AUTHOR, message.author.id)],
                            created_at=message.timestamp,
                            edited_at=message.edited,
                            pinned=message.pinned,
                            pinned_at=message.timestamp if message.pinned else None,
                            reply_to_ids=[reply] if reply else [],
                        )
                    )
                    links.append(
                        ImportedThing(
                            job_id=self.job.id,
                            server_id=self.server.id,
                            kind=MESSAGE,
                            discord_id=message.id,
                            local_id=local_id,
                        )
                    )
                    for item in message.attachments:
                        path, mime = files[item.entry]
                        attachments.append(
                            Attachment(
                                message_id=local_id,
                                channel_id=channel_id,
                                server_id=self.server.id,
                                path=path,
                                mime=mime,
                                filesize=item.size,
                            )
                        )
                    for reaction in message.reactions:
                        for user_id in dict.fromkeys(reaction.user_ids):
                            if (AUTHOR, user_id) in self.made:
                                reactions.append(
                                    Reaction(
                                        message_id=local_id,
                                        user_id=self.made[(AUTHOR, user_id)],
                                        name=reaction.name,
                                        emoji_key=reaction.emoji_id,
                                    )
                                )
                    self.made[(MESSAGE, message.id)] = local_id
                await Message.bulk_create(rows)
                await ImportedThing.bulk_create(links)
                if attachments:
                    await Attachment.bulk_create(attachments)
                if reactions:
                    await Reaction.bulk_create(reactions)
                last = batch[-1].timestamp
                await Channel.filter(id=channel_id).update(last_messaged_at=last)
            self.messages_made += len(batch)
            await self.renew(messages_done=self.messages_made)


async def run(job: DiscordImport) -> None:
    storage = hearth().storage
    scratch = storage.scratch_file()
    scratch.parent.mkdir(parents=True, exist_ok=True)
    try:
        server = await Server.get(id=job.server_id)
        await storage.copy_out(str(job.archive), scratch)
        source = str(job.report.get("source", DCE))
        reading = await asyncio.to_thread(Reading, scratch, limits(), source)
        found = await asyncio.to_thread(survey, reading)  # the people, each as best described
        work = _Run(job, server, scratch)
        work.entries, work.people = reading.entries, found.people
        for thing in await ImportedThing.filter(job_id=job.id).values("kind", "discord_id", "local_id"):
            work.made[(thing["kind"], thing["discord_id"])] = thing["local_id"]
        work.messages_made = sum(1 for kind, _ in work.made if kind == MESSAGE)
        await work.renew(messages_total=found.counts.get("messages", 0))
        channels = iter(reading)  # a channel at a time, parsed in a thread
        index = 0
        while (channel := await asyncio.to_thread(next, channels, None)) is not None:
            category = None
            if channel.category_id:
                category = await work.channel(
                    CATEGORY, channel.category_id, channel.category or "Imported", CATEGORY_TYPE, None
                )
            channel_id = await work.channel(CHANNEL, channel.id, channel.name, SERVER_TEXT, category)
            await work.messages(channel, channel_id)
            index += 1
            await work.renew(channels_done=index)
        await rooms.resync(server.id)
        await work.renew(status=DONE, finished_at=_now(), lease_owner=None, archive=None)
        await storage.delete(str(job.archive))
    except LostLease:
        log.info("discord import %s was taken over; leaving it", job.id)
    except Exception as error:
        log.exception("discord import %s failed (attempt %s)", job.id, job.attempts)
        refused = isinstance(error, archive.ArchiveRefused)
        final = refused or job.attempts >= MAX_ATTEMPTS
        await DiscordImport.filter(id=job.id, lease_owner=job.lease_owner).update(
            status=FAILED if final else QUEUED,
            error=(str(error)[:300] if refused else "The import could not be finished.") if final else None,
            lease_owner=None,
        )
    finally:
        await storage.discard(scratch)
