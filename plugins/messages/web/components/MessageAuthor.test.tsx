import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "../en-gb.json";
import { AuthorAvatar, externalAvatarUrl, isWebhookMessage, WebhookTag } from "./MessageAuthor";

beforeAll(() => registerTranslations("en-gb", "messages", enGb));
afterEach(cleanup);

const author = { id: "7-1", username: "Deployer", tag: "0000", hexColor: "#123456", avatar: null, bot: true };

describe("webhook authors", () => {
  it("knows a webhook message by its webhookId", () => {
    expect(isWebhookMessage({ webhookId: "7" })).toBe(true);
    expect(isWebhookMessage({ webhookId: null })).toBe(false);
    expect(isWebhookMessage({})).toBe(false);
  });

  it("reads the override avatar URL, dropping the animated prefix, and refuses other schemes", () => {
    expect(externalAvatarUrl({ avatarUrl: "https://img.example/a.png" })).toBe("https://img.example/a.png");
    expect(externalAvatarUrl({ avatarUrl: "ahttps://img.example/wave.gif" })).toBe("https://img.example/wave.gif");
    expect(externalAvatarUrl({ avatarUrl: "javascript:alert(1)" })).toBeNull();
    expect(externalAvatarUrl({ avatarUrl: "ajavascript:alert(1)" })).toBeNull();
    expect(externalAvatarUrl({})).toBeNull();
  });

  it("draws the override picture through Hearth's image proxy and falls back to the initial if it fails", () => {
    const { container } = render(<AuthorAvatar user={{ ...author, avatarUrl: "ahttps://img.example/wave.gif" }} size={40} />);
    const image = container.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("/cdn/proxy/https%3A%2F%2Fimg.example%2Fwave.gif/wave.gif");
    expect(image.getAttribute("referrerpolicy")).toBe("no-referrer");
    fireEvent.error(image);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("D");
  });

  it("draws the usual avatar without an override", () => {
    const { container } = render(<AuthorAvatar user={author} size={40} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("D");
  });

  it("tags the name", () => {
    render(<WebhookTag />);
    expect(screen.getByTestId("webhook-tag").textContent).toBe("Webhook");
  });
});
