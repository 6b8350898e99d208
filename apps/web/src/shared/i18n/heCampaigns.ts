/**
 * The publish wizard's campaign cards (publish-wizard.md §3 "Campaign"), kept apart from he.ts. Spec text verbatim:
 * 'יש להכניס מספר רישוי תקני' (after-save-area.md §5 "Toyota plate"). A campaign's own texts come from the server.
 */
export const heCampaigns = {
  title: 'הצעות של שותפים',
  subtitle: 'רק מה שתסמנו יועבר, ורק אחרי שהמודעה תישמר.',
  plateLabel: 'מספר הרישוי של הרכב',
  plateHint: '7 או 8 ספרות, בלי מקפים',
  invalidPlate: 'יש להכניס מספר רישוי תקני',
} as const;
