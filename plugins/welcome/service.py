"""Welcome questions and answers (rest.md §4.9): admins edit them, members answer them, and an
answer grants its roles through the servers plugin (``roles.apply_member_roles``), which emits
``server:member_updated`` and recomputes the member's channel rooms."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.functions import Count

from core.db import hold, transaction
from core.errors import bad_request
from core.ids import parse_id
from core.wire import ms
from plugins.servers.models import Member, Server
from plugins.servers.permissions import MemberContext
from plugins.servers.roles import NO_PRIORITY, apply_member_roles, outranks
from plugins.welcome.models import WelcomeAnswer, WelcomeAnswered, WelcomeQuestion
from plugins.welcome.schemas import AnswerInput

MAX_QUESTIONS = 10
MAX_ANSWERS = 10
FAILED = "Something went wrong. Try again later."


def grantable(ctx: MemberContext, role_ids: list[str]) -> list[str]:
    """The ids among ``role_ids`` that an answer may carry: roles of this server that still
    exist, are not the default role and not a bot role, each once, in the given order. Used
    when saving (foreign, default and bot roles are dropped silently) and on every read and
    grant (a role deleted since is filtered out rather than cleaned from the stored answers)."""
    result: list[str] = []
    for role_id in role_ids:
        parsed = parse_id(role_id)
        role = ctx.roles.get(parsed) if parsed is not None else None
        if role is None or role.id == ctx.server.default_role_id or role.bot_role or str(role.id) in result:
            continue
        result.append(str(role.id))
    return result


def check_grants(ctx: MemberContext, index: int, role_ids: list[str], before: list[str] = ()) -> None:
    """An answer may only newly grant roles its editor outranks (the owner: any role), as
    setting a member's roles would; roles already on the answer may stay."""
    added = [int(r) for r in role_ids if r not in before]
    if not outranks(ctx, added):
        raise bad_request(NO_PRIORITY, f"answers[{index}].roleIds")


def _question_wire(question: WelcomeQuestion, answers: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": str(question.id),
        "createdAt": ms(question.created_at),
        "title": question.title,
        "multiselect": question.multiselect,
        "serverId": str(question.server_id),
        "order": question.order,
        "answers": answers,
    }


def _answer_wire(ctx: MemberContext, answer: WelcomeAnswer) -> dict[str, Any]:
    return {
        "id": str(answer.id),
        "createdAt": ms(answer.created_at),
        "title": answer.title,
        "questionId": str(answer.question_id),
        "roleIds": grantable(ctx, answer.role_ids),
        "order": answer.order,
    }


async def question_counts(server_ids: list[int]) -> dict[int, int]:
    """``{server_id: number of welcome questions}`` in one query."""
    if not server_ids:
        return {}
    rows = (
        await WelcomeQuestion.filter(server_id__in=server_ids)
        .annotate(n=Count("id"))
        .group_by("server_id")
        .values_list("server_id", "n")
    )
    return {server_id: n for server_id, n in rows}


async def _answered_counts(answer_ids: list[int]) -> dict[int, int]:
    if not answer_ids:
        return {}
    rows = (
        await WelcomeAnswered.filter(answer_id__in=answer_ids)
        .annotate(n=Count("id"))
        .group_by("answer_id")
        .values_list("answer_id", "n")
    )
    return {answer_id: n for answer_id, n in rows}


async def _question(ctx: MemberContext, question_id: str) -> WelcomeQuestion:
    parsed = parse_id(question_id)
    question = await WelcomeQuestion.get_or_none(id=parsed, server_id=ctx.server.id) if parsed is not None else None
    if question is None:
        raise bad_request("Question not found.")
    return question


async def create(
    ctx: MemberContext, title: str, multiselect: bool | None, answers: list[AnswerInput]
) -> dict[str, Any]:
    count = await WelcomeQuestion.filter(server_id=ctx.server.id).count()
    if count >= MAX_QUESTIONS:
        raise bad_request("Maximum number of welcome questions reached.")
    if len(answers) > MAX_ANSWERS:
        raise bad_request("Maximum number of answers reached.")
    role_ids = [grantable(ctx, a.role_ids or []) for a in answers]
    for index, roles in enumerate(role_ids):
        check_grants(ctx, index, roles)
    async with transaction():
        await hold(Server, ctx.server.id)
        count = await WelcomeQuestion.filter(server_id=ctx.server.id).count()
        if count >= MAX_QUESTIONS:
            raise bad_request("Maximum number of welcome questions reached.")
        question = await WelcomeQuestion.create(
            server_id=ctx.server.id, title=title, multiselect=bool(multiselect), order=count + 1
        )
        rows = [
            WelcomeAnswer(question_id=question.id, title=a.title, role_ids=roles, order=a.order)
            for a, roles in zip(answers, role_ids)
        ]
        for row in rows:
            await row.save()
    return _question_wire(question, [_answer_wire(ctx, row) for row in rows])


async def listing(ctx: MemberContext) -> list[dict[str, Any]]:
    """Every question of the server with its answers, how many members chose each, and whether
    the caller did (created order, as upstream)."""
    questions = await WelcomeQuestion.filter(server_id=ctx.server.id).order_by("created_at", "id")
    answers = (
        await WelcomeAnswer.filter(question_id__in=[q.id for q in questions]).order_by("created_at", "id")
        if questions
        else []
    )
    counts = await _answered_counts([a.id for a in answers])
    mine = (
        set(
            await WelcomeAnswered.filter(member_id=ctx.member.id, answer_id__in=[a.id for a in answers]).values_list(
                "answer_id", flat=True
            )
        )
        if answers
        else set()
    )
    by_question: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for answer in answers:
        by_question[answer.question_id].append(
            {
                **_answer_wire(ctx, answer),
                "_count": {"answeredUsers": counts.get(answer.id, 0)},
                "answered": answer.id in mine,
            }
        )
    return [_question_wire(q, by_question[q.id]) for q in questions]


async def get_one(ctx: MemberContext, question_id: str) -> dict[str, Any]:
    question = await _question(ctx, question_id)
    answers = await WelcomeAnswer.filter(question_id=question.id).order_by("created_at", "id")
    counts = await _answered_counts([a.id for a in answers])
    return _question_wire(
        question, [{**_answer_wire(ctx, a), "_count": {"answeredUsers": counts.get(a.id, 0)}} for a in answers]
    )


async def update(
    ctx: MemberContext, question_id: str, changes: dict[str, Any], answers: list[AnswerInput]
) -> dict[str, Any]:
    """Answers with a known id are updated, the others created; existing answers missing from
    the list are deleted (an empty list deletes them all)."""
    question = await _question(ctx, question_id)
    if len(answers) > MAX_ANSWERS:
        raise bad_request("Maximum number of answers reached.")
    existing = {a.id: a for a in await WelcomeAnswer.filter(question_id=question.id)}
    targets = [parse_id(item.id) if item.id else None for item in answers]
    role_ids = [grantable(ctx, item.role_ids or []) for item in answers]
    for index, (parsed, roles) in enumerate(zip(targets, role_ids)):
        check_grants(ctx, index, roles, existing[parsed].role_ids if parsed in existing else [])
    async with transaction():
        kept: set[int] = set()
        for index, item in enumerate(answers):
            parsed, roles = targets[index], role_ids[index]
            if parsed in existing:
                kept.add(parsed)
                fields: dict[str, Any] = {"title": item.title, "role_ids": roles}
                if item.order is not None:
                    fields["order"] = item.order
                await WelcomeAnswer.filter(id=parsed).update(**fields)
            else:
                await WelcomeAnswer.create(
                    question_id=question.id,
                    title=item.title,
                    role_ids=roles,
                    order=item.order if item.order is not None else index,
                )
        removed = [answer_id for answer_id in existing if answer_id not in kept]
        if removed:
            await WelcomeAnswer.filter(id__in=removed).delete()
        columns = {key: value for key, value in changes.items() if value is not None}
        if columns:
            await WelcomeQuestion.filter(id=question.id).update(**columns)
    question = await WelcomeQuestion.get(id=question.id)
    rows = await WelcomeAnswer.filter(question_id=question.id).order_by("created_at", "id")
    return _question_wire(
        question,
        [{"id": str(a.id), "title": a.title, "roleIds": grantable(ctx, a.role_ids), "order": a.order} for a in rows],
    )


async def delete(ctx: MemberContext, question_id: str) -> None:
    parsed = parse_id(question_id)
    if parsed is None or not await WelcomeQuestion.filter(id=parsed, server_id=ctx.server.id).delete():
        raise bad_request("Question not found.")


async def _answer(ctx: MemberContext, answer_id: str) -> tuple[WelcomeAnswer, WelcomeQuestion]:
    parsed = parse_id(answer_id)
    answer = (
        await WelcomeAnswer.get_or_none(id=parsed, question__server_id=ctx.server.id).select_related("question")
        if parsed is not None
        else None
    )
    if answer is None:
        raise bad_request("Answer does not exist.")
    return answer, answer.question


async def _question_role_ids(question: WelcomeQuestion) -> set[str]:
    """Every role id that any answer of the question carries."""
    rows = await WelcomeAnswer.filter(question_id=question.id).values_list("role_ids", flat=True)
    return {str(role_id) for role_ids in rows for role_id in role_ids or []}


async def choose(ctx: MemberContext, answer_id: str) -> None:
    """Grant the answer's roles; on a single-select question the roles of every answer of the
    question and the previous choice are removed first. Choosing a multiselect answer twice
    fails as upstream does."""
    answer, question = await _answer(ctx, answer_id)
    others = set() if question.multiselect else await _question_role_ids(question)
    grant = [int(r) for r in grantable(ctx, answer.role_ids)]
    async with transaction():
        member = await Member.filter(id=ctx.member.id).select_for_update().first()
        if member is None:
            raise bad_request("Member is not in this server.")
        if question.multiselect:
            if await WelcomeAnswered.exists(member_id=member.id, answer_id=answer.id):
                raise bad_request(FAILED)
        else:
            await WelcomeAnswered.filter(member_id=member.id, question_id=question.id).delete()
        try:
            await WelcomeAnswered.create(member_id=member.id, question_id=question.id, answer_id=answer.id)
        except IntegrityError:
            raise bad_request(FAILED) from None
        current = [int(r) for r in member.role_ids if str(r) not in others]
        await apply_member_roles(ctx.server, ctx.roles, member, [*current, *grant])


async def unchoose(ctx: MemberContext, answer_id: str) -> None:
    """Remove the answer's roles (on a single-select question, the roles of all its answers).
    Taking back an answer one has not chosen changes nothing and answers ``Something went
    wrong. Try again later.``."""
    answer, question = await _answer(ctx, answer_id)
    remove = {str(r) for r in answer.role_ids} | (set() if question.multiselect else await _question_role_ids(question))
    async with transaction():
        member = await Member.filter(id=ctx.member.id).select_for_update().first()
        if member is None:
            raise bad_request("Member is not in this server.")
        chosen = WelcomeAnswered.filter(member_id=member.id, answer_id=answer.id)
        if not await chosen.exists():
            raise bad_request(FAILED)
        if question.multiselect:
            await chosen.delete()
        else:
            await WelcomeAnswered.filter(member_id=member.id, question_id=question.id).delete()
        await apply_member_roles(
            ctx.server, ctx.roles, member, [int(r) for r in member.role_ids if str(r) not in remove]
        )
