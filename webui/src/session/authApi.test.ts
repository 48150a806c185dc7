import { describe, expect, it } from "vitest";
import { loginBody } from "./authApi";

describe("loginBody", () => {
  it("treats an identifier with a colon as username:tag", () => {
    expect(loginBody("ada:AB12", "pw")).toEqual({ usernameAndTag: "ada:AB12", password: "pw" });
  });

  it("treats anything else as an e-mail", () => {
    expect(loginBody(" ada@example.org ", "pw")).toEqual({ email: "ada@example.org", password: "pw" });
  });
});
