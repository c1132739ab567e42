import { startRegistration } from '@simplewebauthn/browser';
import { useId, useState, type SubmitEvent } from 'react';
import { encode } from 'uqr';
import { authCall, sayError, useHydrated } from './api';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  twoFactor: boolean;
  passkeys: number;
  /** Without a second factor the console offers nothing else: say so first. */
  needSecondFactor: boolean;
}

type Note = { section: 'totp' | 'passkey' | 'password'; text: string; ok: boolean } | null;

/** One's own account: the authenticator app (with recovery codes), passkeys, the password. */
export default function Security({ s, twoFactor: initialTotp, passkeys: initialPasskeys, needSecondFactor, lang }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const [totp, setTotp] = useState(initialTotp);
  const [passkeys, setPasskeys] = useState(initialPasskeys);
  const [enrol, setEnrol] = useState<{ uri: string; secret: string; codes: string[] } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);

  const run = (section: NonNullable<Note>['section'], work: () => Promise<string | null>) => {
    setBusy(true);
    setNote(null);
    work()
      .then((ok) => ok && setNote({ section, text: ok, ok: true }))
      .catch((e) => setNote({ section, text: sayError(e, s), ok: false }))
      .finally(() => setBusy(false));
  };
  const noteOf = (section: NonNullable<Note>['section']) =>
    note?.section === section && (
      <p className={note.ok ? 'staff-ok' : 'staff-error'} role={note.ok ? 'status' : 'alert'} id={`${id}-${section}-note`}>
        {note.text}
      </p>
    );

  const startTotp = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password'));
    run('totp', async () => {
      const answer = await authCall<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password });
      setEnrol({ uri: answer.totpURI, secret: new URL(answer.totpURI).searchParams.get('secret') ?? '', codes: answer.backupCodes });
      return null;
    });
  };
  const confirmTotp = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    run('totp', async () => {
      await authCall('/two-factor/verify-totp', { code });
      setTotp(true);
      setCodes(enrol?.codes ?? null);
      setEnrol(null);
      return null;
    });
  };
  const addPasskey = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name')).trim();
    run('passkey', async () => {
      const options = await authCall<Parameters<typeof startRegistration>[0]['optionsJSON']>('/passkey/generate-register-options');
      const response = await startRegistration({ optionsJSON: options });
      await authCall('/passkey/verify-registration', { response, name: name || undefined });
      setPasskeys((n) => n + 1);
      return s['staff.passkeyAdded'];
    });
  };
  const changePassword = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get('current'));
    const newPassword = String(form.get('new'));
    if (newPassword !== String(form.get('repeat'))) return setNote({ section: 'password', text: s['staff.mismatch'], ok: false });
    const target = event.currentTarget;
    run('password', async () => {
      await authCall('/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
      target.reset();
      return s['staff.passwordChanged'];
    });
  };

  return (
    <div className="staff-security">
      {needSecondFactor && !totp && !passkeys && (
        <p className="staff-warning" role="note">
          {s['staff.needSecondFactor']}
        </p>
      )}
      {needSecondFactor && (totp || passkeys > 0) && (
        <p className="staff-ok">
          <a href={`/${lang}/staff/`}>{s['staff.continue']}</a>
        </p>
      )}
      <section aria-labelledby={`${id}-totp`}>
        <h2 id={`${id}-totp`}>{s['staff.totpSection']}</h2>
        <p aria-live="polite">{totp ? s['staff.totpOn'] : s['staff.totpOff']}</p>
        {!totp && !enrol && (
          <form method="post" className="staff-form" onSubmit={startTotp}>
            <label htmlFor={`${id}-totp-password`}>{s['staff.totpConfirmPassword']}</label>
            <input id={`${id}-totp-password`} name="password" type="password" required autoComplete="current-password" aria-describedby={note?.section === 'totp' ? `${id}-totp-note` : undefined} />
            <button type="submit" disabled={!hydrated || busy}>
              {s['staff.totpSetUp']}
            </button>
          </form>
        )}
        {enrol && (
          <form method="post" className="staff-form" onSubmit={confirmTotp}>
            <p>{s['staff.totpScan']}</p>
            {/* the QR code of the otpauth URI, drawn here from the answer (nothing leaves the page) */}
            <QrCode text={enrol.uri} label={s['staff.totpScan']} />
            <p>
              {s['staff.totpKey']}: <code className="staff-key">{enrol.secret}</code>
            </p>
            <label htmlFor={`${id}-totp-code`}>{s['staff.totpCode']}</label>
            <input
              id={`${id}-totp-code`}
              name="code"
              required
              inputMode="numeric"
              pattern="[0-9]{6}"
              maxLength={6}
              autoComplete="one-time-code"
              aria-describedby={note?.section === 'totp' ? `${id}-totp-note` : undefined}
            />
            <button type="submit" disabled={!hydrated || busy}>
              {s['staff.verify']}
            </button>
          </form>
        )}
        {noteOf('totp')}
        {codes && (
          <div className="staff-codes">
            <h3>{s['staff.recoveryTitle']}</h3>
            <p>{s['staff.recoveryIntro']}</p>
            <ul lang="en">
              {codes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-passkey`}>
        <h2 id={`${id}-passkey`}>{s['staff.passkeySection']}</h2>
        <p>{passkeys ? s['staff.passkeyCount'].replace('{{count}}', String(passkeys)) : s['staff.passkeyNone']}</p>
        <form method="post" className="staff-form" onSubmit={addPasskey}>
          <label htmlFor={`${id}-passkey-name`}>{s['staff.passkeyName']}</label>
          <input id={`${id}-passkey-name`} name="name" maxLength={60} autoComplete="off" />
          <button type="submit" disabled={!hydrated || busy}>
            {s['staff.passkeyAdd']}
          </button>
        </form>
        {noteOf('passkey')}
      </section>

      <section aria-labelledby={`${id}-password`}>
        <h2 id={`${id}-password`}>{s['staff.passwordSection']}</h2>
        <form method="post" className="staff-form" onSubmit={changePassword} lang={lang === 'zh' ? 'zh-CN' : 'en-US'}>
          <label htmlFor={`${id}-pw-current`}>{s['staff.currentPassword']}</label>
          <input id={`${id}-pw-current`} name="current" type="password" required autoComplete="current-password" />
          <label htmlFor={`${id}-pw-new`}>{s['staff.newPassword']}</label>
          <input
            id={`${id}-pw-new`}
            name="new"
            type="password"
            required
            minLength={12}
            maxLength={128}
            autoComplete="new-password"
            aria-describedby={note?.section === 'password' ? `${id}-password-note` : undefined}
          />
          <label htmlFor={`${id}-pw-repeat`}>{s['staff.repeatPassword']}</label>
          <input id={`${id}-pw-repeat`} name="repeat" type="password" required autoComplete="new-password" />
          <button type="submit" disabled={!hydrated || busy}>
            {s['staff.changePassword']}
          </button>
        </form>
        {noteOf('password')}
      </section>
    </div>
  );
}

/** A QR code as SVG squares (uqr computes the modules). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { border: 2 });
  return (
    <svg className="staff-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={data.flatMap((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : ''))).join('')} fill="#000" />
    </svg>
  );
}
