import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import type { Account } from '../../staff/contract';
import { STAFF_ROLES, type StaffRole } from '../../staff/roles';
import { sayError, staffCall, useHydrated } from './api';
import { formatStaffTime } from './time';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  /** The admin's own address: no disabling oneself. */
  self: string;
}

type Row = z.infer<typeof Account>;

/** Admins: every account, invitations, roles, disabling. Each change is checked and audited by the server. */
export default function Accounts({ lang, s, self }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    staffCall<Row[]>('/accounts')
      .then(setRows)
      .catch((e) => setNote({ text: sayError(e, s), ok: false }));
  }, [s]);
  useEffect(load, [load]);

  const act = (work: () => Promise<string>) => {
    setBusy(true);
    setNote(null);
    work()
      .then((text) => {
        setNote({ text, ok: true });
        load();
      })
      .catch((e) => setNote({ text: sayError(e, s), ok: false }))
      .finally(() => setBusy(false));
  };

  const onInvite = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    act(async () => {
      const answer = await staffCall<{ email: string; expiresAt: string }>('/accounts/invite', {
        method: 'POST',
        body: { json: { email: String(form.get('email')), name: String(form.get('name')), role: String(form.get('role')) } },
      });
      target.reset();
      return s['staff.invited'].replace('{{email}}', answer.email).replace('{{time}}', formatStaffTime(answer.expiresAt, lang));
    });
  };
  const roleName = (role: string) => s[`staff.role.${role}`] ?? role;

  return (
    <div className="staff-accounts">
      <section aria-labelledby={`${id}-invite`}>
        <h2 id={`${id}-invite`}>{s['staff.invite']}</h2>
        <form method="post" className="staff-form staff-inline" onSubmit={onInvite}>
          <span>
            <label htmlFor={`${id}-email`}>{s['staff.email']}</label>
            <input id={`${id}-email`} name="email" type="email" required autoComplete="off" />
          </span>
          <span>
            <label htmlFor={`${id}-name`}>{s['staff.inviteName']}</label>
            <input id={`${id}-name`} name="name" maxLength={100} autoComplete="off" />
          </span>
          <span>
            <label htmlFor={`${id}-role`}>{s['staff.inviteRole']}</label>
            <select id={`${id}-role`} name="role" defaultValue="writer">
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </select>
          </span>
          <button type="submit" disabled={!hydrated || busy}>
            {s['staff.inviteSend']}
          </button>
        </form>
      </section>
      {note && (
        <p className={note.ok ? 'staff-ok' : 'staff-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{s['staff.accounts']}</h2>
        {!rows ? (
          <p aria-live="polite">{s['staff.loading']}</p>
        ) : (
          <div className="staff-table-wrap">
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{s['staff.colEmail']}</th>
                  <th scope="col">{s['staff.colName']}</th>
                  <th scope="col">{s['staff.colRole']}</th>
                  <th scope="col">{s['staff.colState']}</th>
                  <th scope="col">{s['staff.colFactors']}</th>
                  <th scope="col">{s['staff.colLastSeen']}</th>
                  <th scope="col">{s['staff.colActions']}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((a) => {
                  const state = a.disabled ? 'disabled' : a.passwordSet ? 'active' : 'invited';
                  const factors = [a.twoFactor ? 'TOTP' : '', a.passkeys ? `${a.passkeys} × passkey` : ''].filter(Boolean).join(', ') || s['staff.none'];
                  return (
                    <tr key={a.id}>
                      <th scope="row">{a.email}</th>
                      <td>{a.name}</td>
                      <td>
                        <select
                          aria-label={s['staff.changeRole'].replace('{{email}}', a.email)}
                          value={a.role}
                          disabled={!hydrated || busy || a.email === self}
                          onChange={(e) =>
                            act(async () => {
                              await staffCall('/accounts/role', { method: 'POST', body: { json: { email: a.email, role: e.target.value as StaffRole } } });
                              return `${a.email}: ${roleName(e.target.value)}`;
                            })
                          }
                        >
                          {STAFF_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {roleName(r)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>{s[`staff.state.${state}`]}</td>
                      <td>{factors}</td>
                      <td>{a.lastSeenAt ? formatStaffTime(a.lastSeenAt, lang) : s['staff.never']}</td>
                      <td className="staff-actions">
                        {a.email !== self && (
                          <button
                            type="button"
                            disabled={!hydrated || busy}
                            onClick={() => {
                              if (!a.disabled && !window.confirm(s['staff.confirmDisable'].replace('{{email}}', a.email))) return;
                              act(async () => {
                                await staffCall('/accounts/disable', { method: 'POST', body: { json: { email: a.email, disabled: !a.disabled } } });
                                return `${a.email}: ${s[`staff.state.${a.disabled ? 'active' : 'disabled'}`]}`;
                              });
                            }}
                          >
                            {a.disabled ? s['staff.enable'] : s['staff.disable']}
                          </button>
                        )}
                        {!a.disabled && (
                          <button
                            type="button"
                            disabled={!hydrated || busy}
                            onClick={() =>
                              act(async () => {
                                const answer = await staffCall<{ email: string; expiresAt: string }>('/accounts/reinvite', { method: 'POST', body: { json: { email: a.email } } });
                                return s['staff.invited'].replace('{{email}}', answer.email).replace('{{time}}', formatStaffTime(answer.expiresAt, lang));
                              })
                            }
                          >
                            {s['staff.resend']}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
