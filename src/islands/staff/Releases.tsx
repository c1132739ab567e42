import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { releaseCalls } from '../../releases/contract';
import { sayError, staffCall, useHydrated } from './api';
import { formatStaffTime } from './time';

type Listing = z.infer<typeof releaseCalls.list.answer>;
type Release = Listing['releases'][number];

/** The site's releases (admins): each one's time, what made it, what it adds and drops against the served one; serve another at once. */
export default function Releases({ lang, s }: { lang: 'en' | 'zh'; s: Record<string, string> }) {
  const hydrated = useHydrated();
  const [listing, setListing] = useState<Listing | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const language = lang === 'zh' ? 0 : 1;
  const time = (iso: string) => formatStaffTime(iso, lang);

  const load = () =>
    staffCall<Listing>('/releases')
      .then(setListing)
      .catch((e) => setNotice({ ok: false, text: sayError(e, s) }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; load is made on each render
  useEffect(() => void load(), []);

  const made = (r: Release) => {
    const m = r.madeBy;
    if (!m) return s['staff.releases.made.unknown'];
    if (m.kind === 'adopted') return s['staff.releases.made.adopted'];
    if (m.kind === 'publish') return s['staff.releases.made.publish'].replace('{{what}}', (m.reasons ?? []).join('; '));
    return s['staff.releases.made.nightly'];
  };
  const keys = (list: string[]) => (list.length > 6 ? `${list.slice(0, 6).join(', ')} … (${list.length})` : list.join(', '));
  const use = async (r: Release) => {
    if (!window.confirm(s['staff.releases.confirm'].replace('{{time}}', time(r.time)))) return;
    setBusy(true);
    setNotice(null);
    try {
      await staffCall('/releases/use', { method: 'POST', body: { json: { name: r.name } }, language });
      setNotice({ ok: true, text: s['staff.releases.done'].replace('{{time}}', time(r.time)) });
      await load();
    } catch (e) {
      setNotice({ ok: false, text: sayError(e, s) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="staff-releases">
      <p>{s['staff.releases.intro']}</p>
      {!listing && <p aria-live="polite">{s['staff.loading']}</p>}
      {listing && !listing.releases.length && <p>{s['staff.releases.none']}</p>}
      {listing && listing.releases.length > 0 && (
        <div className="staff-table-wrap">
          <table className="staff-table" data-releases>
            <thead>
              <tr>
                <th scope="col">{s['staff.releases.time']}</th>
                <th scope="col">{s['staff.releases.madeBy']}</th>
                <th scope="col">{s['staff.releases.against']}</th>
                <th scope="col">
                  <span className="sr-only">{s['staff.releases.action']}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...listing.releases].reverse().map((r) => (
                <tr key={r.name} data-release={r.name} data-served={r.served ? 'true' : undefined}>
                  <td>
                    {time(r.time)}
                    <br />
                    <code>{r.name}</code>
                  </td>
                  <td>{made(r)}</td>
                  <td>
                    {r.served ? (
                      <strong>{s['staff.releases.served'].replace('{{time}}', time(r.servedSince ?? r.time))}</strong>
                    ) : (
                      <>
                        {s['staff.releases.counts'].replace('{{adds}}', String(r.adds.length)).replace('{{drops}}', String(r.drops.length)).replace('{{changes}}', String(r.changes.length))}
                        {r.adds.length > 0 && <div>+ {keys(r.adds)}</div>}
                        {r.drops.length > 0 && <div>− {keys(r.drops)}</div>}
                        {r.changes.length > 0 && <div>~ {keys(r.changes)}</div>}
                      </>
                    )}
                  </td>
                  <td>
                    {!r.served && (
                      <button type="button" className="staff-secondary" disabled={!hydrated || busy} onClick={() => use(r)}>
                        {s['staff.releases.use']}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {listing?.lastSwitch && (
        <p data-last-switch>
          {s['staff.releases.lastSwitch']
            .replace('{{time}}', time(listing.lastSwitch.at))
            .replace('{{how}}', s[`staff.releases.how.${listing.lastSwitch.how}`] ?? listing.lastSwitch.how)
            .replace('{{by}}', listing.lastSwitch.by ?? '—')}
        </p>
      )}
      {notice && (
        <p className={notice.ok ? 'staff-ok' : 'staff-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
