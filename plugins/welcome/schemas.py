"""Request bodies of rest.md §4.9 with the reference's texts. Answers are checked one by one
(``parse_answers``) so an error names the answer's field, e.g. ``answers[1].title``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import StrictBool, field_validator

from core.errors import bad_request
from core.validation import Body, Rules

MAX_ROLES_PER_ANSWER = 5
TITLE_REQUIRED = "Title is required"
TITLE_TYPE = "Title must be a string."
TITLE_LENGTH = "Title must be between 2 and 200 characters long."


def title_error(value: Any) -> str | None:
    """The reference's text for a bad title (blank counts as missing), or None."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return TITLE_REQUIRED
    if not isinstance(value, str):
        return TITLE_TYPE
    if len(value.strip()) > 200:
        return TITLE_LENGTH
    return None


def valid_order(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20


def _title(value: Any) -> Any:
    problem = title_error(value)
    if problem:
        raise ValueError(problem)
    return value.strip()


Answers = Annotated[list[Any], Rules(required="Answers must be an array.", type="Answers must be an array.")]
Multiselect = Annotated[StrictBool | None, Rules(type="Multiselect must be a boolean.")]


class CreateWelcomeQuestionBody(Body):
    title: Annotated[Any, Rules(required=TITLE_REQUIRED)]
    multiselect: Multiselect = None
    answers: Answers
    _title = field_validator("title")(classmethod(lambda cls, v: _title(v)))


class UpdateWelcomeQuestionBody(Body):
    title: Any = None
    multiselect: Multiselect = None
    order: Any = None  # checked with the answers' orders (check_orders), as upstream does
    answers: Answers
    _title = field_validator("title")(classmethod(lambda cls, v: None if v is None else _title(v)))


@dataclass
class AnswerInput:
    title: str
    role_ids: list[str] | None
    order: int | None
    id: str | None = None


def parse_answers(raw: list[Any], update: bool) -> list[AnswerInput]:
    """Check each answer as the reference does; ``update`` makes ``roleIds`` required and
    allows ``id``. Then the "at most 5 roles" rule, before anything touches the database."""
    answers: list[AnswerInput] = []
    for index, item in enumerate(raw):
        at = f"answers[{index}]"
        if not isinstance(item, dict):
            raise bad_request(TITLE_REQUIRED, f"{at}.title")
        problem = title_error(item.get("title"))
        if problem:
            raise bad_request(problem, f"{at}.title")
        role_ids = item.get("roleIds")
        if role_ids is None and update:
            raise bad_request("RoleIds must be an array.", f"{at}.roleIds")
        if role_ids is not None:
            if not isinstance(role_ids, list):
                raise bad_request("RoleIds must be an array.", f"{at}.roleIds")
            for position, role_id in enumerate(role_ids):
                if not isinstance(role_id, str):
                    raise bad_request("RoleIds must be a string.", f"{at}.roleIds[{position}]")
        answer_id = item.get("id")
        answers.append(
            AnswerInput(
                title=item["title"].strip(),
                role_ids=role_ids,
                order=item.get("order"),
                id=answer_id if isinstance(answer_id, str) else None,
            )
        )
    for index, answer in enumerate(answers):
        if answer.role_ids is not None and len(answer.role_ids) > MAX_ROLES_PER_ANSWER:
            raise bad_request(f"Maximum number of roles reached for {answer.title}", f"answers[{index}].roleIds")
    return answers


def check_orders(answers: list[AnswerInput], update: bool, question_order: Any = None) -> None:
    """``Invalid order.`` (0–20; an answer's order is required when creating a question)."""
    if question_order is not None and not valid_order(question_order):
        raise bad_request("Invalid order.", "order")
    for index, answer in enumerate(answers):
        if (answer.order is None and not update) or (answer.order is not None and not valid_order(answer.order)):
            raise bad_request("Invalid order.", f"answers[{index}].order")
