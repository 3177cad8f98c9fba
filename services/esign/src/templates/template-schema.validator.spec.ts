import { ESIGN_MESSAGES as M } from '@app/contracts';
import { checkTemplateSchema } from './template-schema.validator';

describe(checkTemplateSchema.name, () => {
  const documents = [
    { id: 'doc-1', name: 'One.pdf', pages: 2 },
    { id: 'doc-2', name: 'Two.pdf', pages: 1 },
  ];
  const roles = [{ uuid: 'r1', name: 'Buyer' }];
  const area = (page: number, x = 0.1, y = 0.1, w = 0.2, h = 0.05) => ({ page, x, y, w, h });
  const sut = (fields: unknown[], extra: Record<string, unknown> = {}) =>
    checkTemplateSchema({ documents, roles, fields, ...extra }, documents);

  it("numbers pages through the documents in order: page 3 is the second document's first", () => {
    expect(sut([{ uuid: 'f1', role_uuid: 'r1', name: 'Sign', type: 'signature', areas: [area(3)] }]).errors).toEqual([]);
    expect(sut([{ uuid: 'f1', role_uuid: 'r1', name: 'Sign', type: 'signature', areas: [area(4)] }]).errors).toEqual([
      { field: 'fields[0].areas[0]', error: M.fieldAreaOutsidePage('Sign') },
    ]);
  });

  it('keeps the stored names and pages of the documents, in the order sent', () => {
    const checked = sut([], { documents: [{ id: 'doc-2', name: 'renamed', pages: 9 }, { id: 'doc-1' }] });
    expect(checked.schema?.documents).toEqual([documents[1], documents[0]]);
  });

  it('accepts an area that ends at the page edge, refuses one past it', () => {
    expect(sut([{ uuid: 'f1', role_uuid: 'r1', name: 'Edge', type: 'text', areas: [area(1, 0.8, 0.9, 0.2, 0.1)] }]).errors).toEqual([]);
    expect(sut([{ uuid: 'f1', role_uuid: 'r1', name: 'Edge', type: 'text', areas: [area(1, 0.81, 0.9, 0.2, 0.1)] }]).errors).toHaveLength(
      1,
    );
  });

  it('names an unnamed field by its position', () => {
    expect(sut([{ uuid: 'f1', role_uuid: 'r1', type: 'select', areas: [area(1)] }]).errors).toEqual([
      { field: 'fields[0].options', error: M.fieldOptionsRequired('Field 1') },
    ]);
  });

  it('gives an option without an id one, and drops options of a type that has none', () => {
    const checked = sut([
      { uuid: 'f1', role_uuid: 'r1', name: 'Pick', type: 'radio', options: [{ value: 'A' }], areas: [area(1)] },
      { uuid: 'f2', role_uuid: 'r1', name: 'Text', type: 'text', options: [{ value: 'ignored', uuid: 'x' }], areas: [area(1)] },
    ]);
    expect(checked.schema?.fields[0].options).toEqual([{ value: 'A', uuid: expect.any(String) }]);
    expect(checked.schema?.fields[1].options).toEqual([]);
  });

  it('refuses duplicate role ids and a role list that is not a list', () => {
    expect(
      sut([], {
        roles: [
          { uuid: 'r1', name: 'A' },
          { uuid: 'r1', name: 'B' },
        ],
      }).errors,
    ).toEqual([{ field: 'roles[1].uuid', error: M.duplicateUuid('B') }]);
    expect(sut([], { roles: 'Buyer' }).errors).toEqual([{ field: 'roles', error: M.required }]);
  });
});
