import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useContactForm } from '../hooks/use-contact-form.ts';

/** The contact form: all four fields required, toasts. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const { values, errors, update, onSubmit, isPending } = useContactForm();

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
        <Button type="submit" disabled={isPending} aria-busy={isPending}>
          <Send aria-hidden="true" />
          {isPending ? t('form.sending') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
