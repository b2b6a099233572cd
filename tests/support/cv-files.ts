/** Small files with the real signatures of each type, for CV tests. */
export const pdfBytes = () => new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'));
export const docBytes = () =>
  new Uint8Array(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from('WordDocument', 'utf16le')]));
export const docxBytes = () =>
  new Uint8Array(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('[Content_Types].xml'), Buffer.from('word/document.xml')]));
export const exeBytes = () => new Uint8Array(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]));
export const zipBytes = () => new Uint8Array(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('evil.exe')]));
