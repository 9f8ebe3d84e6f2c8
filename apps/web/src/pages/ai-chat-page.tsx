import {
  Activity,
  BrainCircuit,
  Check,
  Gauge,
  History,
  LineChart,
  MessageSquare,
  ShieldAlert,
  Sparkles,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { IconCard, IconCardGrid } from '../features/marketing/components/icon-card.tsx';
import { CallToAction, PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing');

const agents = [
  { id: 'technical', Icon: LineChart },
  { id: 'fundamental', Icon: BrainCircuit },
  { id: 'risk', Icon: ShieldAlert },
  { id: 'sentiment', Icon: Users },
] as const;
const features = [
  { id: 'data', Icon: Activity },
  { id: 'models', Icon: Sparkles },
  { id: 'metadata', Icon: Gauge },
  { id: 'history', Icon: History },
] as const;
const examples = ['first', 'second', 'third'] as const;

export function AiChatPage() {
  const { t } = useTranslation('marketing');
  usePageMeta({ title: t('aiChat.meta.title'), description: t('aiChat.meta.description') });
  return (
    <PageContainer className="flex flex-col gap-12">
      <PageIntro
        title={t('aiChat.title')}
        lead={t('aiChat.lead')}
        actions={
          <Button asChild size="lg">
            <Link to="/chat">
              <MessageSquare aria-hidden="true" />
              {t('aiChat.startChat')}
            </Link>
          </Button>
        }
      />
      <PageSection title={t('aiChat.agentsTitle')}>
        <IconCardGrid>
          {agents.map(({ id, Icon }) => (
            <IconCard key={id} icon={Icon} title={t(`aiChat.agents.${id}.name`)}>
              <ul className="flex flex-col gap-1.5 text-sm text-muted-foreground">
                {(['s1', 's2', 's3', 's4'] as const).map((specialty) => (
                  <li key={specialty} className="flex items-center gap-2">
                    <Check aria-hidden="true" className="size-3.5 text-success" />
                    {t(`aiChat.agents.${id}.${specialty}`)}
                  </li>
                ))}
              </ul>
            </IconCard>
          ))}
        </IconCardGrid>
      </PageSection>
      <PageSection title={t('aiChat.featuresTitle')}>
        <IconCardGrid>
          {features.map(({ id, Icon }) => (
            <IconCard
              key={id}
              icon={Icon}
              title={t(`aiChat.features.${id}.title`)}
              body={t(`aiChat.features.${id}.body`)}
            />
          ))}
        </IconCardGrid>
      </PageSection>
      <PageSection title={t('aiChat.examplesTitle')}>
        <ul className="grid gap-4 lg:grid-cols-3">
          {examples.map((id) => (
            <li key={id} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
              <p className="self-end rounded-lg rounded-br-sm bg-primary/15 px-3 py-2 text-sm font-medium">
                {t(`aiChat.examples.${id}.question`)}
              </p>
              <p className="rounded-lg rounded-bl-sm bg-muted px-3 py-2 text-sm leading-relaxed text-muted-foreground">
                {t(`aiChat.examples.${id}.answer`)}
              </p>
            </li>
          ))}
        </ul>
      </PageSection>
      <CallToAction title={t('aiChat.ctaTitle')}>
        <Button asChild size="lg">
          <Link to="/chat">{t('aiChat.ctaButton')}</Link>
        </Button>
      </CallToAction>
    </PageContainer>
  );
}
