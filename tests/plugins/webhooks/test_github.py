"""The GitHub variant (rest.md §17.2): one message per announced event, 200 with an empty body."""

import json

import pytest

from plugins.messages.models import Message
from plugins.webhooks.github import GITHUB_AVATAR
from tests.plugins.messages.helpers import error
from tests.plugins.servers.helpers import community, ok
from tests.plugins.webhooks.helpers import execute_path, make_webhook

REPO = {"full_name": "hearth/hearth"}
SENDER = {"login": "octocat"}


def pull(action, merged=False):
    return {
        "action": action,
        "repository": REPO,
        "sender": SENDER,
        "pull_request": {
            "title": "Add webhooks",
            "html_url": "https://github.com/hearth/hearth/pull/4",
            "merged": merged,
        },
    }


async def deliver(client, path, payload, event, **kwargs):
    """POST as GitHub does (``call`` has no header argument)."""
    if "form" not in kwargs:
        kwargs["json"] = payload
    response = await client.open(path, method="POST", headers={"X-GitHub-Event": event}, **kwargs)
    return response.status_code, await response.get_data(as_text=True)


CASES = [
    (
        "pull_request",
        pull("opened"),
        '[hearth/hearth] octocat created a **pull request** titled: "Add webhooks"\nhttps://github.com/hearth/hearth/pull/4',
    ),
    (
        "pull_request",
        pull("closed", merged=True),
        '[hearth/hearth] octocat merged a **pull request** titled: "Add webhooks"\nhttps://github.com/hearth/hearth/pull/4',
    ),
    (
        "pull_request",
        pull("closed"),
        '[hearth/hearth] octocat closed a **pull request** titled: "Add webhooks"\nhttps://github.com/hearth/hearth/pull/4',
    ),
    (
        "push",
        {
            "ref": "refs/heads/main",
            "repository": REPO,
            "sender": SENDER,
            "commits": [
                {"url": "https://github.com/hearth/hearth/commit/a1", "message": "Fix the thing\n\nLong body"},
                {"url": "https://github.com/hearth/hearth/commit/b2", "message": "Add tests"},
            ],
        },
        "[hearth/hearth] octocat pushed 2 commits to **main**\n"
        "[🔗](https://github.com/hearth/hearth/commit/a1) Fix the thing\n"
        "[🔗](https://github.com/hearth/hearth/commit/b2) Add tests",
    ),
    (
        "push",
        {"ref": "refs/tags/v1.2.0", "repository": REPO, "sender": SENDER, "commits": []},
        "[hearth/hearth] octocat pushed the tag **v1.2.0**",
    ),
    (
        "release",
        {
            "action": "published",
            "repository": REPO,
            "sender": SENDER,
            "release": {
                "name": "Hearth 1.2",
                "tag_name": "v1.2.0",
                "html_url": "https://github.com/hearth/hearth/releases/tag/v1.2.0",
            },
        },
        "[hearth/hearth] octocat published the release **Hearth 1.2**\nhttps://github.com/hearth/hearth/releases/tag/v1.2.0",
    ),
]


@pytest.mark.parametrize(
    "event, payload, expected", CASES, ids=["pr-opened", "pr-merged", "pr-closed", "push", "tag", "release"]
)
async def test_announced_events(client, event, payload, expected):
    place = await community(client)
    webhook = await make_webhook(client, place)
    path = await execute_path(client, place, webhook) + "/github"
    assert await deliver(client, path, payload, event) == (200, "")
    message = (await ok(client, "GET", f"/api/channels/{place.general}/messages", token=place.owner.token))[-1]
    assert message["content"] == expected
    assert message["webhookId"] == webhook["id"] and message["createdById"] is None
    assert message["createdBy"]["avatarUrl"] == GITHUB_AVATAR and message["createdBy"]["username"] == "Webhook 1"


@pytest.mark.parametrize(
    "event, payload",
    [
        ("issues", {"action": "opened", "issue": {"title": "x"}}),
        ("ping", {"zen": "Keep it logically awesome."}),
        ("pull_request", {"action": "labeled", "pull_request": {"title": "x"}}),
        ("release", {"action": "created", "release": {"name": "x"}}),
        ("push", {"ref": "refs/heads/old", "deleted": True, "commits": []}),
        ("push", "not an object"),
        ("pull_request", {"action": "opened", "pull_request": "broken"}),
        ("", {}),
    ],
)
async def test_other_events_answer_200_and_post_nothing(client, event, payload):
    place = await community(client)
    path = await execute_path(client, place, await make_webhook(client, place)) + "/github"
    assert await deliver(client, path, payload, event) == (200, "")
    assert not await Message.filter(webhook_id__not_isnull=True).exists()


async def test_form_encoded_deliveries_and_long_pushes(client):
    place = await community(client)
    path = await execute_path(client, place, await make_webhook(client, place)) + "/github"
    commits = [{"url": f"https://github.com/h/h/commit/{n}", "message": "m" * 150} for n in range(40)]
    body = json.dumps({"ref": "refs/heads/main", "sender": SENDER, "commits": commits})
    status, text = await deliver(client, path, None, "push", form={"payload": body})
    assert (status, text) == (200, "")
    message = (await ok(client, "GET", f"/api/channels/{place.general}/messages", token=place.owner.token))[-1]
    assert message["content"].startswith("octocat pushed 40 commits to **main**\n")
    assert len(message["content"]) <= 2000


async def test_a_bad_token_is_refused(client):
    place = await community(client)
    webhook = await make_webhook(client, place)
    status, text = await deliver(client, f"/api/webhooks/{webhook['id']}/nope/github", pull("opened"), "pull_request")
    assert (status, json.loads(text)) == (401, error("Invalid webhook token."))
    assert not await Message.filter(webhook_id__not_isnull=True).exists()


@pytest.mark.parametrize(
    "payload, message",
    [
        (
            '{"ref": "refs/heads/\\ud800", "sender": {"login": "x"}, "commits": []}',
            "Text must not contain unpaired surrogates.",
        ),
        (
            '{"ref": "refs/heads/a\\u0000b", "sender": {"login": "x"}, "commits": []}',
            "Text must not contain NUL characters.",
        ),
        ("[" * 5000 + "]" * 5000, "The request body is nested too deeply (at most 32 levels)."),
        ("{not json", "The request body must be valid JSON."),
    ],
)
async def test_a_form_payload_gets_the_json_body_checks(client, payload, message):
    # The form's "payload" field is JSON too: it used to reach the database (or a RecursionError) unchecked.
    place = await community(client)
    path = await execute_path(client, place, await make_webhook(client, place)) + "/github"
    status, text = await deliver(client, path, None, "push", form={"payload": payload})
    assert status == 400 and json.loads(text)["message"] == message
    assert await Message.filter(channel_id=int(place.general), webhook_id__not_isnull=True).count() == 0
