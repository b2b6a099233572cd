import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Breakable } from '@/components/ui/Breakable';

describe('Breakable', () => {
  it('lets an e-mail address break after the @ and before each dot, and nowhere else', () => {
    expect(renderToStaticMarkup(<Breakable text="payments@synopsisarch.example.cy" />)).toBe('payments@<wbr/>synopsisarch<wbr/>.example<wbr/>.cy');
  });

  it('does the same for a web address, and leaves a text without either as it is', () => {
    expect(renderToStaticMarkup(<Breakable text="www.erimi.example.cy/pay" />)).toBe('www<wbr/>.erimi<wbr/>.example<wbr/>.cy/pay');
    expect(renderToStaticMarkup(<Breakable text="Billme" />)).toBe('Billme');
  });
});
