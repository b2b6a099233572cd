/** Public email addresses, the same as on the contacts page (content/pages/<lang>/contacts.md). */
export const CAREERS_EMAIL = 'careers@billme.eu';
