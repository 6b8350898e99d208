/**
 * The contact (login) step of every category (publish-wizard.md §2 "personal_publish_login", login area index 5;
 * after-save-area.md §3 "Phone fields", §4 "Phone confirmation", "Virtual number checkbox") and its edit variant
 * (personal_edit_login) that finishes and publishes an edit. The fields are the same in every category: the name
 * and the phone numbers shown in the ad, an optional second contact, the e-mail display choice, the virtual number
 * (with its test call) and weekend calls. The browser prefills them from the account and the customer's earlier ads (GET fields with
 * area=personal_publish_login); the server refuses a save whose phone numbers this customer has not verified.
 */
import { PHONE_PREFIXES } from '@app/contract/phones';
import type { FieldDef, StepDef } from '@app/form-engine/model';

/** The field ids the browser and the server look for (the spec's names where it has them). */
export const CONTACT_FIELDS = {
  name: 'contactName',
  phone1: 'validPhone1',
  person2: 'contactPerson2',
  phone2: 'validPhone2',
  showEmail: 'showEmail',
  virtualNum: 'virtual_num',
  virtualCanceled: 'virtual_num_canceled',
  testReport: 'testReport',
  weekendCalls: 'weekendCalls',
} as const;

/** The fields whose values come from the account and the customer's earlier ads. */
export const CONTACT_FIELD_IDS: readonly string[] = Object.values(CONTACT_FIELDS);

export const LOGIN_AREA = 'personal_publish_login';
export const EDIT_LOGIN_AREA = 'personal_edit_login';

/** Weekend calls (spec §9): Friday 14:00 to Saturday 23:59, Israel time. */
export const WEEKEND_CALLS_INFO =
  'כשהאפשרות מסומנת, המספר שלכם יוצג ויקבל שיחות גם בסוף השבוע: מיום שישי בשעה 14:00 ועד מוצאי שבת בשעה 23:59. כשהיא לא מסומנת, בשעות האלה יוצג במודעה שאפשר לפנות אליכם בהודעה.';

/** The test-report checkbox (our wording: the spec names it and nothing more). */
export const TEST_REPORT_LABEL = 'שיחת בדיקה: התקשרו אליי דרך המספר הווירטואלי כדי לוודא שהשיחות מגיעות אליי';

const checkbox = (id: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  type: 'checkbox',
  label,
  acceptedValues: '0,1',
  column: 1,
  ...extra,
});

/** A phone field (spec §3): the prefix list, phonePriority 1 (the primary phone) or 2 (the second contact's). */
const phoneField = (priority: 1 | 2): FieldDef => ({
  id: priority === 1 ? CONTACT_FIELDS.phone1 : CONTACT_FIELDS.phone2,
  type: 'tel',
  label: priority === 1 ? 'טלפון' : 'טלפון נוסף',
  isRequired: priority === 1,
  phonePriority: priority,
  phonePrefixes: [...PHONE_PREFIXES],
  dir: 'ltr',
  maxlength: 11,
  column: 1,
  priority: priority === 1 ? 2 : 4,
  accordionBrief: {},
});

export function contactFields(): FieldDef[] {
  return [
    {
      id: CONTACT_FIELDS.name,
      type: 'text',
      label: 'שם איש הקשר',
      isRequired: true,
      maxlength: 50,
      column: 1,
      priority: 1,
      accordionBrief: {},
    },
    phoneField(1),
    {
      id: CONTACT_FIELDS.person2,
      type: 'text',
      label: 'איש קשר נוסף (לא חובה)',
      maxlength: 50,
      column: 1,
      priority: 3,
    },
    phoneField(2),
    checkbox(CONTACT_FIELDS.showEmail, 'הצגת כתובת הדוא"ל שלי במודעה', { priority: 5 }),
    checkbox(CONTACT_FIELDS.virtualNum, 'הסתרת המספר שלי: הפניות יגיעו דרך מספר וירטואלי', {
      priority: 6,
      defaultValue: '1',
      tooltip: {
        before: 'המספר הווירטואלי מוצג במודעה במקום המספר שלכם ומעביר אליכם כל שיחה. כך המספר האמיתי שלכם נשאר פרטי.',
      },
    }),
    { id: CONTACT_FIELDS.virtualCanceled, type: 'hidden', defaultValue: '0', acceptedValues: '0,1' },
    // The spec's test-report checkbox (§4 says only that it flips 0/1); our reading: a test call to the real number
    // through the virtual number after the save (docs/ARCHITECTURE.md), so only beside a ticked virtual number.
    checkbox(CONTACT_FIELDS.testReport, TEST_REPORT_LABEL, {
      priority: 6,
      subPriority: 1,
      defaultValue: '0',
      showcond: { kind: 'field', field: CONTACT_FIELDS.virtualNum, values: ['1'] },
    }),
    checkbox(CONTACT_FIELDS.weekendCalls, 'קבלת שיחות גם בסוף השבוע', {
      priority: 7,
      defaultValue: '1',
      tooltip: { before: WEEKEND_CALLS_INFO },
    }),
  ];
}

export const loginStep = (): StepDef => ({
  area: LOGIN_AREA,
  title: 'פרטי יצירת קשר',
  subTitle: 'אלה פרטי הקשר שיוצגו במודעה',
  stepGroup: 'fillDetails',
  isLoginArea: true,
  check: true,
  showNavButtons: true,
  showBackButton: true,
  fields: contactFields(),
});

/** Edit mode: the same contact details, and the button that finishes the edit (order-edited). */
export const editLoginStep = (): StepDef => ({
  area: EDIT_LOGIN_AREA,
  title: 'פרטי יצירת קשר וסיום',
  subTitle: 'אלה פרטי הקשר שיוצגו במודעה. בסיום העריכה השינויים יפורסמו מיד.',
  stepGroup: 'fillDetails',
  isLoginArea: true,
  check: true,
  edit: true,
  showNavButtons: false,
  showBackButton: false,
  fields: contactFields(),
});
