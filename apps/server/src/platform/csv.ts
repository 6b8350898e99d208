import fs from 'node:fs';
/**
 * Parses RFC 4180 CSV (quoted fields, doubled quotes, a BOM) into rows of strings. A field is cut out of the text
 * in one slice (a quoted one in one slice per doubled quote), not built a character at a time: the streets file
 * (63,000 rows) parses in a fraction of the time and garbage.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = s.length;
  let row: string[] = [];
  let i = 0;
  while (i < n) {
    let field: string;
    if (s.charCodeAt(i) === QUOTE) {
      field = '';
      let from = i + 1;
      for (;;) {
        const q = s.indexOf('"', from);
        if (q === -1) {
          // An unclosed quote runs to the end of the text.
          field += s.slice(from);
          i = n;
          break;
        }
        field += s.slice(from, q);
        if (s.charCodeAt(q + 1) === QUOTE) {
          field += '"';
          from = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      // Anything after the closing quote up to the delimiter belongs to the field (as a lenient reader takes it).
      let j = i;
      while (j < n && !isDelimiter(s.charCodeAt(j))) j++;
      field += s.slice(i, j);
      i = j;
    } else {
      let j = i;
      while (j < n && !isDelimiter(s.charCodeAt(j))) j++;
      field = s.slice(i, j);
      i = j;
    }
    row.push(field);
    if (i >= n) break;
    const ch = s.charCodeAt(i);
    i++;
    if (ch === COMMA) {
      // A comma at the very end leaves one empty field.
      if (i >= n) row.push('');
      continue;
    }
    if (ch === CR && s.charCodeAt(i) === LF) i++;
    rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;
const isDelimiter = (c: number) => c === COMMA || c === LF || c === CR;

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
