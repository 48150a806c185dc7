/**
 * Renders message markup as React elements. User text only ever becomes text nodes; links
 * open through the external-link warning; mentions, quotes and custom emoji are drawn by
 * the caller's resolvers (the shell knows nothing of users or messages).
 */
import { useMemo, useState, type ReactNode } from "react";
import { t } from "../../i18n/i18n";
import { customEmojiUrl } from "../emoji/customEmoji";
import { Emoji } from "../emoji/Emoji";
import { ExternalLink } from "../externalLink/ExternalLink";
import { isEmojiOnly, tokenize, type MarkupNode } from "./tokenize";
import "./markup.css";

export interface MarkupContext {
  /** The user behind [@:<id>]; unknown users show as a generic mention. */
  userName?: (userId: string) => string | undefined;
  onUserClick?: (userId: string, anchor: DOMRect) => void;
  roleName?: (roleId: string) => string | undefined;
  channelName?: (channelId: string) => string | undefined;
  /** Opens a mentioned channel; without it a channel mention is plain text. */
  onChannelClick?: (channelId: string) => void;
  /** Draws a [q:<messageId>] quote; without it the quote is left out. */
  renderQuote?: (messageId: string) => ReactNode;
  /**
   * URL of a custom emoji picture (default: the CDN's `emojis/<id>`); answering undefined
   * shows the emoji as :name:.
   */
  customEmojiUrl?: (id: string, animated: boolean) => string | undefined;
}

interface MarkupProps {
  content: string;
  context?: MarkupContext;
  className?: string;
  /** Drawn inline after the last word, e.g. a message's "(edited)". */
  trailing?: ReactNode;
}

export function Markup({ content, context = {}, className, trailing }: MarkupProps) {
  const nodes = useMemo(() => tokenize(content), [content]);
  const jumbo = isEmojiOnly(nodes);
  return (
    <div className={["markup", jumbo && "markup--jumbo", className].filter(Boolean).join(" ")}>
      {renderNodes(nodes, context)}
      {trailing}
    </div>
  );
}

function renderNodes(nodes: MarkupNode[], context: MarkupContext): ReactNode[] {
  return nodes.map((node, index) => <MarkupNodeView key={index} node={node} context={context} />);
}

function Spoiler({ children }: { children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  return (
    <span
      className={`markup__spoiler${revealed ? " markup__spoiler--revealed" : ""}`}
      role={revealed ? undefined : "button"}
      tabIndex={revealed ? undefined : 0}
      aria-label={revealed ? undefined : t("markup.spoiler")}
      onClick={() => setRevealed(true)}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") setRevealed(true);
      }}
    >
      <span aria-hidden={!revealed}>{children}</span>
    </span>
  );
}

function Mention({ label, userId, context }: { label: string; userId?: string; context: MarkupContext }) {
  const { onUserClick } = context;
  if (userId && onUserClick) {
    return (
      <button
        type="button"
        className="markup__mention"
        onClick={(event) => onUserClick(userId, event.currentTarget.getBoundingClientRect())}
      >
        {label}
      </button>
    );
  }
  return <span className="markup__mention">{label}</span>;
}

function MarkupNodeView({ node, context }: { node: MarkupNode; context: MarkupContext }): ReactNode {
  switch (node.type) {
    case "text":
      return node.text;
    case "bold":
      return <strong>{renderNodes(node.children, context)}</strong>;
    case "italic":
      return <em>{renderNodes(node.children, context)}</em>;
    case "underline":
      return <u>{renderNodes(node.children, context)}</u>;
    case "strike":
      return <s>{renderNodes(node.children, context)}</s>;
    case "spoiler":
      return <Spoiler>{renderNodes(node.children, context)}</Spoiler>;
    case "blockquote":
      return <blockquote className="markup__blockquote">{renderNodes(node.children, context)}</blockquote>;
    case "code":
      return <code className="markup__code">{node.text}</code>;
    case "codeblock":
      return (
        <pre className="markup__codeblock" data-lang={node.lang ?? undefined}>
          <code>{node.text}</code>
        </pre>
      );
    case "link":
      return (
        <ExternalLink href={node.url} className="markup__link">
          {renderNodes(node.children, context)}
        </ExternalLink>
      );
    case "userMention": {
      const name = context.userName?.(node.userId);
      return <Mention label={`@${name ?? t("markup.unknownUser")}`} userId={node.userId} context={context} />;
    }
    case "everyone":
      return <Mention label={t("markup.everyone")} context={context} />;
    case "roleMention":
      return <Mention label={`@${context.roleName?.(node.roleId) ?? t("markup.unknownRole")}`} context={context} />;
    case "channelMention": {
      const label = `#${context.channelName?.(node.channelId) ?? t("markup.unknownChannel")}`;
      const open = context.onChannelClick;
      return open ? (
        <button type="button" className="markup__mention" onClick={() => open(node.channelId)}>
          {label}
        </button>
      ) : (
        <Mention label={label} context={context} />
      );
    }
    case "quote":
      return context.renderQuote ? <span className="markup__quote">{context.renderQuote(node.messageId)}</span> : null;
    case "customEmoji": {
      const url = context.customEmojiUrl ? context.customEmojiUrl(node.id, node.animated) : customEmojiUrl(node.id);
      return url ? (
        <img className="markup__custom-emoji" src={url} alt={`:${node.name}:`} title={`:${node.name}:`} loading="lazy" />
      ) : (
        <span className="markup__custom-emoji-name">{`:${node.name}:`}</span>
      );
    }
    case "emoji":
      return <Emoji emoji={node.text} className="markup__emoji" />;
  }
}
