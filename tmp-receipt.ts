import fs from 'node:fs';
import { recordPayment } from '@/lib/payments/service';
import { recordAttempt, getPayment } from '@/lib/payments/store';
import { receiptMail } from '@/lib/mail/templates';
import { getCompany } from '@/lib/payments/catalogue';
import { closeDatabase } from '@/lib/db';
const bluenet = getCompany('bluenet')!;
const internet = bluenet.services.find((s) => s.periods)!;
for (const locale of ['lv-LV', 'el-CY']) {
  const r = await recordPayment({ company: 'bluenet', choice: { serviceId: internet.id, optionId: internet.options[1]!.id, months: 3 }, payer: { name: 'Anna Bērziņa', email: 'anna@example.lv', reference: 'Līgums 2026-114' }, locale, idempotencyKey: `demo-receipt-${locale}-${Date.now()}` });
  if (!r.ok) throw new Error(JSON.stringify(r));
  await recordAttempt(r.payment.id, 'success', 'paid', { brand: 'mastercard', last4: '4444' });
  const mail = await receiptMail((await getPayment(r.payment.id))!);
  fs.writeFileSync(`/tmp/receipt-${locale}.html`, mail!.html);
  fs.writeFileSync(`/tmp/receipt-${locale}.txt`, `${mail!.subject}\n\n${mail!.text}`);
}
await closeDatabase();
