import { useState } from 'react';
import { authCall, sayError, useHydrated } from './api';

/** Ends the session on the server, then goes to the sign-in page. */
export default function SignOut({ lang, s }: { lang: 'en' | 'zh'; s: Record<string, string> }) {
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="staff-signout"
        disabled={!hydrated}
        onClick={() =>
          authCall('/sign-out', {})
            .then(() => window.location.assign(`/${lang}/staff/sign-in`))
            .catch((e) => setError(sayError(e, s)))
        }
      >
        {s['staff.signOut']}
      </button>
      {error && (
        <span className="staff-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
