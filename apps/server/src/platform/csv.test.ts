import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from './csv.ts';

describe('parseCsv', () => {
  it.each([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      '\ufeffid,name\r\n1,"תל אביב - יפו"\r\n',
      [
        ['id', 'name'],
        ['1', 'תל אביב - יפו'],
      ],
    ],
    ['x,"a, b","say ""hi"""\n', [['x', 'a, b', 'say "hi"']]],
    ['1,,3', [['1', '', '3']]],
  ])('parses %j', (text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });
  it('reads back every table toCsv writes: commas, quotes, line breaks and empty cells anywhere', () => {
    // A fixed-seed generator: the same thousand tables each run.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pieces = ['א', 'b', ',', '"', '\n', 'b\r\n', ' ', '', '""', 'תל אביב - יפו'];
    for (let t = 0; t < 1000; t++) {
      const width = 1 + Math.floor(next() * 4);
      const rows = Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
        Array.from({ length: width }, () =>
          Array.from({ length: Math.floor(next() * 4) }, () => pieces[Math.floor(next() * pieces.length)]).join(''),
        ),
      );
      // A lone empty cell is an empty line, which reads as no cells at all: give such rows a second cell.
      const table = rows.map((r) => (r.length === 1 && r[0] === '' ? ['', 'x'] : r));
      // csvCell guards formulas with an apostrophe; no cell here starts with =, +, -, @ or a carriage return.
      expect(parseCsv(toCsv(table))).toEqual(table);
    }
  });
});

describe('toCsv', () => {
  it('writes a byte-order mark, CRLF lines and quoted cells, and reads back as it was written', () => {
    const rows = [
      ['מספר', 'פרטים'],
      ['1', 'שם: דנה, טלפון: 050-1234567\nעיר: "חיפה"'],
    ];
    const text = toCsv(rows);
    expect(text.startsWith('\ufeffמספר,פרטים\r\n')).toBe(true);
    expect(text.endsWith('"\r\n')).toBe(true);
    expect(text).toContain('"שם: דנה, טלפון: 050-1234567\nעיר: ""חיפה"""');
    expect(parseCsv(text)).toEqual(rows);
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+972501234567', "'+972501234567"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['050-1234567', '050-1234567'],
    ['תל אביב', 'תל אביב'],
  ])('a cell %j is written %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});
