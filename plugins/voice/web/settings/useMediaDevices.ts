/** The browser's microphones and speakers, kept current as devices come and go. */
import { useEffect, useState } from "react";

/**
 * Devices of `kind` (the "default" pseudo-device left out: "System default" stands for it).
 * Browsers name devices only once the microphone was allowed: pass a `version` that changes when
 * it was (a preview opened), and the list is read again with its names.
 */
export function useMediaDevices(kind: MediaDeviceKind, version = 0): MediaDeviceInfo[] {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    let live = true;
    const load = () =>
      void media
        .enumerateDevices()
        .then((found) => live && setDevices(found.filter((device) => device.kind === kind && device.deviceId && device.deviceId !== "default")))
        .catch(() => undefined);
    load();
    media.addEventListener?.("devicechange", load);
    return () => {
      live = false;
      media.removeEventListener?.("devicechange", load);
    };
  }, [kind, version]);
  return devices;
}
