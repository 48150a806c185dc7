"""The welcome screen in a server's export and import (plugins/server_transfer's hooks; this
plugin does not need it): the part ``welcome``, one item per question with its answers, an
answer's roles named by the exporting server's role ids and mapped to the new ones on import."""

from __future__ import annotations

from typing import Any

from core.ids import new_id
from plugins.welcome.models import WelcomeAnswer, WelcomeQuestion
from plugins.welcome.service import MAX_ANSWERS, MAX_QUESTIONS

PART = "welcome"
TITLE_MAX = 200
MAX_ROLES = 200


async def parts(server_id: int) -> list[dict[str, Any]]:
    questions = await WelcomeQuestion.filter(server_id=server_id).order_by("order", "id").limit(MAX_QUESTIONS)
    answers: dict[int, list[dict[str, Any]]] = {q.id: [] for q in questions}
    for answer in await WelcomeAnswer.filter(question_id__in=list(answers)).order_by("order", "id"):
        answers[answer.question_id].append(
            {"title": answer.title, "order": answer.order, "roleIds": [str(r) for r in answer.role_ids]}
        )
    items = [
        {"title": q.title, "multiselect": q.multiselect, "order": q.order, "answers": answers[q.id][:MAX_ANSWERS]}
        for q in questions
    ]
    return [{"name": PART, "items": items}]


def _text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= TITLE_MAX


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(2**31) <= value < 2**31


def _answer_problem(answer: Any) -> str | None:
    if not isinstance(answer, dict) or not _text(answer.get("title")) or not _number(answer.get("order")):
        return "an answer has no title (1 to 200 characters) or order."
    roles = answer.get("roleIds")
    if not isinstance(roles, list) or len(roles) > MAX_ROLES or not all(isinstance(r, str) for r in roles):
        return "an answer's roleIds are not a list of ids."
    return None


def check(part: str, items: list[Any]) -> list[str] | None:
    if part != PART:
        return None
    if len(items) > MAX_QUESTIONS:
        return [f"it holds more than {MAX_QUESTIONS} questions."]
    for question in items:
        if not isinstance(question, dict) or not _text(question.get("title")):
            return ["a question has no title (1 to 200 characters)."]
        if not isinstance(question.get("multiselect"), bool) or not _number(question.get("order")):
            return ["a question's multiselect or order is out of shape."]
        answers = question.get("answers")
        if not isinstance(answers, list) or len(answers) > MAX_ANSWERS:
            return [f"a question's answers are not a list of at most {MAX_ANSWERS}."]
        problems = [problem for answer in answers if (problem := _answer_problem(answer))]
        if problems:
            return problems[:1]
    return []


async def restore(server_id: int, part: str, items: list[Any], ids: dict[str, dict[str, int]]) -> None:
    if part != PART:
        return
    roles = ids.get("role", {})
    questions, answers = [], []
    for item in items:
        question = WelcomeQuestion(
            id=new_id(), server_id=server_id, title=item["title"], multiselect=item["multiselect"], order=item["order"]
        )
        questions.append(question)
        for answer in item["answers"]:
            kept = [str(roles[r]) for r in answer["roleIds"] if r in roles]
            answers.append(
                WelcomeAnswer(question_id=question.id, title=answer["title"], order=answer["order"], role_ids=kept)
            )
    if questions:
        await WelcomeQuestion.bulk_create(questions)
    if answers:
        await WelcomeAnswer.bulk_create(answers)
