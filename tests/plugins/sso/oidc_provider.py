"""A small real OpenID Connect provider for the single sign-on tests: authlib's authorization
server (the authorization code grant with PKCE and OpenID Connect's ``OpenIDCode`` extension, nonce
required) in a Flask app on a free port, signing its ID tokens with its own RSA key and serving
discovery and that key as JWKS. Its authorize page signs in whoever the test put in ``user``
(no form: the tests are about Hearth), and it can rotate its key or sign with a key it does not
publish, to show Hearth checks signatures."""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2 import OAuth2Error
from authlib.oauth2.rfc6749 import grants
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode
from flask import Flask, jsonify, request
from joserfc.jwk import KeySet, RSAKey
from werkzeug.serving import make_server

from tests.support import free_port

CLIENT_ID, CLIENT_SECRET = "hearth-client", "hearth-secret"
os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")  # plain http on 127.0.0.1 only


@dataclass
class Client:
    client_id: str = CLIENT_ID
    client_secret: str = CLIENT_SECRET

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> None:
        return None

    def get_allowed_scope(self, scope: str) -> str:
        return " ".join(s for s in scope.split() if s in ("openid", "profile", "email"))

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        return redirect_uri.startswith("http://")

    def check_client_secret(self, client_secret: str) -> bool:
        return secrets.compare_digest(client_secret, self.client_secret)

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        return grant_type == "authorization_code"


@dataclass
class Code:
    code: str
    client_id: str
    redirect_uri: str
    scope: str
    user: dict[str, Any]
    nonce: str | None
    code_challenge: str | None
    code_challenge_method: str | None
    auth_time: int = field(default_factory=lambda: int(time.time()))

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope

    def get_nonce(self) -> str | None:
        return self.nonce

    def get_auth_time(self) -> int:
        return self.auth_time

    def get_acr(self) -> None:
        return None

    def get_amr(self) -> None:
        return None


@dataclass
class Provider:
    port: int
    key: RSAKey = field(default_factory=lambda: RSAKey.generate_key(2048, parameters={"kid": "key-1"}))
    # whom the authorize page signs in: the claims of the ID token
    user: dict[str, Any] = field(default_factory=lambda: {"sub": "idp-alice", "preferred_username": "alice"})
    foreign_key: RSAKey | None = None  # signs with this key (never published) when set
    claims_override: dict[str, Any] = field(default_factory=dict)  # e.g. another iss or aud in ID tokens
    codes: dict[str, Code] = field(default_factory=dict)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)
    authorized: list[dict[str, str]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def settings(self, **entry: Any) -> dict[str, Any]:
        """Hearth's settings for this provider as ``idp``, offered for sign-in."""
        return {
            "connections.providers": {
                "idp": {
                    "name": "Test ID",
                    "client_id": CLIENT_ID,
                    "client_secret": CLIENT_SECRET,
                    "issuer": self.url,
                    "scopes": ["openid", "profile", "email"],
                    "sign_in": True,
                    **entry,
                }
            }
        }

    def rotate(self) -> None:
        self.key = RSAKey.generate_key(2048, parameters={"kid": f"key-{secrets.token_hex(4)}"})


def _app(provider: Provider) -> Flask:
    app = Flask("test-oidc-provider")
    client = Client()

    class CodeGrant(grants.AuthorizationCodeGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

        def save_authorization_code(self, code: str, req: Any) -> None:
            provider.codes[code] = Code(
                code=code,
                client_id=req.payload.client_id,
                redirect_uri=req.payload.redirect_uri,
                scope=req.payload.scope,
                user=dict(req.user),
                nonce=req.payload.data.get("nonce"),
                code_challenge=req.payload.data.get("code_challenge"),
                code_challenge_method=req.payload.data.get("code_challenge_method"),
            )

        def query_authorization_code(self, code: str, client_: Any) -> Code | None:
            found = provider.codes.get(code)
            return found if found and found.client_id == client_.get_client_id() else None

        def delete_authorization_code(self, authorization_code: Code) -> None:
            provider.codes.pop(authorization_code.code, None)

        def authenticate_user(self, authorization_code: Code) -> dict[str, Any]:
            return authorization_code.user

    class IdToken(OpenIDCode):
        def exists_nonce(self, nonce: str, req: Any) -> bool:
            return any(code.nonce == nonce for code in provider.codes.values())

        def resolve_client_private_key(self, client_: Any) -> RSAKey:
            return provider.foreign_key or provider.key

        def get_client_claims(self, client_: Any) -> dict[str, Any]:
            return {"iss": provider.url, "aud": [client_.get_client_id()], **provider.claims_override}

        def get_encode_header(self, client_: Any) -> dict[str, str]:
            return {"alg": "RS256", "kid": (provider.foreign_key or provider.key).kid or ""}

        def get_client_algorithm(self, client_: Any) -> str:
            return "RS256"

        def generate_user_info(self, user: dict[str, Any], scope: str) -> UserInfo:
            return UserInfo(**user)

    def save_token(token: dict[str, Any], req: Any) -> None:
        provider.tokens[token["access_token"]] = dict(req.user)

    server = AuthorizationServer(
        app, query_client=lambda cid: client if cid == CLIENT_ID else None, save_token=save_token
    )
    server.register_grant(CodeGrant, [IdToken(require_nonce=True), CodeChallenge(required=True)])

    @app.get("/.well-known/openid-configuration")
    def discovery() -> Any:
        return jsonify(
            issuer=provider.url,
            authorization_endpoint=f"{provider.url}/authorize",
            token_endpoint=f"{provider.url}/token",
            userinfo_endpoint=f"{provider.url}/userinfo",
            jwks_uri=f"{provider.url}/jwks",
            response_types_supported=["code"],
            subject_types_supported=["public"],
            id_token_signing_alg_values_supported=["RS256"],
        )

    @app.get("/jwks")
    def jwks() -> Any:
        return jsonify(KeySet([provider.key]).as_dict(private=False))

    @app.get("/authorize")
    def authorize() -> Any:
        provider.authorized.append(dict(request.args))
        user = dict(provider.user)
        try:
            grant = server.get_consent_grant(end_user=user)
        except OAuth2Error as error:
            return server.handle_error_response(None, error)
        return server.create_authorization_response(grant=grant, grant_user=user)

    @app.post("/token")
    def token() -> Any:
        return server.create_token_response()

    @app.get("/userinfo")
    def userinfo() -> Any:
        found = provider.tokens.get(request.headers.get("Authorization", "").removeprefix("Bearer "))
        if found is None:
            return jsonify(error="invalid_token"), 401
        return jsonify(found)

    return app


@pytest.fixture
def oidc_provider() -> Iterator[Provider]:
    provider = Provider(port=free_port())
    http = make_server("127.0.0.1", provider.port, _app(provider), threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield provider
    http.shutdown()
    thread.join(5)
