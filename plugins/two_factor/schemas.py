"""Request bodies of the two-factor routes, with the texts of their first failing rule."""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, StrictBool, StrictStr

from core.validation import Body, Rules

Password = Annotated[
    StrictStr,
    Rules(
        required="Password is required.",
        type="Password must be a string.",
        length="Password must be between 4 and 72 characters long.",
    ),
    Field(min_length=4, max_length=72),
]
Code = Annotated[
    StrictStr,
    Rules(required="Code is required.", type="Code must be a string.", length="Invalid code."),
    Field(min_length=6, max_length=24),
]
Ticket = Annotated[
    StrictStr,
    Rules(required="Ticket is required.", type="Ticket must be a string.", length="Invalid ticket."),
    Field(min_length=1, max_length=100),
]
ChallengeId = Annotated[
    StrictStr,
    Rules(
        required="challengeId is required.",
        type="challengeId must be a string.",
        length="This request has expired. Try again.",
    ),
    Field(min_length=1, max_length=100),
]
MAX_CREDENTIAL_CHARS = 16_000


def _credential(value: Any, name: str = "Credential") -> Any:
    """A credential as the browser's PublicKeyCredential turns into JSON: an object, bounded."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be an object.")
    if len(json.dumps(value)) > MAX_CREDENTIAL_CHARS:
        raise ValueError(f"{name} is too large.")
    return value


Credential = Annotated[Any, Rules(required="Credential is required."), BeforeValidator(_credential)]
PasskeyAssertion = Annotated[Any, BeforeValidator(lambda value: _credential(value, "Passkey"))]
PasskeyName = Annotated[
    StrictStr,
    Rules(
        required="Name is required.",
        type="Name must be a string.",
        length="Name must be between 1 and 64 characters long.",
    ),
    Field(min_length=1, max_length=64),
]


class TwoFactorPasswordBody(Body):
    password: Password


class TwoFactorConfirmBody(Body):
    code: Code
    logOutOtherSessions: Annotated[StrictBool, Rules(type="logOutOtherSessions must be a boolean.")] = False


class TwoFactorPasswordCodeBody(Body):
    password: Password
    code: Code


class TwoFactorLoginBody(Body):
    ticket: Ticket
    code: Annotated[StrictStr | None, Rules(type="Code must be a string."), Field(max_length=24)] = None
    passkey: PasskeyAssertion = None


class TwoFactorTicketBody(Body):
    ticket: Ticket


class PasskeyCreateBody(Body):
    challengeId: ChallengeId
    name: PasskeyName
    credential: Credential


class PasskeyRenameBody(Body):
    name: PasskeyName


class PasskeyLoginBody(Body):
    challengeId: ChallengeId
    credential: Credential


class ServerRequirementBody(Body):
    required: Annotated[StrictBool, Rules(required="required is required.", type="required must be a boolean.")]
