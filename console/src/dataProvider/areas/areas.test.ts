import { describe, expect, it } from 'vitest';
import { AREAS } from './index';
import type { ApiHttp } from './area';

const CRUD = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'];
const http: ApiHttp = { call: async () => null as never };

describe('data provider areas', () => {
  it('name each custom method once across areas, and never as a react-admin CRUD method', () => {
    const owner = new Map<string, string>();
    for (const [area, { methods }] of Object.entries(AREAS)) {
      for (const name of Object.keys(methods(http))) {
        expect(CRUD, `${area}.${name}`).not.toContain(name);
        expect(owner.get(name), `${name} is defined by ${owner.get(name)} and ${area}`).toBeUndefined();
        owner.set(name, area);
      }
    }
  });

  it('name each resource once across areas', () => {
    const owner = new Map<string, string>();
    for (const [area, { resources }] of Object.entries(AREAS)) {
      for (const name of Object.keys(resources)) {
        expect(owner.get(name), `${name} is defined by ${owner.get(name)} and ${area}`).toBeUndefined();
        owner.set(name, area);
      }
    }
  });
});

describe('tooltips area', () => {
  it("asks for a market's tooltips by its market_id", async () => {
    const calls: string[] = [];
    const methods = AREAS.tooltips.methods({ call: async (path: string) => (calls.push(path), { tooltips: [] }) as never });
    await methods.tooltipsOfMarket(7);
    expect(calls).toEqual(['/tooltips?market_id=7']);
  });
});
