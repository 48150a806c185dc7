import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { registerConversationHeaderAction } from "../../inbox/web/public";
import { registerChannelHeaderAction, registerChannelItemExtra } from "../../servers/web/public";
import { ChannelCallButton, ChannelVoiceExtra } from "./components/ChannelVoice";
import { DmCallButton } from "./components/DmCallButton";
import { CallBarSlot, IncomingCallSlot } from "./components/mainPaneBars";
import enGb from "./en-gb.json";
import { t } from "./i18n";
import { callEngine } from "./engine/instance";
import type { CallMode, SignalReceived, VoiceChannelUser, VoiceSession } from "./types";
import { voiceUserMenuSection } from "./userMenu";
import { forgetChannels, userJoined, userLeft, voiceUsersAdded, voiceUsersLoaded } from "./voiceStore";
import "./voice.css";

callEngine.install();
registerChannelItemExtra(ChannelVoiceExtra);
registerChannelHeaderAction(ChannelCallButton);
registerConversationHeaderAction(DmCallButton);

/**
 * Voice: calls in server text channels and DMs — who is in which call, joining and leaving from
 * the channel list and headers, calling a friend from a DM (with ringing), the call bar with
 * mute, deafen and settings on every page, and the call settings at /app/settings/call-settings.
 * Servers and inbox are optional: what is registered with them above is drawn only by their
 * screens, so without servers there are only DM call buttons, without inbox only channel ones.
 */
export default definePlugin({
  id: "voice",
  routes: [{ path: "settings/call-settings", lazy: () => import("./settings/CallSettingsPage") }],
  settingsSections: [{ id: "call-settings", path: "call-settings", label: () => t("settings.title"), icon: "mic", order: 70 }],
  socketHandlers: {
    "user:authenticated": (payload: { voiceChannelUsers?: VoiceChannelUser[] }) => {
      voiceUsersLoaded(payload.voiceChannelUsers);
      callEngine.authenticated();
    },
    "server:joined": (payload: { voiceChannelUsers?: VoiceChannelUser[] }) => voiceUsersAdded(payload.voiceChannelUsers),
    "server:left": ({ serverId }: { serverId: string }) => forgetChannels((_, server) => server === serverId),
    "server:channel_deleted": ({ channelId }: { channelId: string }) => forgetChannels((id) => id === channelId),
    "voice:user_joined": (user: VoiceChannelUser) => {
      userJoined(user);
      callEngine.userJoined(user);
    },
    "voice:user_left": (user: { userId: string; channelId: string }) => {
      userLeft(user);
      callEngine.userLeft(user);
    },
    "voice:signal_received": (payload: SignalReceived) => callEngine.signal(payload),
    "voice:session": (session: VoiceSession) => callEngine.session(session),
    "voice:call_mode": (payload: { channelId: string; mode: CallMode; slots?: number }) => callEngine.callMode(payload),
    "voice:media_answer": (payload: { channelId: string; sdp: string }) => callEngine.mediaAnswer(payload),
    "voice:media_resumed": (payload: { channelId: string; ok: boolean }) => callEngine.mediaResumed(payload),
    "voice:media_failed": (payload: { channelId: string }) => callEngine.mediaFailed(payload),
    "voice:media_slots": (payload: { channelId: string; slots: (string | null)[] }) => callEngine.mediaSlots(payload),
  },
  slots: [shellSlots.mainPaneBars.fill(CallBarSlot, IncomingCallSlot), shellSlots.userMenuSections.fill(voiceUserMenuSection)],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
