import type { CarbonResult } from '../../contract/carbon';

type Leg = CarbonResult['maps'][number]['legs'][number];

/**
 * A route on real coastlines without a map library: the land is one static SVG in
 * longitude / latitude units (/maps/carbon/land.svg, Natural Earth 1:110m, drawn at
 * build time), placed as an <image> and cropped by this SVG's viewBox around the
 * route; the legs are drawn in the same units (x = lon × cos of the mid latitude, a
 * plate carrée stretched to keep shapes near the route's latitude; y = -lat). Paths
 * arrive continuous in longitude, so a trans-Pacific route is one piece.
 */
export const MODE_COLOUR: Record<Leg['mode'], string> = { Vessel: '#1363df', Feeder: '#0b7fb0', Rail: '#0f7a3b', Truck: '#c05f00' };

export default function RouteMap({ legs, landUrl, label }: { legs: Leg[]; landUrl: string; label: string }) {
  const points = legs.flatMap((l) => l.path);
  if (!points.length) return null;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  let [w, e, s, n] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const mid = Math.max(-70, Math.min(70, (s + n) / 2));
  const k = Math.max(0.35, Math.cos((mid * Math.PI) / 180));
  // padding, and at least a few degrees of context around a short route
  const padLon = Math.max((e - w) * 0.08, 3 / k);
  const padLat = Math.max((n - s) * 0.12, 3);
  w -= padLon;
  e += padLon;
  s = Math.max(-85, s - padLat);
  n = Math.min(85, n + padLat);
  // a 16:9 frame at least
  let width = (e - w) * k;
  let height = n - s;
  if (width / height < 16 / 9) {
    const grow = (height * 16) / 9 / k - (e - w);
    w -= grow / 2;
    e += grow / 2;
    width = (e - w) * k;
  } else {
    const grow = (width * 9) / 16 - height;
    s -= grow / 2;
    n += grow / 2;
    height = n - s;
  }
  const x = (lon: number) => (lon * k).toFixed(3);
  const y = (lat: number) => (-lat).toFixed(3);
  const copies = [-360, 0, 360].filter((shift) => shift - 180 < e && shift + 180 > w);
  const stops = [legs[0].path[0], ...legs.map((l) => l.path[l.path.length - 1])];
  return (
    <svg className="carbon-map" viewBox={`${x(w)} ${y(n)} ${width.toFixed(3)} ${height.toFixed(3)}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet">
      <rect x={x(w)} y={y(n)} width={width} height={height} fill="#f3f8fc" />
      {copies.map((shift) => (
        <image key={shift} href={landUrl} x={x(shift - 180)} y={-90} width={360 * k} height={180} preserveAspectRatio="none" />
      ))}
      {legs.map((leg, i) => (
        <polyline
          // biome-ignore lint/suspicious/noArrayIndexKey: a route's legs are in sailing order and never reordered
          key={i}
          points={leg.path.map((p) => `${x(p[0])},${y(p[1])}`).join(' ')}
          fill="none"
          stroke={MODE_COLOUR[leg.mode]}
          strokeWidth={2.5}
          strokeDasharray={leg.mode === 'Truck' ? '5 3' : leg.mode === 'Rail' ? '8 3 2 3' : undefined}
          strokeLinecap="round"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {stops.map((p, i) => (
        <circle
          // biome-ignore lint/suspicious/noArrayIndexKey: the stops of a route, in sailing order, never reordered
          key={i}
          cx={x(p[0])}
          cy={y(p[1])}
          r={Math.max(width, height) / 160}
          fill={i === 0 || i === stops.length - 1 ? '#0b2545' : '#fff'}
          stroke="#0b2545"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}
