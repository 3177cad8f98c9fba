import { PDFDocument } from 'pdf-lib';
import { inspectPdf } from './pdf-inspector';

describe(inspectPdf.name, () => {
  const pdf = async (sizes: [number, number][]) => {
    const document = await PDFDocument.create();
    for (const size of sizes) document.addPage(size);
    return Buffer.from(await document.save({ addDefaultPage: false }));
  };

  it('reads the page count and each page size of a PDF', async () => {
    expect(
      await inspectPdf(
        await pdf([
          [612, 792],
          [842, 595.28],
        ]),
      ),
    ).toEqual({
      pages: 2,
      pageSizes: [
        { width: 612, height: 792 },
        { width: 842, height: 595.28 },
      ],
    });
  });

  it('refuses what is not a readable PDF: other bytes, a forged header, a PDF without pages, a truncated one', async () => {
    const whole = await pdf([[612, 792]]);
    expect(await inspectPdf(Buffer.from('hello, I was renamed to contract.pdf'))).toBeNull();
    expect(await inspectPdf(Buffer.from('%PDF-1.7\nnot a body\n%%EOF\n'))).toBeNull();
    expect(await inspectPdf(await pdf([]))).toBeNull();
    expect(await inspectPdf(whole.subarray(0, 40))).toBeNull();
    expect(await inspectPdf(Buffer.alloc(0))).toBeNull();
  });
});
