import { contactRequestSchema, type ContactRequest } from '@farol/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from '../../../lib/api-client.ts';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { useSendContactMessage } from '../api/contact-api.ts';

const emptyForm: ContactRequest = { name: '', email: '', subject: '', message: '' };
const fields = ['name', 'email', 'subject', 'message'] as const;

/**
 * The contact form's values, per-field errors and submit: an invalid form focuses its first invalid field;
 * the answer is told with a toast, and a sent message clears the form.
 */
export function useContactForm() {
  const { t } = useTranslation('contact');
  const [values, setValues] = useState<ContactRequest>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactRequest, string>>>({});
  const send = useSendContactMessage();

  const update = (field: keyof ContactRequest) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const validate = (): ContactRequest | null => {
    const parsed = contactRequestSchema.safeParse(values);
    const labels = Object.fromEntries(fields.map((field) => [field, t(`form.${field}`)]));
    const messages: Partial<Record<keyof ContactRequest, string>> = translateFieldErrors(parsed, labels);
    // An empty field is the common case: say "required" rather than the schema's generic text.
    for (const field of fields) if (!values[field].trim()) messages[field] = t('form.required');
    if (messages.email && values.email.trim()) messages.email = t('form.invalidEmail');
    setErrors(messages);
    return parsed.success ? parsed.data : null;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const body = validate();
    if (!body) {
      const firstInvalid = fields.find(
        (field) => !contactRequestSchema.shape[field].safeParse(values[field]).success,
      );
      if (firstInvalid) document.getElementById(`contact-${firstInvalid}`)?.focus();
      return;
    }
    send.mutate(body, {
      onSuccess: (result) => {
        if (!result.success) {
          toast.error(t('toast.errorTitle'), { description: result.error ?? t('toast.errorDefault') });
          return;
        }
        toast.success(t('toast.successTitle'), {
          description: result.message ?? t('toast.successDescription'),
        });
        setValues(emptyForm);
      },
      onError: (error) => {
        const isNetwork = isApiError(error) && error.status === 0;
        const description = isNetwork ? t('toast.connection') : error.message || t('toast.errorDefault');
        toast.error(t('toast.errorTitle'), { description });
      },
    });
  };

  return { values, errors, update, onSubmit, isPending: send.isPending };
}
