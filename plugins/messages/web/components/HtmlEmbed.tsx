/**
 * The HTML embed of a message (entities.md §6.5): base64 of zlib-deflated JSON nodes
 * `{tag, attributes, content}`. Only a small set of tags is drawn, with no attributes except
 * a link's http(s) target (through the external-link warning); everything else is text.
 */
import { ExternalLink } from "@hearth/ui/externalLink/ExternalLink";
import { useEffect, useState, type ReactNode } from "react";
import { t } from "../i18n";

interface HtmlNode {
  tag?: string;
  attributes?: Record<string, string>;
  content?: Array<HtmlNode | string>;
}

const ALLOWED = new Set(["div", "span", "p", "b", "strong", "i", "em", "u", "s", "br", "h1", "h2", "h3", "ul", "ol", "li", "code", "pre", "blockquote"]);
const MAX_NODES = 2000;

async function decode(base64: string): Promise<HtmlNode | HtmlNode[]> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return JSON.parse(await new Response(stream).text()) as HtmlNode | HtmlNode[];
}

function render(node: HtmlNode | string, key: number, budget: { left: number }): ReactNode {
  if (budget.left-- <= 0) return null;
  if (typeof node === "string") return node;
  const children = (node.content ?? []).map((child, index) => render(child, index, budget));
  const tag = node.tag?.toLowerCase() ?? "";
  if (tag === "a") {
    const href = node.attributes?.href ?? "";
    return /^https?:\/\//i.test(href) ? (
      <ExternalLink key={key} href={href}>
        {children}
      </ExternalLink>
    ) : (
      <span key={key}>{children}</span>
    );
  }
  if (tag === "br") return <br key={key} />;
  if (!ALLOWED.has(tag)) return <span key={key}>{children}</span>;
  const Tag = tag as "div";
  return <Tag key={key}>{children}</Tag>;
}

export function HtmlEmbed({ data }: { data: string }) {
  const [tree, setTree] = useState<HtmlNode | HtmlNode[] | null | "failed">(null);
  useEffect(() => {
    let active = true;
    decode(data)
      .then((decoded) => active && setTree(decoded))
      .catch(() => active && setTree("failed"));
    return () => {
      active = false;
    };
  }, [data]);

  if (tree === null) return null;
  if (tree === "failed") return <p className="muted">{t("message.htmlEmbed")}</p>;
  const budget = { left: MAX_NODES };
  const nodes = Array.isArray(tree) ? tree : [tree];
  return <div className="message__html-embed">{nodes.map((node, index) => render(node, index, budget))}</div>;
}
