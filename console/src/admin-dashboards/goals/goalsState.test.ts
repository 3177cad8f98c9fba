import type { GoalsResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { cellSource, changesOf, columnsOf, formValuesOf, parseYear, placeErrors, updateOf, yearChoices } from './goalsState';

const METRICS: GoalsResponse['metrics'] = [
  { metric: 'appointments_set', label: 'Appointments Set', amount: false },
  { metric: 'closed', label: 'Closed', amount: false },
  { metric: 'closed_volume', label: 'Closed Volume', amount: true },
];
const none = {
  appointments_set: null,
  appointments_met: null,
  signed: null,
  under_contract: null,
  closed: null,
  closed_volume: null,
  closed_gci: null,
};
const GOALS: GoalsResponse = {
  year: 2025,
  metrics: METRICS,
  rows: [
    { agent_id: null, name: 'Team', goals: { ...none, closed: 40, closed_volume: 12_000_000 } },
    { agent_id: 12, name: 'Ann Lee', goals: { ...none, appointments_set: 30, closed_volume: 1_500_000.5 } },
  ],
};

describe('columnsOf', () => {
  it("keeps the server's columns and their order", () => {
    expect(columnsOf(GOALS).map((column) => [column.metric, column.amount])).toEqual([
      ['appointments_set', false],
      ['closed', false],
      ['closed_volume', true],
    ]);
  });

  it("falls back on the contract's seven metrics, amounts last", () => {
    const columns = columnsOf({ metrics: [] });
    expect(columns.map((column) => column.label)).toEqual([
      'Appointments Set',
      'Appointments Met',
      'Signed',
      'Under Contract',
      'Closed',
      'Closed Volume',
      'Closed GCI',
    ]);
    expect(columns.filter((column) => column.amount).map((column) => column.metric)).toEqual(['closed_volume', 'closed_gci']);
  });
});

describe('formValuesOf and changesOf', () => {
  it('starts with every cell of every row, null where there is no goal, and no change', () => {
    const values = formValuesOf(GOALS);
    expect(values).toEqual({
      cells: {
        team: { appointments_set: null, closed: 40, closed_volume: 12_000_000 },
        a12: { appointments_set: 30, closed: null, closed_volume: 1_500_000.5 },
      },
    });
    expect(changesOf(GOALS, values)).toEqual([]);
  });

  it('lists only the changed cells, team first, an emptied cell as null', () => {
    const values = formValuesOf(GOALS);
    values.cells.a12.appointments_set = null;
    values.cells.team.closed = 45;
    values.cells.a12.closed = 3;
    expect(changesOf(GOALS, values)).toEqual([
      { agent_id: null, metric: 'closed', value: 45, source: 'cells.team.closed' },
      { agent_id: 12, metric: 'appointments_set', value: null, source: 'cells.a12.appointments_set' },
      { agent_id: 12, metric: 'closed', value: 3, source: 'cells.a12.closed' },
    ]);
  });

  it('compares amounts to the cent and reads a cleared or missing cell as no goal', () => {
    const values = formValuesOf(GOALS);
    values.cells.a12.closed_volume = 1_500_000.5000001;
    expect(changesOf(GOALS, values)).toEqual([]);
    values.cells.a12.closed_volume = 1_500_000.51;
    expect(changesOf(GOALS, values).map((change) => change.value)).toEqual([1_500_000.51]);
    expect(changesOf(GOALS, { cells: { team: { closed: 40, closed_volume: 12_000_000 } } }).map((change) => change.source)).toEqual([
      'cells.a12.appointments_set',
      'cells.a12.closed_volume',
    ]);
  });

  it('sends the year and the changes without their form fields', () => {
    const changes = [{ agent_id: 12, metric: 'closed' as const, value: null, source: cellSource(12, 'closed') }];
    expect(updateOf(2025, changes)).toEqual({ year: 2025, goals: [{ agent_id: 12, metric: 'closed', value: null }] });
  });
});

describe('placeErrors', () => {
  const sent = [
    { agent_id: null, metric: 'closed' as const, value: 45, source: 'cells.team.closed' },
    { agent_id: 12, metric: 'closed' as const, value: -3, source: 'cells.a12.closed' },
    { agent_id: 99, metric: 'signed' as const, value: 2, source: 'cells.a99.signed' },
  ];

  it('puts goals.{i}.* on the cell of the i-th goal sent, the year apart, the rest for a toast', () => {
    expect(
      placeErrors(
        [
          { field: 'goals.1.value', error: 'Enter a whole number of 0 or more' },
          { field: 'goals.2.agent_id', error: 'Not an active agent of your team' },
          { field: 'goals.2.value', error: 'second message of the cell' },
          { field: 'year', error: 'Enter a year from 2000 to 2100' },
          { field: 'goals.7.value', error: 'no such goal sent' },
        ],
        sent,
      ),
    ).toEqual({
      cells: { 'cells.a12.closed': 'Enter a whole number of 0 or more', 'cells.a99.signed': 'Not an active agent of your team' },
      year: 'Enter a year from 2000 to 2100',
      other: ['no such goal sent'],
    });
  });
});

describe('parseYear and yearChoices', () => {
  it('reads a year goals can have from the URL', () => {
    expect([parseYear('2024'), parseYear('1999'), parseYear('2101'), parseYear('20x4'), parseYear(null), parseYear('')]).toEqual([
      2024,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('offers five years either side of this one, and the chosen year wherever it is', () => {
    expect(yearChoices(2025, 2025)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030]);
    expect(yearChoices(2012, 2025)[0]).toBe(2012);
    expect(yearChoices(null, 2098).at(-1)).toBe(2100);
  });
});
