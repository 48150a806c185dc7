import { useState, type FormEvent } from "react";
import { Button } from "@hearth/ui/Button";
import { t } from "./i18n";

/** A search field that applies on submit (Enter or the button). */
export function SearchBox({ placeholder, onSearch }: { placeholder: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="moderation-search" role="search" onSubmit={submit}>
      <input className="field__input" type="search" aria-label={t("common.search")} placeholder={placeholder} maxLength={320} value={text} onChange={(event) => setText(event.target.value)} />
      <Button type="submit">{t("common.search")}</Button>
    </form>
  );
}
