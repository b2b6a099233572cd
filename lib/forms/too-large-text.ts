import type { Language } from '@/lib/i18n/editions';

/**
 * The proxy answers an oversized form post itself (413), before Next reads the body, so it cannot use
 * the message catalogues. These copies of `Forms.formErrors.tooLarge` and `Forms.tryAgain` are checked
 * against messages/*.json by tests/messages.test.ts.
 */
export const tooLargeText: Record<Language, { message: string; back: string }> = {
  lv: { message: "Nosūtīto datu apjoms ir pārāk liels. Pievienojiet failu, kas nav lielāks par 5 MB, un nosūtiet formu vēlreiz.", back: "Atpakaļ uz formu" },
  en: { message: "What you sent is too large. Attach a file of at most 5 MB and send the form again.", back: "Back to the form" },
  ru: { message: "Слишком большой объём данных. Прикрепите файл размером не более 5 МБ и отправьте форму ещё раз.", back: "Вернуться к форме" },
  et: { message: "Saadetud andmete maht on liiga suur. Lisage kuni 5 MB suurune fail ja saatke vorm uuesti.", back: "Tagasi vormi juurde" },
  el: { message: "Τα δεδομένα που στείλατε είναι πολύ μεγάλα. Επισυνάψτε αρχείο έως 5 MB και στείλτε ξανά τη φόρμα.", back: "Επιστροφή στη φόρμα" },
};
