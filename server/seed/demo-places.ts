/**
 * The demo's masters (server/seed/demo-data.ts): categories, countries with their cities, and the
 * venues and streets its locations are named after.
 */
import { l, type L } from './demo-basics';

export const CATEGORIES: L[] = [
  l('Weddings', 'حفلات الزفاف'),
  l('Corporate Events', 'فعاليات الشركات'),
  l('Catering', 'خدمات الضيافة'),
  l('Photography', 'التصوير'),
  l('Decoration', 'الديكور والتزيين'),
  l('Sound & Lighting', 'الصوت والإضاءة'),
  l('Entertainment', 'الترفيه'),
  l('Venues', 'القاعات والأماكن'),
  l('Transport', 'النقل'),
  l('Flowers', 'الزهور'),
  l('Conferences', 'المؤتمرات'),
  l('Kids Parties', 'حفلات الأطفال'),
];

type CountrySeed = {
  name: L;
  iso: string;
  dial: string;
  active: boolean;
  cities: [string, string, number, number][];
};
export const COUNTRIES: CountrySeed[] = [
  {
    name: l('Saudi Arabia', 'المملكة العربية السعودية'),
    iso: 'SA',
    dial: '+966',
    active: true,
    cities: [
      ['Riyadh', 'الرياض', 24.7136, 46.6753],
      ['Jeddah', 'جدة', 21.4858, 39.1925],
      ['Mecca', 'مكة المكرمة', 21.3891, 39.8579],
      ['Medina', 'المدينة المنورة', 24.5247, 39.5692],
      ['Dammam', 'الدمام', 26.4207, 50.0888],
      ['Khobar', 'الخبر', 26.2172, 50.1971],
      ['Taif', 'الطائف', 21.2703, 40.4158],
      ['Abha', 'أبها', 18.2164, 42.5053],
      ['Tabuk', 'تبوك', 28.3835, 36.5662],
      ['Buraidah', 'بريدة', 26.326, 43.975],
    ],
  },
  {
    name: l('United Arab Emirates', 'الإمارات العربية المتحدة'),
    iso: 'AE',
    dial: '+971',
    active: true,
    cities: [
      ['Dubai', 'دبي', 25.2048, 55.2708],
      ['Abu Dhabi', 'أبوظبي', 24.4539, 54.3773],
      ['Sharjah', 'الشارقة', 25.3463, 55.4209],
      ['Ajman', 'عجمان', 25.4052, 55.5136],
      ['Al Ain', 'العين', 24.1302, 55.8023],
      ['Ras Al Khaimah', 'رأس الخيمة', 25.8007, 55.9762],
    ],
  },
  {
    name: l('Qatar', 'قطر'),
    iso: 'QA',
    dial: '+974',
    active: true,
    cities: [
      ['Doha', 'الدوحة', 25.2854, 51.531],
      ['Al Wakrah', 'الوكرة', 25.1659, 51.5976],
      ['Al Khor', 'الخور', 25.6804, 51.4969],
    ],
  },
  {
    name: l('Kuwait', 'الكويت'),
    iso: 'KW',
    dial: '+965',
    active: true,
    cities: [
      ['Kuwait City', 'مدينة الكويت', 29.3759, 47.9774],
      ['Hawalli', 'حولي', 29.3328, 48.0286],
      ['Al Ahmadi', 'الأحمدي', 29.0769, 48.0838],
    ],
  },
  {
    name: l('Bahrain', 'البحرين'),
    iso: 'BH',
    dial: '+973',
    active: true,
    cities: [
      ['Manama', 'المنامة', 26.2235, 50.5876],
      ['Muharraq', 'المحرق', 26.2572, 50.6119],
      ['Riffa', 'الرفاع', 26.13, 50.555],
    ],
  },
  {
    name: l('Oman', 'عُمان'),
    iso: 'OM',
    dial: '+968',
    active: true,
    cities: [
      ['Muscat', 'مسقط', 23.588, 58.3829],
      ['Salalah', 'صلالة', 17.0151, 54.0924],
      ['Sohar', 'صحار', 24.3643, 56.7468],
      ['Nizwa', 'نزوى', 22.9333, 57.5333],
    ],
  },
  {
    name: l('Egypt', 'مصر'),
    iso: 'EG',
    dial: '+20',
    active: true,
    cities: [
      ['Cairo', 'القاهرة', 30.0444, 31.2357],
      ['Alexandria', 'الإسكندرية', 31.2001, 29.9187],
      ['Giza', 'الجيزة', 30.0131, 31.2089],
      ['Luxor', 'الأقصر', 25.6872, 32.6396],
      ['Sharm El Sheikh', 'شرم الشيخ', 27.9158, 34.33],
    ],
  },
  {
    name: l('Jordan', 'الأردن'),
    iso: 'JO',
    dial: '+962',
    active: true,
    cities: [
      ['Amman', 'عمّان', 31.9454, 35.9284],
      ['Aqaba', 'العقبة', 29.532, 35.0063],
      ['Irbid', 'إربد', 32.5556, 35.85],
    ],
  },
  {
    name: l('United Kingdom', 'المملكة المتحدة'),
    iso: 'GB',
    dial: '+44',
    active: true,
    cities: [
      ['London', 'لندن', 51.5072, -0.1276],
      ['Manchester', 'مانشستر', 53.4808, -2.2426],
    ],
  },
  {
    name: l('Türkiye', 'تركيا'),
    iso: 'TR',
    dial: '+90',
    active: false,
    cities: [['Istanbul', 'إسطنبول', 41.0082, 28.9784]],
  },
];

export const VENUES: L[] = [
  l('Convention Centre', 'مركز المؤتمرات'),
  l('Exhibition Hall', 'قاعة المعارض'),
  l('Grand Ballroom', 'القاعة الكبرى'),
  l('Waterfront Park', 'حديقة الواجهة البحرية'),
  l('Cultural Centre', 'المركز الثقافي'),
  l('Sports Arena', 'الصالة الرياضية'),
  l('Garden Venue', 'حديقة الفعاليات'),
  l('Heritage Village', 'القرية التراثية'),
];
export const STREETS: L[] = [
  l('King Fahd Road', 'طريق الملك فهد'),
  l('Corniche Street', 'شارع الكورنيش'),
  l('Olaya Street', 'شارع العليا'),
  l('Sheikh Zayed Road', 'شارع الشيخ زايد'),
  l('Prince Sultan Street', 'شارع الأمير سلطان'),
];
/** Locations per city (by index in the flattened city list); the rest get one or none. */
export const LOCATIONS_PER_CITY = [
  8, 5, 2, 2, 3, 2, 1, 1, 1, 1, 6, 4, 2, 1, 1, 1, 3, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 0, 3, 2, 1, 1, 1, 2, 1,
  0, 1, 1, 0, 1,
];
