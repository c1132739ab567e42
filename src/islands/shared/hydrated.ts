import { useEffect, useState } from 'react';

/**
 * Whether the island has hydrated. A form's buttons stay disabled until then: a form sent by the
 * browser itself before React took it over would put its fields (an e-mail address, a password) in
 * the page's URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
