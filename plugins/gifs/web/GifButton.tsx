import type { ComposerButtonProps } from "../../messages/web/public";
import { openPopover } from "@hearth/ui/popover/popoverStore";
import { t } from "./i18n";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";

// The picker's code loads when it is first opened.
const GifPicker = lazyComponent(async () => (await import("./GifPicker")).GifPicker, PaneLoading);
import "./gifPicker.css";

/** The composer's GIF button: opens the picker above it; a picked GIF is sent as its address. */
export function GifButton({ send }: ComposerButtonProps) {
  return (
    <button
      type="button"
      className="icon-button gif-button"
      title={t("title")}
      onClick={(event) =>
        openPopover({
          anchor: event.currentTarget.getBoundingClientRect(),
          label: t("title"),
          placement: "above",
          render: (close) => (
            <GifPicker
              onPick={(gif) => {
                close();
                send(gif.gifUrl);
              }}
            />
          ),
        })
      }
    >
      <span className="gif-button__label">
        {t("button")}
      </span>
    </button>
  );
}
