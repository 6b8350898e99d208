import fs from 'node:fs';
/** Parses RFC 4180 CSV (quoted fields, doubled quotes, a BOM) into rows of strings. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A CSV file with a header row, as one record per row by column name (a column the file lacks reads undefined). */
export function readCsvRecords(file: string): Record<string, string | undefined>[] {
  const [header = [], ...rows] = parseCsv(fs.readFileSync(file, 'utf8'));
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

/**
 * A cell as a spreadsheet reads it safely: one that starts with =, +, -, @ (or a tab or carriage return, which Excel
 * skips before such a sign) is a formula to Excel and to LibreOffice, so it gets a leading apostrophe and is read as
 * text (OWASP, "CSV injection"); a cell with a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Rows as a CSV file that Excel opens right: UTF-8 with a byte-order mark (without it Excel reads Hebrew as another
 * code page), lines ended by CRLF (RFC 4180), every cell through csvCell.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\ufeff${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
