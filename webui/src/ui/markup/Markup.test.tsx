import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Markup } from "./Markup";

afterEach(cleanup);

describe("Markup", () => {
  it("renders user text as text, never as elements", () => {
    const attack = `<img src=x onerror="alert(1)"><script>alert(1)</script>`;
    const { container } = render(<Markup content={`**${attack}** \`${attack}\``} />);
    expect(container.querySelector("img, script")).toBeNull();
    expect(container.querySelector("strong")?.textContent).toBe(attack);
    expect(container.querySelector("code")?.textContent).toBe(attack);
  });

  it("opens links through the external-link warning", () => {
    render(<Markup content="go to https://example.com now" />);
    const link = screen.getByRole("link", { name: "https://example.com" });
    expect(link.getAttribute("href")).toBe("https://example.com");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("names mentioned users through the context and reports clicks", () => {
    const onUserClick = vi.fn();
    render(<Markup content="hey [@:42]" context={{ userName: (id) => (id === "42" ? "Ada" : undefined), onUserClick }} />);
    fireEvent.click(screen.getByRole("button", { name: "@Ada" }));
    expect(onUserClick).toHaveBeenCalledWith("42", expect.anything());
  });

  it("draws custom emojis from the CDN by id, with the name as alt and title", () => {
    const { container } = render(<Markup content="hi [ce:42:blob] [ace:43:party] [wace:44:spin]" />);
    const images = [...container.querySelectorAll("img.markup__custom-emoji")];
    expect(images.map((image) => image.getAttribute("src"))).toEqual(["/cdn/emojis/42", "/cdn/emojis/43", "/cdn/emojis/44"]);
    expect(images.map((image) => image.getAttribute("alt"))).toEqual([":blob:", ":party:", ":spin:"]);
    expect(images[0]!.getAttribute("title")).toBe(":blob:");
  });

  it("shows a custom emoji as its name when the caller has no picture for it", () => {
    const { container } = render(<Markup content="[ce:42:blob]" context={{ customEmojiUrl: () => undefined }} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe(":blob:");
  });

  it("hides spoilers until pressed", () => {
    render(<Markup content="||secret||" />);
    const spoiler = screen.getByRole("button", { name: "Spoiler, press to reveal" });
    fireEvent.click(spoiler);
    expect(screen.queryByRole("button", { name: "Spoiler, press to reveal" })).toBeNull();
    expect(screen.getByText("secret")).toBeTruthy();
  });
});
