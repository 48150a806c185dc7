import type { ReactNode } from "react";
import { PublicLayout } from "./PublicLayout";

/** The centred card that holds the sign-in, register and reset-password forms. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <PublicLayout narrow>
      <section className="auth-card card">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </section>
    </PublicLayout>
  );
}
