"""Big servers for tests and benches, written straight into the database (no HTTP registration,
no argon2 per person): users with confirmed accounts and a session token each, and a server
with its default role and channel. Needs Tortoise initialised (the test harness, or
``bench/bigserver.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from core.identity.models import Account, Session, User
from core.identity.tokens import make_token, token_hash
from core.ids import new_id
from plugins.messages.models import SERVER_TEXT, Channel
from plugins.servers.models import ChannelPermission, Member, Role, Server
from plugins.servers.permissions import DEFAULT_CHANNEL_PERMISSIONS, SEND_MESSAGE

# a syntactically valid argon2id hash nobody's password matches: crowd members never log in
UNUSABLE_HASH = "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
BATCH = 500


@dataclass
class Someone:
    id: str
    username: str
    token: str


async def people(count: int, prefix: str = "crowd") -> list[Someone]:
    """``count`` users with a confirmed account and a session; names ``<prefix>0001``…"""
    made: list[Someone] = []
    for start in range(0, count, BATCH):
        users, accounts, sessions = [], [], []
        for n in range(start, min(count, start + BATCH)):
            user = User(
                id=new_id(), username=f"{prefix}{n:04d}", tag=f"{n % 10000:04d}", status=1, joined_at=datetime.now(UTC)
            )
            session_id = new_id()
            token = make_token(session_id)
            users.append(user)
            accounts.append(
                Account(
                    id=new_id(),
                    user_id=user.id,
                    email=f"{prefix}{n}.{user.id}@example.com",
                    password_hash=UNUSABLE_HASH,
                    email_confirmed=True,
                )
            )
            sessions.append(Session(id=session_id, user_id=user.id, token_hash=token_hash(token)))
            made.append(Someone(id=str(user.id), username=user.username, token=token))
        await User.bulk_create(users)
        await Account.bulk_create(accounts)
        await Session.bulk_create(sessions)
    return made


async def big_server(owner_id: int, name: str = "Big") -> Server:
    """A server as ``create_server`` makes it (default role, General channel, the owner a member),
    without its events."""
    server = await Server.create(name=name, created_by_id=owner_id)
    role = await Role.create(server_id=server.id, name="All", order=1, permissions=SEND_MESSAGE, created_by_id=owner_id)
    channel = await Channel.create(
        type=SERVER_TEXT, name="General", server_id=server.id, created_by_id=owner_id, order=1
    )
    await ChannelPermission.create(
        server_id=server.id, channel_id=channel.id, role_id=role.id, permissions=DEFAULT_CHANNEL_PERMISSIONS
    )
    await Server.filter(id=server.id).update(
        default_role_id=role.id, default_channel_id=channel.id, system_channel_id=channel.id
    )
    await Member.create(server_id=server.id, user_id=owner_id)
    return await Server.get(id=server.id)


async def add_members(server_id: int, user_ids: list[int]) -> None:
    """Members joined one second apart (oldest first), as if each had used an invite."""
    start = datetime.now(UTC) - timedelta(seconds=len(user_ids))
    for offset in range(0, len(user_ids), BATCH):
        await Member.bulk_create(
            [
                Member(
                    id=new_id(), server_id=server_id, user_id=user_id, joined_at=start + timedelta(seconds=offset + n)
                )
                for n, user_id in enumerate(user_ids[offset : offset + BATCH])
            ]
        )
