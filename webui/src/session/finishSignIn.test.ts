import { beforeEach, describe, expect, it } from "vitest";
import { finishSignIn } from "./finishSignIn";
import { LOGIN_CHALLENGE_KEY } from "./ssoApi";
import { clearToken, getToken } from "./token";

const ticket = {
  ticket: "t",
  provider: { id: "idp", name: "Test ID" },
  username: "alice",
  email: null,
  emailTaken: false,
  registration: "open" as const,
  canRegister: true,
};

describe("finishSignIn", () => {
  beforeEach(() => {
    clearToken();
    sessionStorage.clear();
  });

  it("starts a session from a token", () => {
    expect(finishSignIn({ token: "abc" })).toEqual({ kind: "signedIn" });
    expect(getToken()).toBe("abc");
  });

  it("asks to register or link for a new identity", () => {
    expect(finishSignIn({ sso: ticket })).toEqual({ kind: "choose", ticket });
    expect(getToken()).toBeNull();
  });

  it("keeps any other answer as a challenge for the log-in page", () => {
    const challenge = { ticket: "2fa", methods: ["totp"] };
    expect(finishSignIn(challenge)).toEqual({ kind: "challenge" });
    expect(JSON.parse(sessionStorage.getItem(LOGIN_CHALLENGE_KEY) ?? "null")).toEqual(challenge);
    expect(getToken()).toBeNull();
  });
});
