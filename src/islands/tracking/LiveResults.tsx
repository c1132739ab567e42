import { useEffect, useRef, useState } from 'react';
import type { TrackResult, TrackShipment } from '../../contract/tracking';
import { fill } from '../../i18n/fill';
import { ALERT_MILESTONE_ORDER, reachedMilestones } from './alert-check';
import type { TrackStrings } from './strings';
import TrackResults, { type TrackResultsProps } from './TrackResults';

/**
 * The results as the island shows them (loaded with its first answer): ./TrackResults.tsx with the
 * e-mail alerts of each found card, a button that opens their form inline. The form's code
 * (./AlertForm.tsx) is loaded when a button is first pressed; closed, a form keeps what was typed.
 */

type AlertForm = typeof import('./AlertForm').default;
let formModule: Promise<AlertForm> | undefined;
function loadForm(): Promise<AlertForm> {
  formModule ??= import('./AlertForm').then(
    (m) => m.default,
    (error: unknown) => {
      formModule = undefined; // a failed load is tried again with the next press
      throw error;
    },
  );
  return formModule;
}

interface Props extends Omit<TrackResultsProps, 'alerts'> {
  language: 0 | 1;
  /** The reference whose alert form opens with the results (?alert= from the results page's link). */
  autoOpen?: string | null;
}

export default function LiveResults({ language, autoOpen, ...props }: Props) {
  return <TrackResults {...props} alerts={(result, id) => <Alerts result={result} id={id} s={props.strings} language={language} autoOpen={autoOpen === result.reference} />} />;
}

interface AlertsProps {
  result: TrackResult & { shipment: TrackShipment };
  id: string;
  s: TrackStrings;
  language: 0 | 1;
  autoOpen: boolean;
}

function Alerts({ result, id, s, language, autoOpen }: AlertsProps) {
  const [Form, setForm] = useState<AlertForm | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const reached = reachedMilestones(result.shipment);
  const formId = `${id}-alert`;

  function toggle() {
    if (loading) return;
    if (Form) return setOpen((o) => !o);
    setLoading(true);
    setFailed(null);
    loadForm()
      .then((loaded) => {
        setForm(() => loaded);
        setOpen(true);
      })
      .catch((error: Error) => setFailed(fill(s['track.alert.failed'], { message: error.message })))
      .finally(() => setLoading(false));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the results the results page's link asked for
  useEffect(() => {
    if (autoOpen) toggle();
  }, []);

  // nothing left to be told of (everything has happened): no alerts to offer
  if (ALERT_MILESTONE_ORDER.every((m) => reached.has(m))) return null;
  return (
    <div className="track-alerts">
      <button
        ref={button}
        type="button"
        className="button secondary track-alerts-open"
        aria-expanded={open}
        aria-controls={Form ? formId : undefined}
        aria-busy={loading || undefined}
        onClick={toggle}
      >
        {loading && <span className="spinner" aria-hidden="true" />}
        {s['track.alert.open']}
      </button>
      {failed && (
        <p className="form-error" role="alert">
          {failed}
        </p>
      )}
      {Form && (
        <Form
          id={formId}
          open={open}
          reference={result.reference}
          shipment={result.shipment}
          reached={reached}
          s={s}
          language={language}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </div>
  );
}
