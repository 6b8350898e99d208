/** Hebrew texts of the public board: its refusals (bad filters, search text, page address) and its pages. */
export const heBoard = {
  unknownBoard: 'הלוח המבוקש לא נמצא',
  badAddress: 'כתובת הלוח אינה תקינה. אפשר לחזור לרשימת הלוחות ולבחור לוח',
  badQuery: 'אחד הפרמטרים של החיפוש אינו תקין. אפשר לנקות את הסינון ולנסות שוב',
  unknownFilter: 'אחד הסינונים אינו קיים בלוח הזה. אפשר לנקות את הסינון ולנסות שוב',
  badFilterValue: (label: string) => `הערך שנבחר בסינון "${label}" אינו תקין`,
  filterNeedsParent: (label: string, parent: string) => `כדי לסנן לפי "${label}" יש לבחור קודם "${parent}"`,
  badRange: (label: string) => `בסינון "${label}" הערך "מ-" גדול מהערך "עד"`,
  searchTooLong: (max: number) => `טקסט החיפוש ארוך מדי: אפשר לחפש עד ${max} תווים`,
  badCursor: 'הקישור לעמוד הבא אינו תקין. אפשר לחזור לעמוד הראשון של הלוח',
  badPageSize: 'מספר המודעות בעמוד אינו תקין',

  /** Names of the families the category pickers do not name. */
  familyTitles: { 5: 'בעלי חיים', 100: 'עסקים ונותני שירות' } as Readonly<Record<number, string>>,
  /** Names of sub-category boards the pickers name otherwise (`cat/subcat`). */
  subBoardTitles: { '3/0': 'מוצרים', '3/2': 'עסקים וחנויות' } as Readonly<Record<string, string>>,

  // The pages.
  siteName: 'לוח המודעות',
  indexTitle: 'לוח המודעות: כל הלוחות',
  indexDescription:
    'כל לוחות המודעות באתר: נדל"ן, רכב, יד שנייה, בעלי חיים, לימודים, תיירות ועוד. בחרו לוח ומצאו מודעה.',
  indexHeading: 'לוח המודעות',
  indexLead: 'בחרו לוח כדי לראות את המודעות שפורסמו בו.',
  boardDescription: (title: string, total: number) =>
    total === 1 ? `מודעה אחת בלוח ${title}. סננו וחפשו מודעות.` : `${total} מודעות בלוח ${title}. סננו וחפשו מודעות.`,
  pageTitle: (title: string) => `${title} | לוח המודעות`,
  allBoards: 'כל הלוחות',
  wholeFamily: (title: string) => `כל ${title}`,
  subBoardsNav: 'לוחות משנה',
  breadcrumbs: 'מיקום בלוח',
  publish: 'פרסום מודעה',
  headerNav: 'ניווט ראשי',
  filtersHeading: 'סינון וחיפוש',
  moreFilters: (chosen: number) =>
    chosen === 0
      ? 'סינון המודעות'
      : chosen === 1
        ? 'סינון המודעות (סינון אחד נבחר)'
        : `סינון המודעות (${chosen} סינונים נבחרו)`,
  search: 'חיפוש חופשי',
  searchHint: 'מילים מהכותרת או מהתיאור',
  any: 'הכול',
  from: 'מ-',
  to: 'עד',
  rangeFrom: (label: string) => `${label}: מ-`,
  rangeTo: (label: string) => `${label}: עד`,
  chooseParentFirst: (parent: string) => `יש לבחור קודם ${parent} ולהחיל את הסינון`,
  apply: 'הצגת מודעות',
  clear: 'ניקוי הסינון',
  resultsHeading: 'מודעות',
  count: (n: number) => (n === 1 ? 'מודעה אחת' : `${n} מודעות`),
  more: 'עוד מודעות',
  firstPage: 'חזרה לעמוד הראשון',
  noPrice: 'מחיר לא צוין',
  shekels: (n: number) => `${n.toLocaleString('he-IL')} ₪`,
  vip: 'VIP',
  vipText: 'מודעת VIP',
  highlighted: 'מודעה מודגשת',
  noPhoto: 'אין תמונה',
  emptyTitle: 'עדיין אין כאן מודעות',
  emptyFiltered: 'לא נמצאו מודעות שמתאימות לסינון ולחיפוש. אפשר לנקות את הסינון או לנסות מילים אחרות.',
  emptyBoard: 'עוד לא פורסמו מודעות בלוח הזה. אפשר לפרסם כאן את המודעה הראשונה.',
  errorTitle: 'לא ניתן להציג את הלוח',
  notFoundTitle: 'הלוח לא נמצא',
  backToBoards: 'לכל הלוחות',
  ago: {
    now: 'לפני רגע',
    minutes: (n: number) => (n === 1 ? 'לפני דקה' : `לפני ${n} דקות`),
    hours: (n: number) => (n === 1 ? 'לפני שעה' : n === 2 ? 'לפני שעתיים' : `לפני ${n} שעות`),
    days: (n: number) => (n === 1 ? 'אתמול' : n === 2 ? 'לפני יומיים' : `לפני ${n} ימים`),
    months: (n: number) => (n === 1 ? 'לפני חודש' : n === 2 ? 'לפני חודשיים' : `לפני ${n} חודשים`),
  },
  published: 'פורסמה',
} as const;
