/** /app/settings/developer/applications/{id}/bot/publish: the bot's explore listing. */
import { isRequestError } from "@hearth/api/requestErrors";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { useState } from "react";
import { Link } from "react-router";
import { getBotListing, publishBot, unlistBot } from "../applicationsApi";
import { t } from "../i18n";
import { PermissionPicker } from "../PermissionPicker";
import { Card, LoadedView, TextAreaField, useLoaded } from "../shared";
import type { BotListing } from "../types";
import { BotFrame } from "./BotPage";

/** The listing, or null when the bot is not published ("Bot not found.", rest.md §6.7). */
async function listingOrNull(appId: string): Promise<BotListing | null> {
  try {
    return await getBotListing(appId);
  } catch (error) {
    if (isRequestError(error) && error.message === "Bot not found.") return null;
    throw error;
  }
}

function PublishForm({ appId, listing, onChange }: { appId: string; listing: BotListing | null; onChange: (listing: BotListing | null) => void }) {
  const [description, setDescription] = useState(listing?.description ?? "");
  const [permissions, setPermissions] = useState(listing?.botPermissions ?? 2);
  const { pending, errors, run } = useFormAction(["description", "permissions"] as const);
  const publish = () =>
    run(async () => {
      await publishBot(appId, description.trim(), permissions);
      onChange(await getBotListing(appId));
    });
  const unlist = () =>
    run(async () => {
      if (listing) await unlistBot(listing.id);
      onChange(null);
    });
  return (
    <Card title={t("publish.title")} description={listing ? t("publish.listed") : t("publish.hint")}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void publish();
        }}
      >
        <TextAreaField
          label={t("publish.description")}
          value={description}
          onChange={setDescription}
          error={errors.fields.description}
          hint={t("publish.count", { count: description.length })}
          maxLength={150}
        />
        <PermissionPicker value={permissions} onChange={setPermissions} />
        <FormError message={errors.general ?? errors.fields.permissions ?? null} />
        <div className="developer-card__actions">
          {listing && (
            <Link className="button" to={`/app/explore/bots`}>
              {t("publish.view")}
            </Link>
          )}
          {listing && (
            <Button variant="danger" disabled={pending} onClick={() => void unlist()}>
              {t("publish.unlist")}
            </Button>
          )}
          <Button type="submit" variant="primary" loading={pending}>
            {listing ? t("publish.update") : t("publish.publish")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Listing({ appId }: { appId: string }) {
  const { state, reload, set } = useLoaded(() => listingOrNull(appId), `listing-${appId}`);
  return (
    <LoadedView state={state} retry={reload}>
      {(listing) => <PublishForm appId={appId} listing={listing} onChange={set} />}
    </LoadedView>
  );
}

export default function BotPublishPage() {
  return <BotFrame title={t("publish.title")}>{(app) => <Listing appId={app.id} />}</BotFrame>;
}
