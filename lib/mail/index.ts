/**
 * The mail door: the templates (confirmation, notification, receipt) and `sendMail`, the handler the
 * composition root registers as the outbox topic `mail`.
 */
export { mailData } from './personal-data';
export { sendMail, type MailTemplate } from './send';
export { confirmationMail, notificationMail, receiptMail, type Mail } from './templates';
