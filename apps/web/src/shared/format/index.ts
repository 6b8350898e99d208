export { bdiParts } from './bdiParts.ts';
export { formatDateTime, formatIsraelDate } from './dateTime.ts';
export { htmlToText } from './htmlText.ts';
export { dashDateToSlashes, formatPrice } from './price.ts';
