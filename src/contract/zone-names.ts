/**
 * A time zone named by its city in the reader's language (docs/decisions/0026-venue-time-zones-and-date-pickers.md):
 * Arabic names for the zones of the region, the English city of the IANA name otherwise. Kept apart
 * from time-zones.ts: every screen that shows an event time needs only this.
 */
/** Arabic names of the region's zones' cities. */
const ARABIC_CITY: Readonly<Record<string, string>> = {
  'Asia/Riyadh': 'الرياض',
  'Asia/Dubai': 'دبي',
  'Asia/Qatar': 'قطر',
  'Asia/Kuwait': 'الكويت',
  'Asia/Bahrain': 'البحرين',
  'Asia/Muscat': 'مسقط',
  'Asia/Aden': 'عدن',
  'Asia/Baghdad': 'بغداد',
  'Asia/Amman': 'عمّان',
  'Asia/Damascus': 'دمشق',
  'Asia/Beirut': 'بيروت',
  'Asia/Gaza': 'غزة',
  'Africa/Cairo': 'القاهرة',
  'Africa/Khartoum': 'الخرطوم',
  'Africa/Tripoli': 'طرابلس',
  'Africa/Tunis': 'تونس',
  'Africa/Algiers': 'الجزائر',
  'Africa/Casablanca': 'الدار البيضاء',
  'Europe/Istanbul': 'إسطنبول',
  'Asia/Tehran': 'طهران',
  'Asia/Karachi': 'كراتشي',
  'Asia/Kolkata': 'كولكاتا',
  'Europe/London': 'لندن',
  'Europe/Paris': 'باريس',
  'Europe/Berlin': 'برلين',
};

/** The zone's city in the language ("Asia/Muscat" → "Muscat", "مسقط"). */
export function zoneCity(zone: string, language: 'en' | 'ar'): string {
  if (language === 'ar' && ARABIC_CITY[zone]) return ARABIC_CITY[zone];
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}
