import { VoiceIcon } from "./icons";

/** A call action in a header (join, call, leave). */
export function HeaderCallButton({ leave = false, ongoing = false, label, testId, onClick }: {
  leave?: boolean;
  ongoing?: boolean;
  label: string;
  testId?: string;
  onClick: () => void;
}) {
  const classes = ["icon-button", "voice-header-button", leave && "voice-header-button--leave", ongoing && "voice-header-button--ongoing"];
  return (
    <button type="button" className={classes.filter(Boolean).join(" ")} aria-label={label} title={label} data-testid={testId} onClick={onClick}>
      <VoiceIcon name={leave ? "phoneOff" : "phone"} />
    </button>
  );
}
