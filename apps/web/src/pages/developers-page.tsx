import { apiAccessLimits, API_TOKEN_PREFIX } from '@farol/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { nodeVerify, pythonVerify } from '../features/developers/webhook-snippets.ts';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('developers');

const calls = [
  { id: 'signals', path: '/api/market-signals/dashboard-signals' },
  { id: 'analysis', path: '/api/market-signals/analysis/BTC' },
  { id: 'prices', path: '/api/crypto/prices?page=1' },
  { id: 'alerts', path: '/api/alerts' },
] as const;

const payload = `{
  "id": "0b6f3c52-4f0e-4c8e-9a51-1f6f0f5a2b10",
  "type": "alert.fired",
  "createdAt": "2026-11-26T14:00:03.000Z",
  "data": {
    "alertId": "7b0c1c8e-9d1a-4d53-9a51-1f6f0f5a2b10",
    "alertName": "Topo",
    "coinSymbol": "BTC",
    "condition": "priceAbove",
    "observedValue": 101000,
    "threshold": 100000,
    "triggeredAt": "2026-11-26T14:00:00.000Z"
  }
}`;

function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs leading-relaxed"
    >
      <code>{code}</code>
    </pre>
  );
}

function LimitsTable() {
  const { t } = useTranslation('developers');
  const none = t('limitsNone');
  const { tokens, requestsPerMinute, webhooks } = apiAccessLimits;
  const rows = [
    [t('limitsOthers'), none, none, none],
    [t('limitsPro'), String(tokens), String(requestsPerMinute), String(webhooks)],
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            {[t('limitsPlan'), t('limitsTokens'), t('limitsRate'), t('limitsWebhooks')].map((label) => (
              <th key={label} scope="col" className="py-2 pr-4 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([plan, ...cells]) => (
            <tr key={plan} className="border-t border-border">
              <th scope="row" className="py-2 pr-4 font-medium">
                {plan}
              </th>
              {cells.map((cell, index) => (
                <td key={index} className="py-2 pr-4">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The public guide to the API: a token, the main calls, webhooks and their signature, limits per plan. */
export function DevelopersPage() {
  const { t } = useTranslation('developers');
  usePageMeta({ title: t('meta.title'), description: t('meta.description') });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <PageContainer className="flex flex-col gap-12">
      <PageIntro
        title={t('title')}
        lead={t('lead')}
        actions={
          <Button asChild variant="outline">
            <a href="/api/docs">{t('docs')}</a>
          </Button>
        }
      />
      <PageSection title={t('tokenTitle')}>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-muted-foreground">
          {(['plan', 'create', 'copy'] as const).map((step) => (
            <li key={step}>{t(`tokenSteps.${step}`)}</li>
          ))}
        </ol>
        <p className="text-sm text-muted-foreground">{t('tokenNote')}</p>
      </PageSection>
      <PageSection title={t('callsTitle')}>
        <p className="text-muted-foreground">{t('callsLead')}</p>
        {calls.map((call) => (
          <div key={call.id} className="flex flex-col gap-2">
            <h3 className="text-sm font-medium">{t(`calls.${call.id}`)}</h3>
            <CodeBlock
              label={t(`calls.${call.id}`)}
              code={`curl -H "Authorization: Bearer ${API_TOKEN_PREFIX}…" \\\n  "${origin}${call.path}"`}
            />
          </div>
        ))}
      </PageSection>
      <PageSection title={t('webhooksTitle')}>
        <p className="text-muted-foreground">{t('webhooksLead')}</p>
        <h3 className="text-sm font-medium">{t('payloadTitle')}</h3>
        <CodeBlock label={t('payloadTitle')} code={payload} />
        <h3 className="text-sm font-medium">{t('verifyTitle')}</h3>
        <p className="text-muted-foreground">{t('verifyLead')}</p>
        <CodeBlock label="Node.js" code={nodeVerify} />
        <CodeBlock label="Python" code={pythonVerify} />
      </PageSection>
      <PageSection title={t('limitsTitle')}>
        <LimitsTable />
        <p className="text-sm text-muted-foreground">{t('limitsNote')}</p>
      </PageSection>
    </PageContainer>
  );
}
