import { IMAGE_MAX_INPUT_PIXELS } from '@app/contract/media';

/**
 * The media step's words. Kept apart from he.ts so they load with the media step, not with the first screen.
 * Spec texts verbatim: 'מחבר תמונות למודעה', 'מעלה תמונה {n} מתוך {total}'.
 */
export const heMedia = {
  connecting: 'מחבר תמונות למודעה',
  uploadingOf: 'מעלה תמונה {n} מתוך {total}',
  choose: 'בחירת תמונות',
  chooseOne: 'בחירת תמונה',
  camera: 'צילום',
  /** The close button of a notice under the photos, named with the notice it closes. */
  dismissNotice: (text: string) => `סגירת ההודעה: ${text}`,
  dropHere: (cap: number) => (cap === 1 ? 'אפשר גם לגרור לכאן תמונה' : 'אפשר גם לגרור לכאן תמונות'),
  dropNow: (cap: number) => (cap === 1 ? 'שחררו כדי להוסיף את התמונה' : 'שחררו כדי להוסיף את התמונות'),
  capHint: (cap: number) => (cap === 1 ? 'תמונה אחת' : `עד ${cap} תמונות`),
  count: (n: number, cap: number) => `${n} מתוך ${cap}`,
  overCap: (ignored: number, cap: number) => {
    const allowed = cap === 1 ? 'אפשר להעלות תמונה אחת בלבד' : `אפשר להעלות עד ${cap} תמונות`;
    return ignored === 1 ? `${allowed}, ולכן תמונה אחת לא נוספה` : `${allowed}, ולכן ${ignored} תמונות לא נוספו`;
  },
  loadFailed: (name: string) => `לא הצלחנו לפתוח את התמונה "${name}", ולכן היא הוסרה`,
  cropFailed: (name: string) => `לא הצלחנו לחתוך את התמונה "${name}", ולכן היא הוסרה`,
  unsupported: (name: string) => `הקובץ "${name}" אינו תמונה, ולכן לא נוסף`,
  /** The server's refusal of a picture above its pixel cap, word for word (apps/server/src/i18n/messages.ts). */
  tooManyPixels: `התמונה גדולה מדי (יותר מ-${IMAGE_MAX_INPUT_PIXELS / 1_000_000} מיליון פיקסלים). יש להקטין אותה ולנסות שוב`,
  blank: (name: string) => `התמונה "${name}" נפתחה ריקה (שקופה, או כולה שחורה או לבנה), ולכן היא הוסרה`,
  refused: (name: string, reason: string) =>
    reason ? `התמונה "${name}" לא נשמרה: ${reason}` : `התמונה "${name}" לא נשמרה`,
  uploadFailed: 'חלק מהתמונות לא הועלו. בדקו את החיבור לאינטרנט ולחצו שוב על פרסום המודעה.',
  photoFallback: 'תמונה',
  alt: (base: string, n: number, total: number) => `${base}, תמונה ${n} מתוך ${total}`,
  altDefault: 'תמונת המודעה',
  main: 'תמונה ראשית',
  setMain: 'קביעה כתמונה ראשית',
  edit: 'עריכה',
  remove: 'מחיקה',
  retry: 'ניסיון חוזר',
  status: {
    preparing: 'מכינים את התמונה…',
    ready: 'ממתינה להעלאה',
    waitingLogin: 'תועלה אחרי ההתחברות',
    waitingLoginAll: 'התמונות יועלו אחרי ההתחברות',
    uploading: 'מעלה…',
    uploaded: 'הועלתה',
    failed: 'ההעלאה נכשלה',
  },
  reused: 'נראה שהתמונה הזו כבר מופיעה במודעה אחרת שלכם. תמונה עדכנית של הפריט עצמו מעוררת יותר אמון.',
  storiesFit: 'מתאימה לסטוריז',
  storiesHint: 'טיפ: תמונה אנכית של עד 5MB תוצג גם בסטוריז של המודעה.',
  storiesMore: 'מה זה סטוריז?',
  storiesTitle: 'תמונה לסטוריז',
  storiesText:
    'בסטוריז מוצגת תמונה אחת של המודעה לכל גובה המסך. כדי שהמודעה תופיע שם, הוסיפו תמונה אנכית (לאורך) בגודל של עד 5MB.',
  storiesOk: 'הבנתי',
  reorderHelp:
    'כדי לשנות את הסדר: הקישו על מקש הרווח כשהתמונה מסומנת, הזיזו אותה בחיצים והקישו על מקש הרווח שוב כדי להניח אותה. התמונה הראשונה היא התמונה הראשית.',
  listLabel: 'התמונות שנבחרו',
  moveHandle: (n: number) => `הזזת תמונה ${n}`,
  announce: {
    picked: (n: number) => `הרמתם את תמונה ${n}.`,
    over: (n: number, to: number) => `תמונה ${n} נמצאת עכשיו במקום ${to}.`,
    dropped: (n: number, to: number) => `תמונה ${n} הונחה במקום ${to}.`,
    cancelled: (n: number) => `ההזזה בוטלה. תמונה ${n} חזרה למקומה.`,
    mainSet: (n: number) => `תמונה ${n} היא עכשיו התמונה הראשית.`,
    removed: (name: string) => `התמונה "${name}" נמחקה.`,
  },
  editor: {
    title: 'עריכת תמונה',
    rotate: 'סיבוב',
    zoom: 'הגדלה',
    save: 'שמירה',
    cancel: 'ביטול',
    remove: 'מחיקת התמונה',
    help: 'גררו את התמונה כדי לבחור את החלק שיוצג, והגדילו או סובבו לפי הצורך.',
    loading: 'טוענים את התמונה…',
  },
  brief: (n: number) => (n === 1 ? 'תמונה אחת' : `${n} תמונות`),
  noPhotos: 'לא נבחרו תמונות',
  /** The video field: the upload iframe of our video host and what is around it. */
  video: {
    frameTitle: 'העלאת סרטון למודעה',
    add: 'העלאת סרטון',
    loading: 'טוען את העלאת הסרטון…',
    visitor: 'אפשר להוסיף סרטון אחרי ההתחברות לחשבון.',
    uploaded: 'הסרטון הועלה',
    remove: 'הסרת הסרטון',
    removing: 'מסיר את הסרטון…',
    removed: 'הסרטון הוסר. אפשר להעלות סרטון אחר.',
    removeFailed: 'הסרת הסרטון נכשלה. אפשר לנסות שוב.',
    failed: 'העלאת הסרטון נכשלה. אפשר לנסות שוב.',
    unavailable: 'העלאת סרטון אינה זמינה כרגע. אפשר להמשיך בלי סרטון ולהוסיף אותו מאוחר יותר.',
    retry: 'ניסיון נוסף',
  },
} as const;
