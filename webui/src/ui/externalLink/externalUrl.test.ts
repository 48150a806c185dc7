import { describe, expect, it } from "vitest";
import { normaliseExternalUrl } from "./externalUrl";

describe("normaliseExternalUrl", () => {
  it("adds https:// to a link without a scheme", () => {
    expect(normaliseExternalUrl("nerimity.com")).toBe("https://nerimity.com");
    expect(normaliseExternalUrl("example.org/path?q=1")).toBe("https://example.org/path?q=1");
  });

  it("keeps http and https links as they are", () => {
    expect(normaliseExternalUrl("http://example.org")).toBe("http://example.org");
    expect(normaliseExternalUrl("HTTPS://Example.org/a")).toBe("HTTPS://Example.org/a");
  });

  it("trims surrounding whitespace", () => {
    expect(normaliseExternalUrl("  nerimity.com ")).toBe("https://nerimity.com");
  });

  it("does not let another scheme through", () => {
    expect(normaliseExternalUrl("javascript:alert(1)")).toBe("https://javascript:alert(1)");
  });
});
