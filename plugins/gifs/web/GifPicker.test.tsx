import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import { GifPicker } from "./GifPicker";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const gif = (name: string) => ({
  url: `https://tenor.example/view/${name}`,
  gifUrl: `https://media.example/${name}.gif`,
  previewUrl: `https://media.example/${name}-tiny.gif`,
  previewWidth: 15,
  previewHeight: 10,
});
const searches = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/v2/tenor/search"));

beforeEach(() => {
  registerTranslations("en-gb", "gifs", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("GIF picker", () => {
  it("says so when GIF search is off (the reference's empty 403)", async () => {
    fetchMock.mockResolvedValueOnce(new Response("", { status: 403 }));
    render(<GifPicker onPick={() => {}} />);
    expect(await screen.findByText("GIF search isn't available right now.")).toBeTruthy();
  });

  it("shows the trending categories, searches one when clicked and sends the picked GIF", async () => {
    const onPick = vi.fn();
    fetchMock.mockResolvedValueOnce(json([{ searchterm: "dance", path: "/v2/search?q=dance", image: "https://media.example/dance.gif", name: "#dance" }]));
    render(<GifPicker onPick={onPick} />);
    const category = await screen.findByRole("button", { name: "dance" });
    expect(category.querySelector("img")!.getAttribute("src")).toBe(`/cdn/proxy/${encodeURIComponent("https://media.example/dance.gif")}/dance.gif`);

    fetchMock.mockResolvedValueOnce(json({ next: "2", results: [gif("a"), gif("b")] }));
    fireEvent.click(category);
    const picks = await screen.findAllByRole("button", { name: "Send this GIF" });
    expect(picks).toHaveLength(2);
    expect(searches()).toEqual(["/api/v2/tenor/search?query=dance"]);
    expect((screen.getByLabelText("Search GIFs") as HTMLInputElement).value).toBe("dance");

    fetchMock.mockResolvedValueOnce(json({ next: "", results: [gif("c")] }));
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Send this GIF" })).toHaveLength(3));
    expect(searches()[1]).toBe("/api/v2/tenor/search?query=dance&pos=2");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();

    fireEvent.click(screen.getAllByRole("button", { name: "Send this GIF" })[1]!);
    expect(onPick).toHaveBeenCalledWith(gif("b"));
  });

  it("searches once the typing pauses, and tells when nothing matched or the limit was hit", async () => {
    render(<GifPicker onPick={() => {}} />);
    await screen.findByRole("button", { name: "dance" }); // the categories: asked once per page load
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(json({ next: "", results: [] }));
    const box = screen.getByLabelText("Search GIFs");
    for (const text of ["c", "ca", "cat"]) fireEvent.change(box, { target: { value: text } });
    expect(await screen.findByText("No GIFs found for “cat”.")).toBeTruthy();
    expect(searches()).toEqual(["/api/v2/tenor/search?query=cat"]);

    fetchMock.mockResolvedValue(json({ message: "Slow down!", path: null, ttl: 4000 }, 429));
    fireEvent.change(box, { target: { value: "dog" } });
    expect(await screen.findByText("Too many searches. Try again in a moment.")).toBeTruthy();
  });
});
