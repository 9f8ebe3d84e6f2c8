import { contactRequestSchema, type ContactRequest } from '@farol/contract';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { useSendContactMessage } from '../api/contact-api.ts';

const emptyForm: ContactRequest = { name: '', email: '', subject: '', message: '' };
const fields = ['name', 'email', 'subject', 'message'] as const;

/** The contact form: all four fields required, toasts. */
export function ContactForm() {
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

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('form.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('form.name')} htmlFor="contact-name" error={errors.name}>
          <Input
            id="contact-name"
            name="name"
            autoComplete="name"
            required
            aria-required="true"
            placeholder={t('form.namePlaceholder')}
            value={values.name}
            onChange={update('name')}
            {...fieldErrorProps('contact-name', errors.name)}
          />
        </FormField>
        <FormField label={t('form.email')} htmlFor="contact-email" error={errors.email}>
          <Input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-required="true"
            placeholder={t('form.emailPlaceholder')}
            value={values.email}
            onChange={update('email')}
            {...fieldErrorProps('contact-email', errors.email)}
          />
        </FormField>
      </div>
      <FormField label={t('form.subject')} htmlFor="contact-subject" error={errors.subject}>
        <Input
          id="contact-subject"
          name="subject"
          required
          aria-required="true"
          placeholder={t('form.subjectPlaceholder')}
          value={values.subject}
          onChange={update('subject')}
          {...fieldErrorProps('contact-subject', errors.subject)}
        />
      </FormField>
      <FormField label={t('form.message')} htmlFor="contact-message" error={errors.message}>
        <textarea
          id="contact-message"
          name="message"
          required
          aria-required="true"
          rows={6}
          placeholder={t('form.messagePlaceholder')}
          value={values.message}
          onChange={update('message')}
          className={cn(inputClassName, 'h-auto min-h-32 resize-y')}
          {...fieldErrorProps('contact-message', errors.message)}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? t('form.sending') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
