import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { t } from "./i18n";
import { AvatarSection, BannerSection } from "./sections/AvatarSection";
import { DeleteAccountSection } from "./sections/DeleteAccountSection";
import { EmailSection } from "./sections/EmailSection";
import { PasswordSection } from "./sections/PasswordSection";
import { SessionsSection } from "./sections/SessionsSection";
import { UsernameSection } from "./sections/UsernameSection";
import { accountSlots } from "./slots";
import "./accountSettings.css";

/** /app/settings/account */
export default function AccountSettingsPage() {
  const user = useSelfUserStore((state) => state.user);
  const cards = accountSlots.accountSettingsCards.use();

  if (!user) return <PaneLoading />;

  return (
    <div className="account-settings">
      <header>
        <h2 className="account-settings__title">{t("page.title")}</h2>
        <p className="muted">{t("page.subtitle")}</p>
      </header>
      <AvatarSection user={user} />
      <BannerSection user={user} />
      <UsernameSection user={user} />
      <EmailSection user={user} />
      <PasswordSection />
      <SessionsSection />
      {cards.map((Card, index) => (
        <Card key={index} />
      ))}
      <DeleteAccountSection />
    </div>
  );
}
