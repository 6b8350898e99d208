import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

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
