import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import type { ReactNode } from "react";
import { t } from "./i18n";

interface PagedListProps<Row> {
  rows: Row[] | null;
  more: boolean;
  loadingMore: boolean;
  error: string | null;
  loadMore: () => Promise<void>;
  render: (row: Row) => ReactNode;
  testId?: string;
}

/** Rows of a paged list, its loading and empty states and the "load more" button. */
export function PagedList<Row>({ rows, more, loadingMore, error, loadMore, render, testId }: PagedListProps<Row>) {
  return (
    <>
      <FormError message={error} />
      {rows === null && !error && <PaneLoading label={t("common.loading")} />}
      {rows?.length === 0 && <p className="muted">{t("common.empty")}</p>}
      {rows && rows.length > 0 && (
        <ul className="moderation-list" data-testid={testId}>
          {rows.map(render)}
        </ul>
      )}
      {more && (
        <Button loading={loadingMore} onClick={() => void loadMore()}>
          {t("common.loadMore")}
        </Button>
      )}
    </>
  );
}
