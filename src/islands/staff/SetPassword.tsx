import { useId, useState, type SubmitEvent } from 'react';
import { authCall, sayError, useHydrated } from './api';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  token: string | null;
}

/** Sets the password with the one-time token of an invitation or reset mail; the rules are said before and checked by the server. */
export default function SetPassword({ lang, s, token }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'password' | 'repeat' | null; text: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const id = useId();
  if (!token) return <p className="staff-error">{s['staff.noToken']}</p>;
  if (saved)
    return (
      <p className="staff-ok" role="status">
        {s['staff.passwordSaved']} <a href={`/${lang}/staff/sign-in`}>{s['staff.signIn']}</a>
      </p>
    );

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('repeat'))) return setError({ field: 'repeat', text: s['staff.mismatch'] });
    setBusy(true);
    setError(null);
    authCall('/reset-password', { token, newPassword: password })
      .then(() => setSaved(true))
      .catch((e) => setError({ field: 'password', text: sayError(e, s) }))
      .finally(() => setBusy(false));
  };
  const describedBy = (field: 'password' | 'repeat') => [`${id}-rules`, error?.field === field ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <form method="post" className="staff-form" onSubmit={onSubmit}>
      <p id={`${id}-rules`}>{s['staff.setPasswordIntro']}</p>
      <label htmlFor={`${id}-password`}>{s['staff.newPassword']}</label>
      <input
        id={`${id}-password`}
        name="password"
        type="password"
        required
        minLength={12}
        maxLength={128}
        autoComplete="new-password"
        aria-invalid={error?.field === 'password' || undefined}
        aria-describedby={describedBy('password')}
      />
      {error?.field === 'password' && (
        <p className="staff-error" role="alert" id={`${id}-error`}>
          {error.text}
        </p>
      )}
      <label htmlFor={`${id}-repeat`}>{s['staff.repeatPassword']}</label>
      <input id={`${id}-repeat`} name="repeat" type="password" required autoComplete="new-password" aria-invalid={error?.field === 'repeat' || undefined} aria-describedby={describedBy('repeat')} />
      {error?.field === 'repeat' && (
        <p className="staff-error" role="alert" id={`${id}-error`}>
          {error.text}
        </p>
      )}
      <button type="submit" disabled={!hydrated || busy}>
        {s['staff.savePassword']}
      </button>
    </form>
  );
}
