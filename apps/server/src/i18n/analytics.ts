/** Hebrew texts of the analysts' calls (the funnel, the phone spend). */
export const heAnalytics = {
  funnelRange: 'טווח התאריכים אינו תקין: יש לבחור תאריך התחלה לפני תאריך הסיום, לתקופה של שנה לכל היותר',
  badDay: 'התאריך אינו תקין',
} as const;
