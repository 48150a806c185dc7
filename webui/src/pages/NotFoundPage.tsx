import { Link } from "react-router";
import { t } from "../i18n/i18n";
import { PublicLayout } from "./PublicLayout";

export function NotFoundPage() {
  return (
    <PublicLayout narrow>
      <section className="not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>{t("notFound.title")}</h1>
        <Link className="button button--primary" to="/">
          {t("notFound.home")}
        </Link>
      </section>
    </PublicLayout>
  );
}
