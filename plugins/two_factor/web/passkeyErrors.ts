import { isRequestError } from "@hearth/api/requestErrors";
import { fieldError } from "@hearth/ui/form/useFormAction";
import { t } from "./i18n";

/** A browser refusal (the person cancelled, no authenticator) as a form error; server errors pass. */
export function passkeyFailure(error: unknown): unknown {
  if (isRequestError(error)) return error;
  return fieldError("", t("passkeys.cancelled"));
}
