import { Fragment } from 'react';

/**
 * An e-mail or web address that may break where typesetters break one: after the @ and before each
 * dot. On a 360 px phone `payments@synopsisarch.example` otherwise breaks at whatever letter the
 * line ends on (`…example.c` / `y`). The break points are `<wbr>`: nothing is added to the text a
 * visitor copies or a screen reader reads.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=@)|(?=\.)/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
