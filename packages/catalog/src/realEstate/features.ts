/**
 * What a property has (checkboxes in the "property features" column). Each names where it applies:
 * `rentOnly` features are offered in rent ads only, `apartmentOnly` ones when the type is an apartment.
 */

export interface Feature {
  id: string;
  label: string;
  rentOnly?: boolean;
  apartmentOnly?: boolean;
}

export const RESIDENTIAL_FEATURES: readonly Feature[] = [
  { id: 'airConditioning', label: 'מיזוג אוויר' },
  { id: 'mamad', label: 'ממ"ד' },
  { id: 'elevator', label: 'מעלית', apartmentOnly: true },
  { id: 'bars', label: 'סורגים' },
  { id: 'accessible', label: 'גישה לנכים' },
  { id: 'renovated', label: 'משופצת' },
  { id: 'storage', label: 'מחסן' },
  { id: 'solarHeater', label: 'דוד שמש' },
  { id: 'sunBalcony', label: 'מרפסת שמש' },
  { id: 'pandorDoors', label: 'דלתות פנדור' },
  { id: 'kosherKitchen', label: 'מטבח כשר' },
  { id: 'furnished', label: 'מרוהטת' },
  { id: 'petsAllowed', label: 'מתאימה לבעלי חיים', rentOnly: true },
  { id: 'longTerm', label: 'לטווח ארוך', rentOnly: true },
];

export const COMMERCIAL_FEATURES: readonly Feature[] = [
  { id: 'airConditioning', label: 'מיזוג אוויר' },
  { id: 'elevator', label: 'מעלית' },
  { id: 'accessible', label: 'גישה לנכים' },
  { id: 'renovated', label: 'משופץ' },
  { id: 'kitchenette', label: 'מטבחון' },
  { id: 'restrooms', label: 'שירותים בנכס' },
  { id: 'shelter', label: 'ממ"ק/מקלט' },
  { id: 'storefront', label: 'חלון ראווה' },
  { id: 'loadingRamp', label: 'רמפת פריקה' },
  { id: 'separateEntrance', label: 'כניסה נפרדת' },
  { id: 'furnished', label: 'מרוהט' },
  { id: 'bars', label: 'סורגים' },
];
