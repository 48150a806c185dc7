import type { ReactNode } from "react";
import { confirmExternalLink } from "./ExternalLinkWarning";
import { normaliseExternalUrl } from "./externalUrl";

interface ExternalLinkProps {
  /** May omit the scheme ("nerimity.com"). */
  href: string;
  children: ReactNode;
  className?: string;
}

/** A link to another site that opens through the external-link warning. */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  return (
    <a
      className={className}
      href={normaliseExternalUrl(href)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        confirmExternalLink(href);
      }}
    >
      {children}
    </a>
  );
}
