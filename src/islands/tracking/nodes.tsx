import { Fragment, type ReactNode } from 'react';

/**
 * fill() (src/i18n/fill.ts) whose values may be elements: a dictionary sentence with a link or a
 * <time> in it, so that each language keeps its own word order around them.
 */
export function fillNodes(text: string, values: Record<string, ReactNode>): ReactNode {
  return text.split(/({{\w+}})/).map((part, i) => {
    const name = /^{{(\w+)}}$/.exec(part)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
    return <Fragment key={i}>{name ? (values[name] ?? '') : part}</Fragment>;
  });
}
