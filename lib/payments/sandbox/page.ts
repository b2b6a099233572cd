import { brandNames, type Brand } from '../card';
import { testCards, type TestOutcome } from './cards';

/**
 * The test provider's payment page as HTML: its own document, style and script (nonce'd), nothing of
 * the site's. Every text comes from the caller's translator (messages/*.json, namespace TestProvider).
 * A card number is never written back into the page.
 */
export type T = (key: string, values?: Record<string, string | number>) => string;

export type PageView =
  | { step: 'card'; alert?: 'declined' | 'expired' | 'authFailed' | 'tooMany' | 'invalid'; errors?: Partial<Record<CardField, string>>; name?: string }
  | { step: 'threeDSecure'; brand: Brand | null; last4: string | null }
  | { step: 'closes' }
  | { step: 'ended' };

export type CardField = 'name' | 'number' | 'expiry' | 'cvc';

export type PageInput = {
  lang: string;
  nonce: string;
  t: T;
  amount: string;
  company: string;
  description: string;
  returnUrl: string;
  view: PageView;
};

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const outcomeKeys: Record<TestOutcome, string> = {
  success: 'cards.success',
  declined: 'cards.declined',
  expired: 'cards.expired',
  processingError: 'cards.processingError',
  threeDSecure: 'cards.threeDSecure',
  payerCloses: 'cards.payerCloses',
};

const STYLE = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;color:#1f2430;background:#eef1f6;line-height:1.5}
body{margin:0;min-height:100vh}
.bar{background:#2b2f6b;color:#fff;padding:.6rem 1rem;display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
.logo{font-weight:700;letter-spacing:.02em}
.badge{background:#ffd84d;color:#1f2430;border-radius:999px;padding:.1rem .6rem;font-size:.875rem;font-weight:600}
main{max-width:30rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.25rem;margin-bottom:1rem}
.to{margin:0;color:#4a5060}
.amount{font-size:2rem;font-weight:700;margin:.1rem 0}
.what{margin:0;color:#4a5060}
h1{font-size:1.25rem;margin:0 0 .75rem}
h2{font-size:1.1rem;margin:0 0 .25rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.65rem .75rem;border:1px solid #6b7080;border-radius:8px;min-height:44px}
input:focus{outline:3px solid #5b63d8;outline-offset:1px}
input[aria-invalid=true]{border-color:#b00020}
.pair{display:grid;grid-template-columns:1fr 1fr;column-gap:.75rem}.pair>div{display:contents}.pair>div:first-child>*{grid-column:1}.pair>div:last-child>*{grid-column:2}.pair label{grid-row:1;align-self:end}.pair input{grid-row:2}.pair .hint{grid-row:3}.pair .error{grid-row:4}
.error{color:#b00020;margin:.25rem 0 0;font-size:.95rem}
.hint{color:#4a5060;font-size:.9rem;margin:.25rem 0 0}
button{font:inherit;font-weight:700;border-radius:8px;min-height:48px;padding:.7rem 1rem;cursor:pointer;width:100%;margin-top:1rem}
.pay{background:#2b2f6b;color:#fff;border:0}
.pay:focus-visible,.quiet:focus-visible{outline:3px solid #5b63d8;outline-offset:2px}
.quiet{background:#fff;color:#2b2f6b;border:2px solid #2b2f6b}
.alert{border-left:4px solid #b00020;background:#fdecee;padding:.75rem 1rem;border-radius:8px;margin-bottom:1rem}
.alert p{margin:.25rem 0 0}
.ok{border-left-color:#17703a;background:#e8f5ec}
a{color:#2b2f6b}
details{margin-top:.5rem}
summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
ul{padding-left:1.2rem;margin:.25rem 0}
code{font-size:.95rem}
.note{font-size:.9rem;color:#4a5060}
`;

/** Groups the card number and the expiry as the payer types; the page works the same without it. */
const SCRIPT = `
const n=document.getElementById('number'),e=document.getElementById('expiry'),f=document.querySelector('form.pay-form');
n&&n.addEventListener('input',()=>{n.value=n.value.replace(/\\D/g,'').slice(0,19).replace(/(\\d{4})(?=\\d)/g,'$1 ')});
e&&e.addEventListener('input',()=>{const d=e.value.replace(/\\D/g,'').slice(0,4);e.value=d.length>2?d.slice(0,2)+'/'+d.slice(2):d});
f&&f.addEventListener('submit',(ev)=>{const b=ev.submitter;if(b){setTimeout(()=>{b.disabled=true},0)}});
`;

function field(t: T, id: CardField, label: string, attrs: string, error?: string, hint?: string) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${id}">${escape(label)}</label>
<input id="${id}" name="${id}" ${attrs}${error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${hint ? `<p id="${id}-hint" class="hint">${escape(hint)}</p>` : ''}${error ? `<p id="${id}-error" class="error">${escape(t(`errors.${error}`))}</p>` : ''}`;
}

function cancelForm(t: T, company: string) {
  return `<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit" class="quiet">${escape(t('cancel', { company }))}</button></form>`;
}

function step(input: PageInput): string {
  const { t, view, amount, company } = input;
  if (view.step === 'threeDSecure') {
    const card = view.brand && view.last4 ? t('threeDSCard', { brand: brandNames[view.brand], last4: view.last4 }) : '';
    return `<section class="card" aria-labelledby="step-title"><h1 id="step-title" tabindex="-1">${escape(t('threeDSTitle'))}</h1>
<p>${escape(t('threeDSText', { amount, company }))} ${escape(card)}</p>
<form method="post" class="pay-form"><input type="hidden" name="action" value="confirm"><button type="submit" class="pay">${escape(t('threeDSConfirm'))}</button></form>
<form method="post"><input type="hidden" name="action" value="fail"><button type="submit" class="quiet">${escape(t('threeDSFail'))}</button></form></section>`;
  }
  if (view.step === 'closes') {
    return `<section class="card" aria-labelledby="step-title"><div class="alert ok" role="status"><h1 id="step-title">${escape(t('closesTitle'))}</h1><p>${escape(t('closesText', { company }))}</p></div>
<p><a href="${escape(input.returnUrl)}">${escape(t('backTo', { company }))}</a></p></section>`;
  }
  if (view.step === 'ended') {
    return `<section class="card" aria-labelledby="step-title"><h1 id="step-title">${escape(t('endedTitle'))}</h1><p>${escape(t('endedText'))}</p>
<p><a href="${escape(input.returnUrl)}">${escape(t('backTo', { company }))}</a></p></section>`;
  }
  const errors = view.errors ?? {};
  const alert = view.alert
    ? `<div class="alert" role="alert" id="alert" tabindex="-1"><h2>${escape(t(`alerts.${view.alert}Title`))}</h2><p>${escape(t(`alerts.${view.alert}Text`))}</p></div>`
    : '';
  return `${alert}<section class="card" aria-labelledby="step-title"><h1 id="step-title">${escape(t('cardTitle'))}</h1>
<form method="post" class="pay-form" novalidate>
<input type="hidden" name="action" value="pay">
${field(t, 'name', t('cardName'), `autocomplete="cc-name" maxlength="100" value="${escape(view.name ?? '')}"`, errors.name)}
${field(t, 'number', t('cardNumber'), 'autocomplete="cc-number" inputmode="numeric" maxlength="23"', errors.number)}
<div class="pair"><div>${field(t, 'expiry', t('expiry'), `autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="${escape(t('expiryPlaceholder'))}"`, errors.expiry)}</div>
<div>${field(t, 'cvc', t('cvc'), 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"', errors.cvc, t('cvcHint'))}</div></div>
<button type="submit" class="pay">${escape(t('pay', { amount }))}</button>
</form>
${cancelForm(t, company)}
<p class="note">${escape(t('secure'))}</p></section>
<section class="card" aria-labelledby="cards-title"><h2 id="cards-title">${escape(t('testCards'))}</h2>
<ul>${Object.entries(testCards)
    .map(([number, outcome]) => `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> — ${escape(t(outcomeKeys[outcome]))}</li>`)
    .join('')}</ul><p class="note">${escape(t('testAny'))}</p></section>`;
}

export function renderPage(input: PageInput): string {
  const { t, lang, nonce, amount, company, description } = input;
  return `<!doctype html>
<html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escape(t('pageTitle', { amount, company }))}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><header class="bar"><span class="logo">${escape(t('provider'))}</span><span class="badge">${escape(t('testMode'))}</span></header>
<main><section class="card" aria-label="${escape(t('summary'))}"><p class="to">${escape(t('payTo', { company }))}</p><div class="amount">${escape(amount)}</div><p class="what">${escape(description)}</p></section>
${step(input)}</main>
<script nonce="${nonce}">${SCRIPT}</script></body></html>`;
}

/** A page for an address that is no session: no language is known, so the site's default one. */
export function renderMissing(t: T, lang: string, nonce: string): string {
  return `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t('missingTitle'))}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><header class="bar"><span class="logo">${escape(t('provider'))}</span></header><main><section class="card"><h1>${escape(t('missingTitle'))}</h1><p>${escape(t('missingText'))}</p></section></main></body></html>`;
}
