import { useState, type FormEvent } from "react";
import { useFormAction } from "@hearth/ui/form/useFormAction";

/** A settings form: runs `save` on submit and remembers that it succeeded until the next try. */
export function useSettingsForm<Field extends string>(
  fields: readonly Field[],
  save: () => Promise<void>,
  pathAliases?: Partial<Record<string, Field>>,
) {
  const { pending, errors, run } = useFormAction(fields, pathAliases);
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    void run(async () => {
      await save();
      setDone(true);
    });
  };

  return { pending, errors, done, submit };
}
