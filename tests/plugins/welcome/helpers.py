"""Welcome questions for tests."""

from __future__ import annotations

from typing import Any

from tests.plugins.servers.helpers import Community, ok


def questions_path(place: Community, question_id: str | None = None) -> str:
    base = f"/api/servers/{place.id}/welcome/questions"
    return f"{base}/{question_id}" if question_id else base


def answer_path(place: Community, answer_id: str) -> str:
    return f"/api/servers/{place.id}/welcome/answers/{answer_id}/answer"


async def make_question(
    client: Any,
    place: Community,
    answers: list[dict[str, Any]],
    title: str = "Who are you?",
    multiselect: bool = False,
    token: str | None = None,
) -> dict[str, Any]:
    body = {
        "title": title,
        "multiselect": multiselect,
        "answers": [{"order": index, **answer} for index, answer in enumerate(answers)],
    }
    return await ok(client, "POST", questions_path(place), body, token or place.owner.token)


async def listed(client: Any, place: Community, token: str) -> list[dict[str, Any]]:
    return await ok(client, "GET", questions_path(place), token=token)
