/** Saving the profile form: the new banner through the upload protocol first, then `POST /users`. */
import { uploadToCdn } from "@hearth/api/cdn";
import type { UploadProgress } from "@hearth/api/upload";
import { updateSelfUser } from "@hearth/stores/selfUserStore";
import { updateAccount, type AccountChanges } from "../../../accounts/web/public";
import { updateCachedProfile } from "../profileStore";
import type { UserProfileDetails } from "../types";
import { profileChanges, type ProfileDraft } from "./profileDraft";

export interface SavedProfile {
  profile: UserProfileDetails;
  banner: string | null;
}

export async function saveProfile(
  userId: string,
  saved: UserProfileDetails | null | undefined,
  draft: ProfileDraft,
  onProgress: (progress: UploadProgress) => void,
): Promise<SavedProfile> {
  const changes: AccountChanges = profileChanges(saved, draft);
  if (draft.banner.kind === "remove") changes.bannerId = null;
  if (draft.banner.kind === "upload") {
    changes.bannerId = (await uploadToCdn({ type: "profile_banners", groupId: userId, file: draft.banner.file, onProgress })).fileId;
  }
  const { user } = await updateAccount(changes);
  const profile: UserProfileDetails = { ...saved, ...user.profile };
  const banner = user.banner ?? null;
  updateSelfUser({ banner });
  updateCachedProfile(userId, profile, banner);
  return { profile, banner };
}
