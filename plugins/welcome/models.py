"""Welcome questions, their answers, and which member chose which answer (entities.md §4.10).

Models carry comments, not docstrings (Tortoise turns docstrings into SQL comments).
"""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class WelcomeQuestion(FlakeModel):
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    title = fields.CharField(max_length=200)
    multiselect = fields.BooleanField(default=False)
    order = fields.IntField(default=0)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "welcome_questions"


class WelcomeAnswer(FlakeModel):
    # role_ids: role ids as strings, never the default role or a bot role when stored; a role
    # deleted later stays here and is filtered out on read and when granting.
    question = fields.ForeignKeyField("welcome.WelcomeQuestion", related_name=False, on_delete=fields.CASCADE)
    title = fields.CharField(max_length=200)
    role_ids = fields.JSONField(default=list)
    order = fields.IntField(default=0)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "welcome_answers"


class WelcomeAnswered(FlakeModel):
    # A member's chosen answer; gone with the member (leave, kick, ban), the answer or the question.
    member = fields.ForeignKeyField("servers.Member", related_name=False, on_delete=fields.CASCADE)
    question = fields.ForeignKeyField("welcome.WelcomeQuestion", related_name=False, on_delete=fields.CASCADE)
    answer = fields.ForeignKeyField("welcome.WelcomeAnswer", related_name=False, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "welcome_answered"
        unique_together = (("member", "answer"),)
