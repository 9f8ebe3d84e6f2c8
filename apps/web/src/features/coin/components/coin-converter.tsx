import type { CoinFacts } from '@farol/contract';
import { ArrowDownUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { Currency } from '../../../lib/currency.ts';
import { formatInputAmount, formatPrice, parseDecimalInput } from '../../../lib/format.ts';

/** Which side the trader typed: that one is kept as typed, the other follows the price. */
type Typed = { side: 'coin' | 'money'; text: string };

// a coin amount to the satoshi; money to the cent, finer below one unit (a fraction of a cheap coin)
const COIN_DIGITS = 8;
const moneyDigits = (value: number) => (value !== 0 && Math.abs(value) < 1 ? 6 : 2);

/**
 * Coin ⇄ the user's currency at the page's price (the live one when the stream feeds it): typing on either
 * side fills the other, and the side not typed follows the price as it moves. A figure that is not a number
 * says so under its field.
 */
export function CoinConverter({ coin, currency }: { coin: CoinFacts; currency: Currency }) {
  const { t } = useTranslation('coin');
  const id = useId();
  const [typed, setTyped] = useState<Typed>({ side: 'coin', text: formatInputAmount(1, COIN_DIGITS) });
  const price = coin.price;
  const typedValue = parseDecimalInput(typed.text);
  const isInvalid = typed.text.trim() !== '' && typedValue === null;
  let other = '';
  if (price !== null && typedValue !== null) {
    const converted = typed.side === 'coin' ? typedValue * price : typedValue / price;
    other = formatInputAmount(converted, typed.side === 'coin' ? moneyDigits(converted) : COIN_DIGITS);
  }
  const coinText = typed.side === 'coin' ? typed.text : other;
  const moneyText = typed.side === 'money' ? typed.text : other;
  const currencyShort = t(`common:currency.short.${currency}`);
  const errorId = `${id}-error`;
  const field = (side: Typed['side'], label: string, unit: string, value: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${side}`} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Input
          id={`${id}-${side}`}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={price === null}
          aria-invalid={isInvalid && typed.side === side ? true : undefined}
          aria-describedby={isInvalid && typed.side === side ? errorId : undefined}
          onChange={(event) => setTyped({ side, text: event.target.value })}
          className="h-11 pr-14 tabular-nums"
        />
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground">
          {unit}
        </span>
      </div>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ArrowDownUp aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('converter.title', { symbol: coin.symbol, currency: currencyShort })}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {field('coin', t('converter.coinAmount', { symbol: coin.symbol }), coin.symbol, coinText)}
        {field('money', t('converter.moneyAmount', { currency: currencyShort }), currencyShort, moneyText)}
        {isInvalid ? (
          <p id={errorId} role="alert" className="text-sm text-danger-text">
            {t('converter.invalid')}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {price === null
            ? t('converter.noPrice', { symbol: coin.symbol })
            : t('converter.rate', { symbol: coin.symbol, price: formatPrice(price, currency) })}
        </p>
      </CardContent>
    </Card>
  );
}
