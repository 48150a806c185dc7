import type { ReactNode } from "react";

/** A card of the two-factor settings page (the account settings' look). */
export function Section({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card two-factor-section" aria-label={title} data-testid={testId}>
      <h2 className="two-factor-section__title">{title}</h2>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}
