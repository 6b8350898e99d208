const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY HH:MM in local time (ENGINEERING §5: build it, he-IL Intl gives dots). '' for a bad date. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
