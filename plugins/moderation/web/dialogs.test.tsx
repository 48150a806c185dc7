import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { ModalHost } from "@hearth/ui/modal/ModalHost";
import { useModalStore } from "@hearth/ui/modal/modalStore";
import { openSuspendDialog } from "./dialogs";
import enGb from "./en-gb.json";

beforeEach(() => {
  registerTranslations("en-gb", "moderation", enGb);
  useModalStore.setState({ modals: [] });
  render(<ModalHost />);
});

afterEach(cleanup);

const field = (name: string) => document.querySelector(`[name=${name}]`) as HTMLInputElement;

describe("the suspend dialog", () => {
  it("asks for a reason, then sends the duration, options and the moderator's password", async () => {
    const submit = vi.fn().mockResolvedValue(undefined);
    act(() => openSuspendDialog({ title: "Suspend alice:AB12", submit }));
    fireEvent.click(screen.getByText("Suspend", { selector: "button" }));
    expect(await screen.findByText("Give a reason.")).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    fireEvent.change(field("days"), { target: { value: "0" } });
    fireEvent.change(field("reason"), { target: { value: "  ban evasion " } });
    fireEvent.click(field("ipBan"));
    fireEvent.change(field("password"), { target: { value: "my own password" } });
    fireEvent.click(screen.getByText("Suspend", { selector: "button" }));
    await waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect(submit).toHaveBeenCalledWith("my own password", { days: 0, reason: "ban evasion", ipBan: true, deleteRecentMessages: false });
  });

  it("shows a wrong password under the password field and stays open", async () => {
    const submit = vi.fn().mockRejectedValue({ message: "Invalid password.", path: "password" });
    act(() => openSuspendDialog({ title: "Suspend bob:CD34", submit }));
    fireEvent.change(field("reason"), { target: { value: "spam" } });
    fireEvent.change(field("password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByText("Suspend", { selector: "button" }));
    expect(await screen.findByText("Invalid password.")).toBeTruthy();
    expect(field("password").getAttribute("aria-invalid")).toBe("true");
  });
});
