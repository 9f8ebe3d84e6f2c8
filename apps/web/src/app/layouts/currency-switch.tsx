import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useCurrency, type Currency } from '../../lib/currency.ts';

// saving needs the contract's schema (zod): loaded on the first press, not with every page
const chooseCurrency = (currency: Currency) =>
  import('../../lib/choose-currency.ts').then((module) => module.chooseCurrency(currency));

/**
 * The compact R$ / US$ switch beside the language menu: one press shows every figure in the other currency
 * (saved in the account when signed in, in this browser for visitors).
 */
export function CurrencySwitch() {
  const { t } = useTranslation('common');
  const currency = useCurrency();
  const next = currency === 'BRL' ? 'USD' : 'BRL';
  const short = t(`currency.short.${currency}`);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="px-2 tabular-nums"
      // the name starts with the visible text, so people who steer by voice can say what they see
      aria-label={t('currency.switchLabel', { short, name: t(`currency.names.${currency}`) })}
      onClick={() => void chooseCurrency(next)}
    >
      <span aria-hidden="true">{short}</span>
    </Button>
  );
}
