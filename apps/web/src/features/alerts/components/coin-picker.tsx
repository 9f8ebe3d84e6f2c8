import type { CoinItem } from '@farol/contract';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CoinLogo } from '../../../components/ui/coin-logo.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useCoinOptionsQuery } from '../api/alerts-api.ts';
import { useCurrency } from '../../../lib/currency.ts';
import { useAnalysableCoins } from '../../../lib/analysable-coins.ts';

type CoinPickerProps = {
  id: string;
  /** The coin the form holds (symbol and name), if any. */
  selected: { symbol: string; name: string } | null;
  onSelect: (coin: CoinItem | null) => void;
  /** Only coins with a Binance USDT pair are offered (volume, RSI and advanced alerts read their candles). */
  analysisOnly: boolean;
  /** The coin the dialog opened for: chosen as soon as the list has it (its logo and price then show). */
  initialSymbol?: string;
  error?: string;
};

const labelOf = (coin: { symbol: string; name: string }) => `${coin.name} (${coin.symbol.toUpperCase()})`;

/** The combobox's state: the text typed, the list open or not, the active option, the coin chosen. */
function useCoinPicker(
  { selected, onSelect, analysisOnly, initialSymbol }: CoinPickerProps,
  inputRef: RefObject<HTMLInputElement | null>,
) {
  const [input, setInput] = useState(() =>
    selected ? labelOf(selected) : (initialSymbol?.toUpperCase() ?? ''),
  );
  const [chosen, setChosen] = useState<CoinItem | null>(null);
  const [isExpanded, setIsExpanded] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const isShowingChoice = selected !== null && input === labelOf(selected);
  const options = useCoinOptionsQuery(isShowingChoice ? '' : input, true, useCurrency());
  const analysable = useAnalysableCoins();
  const coins = analysisOnly
    ? options.coins.filter((coin) => analysable.coinIds.has(coin.id))
    : options.coins;
  const active = isExpanded ? coins[Math.min(activeIndex, coins.length - 1)] : undefined;

  function choose(coin: CoinItem) {
    setChosen(coin);
    setInput(labelOf(coin));
    // a choice made by a screen reader's click or a tap may have moved the focus: it comes back to the input
    inputRef.current?.focus();
    setIsExpanded(false);
    onSelect(coin);
  }
  function open() {
    setIsExpanded(true);
    setActiveIndex(0);
  }

  // the dialog opened for one coin: choose it once the list has it
  const pendingSymbol = useRef(initialSymbol?.toUpperCase());
  useEffect(() => {
    const match = options.coins.find((coin) => coin.symbol.toUpperCase() === pendingSymbol.current);
    if (!match) return;
    pendingSymbol.current = undefined;
    setChosen(match);
    setInput(labelOf(match));
    onSelect(match);
  }, [options.coins, onSelect]);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isExpanded) return open();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => Math.max(0, Math.min(coins.length - 1, index + step)));
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && isExpanded) {
      setIsExpanded(false);
    }
  }

  return {
    input,
    typeText: (text: string) => {
      setInput(text);
      if (selected) onSelect(null);
      open();
    },
    isExpanded,
    open,
    close: () => setIsExpanded(false),
    options,
    coins,
    active,
    choose,
    handleKeyDown,
    // the chosen coin while the form still holds it (its logo and price show)
    shownCoin: chosen && selected && chosen.symbol.toUpperCase() === selected.symbol ? chosen : null,
  };
}

/**
 * The coin picker: an ARIA combobox (an input that filters a listbox by name or symbol; arrows move, Enter
 * chooses, Escape closes the list), each option with its logo, symbol, name and current price.
 */
export function CoinPicker(props: CoinPickerProps) {
  const { id, selected, analysisOnly, error } = props;
  const { t } = useTranslation('alerts');
  const inputRef = useRef<HTMLInputElement>(null);
  const picker = useCoinPicker(props, inputRef);
  const { isExpanded, active, coins, shownCoin } = picker;
  const listId = `${id}-options`;
  // an empty listbox is no list: while nothing matches, only the status line shows
  const isListShown = isExpanded && coins.length > 0;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('picker.label')}</Label>
      <div className="relative">
        {shownCoin ? (
          <CoinLogo image={shownCoin.image} symbol={shownCoin.symbol} className="absolute top-2 left-2.5" />
        ) : (
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          />
        )}
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={isListShown}
          aria-controls={isListShown ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={active ? `${id}-option-${active.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          value={picker.input}
          placeholder={t('picker.placeholder')}
          className="pl-10"
          onChange={(event) => picker.typeText(event.target.value)}
          onFocus={() => {
            if (!selected) picker.open();
          }}
          onClick={() => {
            if (!isExpanded) picker.open();
          }}
          onBlur={picker.close}
          onKeyDown={picker.handleKeyDown}
        />
      </div>
      {isExpanded ? (
        <CoinOptions
          id={id}
          listId={listId}
          coins={coins}
          active={active}
          options={picker.options}
          onChoose={picker.choose}
        />
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : shownCoin?.current_price != null ? (
        <p className="text-xs text-muted-foreground tabular-nums">
          {t('picker.currentPrice', {
            price: formatPrice(shownCoin.current_price, picker.options.currency),
          })}
        </p>
      ) : analysisOnly ? (
        <p className="text-xs text-muted-foreground">{t('picker.analysisOnly')}</p>
      ) : null}
    </div>
  );
}

function CoinOptions({
  id,
  listId,
  coins,
  active,
  options,
  onChoose,
}: {
  id: string;
  listId: string;
  coins: CoinItem[];
  active: CoinItem | undefined;
  options: ReturnType<typeof useCoinOptionsQuery>;
  onChoose: (coin: CoinItem) => void;
}) {
  const { t } = useTranslation(['alerts', 'common']);
  const message = options.isPending
    ? t('alerts:picker.loading')
    : options.isError
      ? t('alerts:picker.error')
      : coins.length === 0
        ? t('alerts:picker.empty')
        : options.hasMore
          ? t('alerts:picker.more')
          : undefined;
  return (
    <div className="rounded-md border border-border bg-background">
      {coins.length === 0 ? null : (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('alerts:picker.options')}
          className="max-h-56 overflow-y-auto py-1"
        >
          {coins.map((coin) => (
            <li
              key={coin.id}
              id={`${id}-option-${coin.id}`}
              role="option"
              aria-selected={coin === active}
              // keeps the focus in the input, so the click lands before the list closes
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(coin)}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                coin === active ? 'bg-muted' : 'hover:bg-muted/60',
              )}
            >
              <CoinLogo image={coin.image} symbol={coin.symbol} />
              <span className="font-semibold uppercase">{coin.symbol}</span>{' '}
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{coin.name}</span>{' '}
              <span className="tabular-nums">
                {coin.current_price === null ? '—' : formatPrice(coin.current_price, options.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {message ? (
        <div
          role="status"
          className="flex items-center justify-between gap-2 border-t border-border px-3 py-2 text-xs text-muted-foreground"
        >
          <span>{message}</span>
          {options.isError ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onMouseDown={(event) => event.preventDefault()}
              onClick={options.retry}
            >
              {t('common:actions.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
