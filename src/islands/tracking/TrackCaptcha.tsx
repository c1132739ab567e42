import { useEffect, useRef, useState } from 'react';
import { CaptchaField, useCaptcha } from '../shared/form-parts';
import type { TrackStrings } from './strings';

/**
 * Over RATE_LIMIT_TRACK the tracking call asks for a captcha (code 429): its picture from
 * /public/captcha/new, a box for its characters and a button that tracks again with them
 * (captchaCode and captchaSign). Loaded by ./TrackSearch.tsx with the first such answer; a new
 * picture with every refusal (the island mounts a fresh one), the API's words above it.
 */

interface Props {
  language: 0 | 1;
  s: TrackStrings;
  /** Tracking again is under way. */
  busy: boolean;
  /** The visitor's own search asked for it: focus goes to the box. */
  focus: boolean;
  onSolved(captcha: { code: string; sign: string }): void;
}

export default function TrackCaptcha({ language, s, busy, focus, onSolved }: Props) {
  const captcha = useCaptcha(language, s['track.captcha.failed']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the captcha is shown
  useEffect(() => {
    if (focus) input.current?.focus();
  }, []);
  return (
    <form
      className="track-captcha"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (!code.trim()) {
          setError(s['forms.err.code']);
          input.current?.focus();
          return;
        }
        if (!captcha.sign) return captcha.reload();
        onSolved({ code: code.trim(), sign: captcha.sign });
      }}
    >
      <CaptchaField
        id="track-captcha"
        value={code}
        error={error}
        captcha={captcha}
        strings={s}
        inputRef={input}
        onChange={(value) => {
          setCode(value);
          if (error && value.trim()) setError(null);
        }}
        onBlur={() => {}}
      />
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? s['track.tracking'] : s['track.captcha.again']}
        </button>
      </div>
    </form>
  );
}
