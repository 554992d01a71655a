// The firmware's text blob (firmware/build-tables.ts): every text one slice of one ASCII blob, a
// text inside another sharing its bytes, texts that overlap sharing the overlap, each reference the
// text's offset and length.
import { describe, expect, it } from 'vitest';
import { BuildError, TEXT_LENGTH_BITS, TextBlob, commandConstant } from '../../firmware/build-tables.ts';

/** The text a reference points at. */
function textAt(blob: TextBlob, ref: number): string {
  const start = ref >>> TEXT_LENGTH_BITS;
  const length = ref & ((1 << TEXT_LENGTH_BITS) - 1);
  return String.fromCharCode(...blob.bytes.slice(start, start + length));
}

describe('the text blob', () => {
  it('gives each text a reference to its own bytes', () => {
    const texts = ['OK HELLO name=', 'EVT WAKE', 'ready', 'running'];
    const blob = new TextBlob(texts);
    for (const text of texts) expect(textAt(blob, blob.ref(text))).toBe(text);
  });

  it('stores a text that is part of another only once', () => {
    const blob = new TextBlob(['HELLO', 'OK HELLO name=', ' need=', 'OK STATUS need=']);
    expect(blob.bytes.length).toBe('OK HELLO name='.length + 'OK STATUS need='.length);
    expect(textAt(blob, blob.ref('HELLO'))).toBe('HELLO');
    expect(textAt(blob, blob.ref(' need='))).toBe(' need=');
  });

  it('stores once the characters that end one text and start another', () => {
    const texts = ['EVT BUZZ reason=', ' reason=missing', 'missing link'];
    const blob = new TextBlob(texts);
    expect(blob.bytes.length).toBe('EVT BUZZ reason=missing link'.length);
    for (const text of texts) expect(textAt(blob, blob.ref(text))).toBe(text);
  });

  it('refuses a text it was not given', () => {
    expect(() => new TextBlob(['ready']).ref('lost')).toThrow(BuildError);
  });

  it('names each command constant after its camelCase name', () => {
    expect(commandConstant('packBegin')).toBe('CMD_PACK_BEGIN');
    expect(commandConstant('hello')).toBe('CMD_HELLO');
  });
});
