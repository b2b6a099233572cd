/**
 * The one layout of every mail: a document of plain blocks, rendered as HTML (a single-column table
 * with inline styles, as mail clients need; no remote images, no tracking) and as plain text. Every
 * value is text: whatever a visitor typed is escaped, never rendered as HTML.
 */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'rows'; rows: [label: string, value: string][] }
  | { kind: 'copy'; title: string; rows: [label: string, value: string][] };

export type MailDocument = { lang: string; subject: string; title: string; blocks: Block[]; footer: string[] };

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Visitor text keeps its line breaks, as text. */
const multiline = (text: string) => escape(text).replace(/\r?\n/g, '<br>');

const BRAND = '#1f45b8';
const INK = '#1b2440';
const MUTED = '#5a6381';

function rowsHtml(rows: [string, string][]): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 16px;">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;border-bottom:1px solid #e3e7f2;color:${MUTED};font-size:14px;vertical-align:top;width:40%;">${escape(label)}</td><td style="padding:6px 0;border-bottom:1px solid #e3e7f2;font-size:15px;vertical-align:top;">${multiline(value)}</td></tr>`,
    )
    .join('')}</table>`;
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${multiline(block.text)}</p>`;
    case 'rows':
      return rowsHtml(block.rows);
    case 'copy':
      return `<h2 style="margin:24px 0 4px;font-size:16px;color:${INK};">${escape(block.title)}</h2>${rowsHtml(block.rows)}`;
  }
}

export function renderHtml(mail: MailDocument): string {
  return `<!doctype html>
<html lang="${escape(mail.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escape(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6fb;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6fb;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;font-family:Arial,Helvetica,sans-serif;color:${INK};font-size:16px;line-height:1.5;">
<tr><td style="padding:24px 24px 0;font-size:22px;font-weight:bold;color:${BRAND};">Billme</td></tr>
<tr><td style="padding:16px 24px 24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${escape(mail.title)}</h1>
${mail.blocks.map(blockHtml).join('\n')}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;"><tr><td style="padding:16px 24px;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.5;color:${MUTED};">
${mail.footer.map((line) => `<p style="margin:0 0 4px;">${escape(line)}</p>`).join('')}
</td></tr></table>
</td></tr></table>
</body></html>
`;
}

export function renderText(mail: MailDocument): string {
  const rows = (list: [string, string][]) => list.map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, '\n  ')}`).join('\n');
  const body = mail.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return block.text;
      case 'rows':
        return rows(block.rows);
      case 'copy':
        return `${block.title}\n${'-'.repeat(block.title.length)}\n${rows(block.rows)}`;
    }
  });
  return `${mail.title}\n\n${body.join('\n\n')}\n\n--\n${mail.footer.join('\n')}\n`;
}
