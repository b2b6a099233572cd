import type { Language } from './editions';

/**
 * The global error page replaces the root layout, so it has no message provider and must not pull
 * five catalogues into the client bundle. These copies of `Errors.globalError` and `Errors.goHome`
 * are checked against messages/*.json by tests/messages.test.ts.
 */
export const globalErrorText: Record<Language, { message: string; home: string }> = {
  lv: { message: "Rādot kļūdas lapu, radās kļūda", home: "Uz sākumlapu" },
  en: { message: "An error occurred while showing the error page", home: "Go to the homepage" },
  ru: { message: "Произошла ошибка при отображении страницы ошибки", home: "Перейти на главную" },
  et: { message: "Vealehe kuvamisel tekkis viga", home: "Mine avalehele" },
  el: { message: "Παρουσιάστηκε σφάλμα κατά την εμφάνιση της σελίδας σφάλματος", home: "Μετάβαση στην αρχική σελίδα" },
};
