import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { hasPassword } from "./accountsApi";
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
  // An account made through single sign-on has no password until its owner sets one here.
  const [passwordSet, setPasswordSet] = useState(true);
  useEffect(() => {
    let live = true;
    hasPassword().then(
      (set) => live && setPasswordSet(set),
      () => undefined, // asked again next time; meanwhile the page asks for the current password as always
    );
    return () => {
      live = false;
    };
  }, []);

  if (!user) return <PaneLoading />;

  return (
    <div className="account-settings">
      <header>
        <h2 className="account-settings__title">{t("page.title")}</h2>
        <p className="muted">{t("page.subtitle")}</p>
      </header>
      <AvatarSection user={user} />
      <BannerSection user={user} />
      <UsernameSection user={user} passwordSet={passwordSet} />
      <EmailSection user={user} passwordSet={passwordSet} />
      <PasswordSection passwordSet={passwordSet} onSet={() => setPasswordSet(true)} />
      <SessionsSection />
      {cards.map((Card, index) => (
        <Card key={index} />
      ))}
      <DeleteAccountSection />
    </div>
  );
}
