/** The Hebrew texts of the plan step's side flows (brokers, commercial payment, packages, campaigns, my ads). */
export const planExtrasHe = {
  required: 'שדה חובה',
  invalidEmail: 'יש להזין כתובת דואר אלקטרוני תקינה',
  invalidDealer: 'מספר עוסק מורשה או ח.פ. אינו תקין',
  tooLong: 'יותר מדי תווים',
  /** Spec §5 phone number text, verbatim. */
  invalidPhone: 'המספר אינו תקין',
  notConnected: 'יש להתחבר כדי לראות את החבילות',
  unknownBrokers: 'אחד המתווכים שנבחרו אינו זמין למודעה זו',
  brokersNotOffered: 'העברת פרטים למתווכים זמינה רק למודעות דירות למכירה',
  unknownCampaigns: 'אחד המבצעים שנבחרו אינו זמין למודעה זו',
  /** after-save-area.md §5 "Toyota plate", verbatim. */
  invalidPlate: 'יש להכניס מספר רישוי תקני',
  badList: 'הבקשה אינה תקינה',
  /** A title for an ad whose values name nothing better. */
  adTitle: (id: number) => `מודעה מספר ${id}`,
} as const;
