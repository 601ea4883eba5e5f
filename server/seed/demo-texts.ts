/**
 * The texts of the demo's events and bookings (server/seed/demo-events.ts): event titles,
 * specialists, customers' names, booking notes and the static pages, in English and Arabic.
 */
import { DAY, l, type L } from './demo-basics';

export const EVENT_TITLES: L[] = [
  l('Royal Wedding Showcase', 'معرض حفلات الزفاف الملكية'),
  l('Business Leaders Summit', 'قمة قادة الأعمال'),
  l('Gourmet Food Festival', 'مهرجان المأكولات الفاخرة'),
  l('Photography Masterclass', 'ورشة احتراف التصوير'),
  l('Interior Decoration Expo', 'معرض الديكور الداخلي'),
  l('Live Concert Night', 'ليلة الحفل الموسيقي'),
  l('Family Fun Day', 'يوم المرح العائلي'),
  l('Startup Pitch Evening', 'أمسية عروض الشركات الناشئة'),
  l('Spring Flower Market', 'سوق زهور الربيع'),
  l('Tech Innovation Forum', 'منتدى الابتكار التقني'),
  l('Kids Science Carnival', 'كرنفال العلوم للأطفال'),
  l('Heritage Night Market', 'سوق الليل التراثي'),
  l('Coffee Culture Week', 'أسبوع ثقافة القهوة'),
  l('Classic Car Parade', 'استعراض السيارات الكلاسيكية'),
  l('Wellness Retreat', 'ملتقى العافية'),
  l('Stand-up Comedy Gala', 'أمسية الكوميديا الارتجالية'),
];
export const SPECIALISTS: { name: L; role: L }[] = [
  { name: l('Dana Al-Harbi', 'دانة الحربي'), role: l('Event host', 'مقدمة الفعالية') },
  { name: l('Faisal Al-Qahtani', 'فيصل القحطاني'), role: l('Keynote speaker', 'المتحدث الرئيسي') },
  { name: l('Rania Saleh', 'رانيا صالح'), role: l('Head chef', 'رئيسة الطهاة') },
  { name: l('Tariq Mahmoud', 'طارق محمود'), role: l('Photographer', 'المصور') },
  { name: l('Huda Al-Otaibi', 'هدى العتيبي'), role: l('Decor designer', 'مصممة الديكور') },
  { name: l('Nabil Farouk', 'نبيل فاروق'), role: l('Sound engineer', 'مهندس الصوت') },
];
export const CUSTOMER_FIRST = [
  ['Ahmed', 'أحمد'],
  ['Fatimah', 'فاطمة'],
  ['Mohammed', 'محمد'],
  ['Noura', 'نورة'],
  ['Khalid', 'خالد'],
  ['Reem', 'ريم'],
  ['Abdullah', 'عبدالله'],
  ['Lama', 'لمى'],
  ['Saud', 'سعود'],
  ['Hessa', 'حصة'],
  ['Omar', 'عمر'],
  ['Maryam', 'مريم'],
  ['Yasser', 'ياسر'],
  ['Aisha', 'عائشة'],
  ['Hamad', 'حمد'],
  ['Sara', 'سارة'],
] as const;
export const CUSTOMER_LAST = [
  ['Al-Saud', 'آل سعود'],
  ['Al-Ghamdi', 'الغامدي'],
  ['Al-Zahrani', 'الزهراني'],
  ['Al-Mutairi', 'المطيري'],
  ['Al-Dosari', 'الدوسري'],
  ['Al-Shehri', 'الشهري'],
  ['Haddad', 'حداد'],
  ['Khoury', 'خوري'],
  ['Al-Amri', 'العمري'],
  ['Al-Maliki', 'المالكي'],
] as const;
export const NOTES = [
  'Wheelchair access requested.',
  'يرجى تخصيص مقاعد عائلية متجاورة.',
  'Corporate invoice to be sent by e-mail.',
  'سيصل العميل متأخرًا نصف ساعة.',
  'Vegetarian meals for two guests.',
];

/** The static pages, published some days before `now` (the FAQ a draft). */
export const PAGES = (now: Date) => [
  {
    slug: 'privacy-policy',
    title: l('Privacy policy', 'سياسة الخصوصية'),
    content: l(
      '<h2>Your privacy</h2><p>We collect only what we need to run your bookings: your name, e-mail address and phone number.</p><h3>What we keep</h3><ul><li>Booking details for seven years, as the law requires.</li><li>Payment references, never card numbers.</li></ul><p>Questions? Write to <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>',
      '<h2>خصوصيتك</h2><p>نجمع فقط ما نحتاجه لإدارة حجوزاتك: اسمك وبريدك الإلكتروني ورقم هاتفك.</p><h3>ما نحتفظ به</h3><ul><li>تفاصيل الحجز لمدة سبع سنوات كما يقتضي النظام.</li><li>مراجع الدفع فقط، ولا نحتفظ بأرقام البطاقات أبدًا.</li></ul><p>لديك سؤال؟ راسلنا على <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>',
    ),
    links: [],
    status: 'published',
    at: new Date(now.getTime() - 120 * DAY),
  },
  {
    slug: 'terms',
    title: l('Terms and conditions', 'الشروط والأحكام'),
    content: l(
      '<h2>Bookings</h2><p>A booking is confirmed once it is paid. Tickets are personal and <strong>non-transferable</strong>.</p><h2>Cancellations</h2><ol><li>Up to 7 days before the event: full refund.</li><li>Up to 48 hours before: 50% refund.</li><li>Later: no refund.</li></ol>',
      '<h2>الحجوزات</h2><p>يتأكد الحجز بعد الدفع. التذاكر شخصية و<strong>غير قابلة للتحويل</strong>.</p><h2>الإلغاء</h2><ol><li>قبل الفعالية بسبعة أيام أو أكثر: استرداد كامل.</li><li>قبلها بثمانٍ وأربعين ساعة: استرداد 50٪.</li><li>بعد ذلك: لا استرداد.</li></ol>',
    ),
    links: [],
    status: 'published',
    at: new Date(now.getTime() - 110 * DAY),
  },
  {
    slug: 'about',
    title: l('About us', 'من نحن'),
    content: l(
      '<p>We connect people with the best events and service providers across the Gulf and beyond.</p><blockquote>Every celebration deserves a great host.</blockquote>',
      '<p>نربط الناس بأفضل الفعاليات ومقدمي الخدمات في الخليج وخارجه.</p><blockquote>كل احتفال يستحق مضيفًا رائعًا.</blockquote>',
    ),
    links: [],
    status: 'published',
    at: new Date(now.getTime() - 100 * DAY),
  },
  {
    slug: 'social-links',
    title: l('Social links', 'روابط التواصل الاجتماعي'),
    content: l('', ''),
    links: [
      { name: l('Instagram', 'إنستغرام'), url: 'https://www.instagram.com/example' },
      { name: l('X (Twitter)', 'إكس (تويتر)'), url: 'https://x.com/example' },
      { name: l('YouTube', 'يوتيوب'), url: 'https://www.youtube.com/@example' },
      { name: l('Snapchat', 'سناب شات'), url: 'https://www.snapchat.com/add/example' },
    ],
    status: 'published',
    at: new Date(now.getTime() - 90 * DAY),
  },
  {
    slug: 'faq',
    title: l('Frequently asked questions', 'الأسئلة الشائعة'),
    content: l(
      '<h3>Can I change my booking?</h3><p>Yes, while it is pending. Contact the organiser for confirmed bookings.</p>',
      '<h3>هل يمكنني تعديل حجزي؟</h3><p>نعم، ما دام الحجز قيد الانتظار. تواصل مع المنظم بخصوص الحجوزات المؤكدة.</p>',
    ),
    links: [],
    status: 'draft',
    at: new Date(now.getTime() - 10 * DAY),
  },
];
