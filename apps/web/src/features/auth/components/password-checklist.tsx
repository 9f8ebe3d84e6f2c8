import { passwordRules } from '@farol/contract';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

/** Live checklist of the password rules, from the contract's own rule functions. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  const rules = [
    {
      key: 'length',
      isMet: passwordRules.length(password),
      text: t('register.checklist.length', { count: password.length }),
    },
    { key: 'letter', isMet: passwordRules.letter(password), text: t('register.checklist.letter') },
    { key: 'number', isMet: passwordRules.number(password), text: t('register.checklist.number') },
  ];
  return (
    <div id={id} className="rounded-md border border-border bg-muted/40 p-3">
      <p className="mb-2 text-xs font-medium text-muted-foreground">{t('register.checklist.title')}</p>
      <ul className="flex flex-col gap-1 text-xs">
        {rules.map(({ key, isMet, text }) => {
          const Icon = isMet ? Check : X;
          return (
            <li
              key={key}
              data-met={isMet}
              className={cn('flex items-center gap-2', isMet ? 'text-success' : 'text-muted-foreground')}
            >
              <Icon aria-hidden="true" className="size-3.5 shrink-0" />
              <span>{text}</span>
              <span className="sr-only">
                {isMet ? t('register.checklist.met') : t('register.checklist.unmet')}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
