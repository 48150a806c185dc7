/** /app/settings/connections/<provider>-redirect (the web app's /connections/<page> forwards here):
 * where a provider sends the browser back. It hands the provider's answer to the server once,
 * then shows the connections section with the outcome. */
import { describeError } from "@hearth/api/requestErrors";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { finishLink, type ProviderAnswer } from "./connectionsApi";
import { connectionAdded } from "./connectionsStore";
import { t } from "./i18n";
import { GOOGLE, GOOGLE_DRIVE, type Connection } from "./types";

const SECTION = "/app/settings/connections";
const SUFFIX = "-redirect";
// Each answer is posted once, even when React runs the effect twice or the user comes back to
// this address: later visits show the first outcome.
const outcomes = new Map<string, Promise<LinkOutcome>>();

export interface LinkOutcome {
  linked?: Connection;
  failure?: string;
}

/** `google-redirect` → GOOGLE, `google-drive-redirect` → GOOGLE_DRIVE, `<id>-redirect` → `<id>`. */
export function providerOfPage(page: string): string | null {
  if (!page.endsWith(SUFFIX) || page.length === SUFFIX.length) return null;
  const id = page.slice(0, -SUFFIX.length);
  return id === "google" ? GOOGLE : id === "google-drive" ? GOOGLE_DRIVE : id;
}

async function complete(providerId: string, answer: ProviderAnswer): Promise<LinkOutcome> {
  const google = providerId === GOOGLE || providerId === GOOGLE_DRIVE;
  if (google && answer.error) return { failure: t("refused", { provider: "Google", error: answer.error }) };
  if (!answer.state || (!answer.code && !answer.error)) return { failure: t("incomplete") };
  try {
    const connection = await finishLink(providerId, answer);
    connectionAdded({ connection });
    return { linked: connection };
  } catch (failure) {
    return { failure: describeError(failure) };
  }
}

export default function LinkReturnPage() {
  const { returnPage = "" } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();

  useEffect(() => {
    const providerId = providerOfPage(returnPage);
    const answer: ProviderAnswer = {
      state: search.get("state") ?? "",
      code: search.get("code"),
      error: search.get("error"),
      errorDescription: search.get("error_description"),
    };
    if (!providerId) {
      navigate(SECTION, { replace: true });
      return;
    }
    const key = `${providerId}?${search.toString()}`;
    if (!outcomes.has(key)) outcomes.set(key, complete(providerId, answer));
    void outcomes.get(key)!.then((outcome) => navigate(SECTION, { replace: true, state: outcome }));
  }, [returnPage, search, navigate]);

  return <PaneLoading label={t("returning")} />;
}
