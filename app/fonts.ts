import localFont from 'next/font/local';

/*
 * Inter, self-hosted from @fontsource-variable/inter: one variable font split by script, each
 * face limited by unicode-range so a page downloads only the scripts it shows. Latin is preloaded;
 * Latvian/Estonian letters (latin-ext), Cyrillic and Greek load on first use.
 */
// The faces are chained in one font-family stack (tokens.css), so only the last one carries the
// metric-adjusted fallback; a fallback in the middle would catch glyphs meant for the next face.
// next/font needs literal options in each call, hence the repetition.

export const interLatin = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter-latin',
  preload: true,
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
    },
  ],
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  adjustFontFallback: false,
  fallback: [],
});

export const interLatinExt = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2',
  variable: '--font-inter-latin-ext',
  preload: false,
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
    },
  ],
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  adjustFontFallback: false,
  fallback: [],
});

export const interCyrillic = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2',
  variable: '--font-inter-cyrillic',
  preload: false,
  declarations: [{ prop: 'unicode-range', value: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116' }],
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  adjustFontFallback: false,
  fallback: [],
});

export const interGreek = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-greek-wght-normal.woff2',
  variable: '--font-inter-greek',
  preload: false,
  declarations: [{ prop: 'unicode-range', value: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF' }],
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  adjustFontFallback: 'Arial',
  fallback: ['system-ui', 'Arial', 'sans-serif'],
});

export const fontVariables = [interLatin, interLatinExt, interCyrillic, interGreek].map((f) => f.variable).join(' ');
