/**
 * Text of a statement file whatever its encoding: UTF-8 with or without a byte-order mark, UTF-16
 * (either byte order, with a mark or recognised by its zero bytes), and otherwise Windows-1252,
 * the superset of ISO-8859-1 banks' exports use ('Café' stays 'Café'). An OFX 1.x header that
 * names its character set is believed.
 */
export interface DecodedText {
  text: string;
  encoding: 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'WINDOWS-1252';
}

// The WHATWG TextDecoder of Node and browsers alike; core declares no platform's types.
type Decoder = new (label: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };
const TextDecoderOfPlatform = (globalThis as unknown as { TextDecoder: Decoder }).TextDecoder;

function decode(bytes: Uint8Array, label: string, fatal = false): string {
  return new TextDecoderOfPlatform(label, { fatal }).decode(bytes);
}

/** Most text in UTF-16 has a zero byte in every other position (ASCII characters). */
function utf16ByZeros(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  const sample = Math.min(bytes.length - (bytes.length % 2), 512);
  if (sample < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.1) return 'UTF-16LE';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.1) return 'UTF-16BE';
  return null;
}

export function decodeStatement(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: decode(bytes.subarray(3), 'utf-8'), encoding: 'UTF-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: decode(bytes.subarray(2), 'utf-16le'), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: decode(bytes.subarray(2), 'utf-16be'), encoding: 'UTF-16BE' };
  const utf16 = utf16ByZeros(bytes);
  if (utf16) return { text: decode(bytes, utf16.toLowerCase()), encoding: utf16 };
  // An OFX 1.x header: CHARSET:1252 (or ISO-8859-1) is single-byte whatever the bytes look like.
  const head = decode(bytes.subarray(0, 400), 'latin1');
  if (/^\s*OFXHEADER:/i.test(head) && /CHARSET:\s*(1252|ISO-8859-1|8859-1|WINDOWS-1252)/i.test(head)) {
    return { text: decode(bytes, 'windows-1252'), encoding: 'WINDOWS-1252' };
  }
  try {
    return { text: decode(bytes, 'utf-8', true), encoding: 'UTF-8' };
  } catch {
    return { text: decode(bytes, 'windows-1252'), encoding: 'WINDOWS-1252' };
  }
}
