import { useSearchParams } from "react-router";
import { t } from "../i18n/i18n";
import { AuthCard } from "./AuthCard";
import { NewPasswordForm } from "./NewPasswordForm";
import { ResetRequestForm } from "./ResetRequestForm";

/** Without a code: ask for the reset e-mail. With `?code=&userId=` from that e-mail: choose a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get("code");
  const userId = searchParams.get("userId");

  if (code && userId) {
    return (
      <AuthCard title={t("resetPassword.newTitle")} subtitle={t("resetPassword.newSubtitle")}>
        <NewPasswordForm code={code} userId={userId} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("resetPassword.title")} subtitle={t("resetPassword.subtitle")}>
      <ResetRequestForm />
    </AuthCard>
  );
}
