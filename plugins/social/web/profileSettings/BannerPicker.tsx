/** The banner part of the profile form: a picture chosen here is uploaded when the form is saved. */
import type { UploadProgress } from "@hearth/api/upload";
import { Button } from "@hearth/ui/Button";
import { formatBytesPerSecond } from "@hearth/ui/format";
import { ProgressBar } from "@hearth/ui/ProgressBar";
import { ImageFileButton } from "@hearth/ui/form/ImageFileButton";
import { type ChangeEvent } from "react";
import { t } from "../i18n";
import type { BannerChoice } from "./profileDraft";

interface BannerPickerProps {
  choice: BannerChoice;
  /** Whether the saved profile has a banner. */
  hasBanner: boolean;
  onChange: (choice: BannerChoice) => void;
  progress: UploadProgress | null;
  disabled: boolean;
  error?: string | null;
}

export function BannerPicker({ choice, hasBanner, onChange, progress, disabled, error }: BannerPickerProps) {

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) onChange({ kind: "upload", file, previewUrl: URL.createObjectURL(file) });
  };

  const showsBanner = choice.kind === "upload" || (choice.kind === "keep" && hasBanner);
  return (
    <div className="stack">
      <p className="muted banner-picker__state" data-testid="banner-choice">
        {choice.kind === "upload" ? t("settings.banner.chosen", { name: choice.file.name }) : choice.kind === "remove" ? t("settings.banner.removed") : null}
      </p>
      <div className="button-row">
        <ImageFileButton disabled={disabled} onChange={onFileChosen}>
          {t("settings.banner.choose")}
        </ImageFileButton>
        {showsBanner && (
          <Button variant="ghost" disabled={disabled} onClick={() => onChange(hasBanner ? { kind: "remove" } : { kind: "keep" })}>
            {t("settings.banner.remove")}
          </Button>
        )}
        {choice.kind !== "keep" && (
          <Button variant="ghost" disabled={disabled} onClick={() => onChange({ kind: "keep" })}>
            {t("settings.banner.keep")}
          </Button>
        )}
      </div>
      {progress && (
        <ProgressBar
          percent={progress.percent}
          label={t("settings.banner.uploading")}
          detail={t("settings.banner.progress", { percent: progress.percent, speed: formatBytesPerSecond(progress.bytesPerSecond) })}
        />
      )}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
