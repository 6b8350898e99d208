/**
 * Each route's title and meta description, in Hebrew: the server writes them into the page's head (search results
 * and link previews read the HTML, not the app), and the app sets them again as it moves between routes. The first
 * route whose pattern matches the path is the page's; the index's is the fallback.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME = 'לוח המודעות';

const PAGES: readonly (readonly [RegExp, PageMeta])[] = [
  [
    /^\/publish\/?$/,
    {
      title: 'פרסום מודעה חדשה',
      description:
        'פרסום מודעה בלוח: רכב, נדל"ן, יד שנייה, חיות מחמד, מורים פרטיים, חופשות ובייביסיטר. בוחרים קטגוריה, ממלאים פרטים ומפרסמים בכמה דקות.',
    },
  ],
  [
    /^\/edit\/\d+\/?$/,
    { title: 'עריכת מודעה', description: 'עריכת פרטי המודעה, התמונות ופרטי הקשר של מודעה שפרסמת בלוח.' },
  ],
  [
    /^\/finishArea\/?$/,
    { title: 'המודעה פורסמה', description: 'סיום פרסום המודעה: מצב המודעה, התשלום והצעדים הבאים לחיזוק החשיפה.' },
  ],
  [/^\/finishPayment(Area)?\/?$/, { title: 'תוצאת התשלום', description: 'תוצאת התשלום על מסלול הפרסום של המודעה.' }],
  [
    /^\/payment\/?$/,
    { title: 'תשלום על המודעה', description: 'תשלום מאובטח על מסלול הפרסום: בכרטיס אשראי או באפליקציית תשלום בנייד.' },
  ],
  [
    /^\/packages\/?$/,
    {
      title: 'חבילות פרסום',
      description: 'חבילות פרסום לעסקים ולמפרסמים פרטיים: כמה מודעות במחיר אחד, והשוואה בין המסלולים.',
    },
  ],
  [
    /^\/my-ads\/?$/,
    { title: 'המודעות שלי', description: 'כל המודעות שלך במקום אחד: מצב המודעה, המסלול, הימים שנותרו ושדרוגים.' },
  ],
  [
    /^\/contactus\/?$/,
    { title: 'צרו קשר', description: 'שאלה על מודעה, על תשלום או על החשבון? כתבו לנו ונחזור אליכם.' },
  ],
  [/^\/login\/?$/, { title: 'התחברות', description: 'התחברות לחשבון בלוח המודעות כדי לפרסם ולנהל מודעות.' }],
  [
    /^\/print\/carQR\/\d+\/?$/,
    { title: 'שלט למכירת הרכב', description: 'שלט להדפסה עם פרטי הרכב וקוד QR שמוביל למודעה.' },
  ],
  [/^\/operator(\/.*)?$/, { title: 'מסוף הצוות', description: 'מסוף הצוות של לוח המודעות.' }],
  [/^\/sandbox(\/.*)?$/, { title: 'סביבת הבדיקה', description: 'כלי הפיתוח של סביבת הבדיקה.' }],
];

const INDEX: PageMeta = {
  title: 'לוח המודעות',
  description: 'לוח המודעות: פרסום וניהול מודעות של רכב, נדל"ן, יד שנייה ועוד, בעברית ובקלות.',
};

/** The route's title and description, by its path (no query). */
export function pageMetaOf(pathname: string): PageMeta {
  return PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? INDEX;
}
