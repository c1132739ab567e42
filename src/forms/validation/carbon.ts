/**
 * The rules of the carbon calculator's shipment forms (spec 001 §5 "Carbon
 * calculator"), in one plain module (no zod) that the island and the server share.
 * Each shipment is checked on its own: its own cities, its own amount (the old site
 * checked shipment 1's city flag for shipments 2 to 4; not here).
 *
 * A rule answers a message key of the dictionaries (src/i18n/dict, `carbon.err.*`).
 */

export const MAX_SHIPMENTS = 4;
export const CARGO_UNITS = ['TEU', 'TON'] as const;
export const CARGO_NATURES = ['Dry', 'Reefer'] as const;
export const FACTOR_TYPES = ['TTW', 'WTW'] as const;
export type CargoUnit = (typeof CARGO_UNITS)[number];
export type CargoNature = (typeof CARGO_NATURES)[number];
export type FactorTypeValue = (typeof FACTOR_TYPES)[number];

/** Largest amount accepted, in TEU or tonnes: more than any one booking. */
export const CARGO_MAX = 100_000;
/** City search starts when the text is longer than 2 characters; 2 Chinese characters are enough (上海). */
export const CITY_QUERY_MIN = 3;
export const CITY_QUERY_MAX = 60;
/** Wait after the last keystroke before searching. */
export const CITY_DEBOUNCE_MS = 300;

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Whether the typed text is long enough to search for cities. */
export function cityQueryReady(text: string): boolean {
  const t = text.trim();
  return [...t].length >= CITY_QUERY_MIN || (CJK.test(t) && [...t].length >= 2);
}

export const SHIPMENT_FIELDS = ['originLocationId', 'destinationLocationId', 'cargoWeightValue', 'cargoWeightUnit', 'cargoNature', 'factorType', 'token'] as const;
export type ShipmentField = (typeof SHIPMENT_FIELDS)[number];

export const CARBON_ERRORS = [
  'carbon.err.origin', // Please select Origin City from the list
  'carbon.err.destination', // Please select Destination City from the list
  'carbon.err.sameCity',
  'carbon.err.amount', // Please input Cargo Amount
  'carbon.err.amountFormat', // Please input number as Cargo Amount
  'carbon.err.amountRange',
  'carbon.err.unit',
  'carbon.err.nature',
  'carbon.err.factorType', // Please select Emission Type
  'carbon.err.token',
] as const;
export type CarbonError = (typeof CARBON_ERRORS)[number];

/** A location id: the country code, a hyphen and the city's name in lower-case letters (cn-shanghai). */
export const LOCATION_ID = /^[a-z]{2}-[a-z0-9-]{2,40}$/;
/** Digits and at most one decimal point (the spec: digits and dots only). */
export const AMOUNT = /^\d+(?:\.\d+)?$/;

export function checkAmount(value: string): CarbonError | null {
  const v = value.trim();
  if (!v) return 'carbon.err.amount';
  if (!AMOUNT.test(v)) return 'carbon.err.amountFormat';
  const n = Number(v);
  if (!(n > 0) || n > CARGO_MAX) return 'carbon.err.amountRange';
  return null;
}

export function checkCity(id: string | null | undefined, which: 'origin' | 'destination'): CarbonError | null {
  if (!id || !LOCATION_ID.test(id)) return which === 'origin' ? 'carbon.err.origin' : 'carbon.err.destination';
  return null;
}

export type ShipmentValues = Partial<Record<ShipmentField, string | null | undefined>>;

/** Every rule of one shipment; the token only when asked (the island adds it at submit time). */
export function validateShipment(values: ShipmentValues, options: { token?: boolean } = {}): Partial<Record<ShipmentField, CarbonError>> {
  const errors: Partial<Record<ShipmentField, CarbonError>> = {};
  const origin = checkCity(values.originLocationId, 'origin');
  if (origin) errors.originLocationId = origin;
  const destination = checkCity(values.destinationLocationId, 'destination');
  if (destination) errors.destinationLocationId = destination;
  if (!origin && !destination && values.originLocationId === values.destinationLocationId) errors.destinationLocationId = 'carbon.err.sameCity';
  const amount = checkAmount(values.cargoWeightValue ?? '');
  if (amount) errors.cargoWeightValue = amount;
  if (!CARGO_UNITS.includes(values.cargoWeightUnit as CargoUnit)) errors.cargoWeightUnit = 'carbon.err.unit';
  if (!CARGO_NATURES.includes(values.cargoNature as CargoNature)) errors.cargoNature = 'carbon.err.nature';
  if (!FACTOR_TYPES.includes(values.factorType as FactorTypeValue)) errors.factorType = 'carbon.err.factorType';
  if (options.token && !(values.token ?? '').trim()) errors.token = 'carbon.err.token';
  return errors;
}
