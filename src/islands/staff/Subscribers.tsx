import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { sayError, staffCall, useHydrated } from './api';
import { formatStaffTime } from './time';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  /** Admins may look a subscriber up by address and delete them; others see the counts only. */
  mayLookUp: boolean;
}
type Counts = { total: number; rows: { language: string; important: number; business: number; port: number; subscribers: number }[] };
type Subscriber = { id: string; email: string; name: string; company: string; language: string; createdAt: string; important: number; business: number; port: number };

/** Newsletter subscribers: counts per language and choice (no addresses); for admins, one subscriber by address, and its deletion. */
export default function Subscribers({ lang, s, mayLookUp }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const [counts, setCounts] = useState<Counts | null>(null);
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Subscriber | null | undefined>(undefined);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const language = lang === 'zh' ? 0 : 1;

  const loadCounts = () =>
    staffCall<Counts>('/privacy/subscribers/counts')
      .then(setCounts)
      .catch((e) => setNotice({ ok: false, text: sayError(e, s) }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; loadCounts is made on each render
  useEffect(() => void loadCounts(), []);

  const onFind = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    try {
      setFound(await staffCall<Subscriber | null>('/privacy/subscribers', { query: { email: email.trim() }, language }));
    } catch (e) {
      setNotice({ ok: false, text: sayError(e, s) });
    }
  };
  const onDelete = async () => {
    if (!found || !window.confirm(s['staff.subscribers.confirmDelete'].replace('{{email}}', found.email))) return;
    try {
      await staffCall('/privacy/subscribers/delete', { method: 'POST', body: { json: { email: found.email } }, language });
      setNotice({ ok: true, text: s['staff.subscribers.deleted'] });
      setFound(undefined);
      void loadCounts();
    } catch (e) {
      setNotice({ ok: false, text: sayError(e, s) });
    }
  };
  const freq = (n: number) => s[`staff.subscribers.freq.${n}`] ?? String(n);

  return (
    <div className="staff-subscribers">
      <h2>{s['staff.subscribers.counts']}</h2>
      {!counts && <p aria-live="polite">{s['staff.loading']}</p>}
      {counts && (
        <>
          <p>{s['staff.subscribers.total'].replace('{{count}}', String(counts.total))}</p>
          <div className="staff-table-wrap">
            <table className="staff-table" data-subscriber-counts>
              <thead>
                <tr>
                  <th scope="col">{s['staff.subscribers.language']}</th>
                  <th scope="col">{s['staff.subscribers.important']}</th>
                  <th scope="col">{s['staff.subscribers.business']}</th>
                  <th scope="col">{s['staff.subscribers.port']}</th>
                  <th scope="col">{s['staff.subscribers.count']}</th>
                </tr>
              </thead>
              <tbody>
                {counts.rows.map((r) => (
                  <tr key={`${r.language}-${r.important}-${r.business}-${r.port}`}>
                    <td>{r.language}</td>
                    <td>{freq(r.important)}</td>
                    <td>{freq(r.business)}</td>
                    <td>{freq(r.port)}</td>
                    <td>{r.subscribers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {mayLookUp && (
        <>
          <h2>{s['staff.subscribers.lookup']}</h2>
          <form method="post" className="staff-form" onSubmit={onFind}>
            <label htmlFor={`${id}-email`}>{s['staff.privacy.email']}</label>
            <input id={`${id}-email`} type="email" required maxLength={200} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <button type="submit" disabled={!hydrated}>
              {s['staff.privacy.find']}
            </button>
          </form>
          {found === null && <p>{s['staff.subscribers.none']}</p>}
          {found && (
            <p data-subscriber>
              {found.email} · {found.name} · {found.company} · {found.language} · {s['staff.subscribers.since'].replace('{{time}}', formatStaffTime(found.createdAt, lang))}{' '}
              <button type="button" className="staff-secondary" onClick={onDelete} disabled={!hydrated}>
                {s['staff.subscribers.delete']}
              </button>
            </p>
          )}
        </>
      )}
      {notice && (
        <p className={notice.ok ? 'staff-ok' : 'staff-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
