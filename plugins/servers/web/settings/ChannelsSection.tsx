/** Channels (MANAGE_CHANNELS): every channel and category, new ones, drag (or the arrows) to reorder or move into a category. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useState, type DragEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ChannelGlyph } from "../components/ChannelSidebar";
import { ServerIcon } from "../components/icons";
import { useServer, useServerChannels } from "../hooks";
import { t } from "../i18n";
import { planChannelMove, stepChannel, type ChannelDropTarget, type ChannelMove } from "../ordering";
import { errorText, orderChannels } from "../serversApi";
import { openCreateChannelModal } from "../components/CreateChannelModal";
import { CATEGORY_TYPE } from "../serversStore";
import type { ServerChannel } from "../types";
import { SettingsCard } from "./ui";

const byOrder = (a: ServerChannel, b: ServerChannel) => (a.order ?? 0) - (b.order ?? 0) || a.id.localeCompare(b.id);

export function ChannelsSection({ serverId }: { serverId: string }) {
  const server = useServer(serverId);
  const channels = useServerChannels(serverId);
  const navigate = useNavigate();
  const [moving, setMoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<ChannelDropTarget | null>(null);
  if (!server) return null;

  const create = (type: 1 | 2) =>
    openCreateChannelModal({ serverId, type, onCreated: (channelId) => navigate(`/app/servers/${serverId}/settings/channels/${channelId}`) });

  const send = async (channelId: string, move: ChannelMove | null) => {
    if (!move) return;
    setMoving(channelId);
    setError(null);
    try {
      await orderChannels(serverId, move.channelIds, move.categoryId);
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
    } finally {
      setMoving(null);
    }
  };

  const onDragOver = (event: DragEvent<HTMLElement>, channel: ServerChannel) => {
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    const rect = event.currentTarget.getBoundingClientRect();
    const offset = (event.clientY - rect.top) / Math.max(1, rect.height);
    const draggingCategory = channels.find((item) => item.id === dragged)?.type === CATEGORY_TYPE;
    let target: ChannelDropTarget;
    if (channel.type === CATEGORY_TYPE && !draggingCategory && offset > 0.3 && offset < 0.7) target = { kind: "into", categoryId: channel.id };
    else target = { kind: offset < 0.5 ? "before" : "after", id: channel.id };
    if (JSON.stringify(target) !== JSON.stringify(over)) setOver(target);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (dragged && over) void send(dragged, planChannelMove(channels, dragged, over));
    setDragged(null);
    setOver(null);
  };

  const dropClass = (channelId: string) => {
    if (!dragged || !over) return "";
    if (over.kind === "into") return over.categoryId === channelId ? " settings-list__row--drop-into" : "";
    return over.id === channelId ? ` settings-list__row--drop-${over.kind}` : "";
  };

  const row = (channel: ServerChannel, nested: boolean) => {
    const isCategory = channel.type === CATEGORY_TYPE;
    const up = stepChannel(channels, channel.id, "up");
    const down = stepChannel(channels, channel.id, "down");
    return (
      <div
        className={`settings-list__row${nested ? " settings-list__row--nested" : ""}${isCategory ? " settings-list__row--category" : ""}${dropClass(channel.id)}`}
        data-testid="channel-settings-row"
        data-channel-id={channel.id}
        draggable
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", channel.id);
          setDragged(channel.id);
        }}
        onDragOver={(event) => onDragOver(event, channel)}
        onDrop={onDrop}
        onDragEnd={() => {
          setDragged(null);
          setOver(null);
        }}
      >
        <span className="settings-list__grip" aria-hidden="true">
          <ServerIcon name="grip" size={16} />
        </span>
        {isCategory ? <ServerIcon name="folder" size={18} /> : <ChannelGlyph channel={channel} />}
        <Link className="settings-list__name" to={`/app/servers/${serverId}/settings/channels/${channel.id}`}>
          {channel.name}
        </Link>
        {channel.id === server.defaultChannelId && <span className="badge badge--ok">{t("channels.default")}</span>}
        {moving === channel.id && <span className="spinner" role="status" aria-label={t("channels.moving")} />}
        <span className="settings-list__steps">
          <button type="button" className="icon-button" aria-label={t("channels.moveUp", { name: channel.name ?? "" })} disabled={moving !== null || !up} onClick={() => void send(channel.id, up)}>
            <ServerIcon name="up" size={16} />
          </button>
          <button type="button" className="icon-button" aria-label={t("channels.moveDown", { name: channel.name ?? "" })} disabled={moving !== null || !down} onClick={() => void send(channel.id, down)}>
            <ServerIcon name="down" size={16} />
          </button>
        </span>
      </div>
    );
  };

  const topLevel = channels.filter((channel) => channel.type === CATEGORY_TYPE || !channel.categoryId || !channels.some((item) => item.id === channel.categoryId)).sort(byOrder);

  return (
    <SettingsCard
      title={t("settings.sections.channels")}
      description={t("channels.hint")}
      actions={
        <div className="button-row">
          <Button onClick={() => create(2)}>
            {t("channels.createCategory")}
          </Button>
          <Button variant="primary" onClick={() => create(1)}>
            {t("channels.create")}
          </Button>
        </div>
      }
    >
      <FormError message={error} />
      <ul className="settings-list" data-testid="channel-settings-list">
        {topLevel.map((channel) => (
          <li key={channel.id}>
            {row(channel, false)}
            {channel.type === CATEGORY_TYPE && (
              <ul className="settings-list settings-list--nested">
                {channels
                  .filter((child) => child.categoryId === channel.id)
                  .sort(byOrder)
                  .map((child) => (
                    <li key={child.id}>{row(child, true)}</li>
                  ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}
