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
