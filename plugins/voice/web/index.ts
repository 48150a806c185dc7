import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { inboxSlots } from "../../inbox/web/public";
import { serverSlots } from "../../servers/web/public";
import { ChannelCallButton, ChannelVoiceExtra } from "./components/ChannelVoice";
import { CallButton, DmCallButton } from "./components/DmCallButton";
import { CallBarSlot, IncomingCallSlot } from "./components/mainPaneBars";
import { join, joinVoice, leave, callUser, joinCallWith, inCall, settings } from "./en-gb.json";
import { t } from "./i18n";
import { calls, ifEngineLoaded } from "./engine/calls";
import type { CallMode, SignalReceived, VoiceChannelUser, VoiceSession } from "./types";
import { voiceUserMenuSection } from "./userMenu";
import { voiceSlots } from "./public";
import { forgetChannels, userJoined, userLeft, voiceUsersAdded, voiceUsersLoaded } from "./voiceStore";
import "./voice.css";

/**
 * Voice: calls in server text channels and DMs — who is in which call, joining and leaving from
 * the channel list and headers, calling a friend from a DM (with ringing), the call bar with
 * mute, deafen and settings on every page, and the call settings at /app/settings/call-settings.
 * Servers and inbox are optional: what fills their slots below is drawn only by their
 * screens, so without servers there are only DM call buttons, without inbox only channel ones.
 */
export default definePlugin({
  id: "voice",
  routes: [{ path: "settings/call-settings", lazy: () => import("./settings/CallSettingsPage") }],
  settingsSections: [{ id: "call-settings", path: "call-settings", label: () => t("settings.title"), icon: "mic", order: 70 }],
  socketHandlers: {
    "user:authenticated": (payload: { voiceChannelUsers?: VoiceChannelUser[] }) => {
      voiceUsersLoaded(payload.voiceChannelUsers);
      calls.authenticated();
    },
    "server:joined": (payload: { voiceChannelUsers?: VoiceChannelUser[] }) => voiceUsersAdded(payload.voiceChannelUsers),
    "server:left": ({ serverId }: { serverId: string }) => forgetChannels((_, server) => server === serverId),
    "server:channel_deleted": ({ channelId }: { channelId: string }) => forgetChannels((id) => id === channelId),
    "voice:user_joined": (user: VoiceChannelUser) => {
      userJoined(user);
      calls.userJoined(user);
    },
    "voice:user_left": (user: { userId: string; channelId: string }) => {
      userLeft(user);
      ifEngineLoaded((engine) => engine.userLeft(user));
    },
    "voice:signal_received": (payload: SignalReceived) => ifEngineLoaded((engine) => engine.signal(payload)),
    "voice:session": (session: VoiceSession) => ifEngineLoaded((engine) => engine.session(session)),
    "voice:call_mode": (payload: { channelId: string; mode: CallMode; slots?: number }) => ifEngineLoaded((engine) => engine.callMode(payload)),
    "voice:media_answer": (payload: { channelId: string; sdp: string }) => ifEngineLoaded((engine) => engine.mediaAnswer(payload)),
    "voice:media_resumed": (payload: { channelId: string; ok: boolean }) => ifEngineLoaded((engine) => engine.mediaResumed(payload)),
    "voice:media_failed": (payload: { channelId: string }) => ifEngineLoaded((engine) => engine.mediaFailed(payload)),
    "voice:media_slots": (payload: { channelId: string; slots: (string | null)[] }) => ifEngineLoaded((engine) => engine.mediaSlots(payload)),
  },
  slots: [
    shellSlots.mainPaneBars.fill(CallBarSlot, IncomingCallSlot),
    shellSlots.userMenuSections.fill(voiceUserMenuSection),
    serverSlots.channelItemExtras.fill({ order: 20, Component: ChannelVoiceExtra }),
    serverSlots.channelHeaderActions.fill({ order: 20, Component: ChannelCallButton }),
    inboxSlots.conversationHeaderActions.fill(DmCallButton),
    voiceSlots.callButton.fill(CallButton),
  ],
  i18n: { "en-gb": { join, joinVoice, leave, callUser, joinCallWith, inCall, settings } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
