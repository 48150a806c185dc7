import { registerTranslations } from "@hearth/i18n/i18n";
import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { ModalHost } from "@hearth/ui/modal/ModalHost";
import { useModalStore } from "@hearth/ui/modal/modalStore";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import enGb from "../en-gb.json";
import { serverSlots } from "../slots";
import { openAddServerModal } from "./AddServerModal";

beforeEach(() => {
  registerTranslations("en-gb", "servers", enGb);
  useModalStore.setState({ modals: [] });
});

afterEach(() => {
  cleanup();
  clearSlots();
});

function FromFile({ close }: { close: () => void }) {
  return (
    <button type="button" onClick={close}>
      from a file
    </button>
  );
}

describe("the Add a server dialog", () => {
  it("shows the tabs other plugins add after create and join, and their screen in place of the form", async () => {
    fillSlots([serverSlots.addServerTabs.fill({ id: "file", label: () => "Import a file", Component: FromFile })]);
    render(
      <MemoryRouter>
        <ModalHost />
      </MemoryRouter>,
    );
    act(() => openAddServerModal());
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Create", "Join", "Import a file"]);
    expect(screen.queryByRole("button", { name: "from a file" })).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "Import a file" }));
    expect(screen.getByRole("tab", { name: "Import a file" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "from a file" }));
    await waitFor(() => expect(screen.queryByRole("tab", { name: "Import a file" })).toBeNull()); // it may close the dialog
  });

  it("has only create and join when no plugin adds a tab", () => {
    render(
      <MemoryRouter>
        <ModalHost />
      </MemoryRouter>,
    );
    act(() => openAddServerModal());
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Create", "Join"]);
  });
});
