import { IMAGE_MAX_INPUT_PIXELS } from '@app/contract/media';
import type { PhoneErrorType } from '@app/contract/phones';

/** Every Hebrew text the server sends to users, in one place. */
export const he = {
  required: 'שדה חובה',
  invalidEmail: 'יש להזין כתובת דואר אלקטרוני תקינה',
  wrongCredentials: 'כתובת הדואר האלקטרוני או הסיסמה שגויים',
  accountBlocked: 'החשבון הזה נחסם. לבירור אפשר לפנות לשירות הלקוחות דרך עמוד צרו קשר',
  tooManyAttempts: (minutes: number) =>
    `בוצעו ניסיונות כניסה כושלים רבים. כדי להמשיך יש להקליד את הקוד שבתמונה, או לנסות שוב בעוד ${minutes} דקות`,
  captchaWrong: 'הקוד שבתמונה שגוי, נסו שוב',
  captchaExpired: 'הקוד שבתמונה פג תוקף',
  passwordPolicy: 'הסיסמה צריכה לכלול לפחות 6 תווים, אותיות באנגלית ולפחות ספרה אחת',
  passwordsDiffer: 'הסיסמאות אינן זהות',
  emailTaken: 'כתובת הדואר האלקטרוני כבר רשומה באתר. אפשר להתחבר או לשחזר את הסיסמה',
  nameTooLong: 'השם ארוך מדי',
  tooManyRegistrations: 'נרשמו מכתובת זו חשבונות רבים מדי. נסו שוב מאוחר יותר',
  forgotSent: 'אם הכתובת רשומה אצלנו, שלחנו אליה קוד אימות בן 5 ספרות. הקוד בתוקף ל-15 דקות',
  forgotNeedCaptcha: 'נשלחו בקשות רבות לשחזור סיסמה. יש להקליד את הקוד שבתמונה',
  codeWrong: (left: number) => `הקוד שהוזן שגוי. נותרו ${left} ניסיונות`,
  codeExhausted: 'הוזן קוד שגוי 5 פעמים. יש לבקש קוד חדש',
  codeTooManyForAccount: 'הוזנו יותר מדי קודים שגויים לחשבון הזה. אפשר לבקש קוד חדש מחר',
  codeTooManyFromAddress: 'הוזנו יותר מדי קודים שגויים מהרשת הזו. נסו שוב בעוד שעה',
  codeOk: 'הקוד אומת. אפשר לבחור סיסמה חדשה',
  resetExpired: 'תוקף הבקשה לשחזור הסיסמה פג. יש לבקש קוד חדש',
  passwordChanged: 'הסיסמה עודכנה בהצלחה',
  resetMailSubject: 'קוד לשחזור הסיסמה',
  resetMailText: (code: string, loginUrl: string) =>
    `שלום,\nקוד האימות לשחזור הסיסמה שלך הוא: ${code}\nהקוד בתוקף ל-15 דקות. אם לא ביקשת לשחזר את הסיסמה, אפשר להתעלם מהודעה זו.\nכניסה לאתר: ${loginUrl}`,
  csrf: 'הבקשה נחסמה מטעמי אבטחה. יש לרענן את הדף ולנסות שוב',
  serverError: 'אירעה שגיאה בשרת. נסו שוב מאוחר יותר',
  /** 503 while the server restarts (drain) or is overloaded; the answer carries Retry-After. */
  serviceUnavailable: 'השרת עמוס כרגע. נסו שוב בעוד כמה שניות',
  notFound: 'הדף או המשאב המבוקש לא נמצא',
  badRequest: 'הבקשה אינה תקינה',
  /** 413: a body over its route's limit (platform/http/unread-body.ts). */
  requestTooLarge: 'הבקשה גדולה מדי ולא התקבלה. יש לקצר את התוכן ולנסות שוב',
  unsupportedCharacters: 'הבקשה כוללת תווים שאינם נתמכים (כמו תו אפס). יש למחוק אותם ולנסות שוב',
  sandboxKeyNeeded: 'סביבת הבדיקות פתוחה רק עם מפתח סביבת הבדיקות שמודפס ביומן ההפעלה של השרת',
  loginNeeded: 'יש להתחבר כדי להמשיך',
  noCatalog: 'הקטגוריה שנבחרה אינה זמינה לפרסום',
  adNotFound: 'המודעה לא נמצאה',
  fieldErrors: 'יש לתקן את השדות המסומנים',
  plateNotFound: 'לא מצאנו את הדגם, בדקו את המספר ונסו שוב',
  /** The registry knows the car, our catalogue not its model (ours). */
  plateNotInCatalogue:
    'מצאנו את הרכב במאגר משרד התחבורה, אבל הדגם שלו עדיין לא ברשימה שלנו. אפשר לבחור את פרטי הרכב ידנית',
  /** The registry is slow or down (ours). */
  plateRegistryDown: 'מאגר הרכב של משרד התחבורה אינו זמין כרגע. אפשר לבחור את פרטי הרכב ידנית או לנסות שוב בעוד רגע',
  /** GET {gateway}/price-list/calculate-price: a query the price list cannot answer (400). */
  priceQueryInvalid: {
    subModel: 'אין מחירון לתת הדגם שנבחר',
    yearOnRoad: 'שנת העלייה לכביש אינה תקינה',
    monthOnRoad: 'חודש העלייה לכביש אינו תקין',
    kilometers: 'הקילומטראז׳ אינו תקין',
    owners: 'מספר הבעלים אינו תקין',
  },
  /** POST get-car-submodels: a sub-model filter that is not a value (a list, a fraction, an overlong text); 400. */
  subModelFilterInvalid: 'אחד מערכי הסינון של תתי הדגמים אינו תקין',
  savedNotPublished: 'המודעה נשמרה',
  tooLong: 'יותר מדי תווים',
  missingAddressSettlementRequired: 'ישוב שדה חובה',
  missingAddressFailed: 'שליחת הבקשה נכשלה, נסו שוב מאוחר יותר',
  imageType: 'הקובץ שנבחר אינו תמונה. אפשר להעלות תמונות מסוג JPG, PNG, WEBP או GIF',
  imageHeic: 'תמונות HEIC נשלחות אחרי שהדפדפן ממיר אותן ל-JPG. יש לבחור את התמונה שוב דרך הדף',
  imageTooLarge: 'התמונה גדולה מדי. אפשר להעלות תמונה של עד 15MB',
  imageTooManyPixels: `התמונה גדולה מדי (יותר מ-${IMAGE_MAX_INPUT_PIXELS / 1_000_000} מיליון פיקסלים). יש להקטין אותה ולנסות שוב`,
  imageBroken: 'לא הצלחנו לקרוא את התמונה. יש לבחור תמונה אחרת',
  imageSlot: 'מספר התמונה אינו תקין',
  imageMissing: 'לא נבחרה תמונה להעלאה',
  imageOrder: 'סדר התמונות אינו תקין. יש לרענן את הדף ולנסות שוב',
  videoTokenInvalid: 'הקישור להעלאת הסרטון אינו תקף או שפג תוקפו. יש לרענן את הדף ולנסות שוב',
  videoType: 'הקובץ שנבחר אינו סרטון. אפשר להעלות סרטון מסוג MP4, MOV או WebM',
  videoTooLarge: 'הסרטון גדול מדי. אפשר להעלות סרטון של עד 200MB',
  videoFailed: 'העלאת הסרטון נכשלה. אפשר לנסות שוב',
  videoOpenPerAd: 'למודעה הזו כבר פתוחות העלאות סרטון שלא הסתיימו. אפשר לחכות שיסתיימו, או לנסות שוב בעוד שעה',
  videoOpenPerCustomer: 'בחשבון פתוחות יותר מדי העלאות סרטון שלא הסתיימו. אפשר לחכות שיסתיימו, או לנסות שוב בעוד שעה',
  videoOpenBytes: 'הסרטונים שבהעלאה בחשבון גדולים מדי יחד. אפשר לחכות שההעלאות יסתיימו, או לנסות שוב בעוד שעה',
  videoNoRoom: 'אין כרגע מקום לסרטונים חדשים. אפשר להמשיך בלי סרטון ולהוסיף אותו מאוחר יותר',
  /** The upload page of the video host (the iframe). */
  videoPage: {
    title: 'העלאת סרטון',
    choose: 'בחירת סרטון',
    hint: 'קובץ MP4, MOV או WebM, עד 200MB',
    progressLabel: 'התקדמות ההעלאה',
    starting: 'מתחילים להעלות את הסרטון…',
    progress: 'הועלו {n}% מהסרטון',
    retrying: 'החיבור נקטע. ממשיכים את ההעלאה מהנקודה שבה נעצרה…',
    done: 'הסרטון הועלה',
  },
  analyticsEventName: 'שם האירוע אינו מוכר',
  analyticsBatch: 'רשימת האירועים אינה תקינה: יותר מדי אירועים או מאפיינים, או ערך ארוך מדי',
  analyticsTooMany: 'נשלחו אירועים רבים מדי. נסו שוב מאוחר יותר',
  /** The count calls' refusal of a query they cannot read (counts/routes.ts). */
  countsBadQuery: 'פרטי החיפוש אינם תקינים',
  /** The policy check's refusal of a request it cannot read (policy/routes.ts). */
  policyBadRequest: 'פרטי הבדיקה אינם תקינים',
  businessPackageNeeded: 'פרסום מודעה בעסקים למכירה מחייב חבילת פרסום לעסקים',
  vehicleTraderPartner: 'סוחרי רכב מפרסמים בקטגוריה זו באתר הרכב של שותפינו. מעבירים אתכם לשם',
  vehicleTraderPromotion: 'סוחרי רכב מפרסמים בקטגוריה זו דרך עמוד הקידום לעסקי רכב. מעבירים אתכם לשם',
  /** Phone verification: the texts of the spec's error types 1-19 (§8 gives none) and the messages. */
  phoneErrors: {
    1: 'שלחנו לחשבון שלך היום את מספר הודעות ה-SMS המרבי. אפשר לאמת את המספר בשיחה קולית או לנסות שוב מחר',
    2: 'נשלחו למספר הזה קודי אימות רבים מדי היום. נסו שוב מחר או בחרו מספר אחר',
    3: 'הוזנו בחשבון שלך קודי אימות שגויים רבים מדי. נסו שוב מאוחר יותר',
    4: 'המספר כבר אומת בחשבון שלך',
    5: 'קוד אימות נשלח למספר הזה לפני רגע. בדקו את ההודעות בטלפון, או בקשו שליחה חוזרת',
    6: 'שליחת קוד האימות נכשלה. נסו שוב בעוד כמה רגעים',
    7: 'ההודעה עם קוד האימות עדיין לא הגיעה לטלפון. אם לא תגיע בדקות הקרובות, אפשר לבקש שליחה חוזרת או שיחה קולית',
    8: 'אימות מספרי טלפון אינו זמין כרגע. נסו שוב מאוחר יותר',
    9: 'נשלחו מהחיבור שלך בקשות רבות מדי לקוד אימות. נסו שוב מאוחר יותר',
    10: 'הוזנו מהחיבור שלך קודי אימות רבים מדי. נסו שוב מאוחר יותר',
    11: 'לא ניתן לאמת את המספר הזה. לבירור אפשר לפנות לשירות הלקוחות',
    12: 'הגעת למספר הניסיונות המרבי. יש לבקש קוד חדש או לנסות שוב מאוחר יותר',
    13: 'אימות בשיחה קולית אינו זמין כרגע. אפשר לאמת את המספר בהודעת SMS',
    14: 'בוקשו מהחיבור שלך שיחות אימות רבות מדי. נסו שוב מאוחר יותר',
    15: 'בוצעו למספר הזה שיחות אימות רבות מדי. נסו שוב מאוחר יותר',
    16: 'בוקשו בחשבון שלך שיחות אימות רבות מדי. נסו שוב מאוחר יותר',
    17: 'הוזנו למספר הזה קודי אימות שגויים רבים מדי. נסו שוב מאוחר יותר',
    18: 'תוקף קוד האימות פג (הקוד בתוקף 10 דקות). יש לבקש קוד חדש',
    19: 'לא מצאנו בקשת אימות פתוחה של המספר הזה בחשבון שלך. יש לבקש קוד חדש',
  } satisfies Record<PhoneErrorType, string>,
  phoneCodeWrong: (left: number) =>
    left > 0 ? `קוד האימות שגוי. נותרו ${left} ניסיונות` : 'קוד האימות שגוי. יש לבקש קוד חדש',
  phoneLandlineSms: 'לטלפון נייח אי אפשר לשלוח SMS. אפשר לאמת אותו בשיחה קולית',
  phoneSmsText: (code: string) => `קוד האימות שלך הוא ${code}. הקוד בתוקף ל-10 דקות. אין למסור אותו לאיש.`,
  phoneIvrText: (code: string) =>
    `שלום, זו שיחת אימות מספר הטלפון. קוד האימות שלך הוא ${code.split('').join(' ')}. כדי לאשר את המספר יש להקיש 1.`,
  /** The test call of the test-report checkbox (our wording), through the ad's virtual number. */
  testCallText: (virtualPhone: string) =>
    `שלום, זו שיחת בדיקה מהמספר הווירטואלי ${virtualPhone} שלך: שיחות למודעה יגיעו אליך כך.`,
  phoneNotFound: 'המספר לא נמצא ברשימת הטלפונים שלך',
  /** save-ad: the phone field of a number this customer has not verified (an ad shows only verified numbers). */
  phoneNotVerified: 'יש לאמת את המספר בקוד שנשלח אליו לפני הפרסום',
  phoneDeactivated: 'המספר הזה מושבת ברשימת הטלפונים שלך. הפעילו אותו או בחרו מספר אחר',
  /** add-virtual: the provider could not give a virtual number. */
  virtualPhoneFailed: 'לא הצלחנו להקצות מספר וירטואלי כרגע. המספר שלך יוצג במודעה; אפשר לנסות שוב בעוד כמה דקות',
} as const;
