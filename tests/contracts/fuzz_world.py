"""The things the OpenAPI fuzzer aims at: a signed-in user with a confirmed e-mail who owns a
server (with a channel, a message, a role, an invite, a webhook, a welcome question), shares it
with a second user, has a DM with them, a reminder and a server folder. Built over plain HTTP
(``requests``) so the fuzzer's thread can rebuild it after an example deleted part of it."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any

import requests

PASSWORD = "correct horse 1"
_names = itertools.count(1)


class Api:
    def __init__(self, base_url: str, token: str | None = None):
        self.base_url = base_url
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = token

    def __call__(self, method: str, path: str, body: Any = None) -> Any:
        response = self.session.request(method, self.base_url + path, json=body, timeout=30)
        assert response.status_code == 200, (method, path, response.status_code, response.text)
        return response.json()


def _person(base_url: str) -> tuple[Api, dict[str, Any]]:
    n = next(_names)
    anonymous = Api(base_url)
    token = anonymous(
        "POST",
        "/api/users/register",
        {"email": f"fuzz{n}.{time.time_ns()}@example.com", "username": f"fuzzer{n}", "password": PASSWORD},
    )["token"]
    api = Api(base_url, token)
    code = api("POST", "/api/users/emails/verify/send-code")["message"].split(": ")[2]
    api("POST", f"/api/users/emails/verify?code={code}")
    return api, api("GET", "/api/users")["user"]


@dataclass
class World:
    base_url: str
    token: str = ""
    ids: dict[str, list[str]] = field(default_factory=dict)

    def build(self) -> World:
        me, user = _person(self.base_url)
        other, friend = _person(self.base_url)
        self.token = me.session.headers["Authorization"]
        server = me("POST", "/api/servers", {"name": "Fuzzed"})
        sid, channel = server["id"], server["defaultChannelId"]
        invite = me("POST", f"/api/servers/{sid}/invites")["code"]
        other("POST", f"/api/servers/invites/{invite}")
        message = me("POST", f"/api/channels/{channel}/messages", {"content": "fuzz me"})["id"]
        role = me("POST", f"/api/servers/{sid}/roles")["id"]
        dm = me("POST", f"/api/users/{friend['id']}/open-channel")["channelId"]
        webhook = me("POST", f"/api/servers/{sid}/channels/{channel}/webhooks")
        hook_token = me("GET", f"/api/servers/{sid}/channels/{channel}/webhooks/{webhook['id']}/token")["token"]
        question = me(
            "POST",
            f"/api/servers/{sid}/welcome/questions",
            {"title": "Which?", "multiselect": False, "answers": [{"title": "This", "order": 0, "roleIds": [role]}]},
        )
        reminder = me(
            "POST", "/api/reminders", {"messageId": message, "timestamp": int(time.time() * 1000) + 3_600_000}
        )
        folder = me("POST", "/api/servers/folders", {"name": "Fuzz folder", "serverIds": [sid]})
        sessions = me("GET", "/api/users/sessions")
        self.ids = {
            "server_id": [sid],
            "channel_id": [channel, dm],
            "message_id": [message],
            "role_id": [role],
            "user_id": [friend["id"], user["id"]],
            "friend_id": [friend["id"]],
            "code": [invite],
            "webhook_id": [webhook["id"]],
            "token": [hook_token],
            "question_id": [question["id"]],
            "answer_id": [question["answers"][0]["id"]],
            "reminder_id": [reminder["id"]],
            "folder_id": [folder["id"]],
            "session_id": [s["sessionId"] for s in sessions],
        }
        return self

    def path_parameters(self, names: list[str]) -> list[dict[str, str]]:
        """Every combination of this world's ids for the named path parameters it knows."""
        known = [name for name in names if name in self.ids]
        if not known:
            return []
        return [dict(zip(known, values)) for values in itertools.product(*(self.ids[n] for n in known))]
