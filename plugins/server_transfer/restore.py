"""Making a server from a checked ``hearth.server`` archive. The structure (server, roles,
channels with their overrides) is made in one transaction; then each author (the importer, or an
account an instance admin confirmed, where the e-mail hashes match; otherwise a claimable
placeholder: plugins/discord_import/placeholders.py); then messages in batches, written straight
into the tables with their original times: no events, no mention counters, no notifications or
pushes for old messages. Everything made is recorded (``TransferredThing``) in the transaction
that made it, so a job taken again after its process died carries on. The importer, then the
exported server's members who are accounts here, join the server (the usual join flow and its
events, then their roles: members.py) only once everything is there."""

from __future__ import annotations

import asyncio
import mimetypes
import os
import re
import secrets
import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.cdn.images import NotAnImage, TooManyPixels, inspect_image
from core.context import hearth
from core.db import transaction
from core.identity.models import User
from core.ids import new_id
from plugins.discord_import import archive
from plugins.discord_import.dce import CONTENT_MAX, clean_name
from plugins.discord_import.placeholders import placeholder
from plugins.messages.models import CATEGORY, SERVER_TEXT, Attachment, Channel, Message, Reaction
from plugins.server_transfer.files import ArchiveFiles
from plugins.server_transfer.fmt import FILES
from plugins.server_transfer.members import join_with_roles
from plugins.server_transfer.models import PendingMember, ServerTransfer, TransferredThing
from plugins.server_transfer.reader import Contents, read
from plugins.server_transfer.settings import options
from plugins.servers import rooms
from plugins.servers.models import ChannelPermission, Role, Server

BATCH = 500
AVATAR_BYTES = 8 * 1024 * 1024
SERVER, ROLE, CHANNEL, AUTHOR, MESSAGE, PART = "server", "role", "channel", "author", "message", "part"
EMOJI = "emoji"  # made by the emojis plugin (its server_transfer_restore), named by messages


def _time(epoch_ms: int | None) -> datetime | None:
    return None if epoch_ms is None else datetime.fromtimestamp(epoch_ms / 1000, UTC)


# Hearth's mention and quote markup: a mention of someone or a role of the archive names what the
# import made of them; any other (an unknown id, a quote, everyone) is defused with a zero-width
# space, so an old message mentions or quotes nobody here.
_MARKUP = re.compile(r"\[(@|r|q):(\d{1,19}\])?")
# Custom emoji markup ([ce:<id>:<name>], [ace:…] animated GIF, [wace:…] animated WebP): an emoji
# of the archive names the one made of it; any other (not made, or another server's) becomes its
# ``:name:`` text, as it would be typed.
_EMOJI = re.compile(r"\[(ce|ace|wace):(\d{1,19}):([^\[\]\n]{1,32})\]")


class _Restore:
    def __init__(self, job: ServerTransfer, lease: Any, scratch: Path, contents: Contents):
        self.job, self.lease, self.scratch, self.contents = job, lease, scratch, contents
        self.made: dict[tuple[str, str], int] = {}
        self.latest: dict[int, datetime] = {}  # each channel's newest message, met while reading

    async def picture(self, stored: str | None, folder: str) -> str | None:
        """An icon, banner or avatar of the file, stored only when it is a picture that decodes
        (as an upload's is checked) and not over AVATAR_BYTES."""
        if not stored or self.contents.entries[f"{FILES}{stored}"].size > AVATAR_BYTES:
            return None
        entry = self.contents.entries[f"{FILES}{stored}"]
        data = await asyncio.to_thread(archive.read, self.scratch, entry, AVATAR_BYTES)
        try:
            await inspect_image(data, int(hearth().settings.cdn.max_image_pixels))
        except (NotAnImage, TooManyPixels):
            return None
        made = await self.store(stored, folder)
        return made[0] if made else None

    async def store(self, stored: str, folder: str) -> tuple[str, str | None] | None:
        entry = self.contents.entries[f"{FILES}{stored}"]
        storage = hearth().storage
        scratch = storage.scratch_file()
        scratch.parent.mkdir(parents=True, exist_ok=True)
        try:
            await asyncio.to_thread(archive.copy_to, self.scratch, entry, scratch)
            name = clean_name(os.path.basename(stored), 80, "file").replace("/", "_").lstrip(".") or "file"
            path = f"{folder}/{secrets.token_hex(8)}/{name}"
            await storage.save_file(path, scratch)
        finally:
            await storage.discard(scratch)
        return path, mimetypes.guess_type(name)[0]

    def content(self, text: str | None) -> str | None:
        if not text:
            return None

        def markup(match: re.Match[str]) -> str:
            kind, known = match.group(1), match.group(2)
            things = {"@": AUTHOR, "r": ROLE}
            local = self.made.get((things.get(kind, ""), known[:-1])) if known else None
            return f"[{kind}:{local}]" if local else f"[{kind}\u200b:{known or ''}"

        def emoji(match: re.Match[str]) -> str:
            kind, known, name = match.groups()
            local = self.made.get((EMOJI, known))
            return f"[{kind}:{local}:{name}]" if local else f":{name}:"

        kept = "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch) != "Cc")
        return _MARKUP.sub(markup, _EMOJI.sub(emoji, kept))[:CONTENT_MAX] or None

    def records(self, kind: str, pairs: list[tuple[str, int]]) -> list[TransferredThing]:
        for source, local in pairs:
            self.made[(kind, source)] = local
        return [TransferredThing(transfer_id=self.job.id, kind=kind, source_id=s, local_id=loc) for s, loc in pairs]

    async def structure(self) -> int:
        if (SERVER, "") in self.made:
            return self.made[(SERVER, "")]
        c = self.contents
        icon = await self.picture(c.server["avatar"], "servers/imported")
        banner = await self.picture(c.server["banner"], "servers/imported")
        roles = {r["id"]: new_id() for r in c.roles}
        channels = {ch["id"]: new_id() for ch in c.channels}
        async with transaction():
            server = await Server.create(
                name=clean_name(c.server["name"], 35, "Imported server"),
                hex_color=c.server["hexColor"],
                avatar=icon,
                banner=banner,
                created_by_id=self.job.user_id,
            )
            await Role.bulk_create(
                [
                    Role(
                        id=roles[r["id"]],
                        server_id=server.id,
                        name=clean_name(r["name"], 100, "Role"),
                        order=r["order"],
                        permissions=r["permissions"],
                        hex_color=r["hexColor"],
                        hide_role=r["hideRole"],
                        apply_on_join=r["applyOnJoin"],
                        created_by_id=self.job.user_id,
                    )
                    for r in c.roles
                ]
            )
            await Channel.bulk_create(
                [
                    Channel(
                        id=channels[ch["id"]],
                        type=CATEGORY if ch["type"] == 2 else SERVER_TEXT,
                        name=clean_name(ch["name"], 100, "channel"),
                        server_id=server.id,
                        category_id=channels[ch["categoryId"]] if ch["categoryId"] else None,
                        order=ch["order"],
                        slow_mode_seconds=ch["slowModeSeconds"],
                        created_by_id=self.job.user_id,
                    )
                    for ch in c.channels
                ]
            )
            await ChannelPermission.bulk_create(
                [
                    ChannelPermission(
                        server_id=server.id,
                        channel_id=channels[ch["id"]],
                        role_id=roles[o["roleId"]],
                        permissions=o["permissions"],
                    )
                    for ch in c.channels
                    for o in ch["overrides"]
                ]
            )
            default_role = next(roles[r["id"]] for r in c.roles if r["default"])
            server.default_role_id = default_role
            server.default_channel_id = channels.get(c.server["defaultChannelId"] or "")
            server.system_channel_id = channels.get(c.server["systemChannelId"] or "")
            await server.save(update_fields=["default_role_id", "default_channel_id", "system_channel_id"])
            await ServerTransfer.filter(id=self.job.id).update(server_id=server.id)
            things = self.records(SERVER, [("", server.id)]) + self.records(ROLE, list(roles.items()))
            await TransferredThing.bulk_create(things + self.records(CHANNEL, list(channels.items())))
        return server.id

    async def plugin_parts(self, server_id: int, owned: list[str]) -> None:
        """Other plugins' parts (``server_transfer_restore``), each in a transaction with its
        record and the ids it made that other parts name (custom emojis)."""
        ids = {kind: {s: loc for (k, s), loc in self.made.items() if k == kind} for kind in (ROLE, CHANNEL)}
        files = ArchiveFiles(self.scratch, self.contents.entries)
        for name in owned:
            if (PART, name) in self.made or name not in self.contents.extras:
                continue
            async with transaction():
                answers = await hearth().plugins.gather(
                    "server_transfer_restore",
                    server_id=server_id,
                    user_id=self.job.user_id,
                    part=name,
                    items=self.contents.extras[name],
                    ids=ids,
                    files=files,
                )
                made = [
                    thing
                    for answer in answers
                    for thing in self.records(
                        EMOJI, [(str(s), int(loc)) for s, loc in (answer or {}).get(EMOJI, {}).items()]
                    )
                ]
                await TransferredThing.bulk_create(made + self.records(PART, [(name, 0)]))

    async def authors(self, server_id: int) -> None:
        confirmed = dict(self.job.confirmed)  # [[author id, local user id], ...]
        for author in self.contents.authors:
            if (AUTHOR, author["id"]) in self.made:
                continue
            pending = []
            if author["id"] in confirmed and await User.exists(id=confirmed[author["id"]], deleted=False):
                local = confirmed[author["id"]]
            else:
                avatar = await self.picture(author["avatar"], "avatars/imported")
                name = clean_name(author["nickname"] or author["username"], 35, "Imported")
                local = await placeholder(server_id, f"hearth:{author['id']}", name, avatar)
                if author["member"]:  # their roles wait for the person claiming the placeholder
                    pending = [PendingMember(server_id=server_id, placeholder_id=local, role_ids=self.roles(author))]
            async with transaction():
                await TransferredThing.bulk_create(self.records(AUTHOR, [(author["id"], local)]))
                if pending:
                    await PendingMember.bulk_create(pending)

    def roles(self, author: dict[str, Any]) -> list[int]:
        return [self.made[(ROLE, r)] for r in author["roleIds"] if (ROLE, r) in self.made]

    async def members(self, server_id: int) -> None:
        """The importer joins (as before, whether or not a member there), then the exported
        server's members who are accounts here (confirmed e-mail matches), each with their roles."""
        server = await Server.get(id=server_id)
        confirmed = dict(self.job.confirmed)
        roles = {self.job.user_id: []}
        for author in self.contents.authors:
            local = self.made.get((AUTHOR, author["id"]))
            if author["member"] and local is not None and confirmed.get(author["id"]) == local:
                roles[local] = self.roles(author)
        for user_id, role_ids in roles.items():
            user = await User.get_or_none(id=user_id, deleted=False)
            if user is not None:
                await join_with_roles(user, server, role_ids, required=user_id == self.job.user_id)

    async def messages(self, server_id: int) -> None:
        """The messages not made yet, read from the file a batch at a time (never all held)."""
        stream = self.contents.messages()
        done = 0
        while batch := await asyncio.to_thread(self._next_batch, stream):
            done += len(batch)
            batch = [m for m in batch if (MESSAGE, m["id"]) not in self.made]
            if batch:
                await self._write(server_id, batch)
            await self.lease.renew(done=done)

    def _next_batch(self, stream: Iterator[dict[str, Any]]) -> list[dict[str, Any]]:
        batch = []
        for m in stream:
            channel, at = self.made[(CHANNEL, m["channelId"])], _time(m["createdAt"])
            if at is not None and (channel not in self.latest or at > self.latest[channel]):
                self.latest[channel] = at
            batch.append(m)
            if len(batch) >= BATCH:
                break
        return batch

    async def _write(self, server_id: int, batch: list[dict[str, Any]]) -> None:
        files: dict[str, tuple[str, str | None] | None] = {}
        for m in batch:
            for a in m["attachments"]:
                if a["storedFile"] and a["storedFile"] not in files:
                    channel = self.made[(CHANNEL, m["channelId"])]
                    files[a["storedFile"]] = await self.store(a["storedFile"], f"attachments/{channel}")
        rows, attachments, reactions, made = [], [], [], []
        for m in batch:
            local = new_id()
            channel = self.made[(CHANNEL, m["channelId"])]
            replies = [self.made[(MESSAGE, r)] for r in m["replyTo"] if (MESSAGE, r) in self.made]
            rows.append(
                Message(
                    id=local,
                    channel_id=channel,
                    type=m["type"],
                    content=self.content(m["content"]),
                    created_by_id=self.made.get((AUTHOR, m["authorId"] or "")),
                    created_at=_time(m["createdAt"]),
                    edited_at=_time(m["editedAt"]),
                    pinned=m["pinned"],
                    pinned_at=_time(m["createdAt"]) if m["pinned"] else None,
                    reply_to_ids=replies,
                )
            )
            for a in m["attachments"]:
                stored = files.get(a["storedFile"]) if a["storedFile"] else None
                if stored is not None:
                    attachments.append(
                        Attachment(
                            message_id=local,
                            channel_id=channel,
                            server_id=server_id,
                            path=stored[0],
                            mime=a["mime"] or stored[1],
                            filesize=a["size"],
                            width=a["width"],
                            height=a["height"],
                        )
                    )
            for r in m["reactions"]:
                emoji = self.made.get((EMOJI, r["emojiId"])) if r["emojiId"] else None
                if r["emojiId"] and emoji is None:
                    continue  # a custom emoji not made here: a reaction cannot be text
                for user in r["userIds"]:
                    reactions.append(
                        Reaction(
                            message_id=local,
                            user_id=self.made[(AUTHOR, user)],
                            name=r["name"],
                            emoji_key=str(emoji) if emoji else "",
                            gif=r["gif"],
                            webp=r["webp"],
                        )
                    )
            made.append((m["id"], local))
            self.made[(MESSAGE, m["id"])] = local  # a reply later in the batch finds it
        async with transaction():
            await Message.bulk_create(rows)
            await TransferredThing.bulk_create(self.records(MESSAGE, made))
            if attachments:
                await Attachment.bulk_create(attachments)
            if reactions:
                await Reaction.bulk_create(reactions)

    async def last_messages(self) -> None:
        for channel, at in self.latest.items():
            await Channel.filter(id=channel).update(last_messaged_at=at)


async def run(job: ServerTransfer, lease: Any) -> None:
    storage = hearth().storage
    scratch = storage.scratch_file()
    scratch.parent.mkdir(parents=True, exist_ok=True)
    try:
        await storage.copy_out(str(job.path), scratch)
        settings = options()
        contents = await asyncio.to_thread(read, scratch, settings.archive, settings.max_authors, settings.max_members)
        work = _Restore(job, lease, scratch, contents)
        for thing in await TransferredThing.filter(transfer_id=job.id).values("kind", "source_id", "local_id"):
            work.made[(thing["kind"], thing["source_id"])] = thing["local_id"]
        await lease.renew(total=contents.counts["messages"])
        server_id = await work.structure()
        await work.plugin_parts(server_id, list(job.report.get("parts", [])))
        await work.authors(server_id)
        await work.messages(server_id)
        await work.last_messages()
        await work.members(server_id)
        await rooms.resync(server_id)
    finally:
        await storage.discard(scratch)
