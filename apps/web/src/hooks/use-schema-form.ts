import { errorEnvelopeSchema, type FieldErrors } from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

/** The field errors of a refused call (`data.errors`), if it carried any. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const parsed = errorEnvelopeSchema.safeParse(error.body);
  return parsed.success ? (parsed.data.data?.errors ?? {}) : {};
}

/**
 * A form checked by a contract schema, the way every form of SPEC 5 behaves:
 * checked on submit, a message stays until its field is edited, and messages
 * show in the language of the page. `Values` are what the inputs hold (the
 * default values' shape); the submit handler gets the schema's output.
 */
export function useSchemaForm<S extends z.ZodType, Values extends FieldValues>(
  schema: S,
  defaultValues: DefaultValues<Values>,
) {
  const form = useForm<Values, unknown, z.output<S>>({
    // Schemas that trim (preprocess) type their input as unknown; the inputs hold `Values`.
    resolver: zodResolver(schema as never) as unknown as Resolver<Values, unknown, z.output<S>>,
    defaultValues,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  /** A field's message, translated; undefined when it has none. */
  const errorOf = (name: Path<Values>) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message !== '' ? translateMessage(message) : undefined;
  };

  /** The props of a text input: registered, its message, and editing clears the message. */
  const field = (name: Path<Values>) => ({
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    error: errorOf(name),
  });

  /**
   * Puts the server's field errors of a refused call (`data.errors`) under
   * their fields; true when there was any.
   */
  const showServerErrors = (error: unknown, names: readonly Path<Values>[]) => {
    const serverErrors = fieldErrorsOf(error);
    let shown = false;
    for (const name of names) {
      const message = serverErrors[name];
      if (message) form.setError(name, { type: 'server', message });
      shown ||= Boolean(message);
    }
    return shown;
  };

  return { ...form, errorOf, field, showServerErrors };
}
