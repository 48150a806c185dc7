import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ModalHost } from "@hearth/ui/modal/ModalHost";
import { MODAL_ANIMATION_MS, useModalStore } from "@hearth/ui/modal/modalStore";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "../en-gb.json";
import type { Embed } from "../types";
import { getChannelMessages, onMessageUpdated, replaceLocalMessage, resetMessages, useMessageStore } from "../store/messageStore";
import { message } from "../store/testUtils";
import { fittedSize, MessageEmbed } from "./MessageEmbed";

vi.mock("../api", () => ({ fetchMessages: vi.fn() }));

const page: Embed = {
  type: "article",
  title: "Hearth & friends",
  description: "A place to talk.",
  siteName: "Hearth Blog",
  url: "https://blog.example/post",
  origUrl: "https://blog.example/post?ref=1",
  domain: "blog.example",
  imageUrl: "https://blog.example/wide.png",
  imageWidth: 1200,
  imageHeight: 600,
  imageMime: "image/png",
};

const openWindow = vi.fn<typeof window.open>();

beforeEach(() => {
  registerTranslations("en-gb", "messages", enGb);
  useModalStore.setState({ modals: [] });
  vi.stubGlobal("open", openWindow);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  openWindow.mockReset();
});

const show = (embed: Embed) =>
  render(
    <>
      <MessageEmbed embed={embed} />
      <ModalHost />
    </>,
  );

describe("MessageEmbed", () => {
  it("shows the site, a linked title, the description and a thumbnail with its size reserved", () => {
    show(page);
    expect(screen.getByText("Hearth Blog")).toBeTruthy();
    expect(screen.getByText("A place to talk.")).toBeTruthy();
    const title = screen.getByRole("link", { name: "Hearth & friends" });
    expect(title.getAttribute("href")).toBe("https://blog.example/post");
    const image = screen.getByRole("img", { name: "Image for Hearth & friends" });
    // loaded through Hearth's image proxy: the reader's browser never contacts blog.example
    expect(image.getAttribute("src")).toBe("/cdn/proxy/https%3A%2F%2Fblog.example%2Fwide.png/wide.png");
    // a thumbnail fits an 80 px box
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["80", "40"]);
    expect(image.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(screen.getByTestId("message-embed").className).not.toContain("message-embed--large");
  });

  it("draws a large card's image at up to 400 × 300", () => {
    show({ ...page, largeImage: true });
    const image = screen.getByRole("img");
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["400", "200"]);
    expect(screen.getByTestId("message-embed").className).toContain("message-embed--large");
  });

  it("opens the title through the external-link warning", () => {
    vi.useFakeTimers();
    show(page);
    fireEvent.click(screen.getByRole("link", { name: "Hearth & friends" }));
    expect(screen.getByText("This link will take you to")).toBeTruthy();
    expect(openWindow).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Visit" }));
    expect(openWindow).toHaveBeenCalledWith("https://blog.example/post", "_blank", "noopener,noreferrer");
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS));
    vi.useRealTimers();
  });

  it("shows a direct image link as the image alone", () => {
    show({ type: "image", imageUrl: "https://img.example/cat.gif", imageWidth: 800, imageHeight: 900, imageMime: "image/gif", animated: true });
    const image = screen.getByRole("img", { name: "Linked image" });
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["267", "300"]);
    expect(image.getAttribute("data-animated")).toBe("true");
    expect(screen.queryByText("Hearth Blog")).toBeNull();
  });

  it("falls back to the domain for the site name and leaves out an image without a size", () => {
    show({ ...page, siteName: undefined, imageWidth: undefined });
    expect(screen.getByText("blog.example")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("hides an image that fails to load", () => {
    show(page);
    fireEvent.error(screen.getByRole("img"));
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("link", { name: "Hearth & friends" })).toBeTruthy();
  });

  it("draws nothing for links that are not http(s) or a card with no text", () => {
    const { container } = render(
      <>
        <MessageEmbed embed={{ ...page, url: "javascript:alert(1)", origUrl: "data:text/html,hi" }} />
        <MessageEmbed embed={{ type: "image", imageUrl: "javascript:alert(1)", imageWidth: 10, imageHeight: 10 }} />
        <MessageEmbed embed={{ type: "website", url: "https://blog.example" }} />
      </>,
    );
    expect(container.innerHTML).toBe("");
  });

  it("keeps text as text", () => {
    show({ ...page, title: "<img src=x onerror=alert(1)>", description: "<b>bold</b>" });
    expect(screen.getByText("<b>bold</b>")).toBeTruthy();
    expect(screen.getAllByRole("img")).toHaveLength(1);
  });
});

describe("fittedSize", () => {
  it("scales down to the box, never up", () => {
    expect(fittedSize(1000, 500, { width: 400, height: 300 })).toEqual({ width: 400, height: 200 });
    expect(fittedSize(100, 50, { width: 400, height: 300 })).toEqual({ width: 100, height: 50 });
    expect(fittedSize(undefined, 50, { width: 400, height: 300 })).toBeNull();
  });
});

describe("the embed arrives live", () => {
  beforeEach(() => {
    resetMessages();
    useMessageStore.setState({ channels: { c1: { messages: [message({ id: "1" })], hasOlder: false, hasNewer: false } } });
  });

  it("is added to the message by message:updated {embed}", () => {
    onMessageUpdated({ channelId: "c1", messageId: "1", updated: { embed: page } });
    expect(getChannelMessages("c1").messages[0]!.embed).toEqual(page);
    onMessageUpdated({ channelId: "c1", messageId: "1", updated: { embed: null } });
    expect(getChannelMessages("c1").messages[0]!.embed).toBeNull();
  });

  it("is kept when it overtakes the reply to our own send", () => {
    const pending = message({ id: "temp-1", tempId: "temp-1", sentStatus: 0, local: true });
    useMessageStore.setState({ channels: { c1: { messages: [pending], hasOlder: false, hasNewer: false } } });
    onMessageUpdated({ channelId: "c1", messageId: "99", updated: { embed: page } });
    replaceLocalMessage("c1", "temp-1", message({ id: "99", embed: null }));
    expect(getChannelMessages("c1").messages.map((item) => [item.id, item.embed])).toEqual([["99", page]]);
  });
});
