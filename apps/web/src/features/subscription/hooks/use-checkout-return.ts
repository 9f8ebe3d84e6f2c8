import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useReloadSubscription } from '../api/subscription-api.ts';

const SUCCESS_TOAST_MS = 5000;
// The payment provider's webhook may land a moment after the redirect: read the plan again after 2 s.
const RESYNC_DELAY_MS = 2000;

/**
 * Return from checkout: `?subscription=success` gives a success toast for 5 s, the query
 * string is removed, and the subscription is reloaded now and again after 2 s.
 */
export function useCheckoutReturn(): void {
  const { t } = useTranslation('subscription');
  const location = useLocation();
  const navigate = useNavigate();
  const reload = useReloadSubscription();
  const handled = useRef(false);
  const resyncTimer = useRef<number | undefined>(undefined);
  const isReturn = new URLSearchParams(location.search).get('subscription') === 'success';

  useEffect(() => {
    if (!isReturn || handled.current) return;
    handled.current = true;
    toast.success(t('checkout.successTitle'), {
      description: t('checkout.successDescription'),
      duration: SUCCESS_TOAST_MS,
    });
    navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
    void reload();
    resyncTimer.current = window.setTimeout(() => void reload(), RESYNC_DELAY_MS);
  }, [isReturn, location.pathname, location.hash, navigate, reload, t]);

  // Removing the query string re-renders this hook; only leaving the page cancels the second reload.
  useEffect(() => () => window.clearTimeout(resyncTimer.current), []);
}
