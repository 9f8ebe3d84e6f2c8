import { useEffect, useState } from 'react';
import { readThisBrowserPush, subscribeThisBrowser, type BrowserPushState } from './browser-push.ts';

/**
 * This browser's push state, read once on mount, and `turnOn`: asks the browser for permission and subscribes
 * it at once (the switch that calls it reflects the answer, not a wish). Answers whether it is on now.
 */
export function useBrowserPush() {
  const [state, setState] = useState<BrowserPushState>('checking');
  const [isConnecting, setConnecting] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    void readThisBrowserPush()
      .catch(() => 'unsupported' as const)
      .then((read) => {
        if (isCurrent) setState(read);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  async function turnOn(): Promise<boolean> {
    setConnecting(true);
    const setup = await subscribeThisBrowser()
      .catch(() => 'unsupported' as const)
      .finally(() => setConnecting(false));
    setState(setup === 'subscribed' ? 'subscribed' : setup);
    return setup === 'subscribed';
  }

  return { state, isConnecting, turnOn };
}
