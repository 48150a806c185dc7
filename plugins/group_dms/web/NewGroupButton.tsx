import { Icon } from "@hearth/ui/Icon";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useNavigate } from "react-router";
import { t } from "./i18n";

/** The dialog loads when the button is pressed, not with the conversation list at start-up. */
const NewGroupDialog = lazyComponent(async () => (await import("./NewGroupDialog")).NewGroupDialog);

/** The "+" beside the conversation list's title: a new group from friends. */
export function NewGroupButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t("list.newGroup")}
      title={t("list.newGroup")}
      data-testid="new-group"
      onClick={() => openModal((close) => <NewGroupDialog close={close} go={(path) => void navigate(path)} />)}
    >
      <Icon name="plus" size={16} />
    </button>
  );
}
