/** Euro amounts of the mock-ups, in the edition's own format (1 234,56 € / €1,234.56). */
export function euros(locale: string) {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  return (value: number) => format.format(value);
}
