import { startAuthentication } from '@simplewebauthn/browser';
import { type SubmitEvent, useId, useRef, useState } from 'react';
import { authCall, sayError, useHydrated } from './api';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  /** Where to go once signed in (a console path). */
  next: string;
}

/**
 * Staff sign-in: e-mail and password, then the authenticator app's code (or a recovery code) when
 * the account has TOTP; or a passkey alone. Errors are said next to the form, in the page's language.
 */
export default function SignIn({ s, next }: Props) {
  const hydrated = useHydrated();
  const [step, setStep] = useState<'password' | 'totp' | 'recovery'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);

  const done = () => window.location.assign(next);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(sayError(e, s));
    } finally {
      setBusy(false);
    }
  };

  const onPassword = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      const answer = await authCall<{ twoFactorRedirect?: boolean }>('/sign-in/email', { email: String(form.get('email')), password: String(form.get('password')) });
      if (answer?.twoFactorRedirect) {
        setStep('totp');
        setTimeout(() => codeRef.current?.focus(), 0);
      } else done();
    });
  };

  const onCode = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    void run(async () => {
      await authCall(step === 'totp' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code', { code });
      done();
    });
  };

  const onPasskey = () =>
    void run(async () => {
      const options = await authCall<Parameters<typeof startAuthentication>[0]['optionsJSON']>('/passkey/generate-authenticate-options');
      const response = await startAuthentication({ optionsJSON: options });
      await authCall('/passkey/verify-authentication', { response });
      done();
    });

  const errorBox = error && (
    <p className="staff-error" role="alert" id={`${id}-error`}>
      {error}
    </p>
  );

  if (step !== 'password') {
    const recovery = step === 'recovery';
    return (
      <form method="post" className="staff-form" onSubmit={onCode} aria-describedby={error ? `${id}-error` : undefined}>
        <h2>{s['staff.totpTitle']}</h2>
        <p>{recovery ? s['staff.recoveryIntro'] : s['staff.totpIntro']}</p>
        <label htmlFor={`${id}-code`}>{recovery ? s['staff.recoveryCode'] : s['staff.totpCode']}</label>
        <input
          ref={codeRef}
          id={`${id}-code`}
          name="code"
          required
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          pattern={recovery ? undefined : '[0-9]{6}'}
          maxLength={recovery ? 32 : 6}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {errorBox}
        <button type="submit" disabled={!hydrated || busy}>
          {busy ? s['staff.signingIn'] : s['staff.verify']}
        </button>
        <button type="button" className="staff-link" onClick={() => setStep(recovery ? 'totp' : 'recovery')}>
          {recovery ? s['staff.useTotp'] : s['staff.useRecovery']}
        </button>
      </form>
    );
  }
  return (
    <div className="staff-signin">
      <form method="post" className="staff-form" onSubmit={onPassword}>
        <label htmlFor={`${id}-email`}>{s['staff.email']}</label>
        <input id={`${id}-email`} name="email" type="email" required autoComplete="username webauthn" aria-describedby={error ? `${id}-error` : undefined} />
        <label htmlFor={`${id}-password`}>{s['staff.password']}</label>
        <input id={`${id}-password`} name="password" type="password" required autoComplete="current-password" aria-describedby={error ? `${id}-error` : undefined} />
        {errorBox}
        <button type="submit" disabled={!hydrated || busy}>
          {busy ? s['staff.signingIn'] : s['staff.signIn']}
        </button>
      </form>
      <p className="staff-or">{s['staff.orPasskey']}</p>
      <button type="button" className="staff-secondary" onClick={onPasskey} disabled={!hydrated || busy}>
        {s['staff.signInPasskey']}
      </button>
    </div>
  );
}
