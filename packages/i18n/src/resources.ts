// One import per namespace and language. Add a namespace: create locales/<lang>/<ns>.json for the three
// languages and list it here (the catalogue test fails when a language lacks a key).
import ptCommon from '../locales/pt-BR/common.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import esCommon from '../locales/es/common.json' with { type: 'json' };
import ptErrors from '../locales/pt-BR/errors.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import esErrors from '../locales/es/errors.json' with { type: 'json' };
import ptAuth from '../locales/pt-BR/auth.json' with { type: 'json' };
import enAuth from '../locales/en/auth.json' with { type: 'json' };
import esAuth from '../locales/es/auth.json' with { type: 'json' };
import ptProfile from '../locales/pt-BR/profile.json' with { type: 'json' };
import enProfile from '../locales/en/profile.json' with { type: 'json' };
import esProfile from '../locales/es/profile.json' with { type: 'json' };
import ptDashboard from '../locales/pt-BR/dashboard.json' with { type: 'json' };
import enDashboard from '../locales/en/dashboard.json' with { type: 'json' };
import esDashboard from '../locales/es/dashboard.json' with { type: 'json' };
import ptBilling from '../locales/pt-BR/billing.json' with { type: 'json' };
import enBilling from '../locales/en/billing.json' with { type: 'json' };
import esBilling from '../locales/es/billing.json' with { type: 'json' };
import ptEmail from '../locales/pt-BR/email.json' with { type: 'json' };
import enEmail from '../locales/en/email.json' with { type: 'json' };
import esEmail from '../locales/es/email.json' with { type: 'json' };
import ptAlerts from '../locales/pt-BR/alerts.json' with { type: 'json' };
import enAlerts from '../locales/en/alerts.json' with { type: 'json' };
import esAlerts from '../locales/es/alerts.json' with { type: 'json' };
import ptSignals from '../locales/pt-BR/signals.json' with { type: 'json' };
import enSignals from '../locales/en/signals.json' with { type: 'json' };
import esSignals from '../locales/es/signals.json' with { type: 'json' };
import ptChat from '../locales/pt-BR/chat.json' with { type: 'json' };
import enChat from '../locales/en/chat.json' with { type: 'json' };
import esChat from '../locales/es/chat.json' with { type: 'json' };
import ptSubscription from '../locales/pt-BR/subscription.json' with { type: 'json' };
import enSubscription from '../locales/en/subscription.json' with { type: 'json' };
import esSubscription from '../locales/es/subscription.json' with { type: 'json' };
import ptMarket from '../locales/pt-BR/market.json' with { type: 'json' };
import enMarket from '../locales/en/market.json' with { type: 'json' };
import esMarket from '../locales/es/market.json' with { type: 'json' };
import ptMarketAnalysis from '../locales/pt-BR/marketAnalysis.json' with { type: 'json' };
import enMarketAnalysis from '../locales/en/marketAnalysis.json' with { type: 'json' };
import esMarketAnalysis from '../locales/es/marketAnalysis.json' with { type: 'json' };
import ptChatPage from '../locales/pt-BR/chatPage.json' with { type: 'json' };
import enChatPage from '../locales/en/chatPage.json' with { type: 'json' };
import esChatPage from '../locales/es/chatPage.json' with { type: 'json' };
import ptSettings from '../locales/pt-BR/settings.json' with { type: 'json' };
import enSettings from '../locales/en/settings.json' with { type: 'json' };
import esSettings from '../locales/es/settings.json' with { type: 'json' };
import ptAlertsPage from '../locales/pt-BR/alertsPage.json' with { type: 'json' };
import enAlertsPage from '../locales/en/alertsPage.json' with { type: 'json' };
import esAlertsPage from '../locales/es/alertsPage.json' with { type: 'json' };
import ptLanding from '../locales/pt-BR/landing.json' with { type: 'json' };
import enLanding from '../locales/en/landing.json' with { type: 'json' };
import esLanding from '../locales/es/landing.json' with { type: 'json' };
import ptMarketing from '../locales/pt-BR/marketing.json' with { type: 'json' };
import enMarketing from '../locales/en/marketing.json' with { type: 'json' };
import esMarketing from '../locales/es/marketing.json' with { type: 'json' };
import ptPricing from '../locales/pt-BR/pricing.json' with { type: 'json' };
import enPricing from '../locales/en/pricing.json' with { type: 'json' };
import esPricing from '../locales/es/pricing.json' with { type: 'json' };
import ptContact from '../locales/pt-BR/contact.json' with { type: 'json' };
import enContact from '../locales/en/contact.json' with { type: 'json' };
import esContact from '../locales/es/contact.json' with { type: 'json' };
import ptLegal from '../locales/pt-BR/legal.json' with { type: 'json' };
import enLegal from '../locales/en/legal.json' with { type: 'json' };
import esLegal from '../locales/es/legal.json' with { type: 'json' };
import ptBlog from '../locales/pt-BR/blog.json' with { type: 'json' };
import enBlog from '../locales/en/blog.json' with { type: 'json' };
import esBlog from '../locales/es/blog.json' with { type: 'json' };
import ptEmailSettings from '../locales/pt-BR/emailSettings.json' with { type: 'json' };
import enEmailSettings from '../locales/en/emailSettings.json' with { type: 'json' };
import esEmailSettings from '../locales/es/emailSettings.json' with { type: 'json' };
import ptPasswordReset from '../locales/pt-BR/passwordReset.json' with { type: 'json' };
import enPasswordReset from '../locales/en/passwordReset.json' with { type: 'json' };
import esPasswordReset from '../locales/es/passwordReset.json' with { type: 'json' };
import ptDevelopers from '../locales/pt-BR/developers.json' with { type: 'json' };
import enDevelopers from '../locales/en/developers.json' with { type: 'json' };
import esDevelopers from '../locales/es/developers.json' with { type: 'json' };
import ptCoin from '../locales/pt-BR/coin.json' with { type: 'json' };
import enCoin from '../locales/en/coin.json' with { type: 'json' };
import esCoin from '../locales/es/coin.json' with { type: 'json' };

export const resources = {
  'pt-BR': {
    common: ptCommon,
    errors: ptErrors,
    auth: ptAuth,
    profile: ptProfile,
    dashboard: ptDashboard,
    billing: ptBilling,
    email: ptEmail,
    alerts: ptAlerts,
    signals: ptSignals,
    chat: ptChat,
    subscription: ptSubscription,
    market: ptMarket,
    marketAnalysis: ptMarketAnalysis,
    chatPage: ptChatPage,
    settings: ptSettings,
    alertsPage: ptAlertsPage,
    landing: ptLanding,
    marketing: ptMarketing,
    pricing: ptPricing,
    contact: ptContact,
    legal: ptLegal,
    blog: ptBlog,
    emailSettings: ptEmailSettings,
    passwordReset: ptPasswordReset,
    developers: ptDevelopers,
    coin: ptCoin,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    profile: enProfile,
    dashboard: enDashboard,
    billing: enBilling,
    email: enEmail,
    alerts: enAlerts,
    signals: enSignals,
    chat: enChat,
    subscription: enSubscription,
    market: enMarket,
    marketAnalysis: enMarketAnalysis,
    chatPage: enChatPage,
    settings: enSettings,
    alertsPage: enAlertsPage,
    landing: enLanding,
    marketing: enMarketing,
    pricing: enPricing,
    contact: enContact,
    legal: enLegal,
    blog: enBlog,
    emailSettings: enEmailSettings,
    passwordReset: enPasswordReset,
    developers: enDevelopers,
    coin: enCoin,
  },
  es: {
    common: esCommon,
    errors: esErrors,
    auth: esAuth,
    profile: esProfile,
    dashboard: esDashboard,
    billing: esBilling,
    email: esEmail,
    alerts: esAlerts,
    signals: esSignals,
    chat: esChat,
    subscription: esSubscription,
    market: esMarket,
    marketAnalysis: esMarketAnalysis,
    chatPage: esChatPage,
    settings: esSettings,
    alertsPage: esAlertsPage,
    landing: esLanding,
    marketing: esMarketing,
    pricing: esPricing,
    contact: esContact,
    legal: esLegal,
    blog: esBlog,
    emailSettings: esEmailSettings,
    passwordReset: esPasswordReset,
    developers: esDevelopers,
    coin: esCoin,
  },
} as const;
