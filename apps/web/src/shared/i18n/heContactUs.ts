/** Texts of the contact-us page and the floating contact button; the form's own come from the server. */
export const heContactUs = {
  pageTitle: 'צרו קשר',
  loading: 'טוען את הטופס…',
  loadFailed: 'לא הצלחנו לטעון את טופס הפנייה.',
  reload: 'ניסיון נוסף',
  send: 'שליחת הפנייה',
  sending: 'שולחים…',
  fillAll: 'כדי לשלוח יש למלא את כל השדות בערכים תקינים.',
  fab: 'צרו קשר',
  fabLabel: 'צרו קשר עם שירות הלקוחות',
  fabRegion: 'שירות לקוחות',
} as const;
