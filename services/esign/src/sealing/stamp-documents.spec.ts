import type { EsignField, EsignFieldArea } from '@app/contracts';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { stampDocuments } from './stamp-documents';
import { displayedFraction, readPdfContent, type PdfBox, type PdfPageContent, type PdfTextItem } from './test/pdf-content';
import { A4, LETTER, fieldFactory, pdfFactory, signaturePngDataUrl } from './test/sealing.factories';

// These read PDFs back in a child process (pdfjs-dist, pdfsig) and make RSA keys: seconds each on a loaded 2-core CI
// machine, so the 5 s default of a hook or test is too tight.
jest.setTimeout(30_000);

// Half a point: line caps and glyph side bearings may poke that far out of a box.
const TOLERANCE = 0.5;

/** The area's rectangle in user space of a page shown unrotated (fractions are of the visible box, from the top-left). */
function areaBox(page: PdfPageContent, area: EsignFieldArea): PdfBox {
  const [vx0, vy0, vx1, vy1] = page.view;
  const width = vx1 - vx0;
  const height = vy1 - vy0;
  const top = vy1 - area.y * height;
  return { x0: vx0 + area.x * width, x1: vx0 + (area.x + area.w) * width, y0: top - area.h * height, y1: top };
}

const inside = (outer: PdfBox, inner: PdfBox) =>
  inner.x0 >= outer.x0 - TOLERANCE &&
  inner.x1 <= outer.x1 + TOLERANCE &&
  inner.y0 >= outer.y0 - TOLERANCE &&
  inner.y1 <= outer.y1 + TOLERANCE;

const textBox = (item: PdfTextItem): PdfBox => ({ x0: item.x, x1: item.x + item.width, y0: item.y, y1: item.y + item.height });

function itemsIn(pages: PdfPageContent[], area: EsignFieldArea): PdfTextItem[] {
  const page = pages[area.page - 1];
  return page.items.filter((item) => inside(areaBox(page, area), textBox(item)));
}

function expectTextIn(pages: PdfPageContent[], field: EsignField, text: string) {
  for (const area of field.areas) {
    expect({ field: field.name, page: area.page, texts: itemsIn(pages, area).map((item) => item.str) }).toEqual({
      field: field.name,
      page: area.page,
      texts: [text],
    });
  }
}

describe(stampDocuments.name, () => {
  const sut = stampDocuments;
  const at = (page: number, x: number, y: number, w = 0.4, h = 0.03): EsignFieldArea => ({ page, x, y, w, h });

  // Two documents: a Letter contract of two pages (with a form field of its own) and an A4 addendum
  // whose CropBox is smaller than its MediaBox. Pages count 1, 2 (contract) and 3 (addendum).
  let documents: Awaited<ReturnType<typeof pdfFactory>>[];
  beforeAll(async () => {
    documents = [
      await pdfFactory('Contract', [LETTER, LETTER], { formField: 'seller_name' }),
      await pdfFactory('Addendum', [A4], { cropBox: [20, 30, 540, 780] }),
    ];
  });

  describe('prints every field type where its areas are', () => {
    const fields = {
      buyerName: fieldFactory({ name: 'Buyer name', type: 'text', areas: [at(1, 0.1, 0.1), at(3, 0.1, 0.1)] }),
      price: fieldFactory({ name: 'Price', type: 'number', platform_type: 'amount', areas: [at(1, 0.1, 0.2, 0.25)] }),
      lotSize: fieldFactory({ name: 'Lot size', type: 'number', areas: [at(1, 0.5, 0.2, 0.2)] }),
      phone: fieldFactory({ name: 'Phone', type: 'phone', areas: [at(2, 0.1, 0.1, 0.3)] }),
      financing: fieldFactory({
        name: 'Financing',
        type: 'select',
        options: [{ value: 'Cash', uuid: 'o1' }],
        areas: [at(2, 0.1, 0.2, 0.2)],
      }),
      inspection: fieldFactory({
        name: 'Inspection',
        type: 'radio',
        options: [{ value: 'Waived', uuid: 'o2' }],
        areas: [at(2, 0.5, 0.2, 0.2)],
      }),
      extras: fieldFactory({
        name: 'Extras',
        type: 'multiple',
        options: [
          { value: 'Pool', uuid: 'o3' },
          { value: 'Garage', uuid: 'o4' },
        ],
        areas: [at(3, 0.1, 0.3)],
      }),
      closing: fieldFactory({
        name: 'Closing',
        type: 'date',
        preferences: { format: 'DD.MM.YYYY', font_size: null },
        areas: [at(3, 0.1, 0.4, 0.3)],
      }),
      offerDate: fieldFactory({ name: 'Offer date', type: 'date', areas: [at(1, 0.1, 0.3, 0.3)] }),
      smallPrint: fieldFactory({
        name: 'Small print',
        type: 'text',
        preferences: { format: null, font_size: 7 },
        areas: [at(2, 0.1, 0.5, 0.6, 0.05)],
      }),
      notes: fieldFactory({ name: 'Notes', type: 'text', areas: [at(2, 0.1, 0.6)] }),
      typedSignature: fieldFactory({ name: 'Buyer signature', type: 'signature', areas: [at(3, 0.1, 0.6, 0.4, 0.06)] }),
    };
    const values: Record<string, unknown> = {
      [fields.buyerName.uuid]: 'Zoë Brontë-Łukasz',
      [fields.price.uuid]: 1234.5,
      [fields.lotSize.uuid]: 0.25,
      [fields.phone.uuid]: '5551234567',
      [fields.financing.uuid]: 'Cash',
      [fields.inspection.uuid]: 'Waived',
      [fields.extras.uuid]: ['Pool', 'Garage'],
      [fields.closing.uuid]: '2024-03-07',
      [fields.offerDate.uuid]: '2024-03-07',
      [fields.smallPrint.uuid]: 'Seller pays the transfer tax.',
      [fields.notes.uuid]: '',
      [fields.typedSignature.uuid]: { kind: 'typed', text: 'Zoë B.' },
    };
    let pages: PdfPageContent[];
    beforeAll(async () => {
      pages = readPdfContent(await sut({ documents, fields: Object.values(fields), values }));
    });

    it('merges the documents in order', () => {
      expect(pages).toHaveLength(3);
      expect(pages.map((page) => page.items.filter((item) => / page \d$/.test(item.str)).map((item) => item.str))).toEqual([
        ['Contract page 1'],
        ['Contract page 2'],
        ['Addendum page 1'],
      ]);
    });

    it.each([
      ['buyerName', 'Zoë Brontë-Łukasz'],
      ['price', '$1,234.50'],
      ['lotSize', '0.25'],
      ['phone', '(555) 123-4567'],
      ['financing', 'Cash'],
      ['inspection', 'Waived'],
      ['extras', 'Pool, Garage'],
      ['closing', '07.03.2024'],
      ['offerDate', '03/07/2024'],
      ['smallPrint', 'Seller pays the transfer tax.'],
      ['typedSignature', 'Zoë B.'],
    ] as const)('%s prints %p inside each of its areas', (key, text) => {
      expectTextIn(pages, fields[key], text);
    });

    it('uses font_size when the field sets it, else fits the text to the box', () => {
      const [small] = itemsIn(pages, fields.smallPrint.areas[0]);
      expect(small.height).toBeCloseTo(7, 1);
      const [name] = itemsIn(pages, fields.buyerName.areas[0]);
      const boxHeight = 0.03 * 792;
      expect(name.height).toBeGreaterThan(boxHeight * 0.6);
      expect(name.height).toBeLessThanOrEqual(boxHeight);
    });

    it('prints typed signatures in another face than values', () => {
      const [signature] = itemsIn(pages, fields.typedSignature.areas[0]);
      const [name] = itemsIn(pages, fields.buyerName.areas[1]);
      expect(signature.fontName).not.toBe(name.fontName);
    });

    it('prints nothing for an empty value', () => {
      expect(itemsIn(pages, fields.notes.areas[0])).toEqual([]);
    });
  });

  it('shrinks a long value to the width of its area', async () => {
    const field = fieldFactory({ type: 'text', areas: [at(1, 0.1, 0.1, 0.1, 0.03)] });
    const text = 'A very long legal description of the property';
    const pages = readPdfContent(await sut({ documents, fields: [field], values: { [field.uuid]: text } }));
    expectTextIn(pages, field, text);
  });

  it('draws a ticked checkbox as lines inside its area and nothing for an unticked one', async () => {
    const ticked = fieldFactory({ type: 'checkbox', areas: [at(2, 0.1, 0.3, 0.03, 0.03), at(3, 0.5, 0.5, 0.05, 0.02)] });
    const unticked = fieldFactory({ type: 'checkbox', areas: [at(2, 0.5, 0.3, 0.03, 0.03)] });
    const pages = readPdfContent(
      await sut({ documents, fields: [ticked, unticked], values: { [ticked.uuid]: true, [unticked.uuid]: false } }),
    );
    for (const area of ticked.areas) {
      const page = pages[area.page - 1];
      expect(page.paths.filter((path) => inside(areaBox(page, area), path)).length).toBeGreaterThanOrEqual(2);
    }
    const page = pages[1];
    expect(page.paths.filter((path) => inside(areaBox(page, unticked.areas[0]), path))).toEqual([]);
  });

  it('draws a strikethrough across the middle of each area, whatever the value', async () => {
    const strike = fieldFactory({ type: 'strikethrough', areas: [at(1, 0.1, 0.5, 0.5, 0.02), at(3, 0.2, 0.7, 0.3, 0.02)] });
    const pages = readPdfContent(await sut({ documents, fields: [strike], values: {} }));
    for (const area of strike.areas) {
      const page = pages[area.page - 1];
      const box = areaBox(page, area);
      const lines = page.paths.filter((path) => inside(box, path));
      expect(lines).toHaveLength(1);
      expect(lines[0].x1 - lines[0].x0).toBeCloseTo(box.x1 - box.x0, 0);
      expect((lines[0].y0 + lines[0].y1) / 2).toBeCloseTo((box.y0 + box.y1) / 2, 1);
    }
  });

  it('embeds a drawn signature in each area, scaled to fit and keeping its aspect ratio', async () => {
    const initials = fieldFactory({ type: 'initials', areas: [at(1, 0.7, 0.9, 0.1, 0.04), at(3, 0.7, 0.9, 0.2, 0.02)] });
    const image = signaturePngDataUrl(60, 20);
    const pages = readPdfContent(await sut({ documents, fields: [initials], values: { [initials.uuid]: { kind: 'drawn', image } } }));
    for (const area of initials.areas) {
      const page = pages[area.page - 1];
      const box = areaBox(page, area);
      const images = page.images.filter((drawn) => inside(box, drawn));
      expect(images).toHaveLength(1);
      const { x0, x1, y0, y1 } = images[0];
      expect((x1 - x0) / (y1 - y0)).toBeCloseTo(3, 1);
      // Touches the area on one side at least: as large as the area allows.
      expect(Math.max((x1 - x0) / (box.x1 - box.x0), (y1 - y0) / (box.y1 - box.y0))).toBeCloseTo(1, 2);
    }
  });

  it('flattens the documents own form fields: their values stay printed, no field is left', async () => {
    const stamped = await sut({ documents, fields: [], values: {} });
    const doc = await PDFDocument.load(stamped);
    expect(doc.getForm().getFields()).toEqual([]);
    const widgets = doc
      .getPages()
      .flatMap((page) =>
        (page.node.Annots()?.asArray() ?? []).filter(
          (ref) => doc.context.lookupMaybe(ref, PDFDict)?.get(PDFName.of('Subtype')) === PDFName.of('Widget'),
        ),
      );
    expect(widgets).toEqual([]);
    expect(readPdfContent(stamped)[0].items.map((item) => item.str)).toContain('Original form value');
  });

  it('places areas on a rotated page as the page is shown, the right way up', async () => {
    const rotated = [await pdfFactory('Rotated', [LETTER], { rotate: 90 })];
    const field = fieldFactory({ type: 'text', areas: [at(1, 0.1, 0.2, 0.5, 0.05)] });
    const [page] = readPdfContent(await sut({ documents: rotated, fields: [field], values: { [field.uuid]: 'Landscape value' } }));
    const item = page.items.find((candidate) => candidate.str === 'Landscape value')!;
    const origin = displayedFraction(page, item.x, item.y);
    expect(origin.u).toBeGreaterThanOrEqual(0.1);
    expect(origin.u).toBeLessThan(0.15);
    expect(origin.v).toBeGreaterThan(0.2);
    expect(origin.v).toBeLessThanOrEqual(0.25);
  });

  it('refuses an area on a page the documents do not have', async () => {
    const field = fieldFactory({ name: 'Lost', type: 'text', areas: [at(4, 0.1, 0.1)] });
    await expect(sut({ documents, fields: [field], values: { [field.uuid]: 'x' } })).rejects.toThrow(
      'Lost: placed on page 4 but the documents have 3 pages',
    );
  });

  it('names the document that is not a PDF', async () => {
    await expect(sut({ documents: [{ name: 'notes.txt', bytes: Buffer.from('hello') }], fields: [], values: {} })).rejects.toThrow(
      "The document 'notes.txt' cannot be read as a PDF",
    );
  });
});
