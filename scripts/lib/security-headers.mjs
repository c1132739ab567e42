// Security headers of every response of the site's server (scripts/start.mjs). The
// pages' own Content-Security-Policy (scripts and styles, with the hashes of their
// inline scripts) is the <meta> tag Astro writes; a meta policy cannot say who may
// frame the page, so the header adds frame-ancestors. Pages under a customDefine
// path are made to be embedded in other sites' frames: they alone may be framed.
// The API answers carry their own, stricter headers (src/server/app.ts), which
// replace these. A CDN in front of the static pages should send the same set.

/** Paths of the pages other sites may frame (deploy/nginx/render.mjs writes it into nginx's configuration). */
export const EMBEDDABLE_PATTERN = /(^|\/)customDefine(\/|$)/i;
/** Paths of the staff console's pages (the same in nginx's configuration). */
export const STAFF_PATTERN = /^\/(en|zh)\/staff(\/|$)/;
/** The public pages rendered on demand (the tracking results without JavaScript): Astro sends their policy as a header. */
export const PUBLIC_ON_DEMAND_PATTERN = /^\/(en|zh)\/home\/Track\/result\/?$/;

/** @param {string} pathname */
export function embeddable(pathname) {
  return EMBEDDABLE_PATTERN.test(pathname);
}

/** The staff console's pages (rendered on demand): never framed, by anyone. */
export function staffPath(pathname) {
  return STAFF_PATTERN.test(pathname);
}

/** A page rendered on demand whose own policy header (Astro's) replaces ours: the console's, and the public ones. */
export function ownPolicyPath(pathname) {
  return staffPath(pathname) || PUBLIC_ON_DEMAND_PATTERN.test(pathname);
}

/**
 * A page's own policy (Astro's, as a header on pages rendered on demand, which replaces ours) with
 * who may frame it added: the console's pages, no one; the public ones, the site itself.
 * @param {string} pathname @param {string} policy
 */
export function withFrameAncestors(pathname, policy) {
  if (!ownPolicyPath(pathname) || /frame-ancestors/.test(policy)) return policy;
  return `${policy.replace(/;\s*$/, '')}; frame-ancestors ${staffPath(pathname) ? "'none'" : "'self'"}`;
}

/** @param {string} pathname  @returns {Record<string, string>} */
export function securityHeaders(pathname) {
  const headers = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  if (staffPath(pathname)) {
    // the console holds a session: its window is kept from any other origin's (and their process)
    headers['cross-origin-opener-policy'] = 'same-origin';
    headers['content-security-policy'] = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";
    headers['x-frame-options'] = 'DENY';
  } else if (!embeddable(pathname)) {
    headers['content-security-policy'] = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'";
    headers['x-frame-options'] = 'SAMEORIGIN';
  }
  return headers;
}
