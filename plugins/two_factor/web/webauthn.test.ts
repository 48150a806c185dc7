// @vitest-environment node
import { describe, expect, it } from "vitest";
import { base64urlToBuffer, bufferToBase64url } from "./webauthn";

describe("base64url", () => {
  it("round-trips bytes of every length without padding or + and /", () => {
    for (let length = 0; length < 40; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 97 + 251) % 256);
      const text = bufferToBase64url(bytes.buffer);
      expect(text).not.toMatch(/[=+/]/);
      expect(new Uint8Array(base64urlToBuffer(text))).toEqual(bytes);
    }
  });

  it("reads what the server writes (py_webauthn's bytes_to_base64url)", () => {
    expect(new Uint8Array(base64urlToBuffer("-_8"))).toEqual(Uint8Array.from([0xfb, 0xff]));
    expect(bufferToBase64url(Uint8Array.from([0xfb, 0xff]).buffer)).toBe("-_8");
  });
});
