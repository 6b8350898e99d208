/** An amount in agorot as the Hebrew texts write it: ₪99, ₪1,234.50. */
export const shekels = (agorot: number): string =>
  `₪${(agorot / 100).toLocaleString('he-IL', { minimumFractionDigits: agorot % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
