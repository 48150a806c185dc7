/** The stored session token (sent raw in the Authorization header). */
import { getLocalSetting, setLocalSetting } from "../settings/localSettings";

export const getToken = () => getLocalSetting("userToken");

export const hasToken = () => Boolean(getToken());

export function startSession(token: string): void {
  setLocalSetting("userToken", token);
}

export function clearToken(): void {
  setLocalSetting("userToken", null);
}
