/**
 * Tourism (cat 10; the boards are the tourism picker's): regions of Israel as holiday-makers know them, the kinds of
 * unit each board lists, amenities and minimum stays, in Hebrew. Pure data; values are stable ids.
 */
type Entries = readonly (readonly [number, string])[];

export const TOURISM_REGIONS: Entries = [
  [1, 'גליל עליון'],
  [2, 'גליל מערבי'],
  [3, 'גליל תחתון'],
  [4, 'רמת הגולן'],
  [5, 'כנרת וטבריה'],
  [6, 'עמק יזרעאל והגלבוע'],
  [7, 'חיפה והכרמל'],
  [8, 'חוף הכרמל'],
  [9, 'השרון'],
  [10, 'תל אביב והמרכז'],
  [11, 'ירושלים והרי יהודה'],
  [12, 'השפלה'],
  [13, 'ים המלח'],
  [14, 'הנגב ומצפה רמון'],
  [15, 'הערבה'],
  [16, 'אילת'],
];

/** Unit types; `board` is the sub-category that lists them. */
export const UNIT_TYPES: readonly { value: number; text: string; board: number }[] = [
  { value: 101, text: 'צימר', board: 1 },
  { value: 102, text: 'סוויטה', board: 1 },
  { value: 103, text: 'בקתת עץ', board: 1 },
  { value: 104, text: 'יחידת אירוח במשק', board: 1 },
  { value: 201, text: 'וילה', board: 2 },
  { value: 202, text: 'וילה עם בריכה', board: 2 },
  { value: 203, text: 'בית נופש', board: 2 },
  { value: 204, text: 'חווה או מתחם לקבוצות', board: 2 },
  { value: 301, text: 'דירת נופש', board: 3 },
  { value: 302, text: 'סטודיו', board: 3 },
  { value: 303, text: 'דירת גן', board: 3 },
  { value: 401, text: 'חדר במלון', board: 4 },
  { value: 402, text: 'סוויטה במלון', board: 4 },
  { value: 403, text: 'חדר בבית הארחה', board: 4 },
  { value: 404, text: 'אכסניה', board: 4 },
  { value: 501, text: 'אוהל גלמפינג', board: 5 },
  { value: 502, text: 'קרוואן', board: 5 },
  { value: 503, text: 'חניון לילה', board: 5 },
  { value: 504, text: 'בקתת קמפינג', board: 5 },
];

export const AMENITIES: Entries = [
  [1, "ג'קוזי"],
  [2, 'בריכה פרטית'],
  [3, 'בריכה מחוממת'],
  [4, 'סאונה'],
  [5, 'מנגל ופינת ישיבה'],
  [6, 'נוף פתוח'],
  [7, 'מטבחון מאובזר'],
  [8, 'חניה'],
  [9, 'מתאים לילדים'],
  [10, 'מתאים לבעלי חיים'],
  [11, 'נגיש לנכים'],
  [12, 'אינטרנט אלחוטי'],
  [13, 'ארוחת בוקר'],
  [14, 'כשר'],
  [15, 'מיזוג אוויר'],
];

export const MIN_NIGHTS: Entries = [
  [1, 'לילה אחד'],
  [2, 'שני לילות'],
  [3, 'שלושה לילות'],
  [7, 'שבוע'],
];
