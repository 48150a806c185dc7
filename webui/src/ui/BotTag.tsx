import { t } from "../i18n/i18n";

/** The "BOT" tag drawn beside a bot account's name (users with `bot: true`, webhooks too). */
export function BotTag() {
  return (
    <span className="bot-tag" data-testid="bot-tag">
      {t("botTag")}
    </span>
  );
}
