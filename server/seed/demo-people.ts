/**
 * The names the demo's people and businesses are made of (server/seed/demo-data.ts), and the reasons
 * given for rejecting or blocking a provider.
 */
import { l, type L } from './demo-basics';

export const FIRST: L[] = [
  l('Ahmed', 'أحمد'),
  l('Mohammed', 'محمد'),
  l('Fatima', 'فاطمة'),
  l('Aisha', 'عائشة'),
  l('Khalid', 'خالد'),
  l('Noura', 'نورة'),
  l('Abdullah', 'عبدالله'),
  l('Maryam', 'مريم'),
  l('Hassan', 'حسن'),
  l('Huda', 'هدى'),
  l('Faisal', 'فيصل'),
  l('Reem', 'ريم'),
  l('Tariq', 'طارق'),
  l('Layan', 'ليان'),
  l('Saeed', 'سعيد'),
  l('Dana', 'دانة'),
  l('Majid', 'ماجد'),
  l('Lulwa', 'لولوة'),
  l('Nasser', 'ناصر'),
  l('Hind', 'هند'),
];
export const LAST: L[] = [
  l('Al-Harbi', 'الحربي'),
  l('Al-Qahtani', 'القحطاني'),
  l('Al-Otaibi', 'العتيبي'),
  l('Al-Mansouri', 'المنصوري'),
  l('Al-Shamsi', 'الشامسي'),
  l('Haddad', 'حداد'),
  l('Khoury', 'خوري'),
  l('Al-Zahrani', 'الزهراني'),
  l('Al-Dosari', 'الدوسري'),
  l('Saleh', 'صالح'),
  l('Al-Kuwari', 'الكواري'),
];
export const BRANDS: L[] = [
  l('Al Noor', 'النور'),
  l('Golden Palm', 'النخلة الذهبية'),
  l('Desert Rose', 'وردة الصحراء'),
  l('Blue Pearl', 'اللؤلؤة الزرقاء'),
  l('Falcon', 'الصقر'),
  l('Oasis', 'الواحة'),
  l('Crescent', 'الهلال'),
  l('Majestic', 'الفخامة'),
  l('Silver Star', 'النجمة الفضية'),
  l('Royal Touch', 'اللمسة الملكية'),
  l('Sands', 'الرمال'),
  l('Lantern', 'الفانوس'),
  l('Cedar', 'الأرز'),
  l('Horizon', 'الأفق'),
];
export const KINDS: L[] = [
  l('Wedding Planners', 'لتنظيم حفلات الزفاف'),
  l('Events', 'للفعاليات'),
  l('Catering', 'للضيافة'),
  l('Studio', 'للتصوير'),
  l('Decor', 'للديكور'),
  l('Sound & Light', 'للصوت والإضاءة'),
  l('Entertainment', 'للترفيه'),
  l('Venues', 'للقاعات'),
  l('Transport', 'للنقل'),
  l('Florists', 'للزهور'),
  l('Conferences', 'للمؤتمرات'),
  l('Kids Parties', 'لحفلات الأطفال'),
];
export const REJECTIONS = [
  'The commercial registration has expired.',
  'The trade licence does not match the business name.',
  'Documents are unreadable; please upload clear copies.',
];
export const BLOCKS = ['Repeated customer complaints about no-shows.', 'Payment disputes under review.'];
