export const CV_MAX_BYTES: number;
export const CV_POST_MAX_BYTES: number;
export const FORM_POST_MAX_BYTES: number;
export const BODY_MAX_BYTES: number;
export const FIELD_LIMITS: Readonly<{ name: 100; email: 254; phone: 30; company: 150; field: 100; website: 200; linkedin: 200; message: 2000 }>;
export const HONEYPOT_FIELD: 'company_fax';
export const CARD_ATTEMPTS: Readonly<{ perPayment: number; perClient: number; windowSeconds: number }>;
