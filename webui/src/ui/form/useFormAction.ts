/**
 * Runs a form's async action, tracks that it is running, and spreads a failure over the
 * form: an error whose `path` names one of the form's fields shows under that field,
 * anything else shows for the whole form.
 */
import { useState } from "react";
import { describeError, isRequestError, type RequestError } from "../../api/requestErrors";

export interface FormErrors<Field extends string> {
  fields: Partial<Record<Field, string>>;
  general: string | null;
}

const NO_ERRORS: FormErrors<never> = { fields: {}, general: null };

/** A client-side validation failure, shaped like the server's. */
export function fieldError(path: string, message: string): RequestError {
  return { message, path };
}

function formErrorsFrom<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  pathAliases: Partial<Record<string, Field>> = {},
): FormErrors<Field> {
  const path = isRequestError(error) ? error.path : null;
  const field = path ? (pathAliases[path] ?? fields.find((name) => name === path)) : undefined;
  const message = describeError(error);
  return field ? { fields: { [field]: message } as Partial<Record<Field, string>>, general: null } : { fields: {}, general: message };
}

export function useFormAction<Field extends string>(fields: readonly Field[], pathAliases?: Partial<Record<string, Field>>) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>(NO_ERRORS);

  async function run(action: () => Promise<void>): Promise<void> {
    setPending(true);
    setErrors(NO_ERRORS);
    try {
      await action();
    } catch (error) {
      setErrors(formErrorsFrom(error, fields, pathAliases));
    } finally {
      setPending(false);
    }
  }

  return { pending, errors, run };
}
