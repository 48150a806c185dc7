from typing import Annotated

import pytest
from pydantic import Field, StrictInt, StrictStr, field_validator

from core.errors import ApiError
from core.validation import Body, Rules, validate_body


class SampleBody(Body):
    name: Annotated[
        StrictStr,
        Rules(
            required="Name is required.",
            type="Name must be a string.",
            length="Name must be between 2 and 5 characters long.",
        ),
        Field(min_length=2, max_length=5),
    ]
    count: Annotated[StrictInt, Rules(type="Invalid count.", length="Count must be 0 to 3.")] = 0

    @field_validator("name")
    @classmethod
    def no_colon(cls, value: str) -> str:
        if ":" in value:
            raise ValueError("Name cannot contain the : symbol")
        return value


@pytest.mark.parametrize(
    "data, message, path",
    [
        ({}, "Name is required.", "name"),
        (None, "Name is required.", "name"),
        ({"name": 3}, "Name must be a string.", "name"),
        ({"name": "a"}, "Name must be between 2 and 5 characters long.", "name"),
        ({"name": "a:b"}, "Name cannot contain the : symbol", "name"),
        ({"name": "ab", "count": "x"}, "Invalid count.", "count"),
        ([1, 2], "The request body must be a JSON object.", None),
    ],
)
def test_first_failing_rule_gives_the_reference_text(data, message, path):
    with pytest.raises(ApiError) as failure:
        validate_body(SampleBody, data)
    assert failure.value.status == 400
    assert failure.value.body() == {"message": message, "path": path}


def test_unknown_keys_are_ignored():
    assert validate_body(SampleBody, {"name": "abc", "extra": 1}).name == "abc"


def test_two_bodies_with_one_name_are_refused():
    with pytest.raises(TypeError):
        type("SampleBody", (Body,), {"__module__": "elsewhere", "__annotations__": {"x": int}})
