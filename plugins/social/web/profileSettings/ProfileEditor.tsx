/** The profile form and, beside it (below it on narrow screens), the card as it will look. */
import type { UploadProgress } from "@hearth/api/upload";
import { SettingsCard } from "@hearth/settings/area/SettingsPage";
import type { SelfUser } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { ColourField } from "@hearth/ui/form/ColourField";
import { FormError } from "@hearth/ui/form/FormError";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { useUnsavedChangesGuard } from "@hearth/ui/form/useUnsavedChangesGuard";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { t } from "../i18n";
import { ProfileCard } from "../ProfileCard";
import { PROFILE_FONTS, profileFontFamily } from "../profileFonts";
import type { UserProfileDetails } from "../types";
import { BannerPicker } from "./BannerPicker";
import {
  bioLength,
  COLOUR_FIELDS,
  draftFromProfile,
  hasUnsavedChanges,
  MAX_BIO_LENGTH,
  previewProfile,
  validateDraft,
  type ProfileDraft,
  type ProfileField,
  type ProfileProblem,
} from "./profileDraft";
import { saveProfile } from "./saveProfile";

const FIELDS: readonly ProfileField[] = ["bio", ...COLOUR_FIELDS, "font", "banner"];
const PATH_ALIASES: Partial<Record<string, ProfileField>> = { bannerId: "banner" };
const COLOUR_FALLBACKS: Record<(typeof COLOUR_FIELDS)[number], string> = { bgColorOne: "#2b2f3a", bgColorTwo: "#15171d", primaryColor: "#f28c38" };

export function ProfileEditor({ user, initialProfile }: { user: SelfUser; initialProfile: UserProfileDetails | null }) {
  const [saved, setSaved] = useState(initialProfile);
  const [savedBanner, setSavedBanner] = useState(user.banner ?? null);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFromProfile(initialProfile));
  const [problems, setProblems] = useState<Partial<Record<ProfileField, ProfileProblem>>>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const { pending, errors, run } = useFormAction(FIELDS, PATH_ALIASES);
  const bioId = useId();
  const fontId = useId();
  const unsaved = hasUnsavedChanges(saved, draft);
  useUnsavedChangesGuard(unsaved && !pending);

  const previewUrl = draft.banner.kind === "upload" ? draft.banner.previewUrl : null;
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const edit = (change: Partial<ProfileDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setProblems({});
    setJustSaved(false);
  };
  const errorOf = (field: ProfileField) => (problems[field] ? t(`settings.problems.${problems[field]}`, { max: MAX_BIO_LENGTH }) : (errors.fields[field] ?? null));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setProblems(found);
    if (Object.keys(found).length) return;
    void run(async () => {
      try {
        const result = await saveProfile(user.id, saved, draft, setProgress);
        setSaved(result.profile);
        setSavedBanner(result.banner);
        setDraft(draftFromProfile(result.profile));
        setJustSaved(true);
      } finally {
        setProgress(null);
      }
    });
  };

  const cancel = () => {
    setDraft(draftFromProfile(saved));
    setProblems({});
  };

  const bannerShown = draft.banner.kind === "remove" ? null : savedBanner;
  return (
    <div className="profile-settings">
      <form className="profile-settings__form" onSubmit={submit} noValidate>
        <SettingsCard title={t("settings.bio.title")} description={t("settings.bio.hint")}>
          <div className="field">
            <label className="field__label" htmlFor={bioId}>
              {t("settings.bio.label")}
            </label>
            <textarea
              id={bioId}
              className="field__input profile-settings__bio"
              value={draft.bio}
              rows={4}
              aria-invalid={errorOf("bio") ? true : undefined}
              onChange={(event) => edit({ bio: event.target.value })}
            />
            <p className={bioLength(draft.bio) > MAX_BIO_LENGTH ? "field__error" : "field__hint"} data-testid="bio-count">
              {t("settings.bio.count", { length: bioLength(draft.bio), max: MAX_BIO_LENGTH })}
            </p>
            {errorOf("bio") && <p className="field__error">{errorOf("bio")}</p>}
          </div>
        </SettingsCard>
        <SettingsCard title={t("settings.colours.title")} description={t("settings.colours.hint")}>
          <div className="profile-settings__colours">
            {COLOUR_FIELDS.map((field) => (
              <ColourField
                key={field}
                testId={`profile-colour-${field}`}
                label={t(`settings.colours.${field}`)}
                value={draft[field]}
                fallback={COLOUR_FALLBACKS[field]}
                placeholder={t("settings.colours.none")}
                error={errorOf(field)}
                onChange={(value) => edit({ [field]: value })}
                actions={
                  draft[field] !== "" && (
                    <Button variant="ghost" onClick={() => edit({ [field]: "" })} aria-label={t("settings.colours.clearOf", { colour: t(`settings.colours.${field}`) })}>
                      {t("settings.colours.clear")}
                    </Button>
                  )
                }
              />
            ))}
          </div>
        </SettingsCard>
        <SettingsCard title={t("settings.font.title")} description={t("settings.font.hint")}>
          <div className="field">
            <label className="field__label" htmlFor={fontId}>
              {t("settings.font.label")}
            </label>
            <select
              id={fontId}
              className="field__input settings-select"
              value={draft.font}
              aria-invalid={errorOf("font") ? true : undefined}
              onChange={(event) => edit({ font: Number(event.target.value) })}
            >
              {PROFILE_FONTS.map((font) => (
                <option key={font.id} value={font.id} style={{ fontFamily: profileFontFamily(font.id) }}>
                  {t(`settings.font.names.${font.key}`)}
                </option>
              ))}
            </select>
            {errorOf("font") && <p className="field__error">{errorOf("font")}</p>}
          </div>
        </SettingsCard>
        <SettingsCard title={t("settings.banner.title")} description={t("settings.banner.hint")}>
          <BannerPicker
            choice={draft.banner}
            hasBanner={savedBanner !== null}
            onChange={(banner) => edit({ banner })}
            progress={progress}
            disabled={pending}
            error={errors.fields.banner}
          />
        </SettingsCard>
        <FormError message={errors.general} />
        <div className="profile-settings__actions">
          {justSaved && !unsaved && (
            <p className="settings-saved" role="status">
              {t("settings.saved")}
            </p>
          )}
          {unsaved && <p className="muted profile-settings__unsaved">{t("settings.unsaved")}</p>}
          <Button onClick={cancel} disabled={!unsaved || pending}>
            {t("settings.cancel")}
          </Button>
          <Button type="submit" variant="primary" loading={pending} disabled={!unsaved}>
            {t("settings.save")}
          </Button>
        </div>
      </form>
      <aside className="profile-settings__preview" aria-label={t("settings.preview.title")}>
        <h3 className="profile-settings__preview-title">{t("settings.preview.title")}</h3>
        <ProfileCard user={{ ...user, banner: bannerShown }} profile={previewProfile(draft)} bannerPicture={previewUrl} testId="profile-preview" />
        <p className="muted profile-settings__avatar-hint">
          {t("settings.preview.avatarHint")} <Link to="/app/settings/account">{t("settings.preview.accountLink")}</Link>
        </p>
      </aside>
    </div>
  );
}
