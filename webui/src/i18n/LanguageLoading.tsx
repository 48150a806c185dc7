/** A thin bar at the top while a newly chosen language's files load (the UI stays usable). */
import { LANGUAGES } from "../settings/languages";
import { ProgressBar } from "../ui/ProgressBar";
import { t, useLanguageStore } from "./i18n";

export function LanguageLoading() {
  const { loading, filesLoaded, filesTotal } = useLanguageStore();
  if (!loading) return null;
  const percent = filesTotal === 0 ? 100 : Math.round((filesLoaded / filesTotal) * 100);
  const name = LANGUAGES.find((language) => language.code === loading)?.nativeName ?? loading;
  return (
    <div className="language-loading" data-testid="language-loading" lang={loading}>
      <ProgressBar percent={percent} label={t("app.loading")} detail={`${name} · ${t("app.loading")}`} />
    </div>
  );
}

/** The current language, as a React key: a subtree keyed by it re-renders every `t()` call. */
export function useLanguageKey(): string {
  return useLanguageStore((state) => state.language);
}
