import { useId, useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { apiUrl, defaultTarget } from '../../contract/fetch';
import type { SubjectFindings } from '../../inbox/contract';
import { sayError, staffCall, useHydrated } from './api';
import { formatStaffTime } from './time';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
}
type Findings = z.infer<typeof SubjectFindings>;
type Erased = { messages: number; applications: number; subscriptions: number; trackingAlerts: number; files: number };

const fill = (template: string, values: Record<string, string | number>) => Object.entries(values).reduce((t, [k, v]) => t.replaceAll(`{{${k}}}`, String(v)), template);

/** A data-subject request (admin): everything under one address, listed; exported as one zip; deleted, after a confirmation. Each step is audited on the server. */
export default function Privacy({ lang, s }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [asked, setAsked] = useState<{ email: string; name: string } | null>(null);
  const [found, setFound] = useState<Findings | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const language = lang === 'zh' ? 0 : 1;

  const find = async (q: { email: string; name: string }) => {
    setBusy(true);
    setFound(null);
    try {
      setFound(await staffCall<Findings>('/privacy/subject', { query: { email: q.email, name: q.name || undefined }, language }));
      setAsked(q);
    } catch (e) {
      setNotice({ ok: false, text: sayError(e, s) });
    } finally {
      setBusy(false);
    }
  };
  const onFind = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    void find({ email: email.trim(), name: name.trim() });
  };
  const onDelete = async () => {
    if (!asked || !window.confirm(fill(s['staff.privacy.confirmDelete'], { email: asked.email }))) return;
    setBusy(true);
    try {
      const erased = await staffCall<Erased>('/privacy/subject/delete', { method: 'POST', body: { json: { email: asked.email, name: asked.name || undefined, confirm: true } }, language });
      setNotice({ ok: true, text: fill(s['staff.privacy.deleted'], { ...erased, alerts: erased.trackingAlerts }) });
      setFound(null);
    } catch (e) {
      setNotice({ ok: false, text: sayError(e, s) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="staff-privacy">
      <p>{s['staff.privacy.intro']}</p>
      <form method="post" className="staff-form" onSubmit={onFind}>
        <label htmlFor={`${id}-email`}>{s['staff.privacy.email']}</label>
        <input id={`${id}-email`} type="email" required maxLength={200} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <label htmlFor={`${id}-name`}>{s['staff.privacy.name']}</label>
        <input id={`${id}-name`} type="text" maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <button type="submit" disabled={!hydrated || busy}>
          {s['staff.privacy.find']}
        </button>
      </form>
      {notice && (
        <p className={notice.ok ? 'staff-ok' : 'staff-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {found && asked && (
        <section data-findings>
          <p role="status">
            {fill(s['staff.privacy.found'], {
              messages: found.messages.length,
              applications: found.applications.length,
              subscriptions: found.subscriptions.length,
              alerts: found.trackingAlerts.length,
            })}
          </p>
          <ul>
            {found.messages.map((m) => (
              <li key={m.id}>
                <a href={`/${lang}/staff/inbox/item?box=messages&id=${m.id}`}>{formatStaffTime(m.receivedAt, lang)}</a> · {s[`staff.inbox.kind.${m.kind}`]} · {m.name} · {m.excerpt}
              </li>
            ))}
            {found.applications.map((a) => (
              <li key={a.id}>
                <a href={`/${lang}/staff/inbox/item?box=applications&id=${a.id}`}>{formatStaffTime(a.receivedAt, lang)}</a> · {s['staff.inbox.kind.application']} · {a.name} · {a.position} (
                {s[`staff.privacy.matchedBy.${a.matchedBy}`]})
              </li>
            ))}
            {found.subscriptions.map((sub) => (
              <li key={sub.id}>
                {s['staff.subscribers']} · {sub.email} · {sub.language} · {fill(s['staff.subscribers.since'], { time: formatStaffTime(sub.createdAt, lang) })}
              </li>
            ))}
            {found.trackingAlerts.map((a) => (
              <li key={a.id}>
                {s['staff.privacy.trackingAlert']} · {a.reference} · {a.milestones.join(', ')} · {fill(s['staff.privacy.alertEnds'], { time: formatStaffTime(a.endsAt, lang) })}
              </li>
            ))}
          </ul>
          <p className="staff-actions">
            <a className="staff-button" href={apiUrl(defaultTarget(), '/staff/privacy/subject/export', { email: asked.email, name: asked.name || undefined })} download>
              {s['staff.privacy.export']}
            </a>
            <button type="button" onClick={onDelete} disabled={!hydrated || busy}>
              {s['staff.privacy.delete']}
            </button>
          </p>
        </section>
      )}
    </div>
  );
}
