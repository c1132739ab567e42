import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { ApiError, apiUrl, defaultTarget } from '../../contract/fetch';
import type { ApplicationDetail, MessageDetail } from '../../inbox/contract';
import { INBOX_STATUSES, type InboxBox } from '../../inbox/item';
import { sayError, staffCall, useHydrated } from './api';
import { formatStaffTime } from './time';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  box: InboxBox;
  id: string;
  /** Days after closing a message is deleted (RETENTION_MESSAGES_DAYS; 0: kept). */
  retentionDays: number;
}
type Message = z.infer<typeof MessageDetail>;
type Application = z.infer<typeof ApplicationDetail>;
type Item = Message | Application;

/**
 * One message or application: everything the visitor sent, shown as text (React escapes it; nothing
 * the visitor typed is ever markup); who handles it and its status, changed with the version read
 * (a change someone made first is said, with who and when); internal notes. A message has a
 * mailto: reply; an application its résumé, downloaded through the staff API, and a DOCX preview.
 */
export default function InboxItem({ lang, s, box, id, retentionDays }: Props) {
  const hydrated = useHydrated();
  const uid = useId();
  const [item, setItem] = useState<Item | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState('');
  const [note, setNote] = useState('');

  const load = useCallback(() => {
    setError(null);
    staffCall<Item>(`/inbox/${box}/${encodeURIComponent(id)}`, { language: lang === 'zh' ? 0 : 1 })
      .then((loaded) => {
        setItem(loaded);
        setAssignee(loaded.assignedTo ?? '');
        setStatus(loaded.status);
      })
      .catch((e) => setError(sayError(e, s)));
  }, [box, id, lang, s]);
  useEffect(load, [load]);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.code === '409' && e.detail && typeof e.detail === 'object' && 'by' in e.detail) {
      const d = e.detail as { by: string; at: string };
      setNotice({ ok: false, text: s['staff.inbox.conflict'].replace('{{who}}', d.by).replace('{{time}}', formatStaffTime(d.at, lang)) });
      return;
    }
    setNotice({ ok: false, text: sayError(e, s) });
  };
  const post = async (path: string, json: unknown) => {
    if (!item) return;
    setBusy(true);
    setNotice(null);
    try {
      await staffCall(`/inbox/${box}/${encodeURIComponent(item.id)}${path}`, { method: 'POST', body: { json }, language: lang === 'zh' ? 0 : 1 });
      setNotice({ ok: true, text: s['staff.inbox.saved'] });
      load();
      return true;
    } catch (e) {
      fail(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const onAssign = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void post('/assign', { version: item?.version, to: assignee || null });
  };
  const onStatus = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void post('/status', { version: item?.version, status });
  };
  const onNote = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await post('/notes', { text: note })) setNote('');
  };
  const showPreview = () => {
    setPreview(null);
    staffCall<{ html: string }>(`/inbox/applications/${encodeURIComponent(id)}/preview`, { language: lang === 'zh' ? 0 : 1 })
      .then((p) => setPreview(p.html))
      .catch((e) => setNotice({ ok: false, text: sayError(e, s) }));
  };

  if (error)
    return (
      <p className="staff-error" role="alert">
        {error}
      </p>
    );
  if (!item) return <p aria-live="polite">{s['staff.loading']}</p>;
  const row = (label: string, value: string | null | undefined, attrs: Record<string, string> = {}) => (
    <>
      <dt>{label}</dt>
      <dd {...attrs}>{value || '—'}</dd>
    </>
  );
  const time = (iso: string) => formatStaffTime(iso, lang);
  const message = item.kind !== 'application' ? (item as Message) : null;
  const application = item.kind === 'application' ? (item as Application) : null;
  const mailSaid = item.notifiedAt ? s['staff.inbox.mailSent'].replace('{{time}}', time(item.notifiedAt)) : s['staff.inbox.mailFailed'].replace('{{error}}', item.notifyError ?? '?');

  return (
    <div className="staff-inbox-item" data-item={item.id}>
      <p>
        <a href={`/${lang}/staff/inbox?box=${box}`}>{s['staff.inbox.back']}</a>
      </p>
      <h2>
        {s[`staff.inbox.kind.${item.kind}`]}: {item.name}
      </h2>
      <dl className="staff-facts">
        {row(s['staff.inbox.received'], time(item.receivedAt))}
        {row(s['staff.inbox.pageLanguage'], s[`staff.inbox.lang.${item.language}`])}
        {message && (
          <>
            {row(s['staff.inbox.region'], message.regionName ?? s['staff.inbox.noRegion'])}
            {row(s['staff.inbox.name'], message.name, { 'data-field': 'name' })}
            {row(s['staff.inbox.email'], message.email, { 'data-field': 'email' })}
            {row(s['staff.inbox.company'], message.company, { 'data-field': 'company' })}
            {row(s['staff.inbox.phone'], message.phone, { 'data-field': 'phone' })}
            {row(s['staff.inbox.wantsCall'], message.wantsCall ? s['staff.inbox.yes'] : s['staff.inbox.no'])}
            {row(s['staff.inbox.place'], message.place, { 'data-field': 'place' })}
          </>
        )}
        {application && (
          <>
            {row(s['staff.inbox.position'], application.position)}
            {row(s['staff.inbox.name'], application.name, { 'data-field': 'name' })}
            {row(s['staff.inbox.gender'], application.gender)}
            {row(s['staff.inbox.school'], application.school, { 'data-field': 'school' })}
            {row(s['staff.inbox.major'], application.major, { 'data-field': 'major' })}
            {row(s['staff.inbox.graduation'], application.graduation)}
          </>
        )}
        {row(s['staff.inbox.mail'], mailSaid, { 'data-field': 'mail' })}
      </dl>
      {message && (
        <>
          <h3>{s['staff.inbox.content']}</h3>
          <p className="staff-visitor-text" data-field="content">
            {message.content}
          </p>
          <p>
            <a className="staff-button" href={`mailto:${encodeURIComponent(message.email).replace('%40', '@')}?subject=${encodeURIComponent(s['staff.inbox.replySubject'])}`}>
              {s['staff.inbox.reply']}
            </a>
            <span className="staff-note">{s['staff.inbox.replyHint']}</span>
          </p>
        </>
      )}
      {application && (
        <>
          <h3>{s['staff.inbox.resume']}</h3>
          <p>
            <a className="staff-button" href={apiUrl(defaultTarget(), `/staff/inbox/applications/${encodeURIComponent(application.id)}/resume`, {}, lang === 'zh' ? 0 : 1)} download>
              {s['staff.inbox.download'].replace('{{name}}', application.resume.originalName).replace('{{size}}', String(Math.ceil(application.resume.size / 1024)))}
            </a>{' '}
            {application.resume.kind === 'docx' ? (
              <button type="button" className="staff-secondary" onClick={showPreview} disabled={!hydrated}>
                {s['staff.inbox.preview']}
              </button>
            ) : (
              <span className="staff-note">{s['staff.inbox.previewDocOnly']}</span>
            )}
          </p>
          {preview !== null && (
            <section className="staff-preview" aria-label={s['staff.inbox.previewTitle']}>
              <h4>{s['staff.inbox.previewTitle']}</h4>
              {/* mammoth's HTML, sanitized on the server with the site's allow-list (src/inbox/files.ts) */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server with the allow-list of pull-news */}
              <div dangerouslySetInnerHTML={{ __html: preview }} />
            </section>
          )}
        </>
      )}
      {notice && (
        <p className={notice.ok ? 'staff-ok' : 'staff-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}{' '}
          {!notice.ok && (
            <button type="button" className="staff-link" onClick={load}>
              {s['staff.inbox.reload']}
            </button>
          )}
        </p>
      )}
      <div className="staff-inline-forms">
        <form method="post" className="staff-form" onSubmit={onAssign}>
          <label htmlFor={`${uid}-assign`}>{s['staff.inbox.assign']}</label>
          <select id={`${uid}-assign`} value={assignee} onChange={(e) => setAssignee(e.currentTarget.value)}>
            <option value="">{s['staff.inbox.nobody']}</option>
            {item.assignable.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
          <button type="submit" disabled={!hydrated || busy}>
            {s['staff.inbox.assignSave']}
          </button>
        </form>
        <form method="post" className="staff-form" onSubmit={onStatus}>
          <label htmlFor={`${uid}-status`}>{s['staff.inbox.status']}</label>
          <select id={`${uid}-status`} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            {INBOX_STATUSES.map((st) => (
              <option key={st} value={st}>
                {s[`staff.inbox.status.${st}`]}
              </option>
            ))}
          </select>
          <button type="submit" disabled={!hydrated || busy}>
            {s['staff.inbox.statusSave']}
          </button>
          {item.closedAt && message && retentionDays > 0 && (
            <span className="staff-note">{s['staff.inbox.closedAt'].replace('{{time}}', time(item.closedAt)).replace('{{days}}', String(retentionDays))}</span>
          )}
        </form>
      </div>
      <h3>{s['staff.inbox.notes']}</h3>
      {item.notes.length === 0 && <p>{s['staff.inbox.noNotes']}</p>}
      <ul className="staff-notes">
        {item.notes.map((n) => (
          <li key={n.id}>
            <span className="staff-note">{s['staff.inbox.noteBy'].replace('{{who}}', n.by).replace('{{time}}', time(n.at))}</span>
            <p className="staff-visitor-text">{n.text}</p>
          </li>
        ))}
      </ul>
      <form method="post" className="staff-form" onSubmit={onNote}>
        <label htmlFor={`${uid}-note`}>{s['staff.inbox.noteText']}</label>
        <textarea id={`${uid}-note`} value={note} maxLength={4000} rows={3} onChange={(e) => setNote(e.currentTarget.value)} required />
        <button type="submit" disabled={!hydrated || busy}>
          {s['staff.inbox.addNote']}
        </button>
      </form>
    </div>
  );
}
