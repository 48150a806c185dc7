/** Client-side checks for a new password (spec §5). */
import { t } from "../i18n/i18n";

/** Passwords must be fewer than this many characters. */
const PASSWORD_MAX_LENGTH = 72;

export interface PasswordProblem {
  field: "new" | "confirm";
  message: string;
}

export function checkNewPassword(password: string, confirmation: string): PasswordProblem | null {
  if (password.length >= PASSWORD_MAX_LENGTH) return { field: "new", message: t("validation.passwordTooLong") };
  if (password !== confirmation) return { field: "confirm", message: t("validation.confirmPasswordMismatch") };
  return null;
}
