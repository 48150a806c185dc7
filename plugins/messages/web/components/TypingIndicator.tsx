import { t } from "../i18n";
import { useTypingUserIds } from "../store/typingStore";
import { usePaneContext } from "./paneContext";

/** "Ada is typing…" under the list; always rendered so it does not shift the composer. */
export function TypingIndicator() {
  const { channelId, selfId, findUser } = usePaneContext();
  const names = useTypingUserIds(channelId)
    .filter((userId) => userId !== selfId)
    .map((userId) => findUser(userId)?.username ?? t("typing.someone"));
  let text = "";
  if (names.length === 1) text = t("typing.one", { user: names[0]! });
  else if (names.length === 2) text = t("typing.two", { first: names[0]!, second: names[1]! });
  else if (names.length > 2) text = t("typing.many", { count: names.length });
  return (
    <div className="typing-indicator" aria-live="polite" data-testid="typing-indicator">
      {text && (
        <>
          <span className="typing-indicator__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {text}
        </>
      )}
    </div>
  );
}
