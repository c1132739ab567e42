import { describe, expect, it } from 'vitest';
import { markedMessage, markerOf, reconcile } from '../../scripts/lib/marked-messages.mjs';

/** The rule of the kill tests and the load bench's run through nginx: answered 200 means stored, once. */
describe('marked messages', () => {
  it('carry their marker in the text the database keeps', () => {
    const form = markedMessage({ marker: 'kill-17', sign: 'v1.x', code: 'E2E7' });
    expect(markerOf(form.get('content')!)).toBe('kill-17');
    expect(form.get('sign')).toBe('v1.x');
    expect(() => markedMessage({ marker: 'a b', sign: '', code: '' })).toThrow(/marker/);
  });

  it('reconcile: lost, duplicated and stored without an answer', () => {
    const text = (marker: string) => markedMessage({ marker, sign: '', code: '' }).get('content')!;
    const stored = ['a-1', 'a-2', 'a-2', 'a-4'].map(text).concat('a message without a marker');
    expect(reconcile(['a-1', 'a-2', 'a-3'], stored)).toEqual({ answered: 3, stored: 3, lost: ['a-3'], duplicated: ['a-2'], unanswered: ['a-4'] });
    expect(reconcile([], [])).toEqual({ answered: 0, stored: 0, lost: [], duplicated: [], unanswered: [] });
  });
});
