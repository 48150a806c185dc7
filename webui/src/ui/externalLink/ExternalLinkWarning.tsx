import { t } from "../../i18n/i18n";
import { Button } from "../Button";
import { Icon } from "../Icon";
import { ModalPanel } from "../modal/ModalPanel";
import { openModal } from "../modal/modalStore";
import { normaliseExternalUrl, openExternalUrl } from "./externalUrl";

interface ExternalLinkWarningProps {
  url: string;
  close: () => void;
}

function ExternalLinkWarning({ url, close }: ExternalLinkWarningProps) {
  const visit = () => {
    openExternalUrl(url);
    close();
  };
  return (
    <ModalPanel
      title={t("externalLink.title")}
      onClose={close}
      actions={
        <>
          <Button onClick={close}>{t("externalLink.dontVisit")}</Button>
          <Button variant="primary" onClick={visit}>
            {t("externalLink.visit")}
          </Button>
        </>
      }
    >
      <div className="external-link-warning">
        <Icon name="warning" />
        <div>
          <p className="external-link-warning__lead">{t("externalLink.takesYouTo")}</p>
          <p className="external-link-warning__url" data-testid="external-link-url">
            {url}
          </p>
        </div>
      </div>
    </ModalPanel>
  );
}

/** Asks before leaving for another site. */
export function confirmExternalLink(link: string): void {
  const url = normaliseExternalUrl(link);
  openModal((close) => <ExternalLinkWarning url={url} close={close} />);
}
