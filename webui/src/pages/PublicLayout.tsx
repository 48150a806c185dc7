import type { ReactNode } from "react";
import { Link } from "react-router";
import { t } from "../i18n/i18n";
import { hasToken } from "../session/token";
import { ExternalLink } from "../ui/externalLink/ExternalLink";
import { Icon } from "../ui/Icon";
import { ThemeToggle } from "../ui/ThemeToggle";
import { useInstanceInfo } from "./instanceInfo";
import "./public.css";

function BrandLink() {
  const instance = useInstanceInfo();
  return (
    <Link to="/" className="brand">
      <span className="brand__mark">
        {instance?.icon ? (
          <img className="brand__icon" src={`/cdn/${instance.icon}`} alt="" width={22} height={22} />
        ) : (
          <Icon name="flame" size={22} />
        )}
      </span>
      <span className="brand__name">{instance?.name || t("brand.name")}</span>
    </Link>
  );
}

function HeaderActions() {
  if (hasToken()) {
    return (
      <Link className="button button--primary" to="/app">
        {t("landing.openApp")}
      </Link>
    );
  }
  return (
    <>
      <Link className="button button--ghost" to="/login">
        {t("landing.logIn")}
      </Link>
      <Link className="button button--primary" to="/register">
        {t("landing.register")}
      </Link>
    </>
  );
}

/** Header, content and footer shared by the pages outside /app. */
export function PublicLayout({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className="public">
      <header className="public__header">
        <BrandLink />
        <nav className="public__header-actions" aria-label={t("landing.accountNav")}>
          <ThemeToggle />
          <HeaderActions />
        </nav>
      </header>
      <main className={narrow ? "public__main public__main--narrow" : "public__main"}>{children}</main>
      <footer className="public__footer">
        <ExternalLink href="nerimity.com" className="public__footer-compat">
          {t("footer.compatible")}
        </ExternalLink>
        <nav className="public__footer-links" aria-label={t("footer.legalNav")}>
          <Link to="/privacy">{t("footer.privacy")}</Link>
          <Link to="/terms-and-conditions">{t("footer.terms")}</Link>
        </nav>
      </footer>
    </div>
  );
}
