import type { ComposerButtonProps } from "@hearth/plugins/extensions";
import { openPopover } from "@hearth/ui/popover/popoverStore";
import { t } from "./i18n";
import { GifPicker } from "./GifPicker";
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
