import { csvLine, csvSafe, csvStream } from './csv';

describe('CSV (csv-stringify)', () => {
  it.each([['=1+1'], ['+1 555'], ['-5'], ['@SUM(A1)'], ['\tcmd']])('guards %p with a leading quote', (value) => {
    expect(csvSafe(value)).toBe(`'${value}`);
  });

  it('writes RFC 4180 records ending in CRLF, empty cells for null, line breaks quoted', () => {
    expect(csvLine(['a', null, 3, 'x,y', 'two\nlines', '=A1'])).toBe(`a,,3,"x,y","two\nlines",'=A1\r\n`);
  });

  it('streams the header and then the records the source yields', async () => {
    async function* records() {
      yield ['Ann', '-1'];
      yield ['Bo', null];
    }
    let text = '';
    for await (const chunk of csvStream(['Name', 'Note'], records())) text += chunk.toString();
    expect(text).toBe("Name,Note\r\nAnn,'-1\r\nBo,\r\n");
  });
});
