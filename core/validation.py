"""Request bodies as pydantic models whose failures carry the wire reference's own texts.

Annotate a field with ``Rules(...)``: the first failing rule's message becomes the 400 body
``{message, path}``. Custom validators raise ``ValueError(message)``; that text is used as is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, ValidationError, create_model

# The range of Python's dates in epoch ms (0001-01-01 to 9999-12-31T23:59:59.999Z).
EPOCH_MS_MIN = -62_135_596_800_000
EPOCH_MS_MAX = 253_402_300_799_999


@dataclass(frozen=True)
class Rules:
    required: str | None = None
    type: str | None = None
    length: str | None = None  # string length, list length or number range


def epoch_ms(rules: Rules) -> Any:
    """A timestamp field (epoch ms, a JSON number): ``expireAt: epoch_ms(Rules(...))``.

    ``rules.length`` answers numbers no date can hold (a 500 in ``datetime`` otherwise)."""
    return Annotated[StrictFloat, rules, Field(allow_inf_nan=False, ge=EPOCH_MS_MIN, le=EPOCH_MS_MAX)]


def documented_query(model_name: str, /, **fields: Any) -> type[BaseModel]:
    """A query-string model for the OpenAPI document only, every field optional:
    ``@document_querystring(documented_query("HistoryQuery", limit=int, before=str))`` right
    above a route that reads ``request.args`` with its own rules."""
    return create_model(model_name, **{key: (kind, None) for key, kind in fields.items()})


class Body(BaseModel):
    """Base for request bodies: unknown keys are ignored, as upstream does.

    Subclass names are unique across Hearth: a validation error names its model only by
    ``__name__``, and that is how its ``Rules`` are found again.
    """

    model_config = ConfigDict(extra="ignore")
    __registry__: dict[str, type[Body]] = {}

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        existing = Body.__registry__.get(cls.__name__)
        if existing is not None and existing.__module__ != cls.__module__:
            raise TypeError(f"request body name {cls.__name__} is used twice")
        Body.__registry__[cls.__name__] = cls


_LENGTH_ERRORS = {
    "string_too_short",
    "string_too_long",
    "too_short",
    "too_long",
    "greater_than",
    "greater_than_equal",
    "less_than",
    "less_than_equal",
}


def _rules_for(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> Rules | None:
    if model is None or not loc:
        return None
    field = model.model_fields.get(str(loc[0]))
    if field is None:
        return None
    return next((m for m in field.metadata if isinstance(m, Rules)), None)


def _path(loc: tuple[Any, ...]) -> str | None:
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + str(part)
    return path or None


def describe_validation_error(error: Any) -> tuple[str, str | None]:
    """(message, path) of the first failing rule of a pydantic ValidationError."""
    if not isinstance(error, ValidationError):
        return "Invalid request body.", None
    first = error.errors()[0]
    loc = tuple(first.get("loc", ()))
    kind = first.get("type", "")
    model = _model_of(error)
    rules = _rules_for(model, loc)
    path = _path(loc)
    if kind == "value_error":
        return str(first.get("ctx", {}).get("error", first["msg"])), path
    if kind == "model_type" or kind == "dict_type":
        return "The request body must be a JSON object.", None
    if rules:
        if kind == "missing" and rules.required:
            return rules.required, path
        if kind in _LENGTH_ERRORS and rules.length:
            return rules.length, path
        if rules.type and kind != "missing":
            return rules.type, path
        if rules.required:
            return rules.required, path
    return f"Invalid {path or 'request'}.", path


def _model_of(error: ValidationError) -> type[BaseModel] | None:
    return Body.__registry__.get(error.title)


def validate_body(model: type[BaseModel], data: Any) -> Any:
    """Validate outside quart-schema (query strings, sockets); raises the JSON 400 ApiError."""
    from core.errors import ApiError

    try:
        return model.model_validate(data if data is not None else {})
    except ValidationError as error:
        message, path = describe_validation_error(error)
        raise ApiError(400, message, path) from None


def reuse_type_adapters() -> None:
    """quart-schema builds a new pydantic ``TypeAdapter`` for every request body it validates and
    every response it returns: a schema walk worth a fifth of a plain request's CPU, twice on each
    message sent. An adapter serves any number of calls, so one per type is kept (types are few:
    the body models, ``dict`` and ``list``)."""
    from quart_schema import conversion

    if not hasattr(conversion.TypeAdapter, "cache_info"):
        conversion.TypeAdapter = lru_cache(maxsize=512)(conversion.TypeAdapter)
