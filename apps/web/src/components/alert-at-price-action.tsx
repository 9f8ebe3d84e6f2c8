import { BellPlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Currency } from '../lib/currency.ts';
import { chartPriceDigits, formatChartPrice } from '../lib/format.ts';
import { Button } from './ui/button.tsx';

/** The alerts page with the create dialog open for this coin at this price: `/alerts?create=btc&price=512000`. */
export const alertAtPricePath = (symbol: string, price: number) =>
  `/alerts?${new URLSearchParams({ create: symbol.toLowerCase(), price: String(Number(price.toFixed(6))) })}`;

/**
 * What a tap on the chart offers (shared: the chart is the market feature's, the alert the alerts page's): an
 * alert at the tapped price, and a close.
 */
export function AlertAtPriceAction({
  symbol,
  price,
  currency,
  onClose,
}: {
  symbol: string;
  price: number;
  currency: Currency;
  onClose: () => void;
}) {
  const { t } = useTranslation('alertsPage');
  return (
    <div className="flex items-center gap-1 rounded-md border border-border bg-popover/95 p-1 shadow-lg">
      <Button asChild size="sm">
        <Link to={alertAtPricePath(symbol, price)}>
          <BellPlus aria-hidden="true" />
          {t('fromChart.create', {
            price: `${t(`common:currency.short.${currency}`)} ${formatChartPrice(price, chartPriceDigits(price))}`,
          })}
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('fromChart.close')}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
