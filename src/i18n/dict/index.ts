import coreEn from './en.json';
import coreZh from './zh.json';
import helpEn from './help.en.json';
import helpZh from './help.zh.json';
import searchEn from './search.en.json';
import searchZh from './search.zh.json';
import localEn from './local.en.json';
import localZh from './local.zh.json';
import sclEn from './scl.en.json';
import sclZh from './scl.zh.json';
import subscribeEn from './subscribe.en.json';
import subscribeZh from './subscribe.zh.json';
import staffEn from './staff.en.json';
import staffZh from './staff.zh.json';
import trackEn from './track.en.json';
import trackZh from './track.zh.json';
import alertsEn from './alerts.en.json';
import alertsZh from './alerts.zh.json';

/**
 * Interface strings, one pair of JSON files per area (flat dotted keys): the
 * core file (en.json / zh.json) and one file per feature area, merged here.
 * Keys must not repeat across files (a unit test checks it); the English set
 * defines the keys and the Chinese set must have every one of them.
 */
export const parts = {
  en: [coreEn, helpEn, searchEn, localEn, sclEn, subscribeEn, staffEn, trackEn, alertsEn],
  zh: [coreZh, helpZh, searchZh, localZh, sclZh, subscribeZh, staffZh, trackZh, alertsZh],
} as const;

export const en = { ...coreEn, ...helpEn, ...searchEn, ...localEn, ...sclEn, ...subscribeEn, ...staffEn, ...trackEn, ...alertsEn };
export const zh = { ...coreZh, ...helpZh, ...searchZh, ...localZh, ...sclZh, ...subscribeZh, ...staffZh, ...trackZh, ...alertsZh };
