// The firmware's text blob (firmware/build-tables.ts): every text one slice of one blob of 6-bit
// characters, a text inside another sharing its characters, texts that overlap sharing the overlap,
// each reference the text's offset (less TEXT_OFFSET_BIAS) and length.
import { describe, expect, it } from 'vitest';
import { BuildError, CHARACTER_BITS, TEXT_LENGTH_BITS, TEXT_OFFSET_BIAS, TextBlob, commandConstant } from '../../firmware/build-tables.ts';

/** The text a reference points at, read from the stored blob (CHARACTER_BITS bits a character). */
function textAt(blob: TextBlob, ref: number): string {
  const start = (ref >> TEXT_LENGTH_BITS) + TEXT_OFFSET_BIAS;
  const length = ref & ((1 << TEXT_LENGTH_BITS) - 1);
  const bytes = blob.bytes;
  let text = '';
  for (let k = start; k < start + length; k++) {
    const bit = k * CHARACTER_BITS;
    const code = (((bytes[bit >> 3] ?? 0) | ((bytes[(bit >> 3) + 1] ?? 0) << 8)) >> (bit & 7)) & ((1 << CHARACTER_BITS) - 1);
    text += blob.characters[code] ?? '?';
  }
  return text;
}

describe('the text blob', () => {
  it('gives each text a reference to its own bytes', () => {
    const texts = ['OK HELLO name=', 'EVT WAKE', 'ready', 'running'];
    const blob = new TextBlob(texts);
    for (const text of texts) expect(textAt(blob, blob.ref(text))).toBe(text);
  });

  it('stores a text that is part of another only once', () => {
    const blob = new TextBlob(['HELLO', 'OK HELLO name=', ' need=', 'OK STATUS need=']);
    expect(blob.text.length).toBe('OK HELLO name='.length + 'OK STATUS need='.length);
    expect(textAt(blob, blob.ref('HELLO'))).toBe('HELLO');
    expect(textAt(blob, blob.ref(' need='))).toBe(' need=');
  });

  it('stores once the characters that end one text and start another', () => {
    const texts = ['EVT BUZZ reason=', ' reason=missing', 'missing link'];
    const blob = new TextBlob(texts);
    expect(blob.text.length).toBe('EVT BUZZ reason=missing link'.length);
    for (const text of texts) expect(textAt(blob, blob.ref(text))).toBe(text);
  });

  it('puts the texts the code names first, in a blob as long', () => {
    const texts = ['a list entry of some length', 'another list entry', 'EVT WAKE', 'ERR state'];
    const plain = new TextBlob(texts);
    const early = new TextBlob(texts, ['EVT WAKE', 'ERR state']);
    expect(early.text.length).toBe(plain.text.length);
    expect(early.text.startsWith('EVT WAKE') || early.text.startsWith('ERR state')).toBe(true);
    for (const text of texts) expect(textAt(early, early.ref(text))).toBe(text);
  });

  it('stores each character in 6 bits, as its index in the table of the characters used', () => {
    const blob = new TextBlob(['ERR state sleep', 'EVT WAKE']);
    expect(blob.characters).toBe([...new Set('ERR state sleepEVT WAKE')].sort().join(''));
    expect(blob.bytes.length).toBe(Math.ceil((blob.text.length * CHARACTER_BITS) / 8) + 1);
  });

  it('refuses texts of more different characters than 6 bits number', () => {
    const many = Array.from({ length: 65 }, (_, i) => String.fromCharCode(32 + i));
    expect(() => new TextBlob(many).bytes).toThrow(BuildError);
  });

  it('refuses a text it was not given', () => {
    expect(() => new TextBlob(['ready']).ref('lost')).toThrow(BuildError);
  });

  it('names each command constant after its camelCase name', () => {
    expect(commandConstant('packBegin')).toBe('CMD_PACK_BEGIN');
    expect(commandConstant('hello')).toBe('CMD_HELLO');
  });
});
