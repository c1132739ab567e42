import { LANGUAGE_TAG, type Locale } from '../i18n/locales';

/**
 * The one units converter of the project. Content holds metric figures only
 * (the carriers' spec sheets are metric); imperial figures are computed from
 * them here, at build time, never typed twice.
 *
 * Exact factors (international yard and pound agreement, 1959):
 *   1 in  = 25.4 mm
 *   1 ft³ = 0.028316846592 m³ (= 0.3048³)
 *   1 lb  = 0.45359237 kg
 *
 * Rounding: half away from zero (for these positive figures: half up), applied
 * once to the converted value —
 *   mm → in   to 0.1 in   (5,898 mm = 232.2 in)
 *   m³ → ft³  to 0.1 ft³  (33.2 m³ = 1,172.4 ft³)
 *   kg → lb   to 1 lb     (28,250 kg = 62,281 lb)
 * Metric figures are shown as stored: mm and kg whole, m³ with one decimal.
 * The volume is converted from the stated cubic metres (33.2), not from the
 * product of the three inner dimensions, so both systems state the same figure.
 */

export const MM_PER_INCH = 25.4;
export const CUBIC_METRES_PER_CUBIC_FOOT = 0.028316846592;
export const KG_PER_POUND = 0.45359237;

export type UnitSystem = 'metric' | 'imperial';
export const UNIT_SYSTEMS: readonly UnitSystem[] = ['metric', 'imperial'];
export type Quantity = 'length' | 'volume' | 'mass';

/** Unit symbols per system. The old site spelt the imperial volume "pints"; it is cubic feet. */
export const UNIT_SYMBOL: Record<UnitSystem, Record<Quantity, string>> = {
  metric: { length: 'mm', volume: 'm³', mass: 'kg' },
  imperial: { length: 'in', volume: 'ft³', mass: 'lb' },
};

/** Decimals shown per quantity and system. */
export const DECIMALS: Record<UnitSystem, Record<Quantity, number>> = {
  metric: { length: 0, volume: 1, mass: 0 },
  imperial: { length: 1, volume: 1, mass: 0 },
};

/** Rounds half away from zero to `decimals` places, without binary floating-point surprises (1.005 → 1.01). */
export function round(value: number, decimals: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`cannot round ${value}`);
  const sign = value < 0 ? -1 : 1;
  const text = String(Math.abs(value));
  // shift by the decimal exponent (exact), unless the number is already in exponent form
  const shifted = text.includes('e') ? Math.abs(value) * 10 ** decimals : Number(`${text}e${decimals}`);
  return sign * (Math.round(shifted) / 10 ** decimals);
}

export const mmToInches = (mm: number): number => round(mm / MM_PER_INCH, DECIMALS.imperial.length);
export const cubicMetresToCubicFeet = (m3: number): number => round(m3 / CUBIC_METRES_PER_CUBIC_FOOT, DECIMALS.imperial.volume);
export const kgToPounds = (kg: number): number => round(kg / KG_PER_POUND, DECIMALS.imperial.mass);

/** Converts a metric figure of a quantity into the given system (metric: unchanged). */
export function convert(value: number, quantity: Quantity, system: UnitSystem): number {
  if (system === 'metric') return value;
  return quantity === 'length' ? mmToInches(value) : quantity === 'volume' ? cubicMetresToCubicFeet(value) : kgToPounds(value);
}

/** A number with the decimals of its quantity, digits grouped by language: 1172.4 → "1,172.4". */
export function formatQuantity(value: number, quantity: Quantity, system: UnitSystem, locale: Locale): string {
  const decimals = DECIMALS[system][quantity];
  return new Intl.NumberFormat(LANGUAGE_TAG[locale], { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** One size of a container type as the content states it: metric, mm / m³ / kg. */
export interface MetricSize {
  length: number;
  width: number;
  height: number;
  doorWidth?: number;
  doorHeight?: number;
  /** Null where a volume makes no sense (flat rack): shown as a slash. */
  volume: number | null;
  tare: number;
  /** One value, or two: the second is for units rated for a higher gross mass, marked # with a footnote. */
  payload: readonly [number] | readonly [number, number];
}

/** A figure ready to show: text without the unit, and the unit symbol. */
export interface DisplayFigure {
  value: number;
  text: string;
  unit: string;
}
/** A payload figure; `marked` is the second value of two (shown with # and the footnote). */
export interface DisplayPayload extends DisplayFigure {
  marked: boolean;
}
export interface DisplaySize {
  system: UnitSystem;
  length: DisplayFigure;
  width: DisplayFigure;
  height: DisplayFigure;
  doorWidth: DisplayFigure | null;
  doorHeight: DisplayFigure | null;
  /** Null: no volume (show SLASH). */
  volume: DisplayFigure | null;
  tare: DisplayFigure;
  payload: DisplayPayload[];
}

/** What a missing volume shows. */
export const SLASH = '/';

function figure(value: number, quantity: Quantity, system: UnitSystem, locale: Locale): DisplayFigure {
  const converted = convert(value, quantity, system);
  return { value: converted, text: formatQuantity(converted, quantity, system, locale), unit: UNIT_SYMBOL[system][quantity] };
}

/** Turns a metric size row into the figures shown for one unit system. */
export function displaySize(size: MetricSize, system: UnitSystem, locale: Locale): DisplaySize {
  const opt = (value: number | null | undefined, quantity: Quantity) => (value == null ? null : figure(value, quantity, system, locale));
  return {
    system,
    length: figure(size.length, 'length', system, locale),
    width: figure(size.width, 'length', system, locale),
    height: figure(size.height, 'length', system, locale),
    doorWidth: opt(size.doorWidth, 'length'),
    doorHeight: opt(size.doorHeight, 'length'),
    volume: opt(size.volume, 'volume'),
    tare: figure(size.tare, 'mass', system, locale),
    payload: size.payload.map((value, i) => ({ ...figure(value, 'mass', system, locale), marked: i === 1 })),
  };
}

/** A figure as one string with its unit ("232.2 in"), a missing one as the slash. */
export function figureText(f: DisplayFigure | null): string {
  return f ? `${f.text} ${f.unit}` : SLASH;
}

/** The payload as one string: "28,250 kg" or "28,250 kg / 30,280 kg#". */
export function payloadText(payload: DisplayPayload[]): string {
  return payload.map((p) => `${p.text} ${p.unit}${p.marked ? '#' : ''}`).join(' / ');
}

/** The default unit system of a language until the visitor chooses: metric in Chinese, imperial in English. */
export function defaultUnitSystem(locale: Locale): UnitSystem {
  return locale === 'zh' ? 'metric' : 'imperial';
}
