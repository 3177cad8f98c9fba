import { CAP_KINDS, type CapKind, type CapRecord, type CapsResponse } from '@app/contracts';
import { formatCurrency } from '../shared/form-fields/rules';
import { CAP_LABELS, COMMISSION_LABELS as L } from './messages';

// What the commission cap card shows (spec 000 section 3). Pure: the card and the tests share it.

/** An amount in USD, en-US ('$20,000.00'); no amount reads $0.00. */
export function formatUsd(amount: number | null | undefined): string {
  const value = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  return formatCurrency(value);
}

/** MM-DD-YYYY (the server's) as mm/dd/yyyy; null for no date or one that is not a date. */
export function anniversaryText(value: string | null | undefined): string | null {
  const match = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec((value ?? '').trim());
  return match ? `${match[1]}/${match[2]}/${match[3]}` : null;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export interface CapLine {
  kind: CapKind;
  label: string;
  name: string;
  cap: string;
  ytd: string;
  /** Shown only when above 0. */
  pending: string | null;
  /** Whole percent of the cap reached (the server's pct), 0 without a cap. */
  pct: number;
  /** Widths of the bar's two segments, in percent of the bar. */
  filledWidth: number;
  pendingWidth: number;
  /** mm/dd/yyyy, or null when the user has none. */
  anniversary: string | null;
  /** What the progress bar says to assistive technology. */
  valueText: string;
}

/** One line of the card: figures in USD, the bar filled to pct with pending after it; no cap, an empty bar. */
export function capLine(record: Partial<CapRecord> & { kind: CapKind }, anniversary: string | null | undefined): CapLine {
  const cap = finite(record.cap);
  const hasCap = cap > 0;
  const pct = hasCap ? clamp(Math.round(finite(record.pct)), 0, 100) : 0;
  const pendingAmount = hasCap ? Math.max(0, finite(record.pending)) : 0;
  const pendingWidth = hasCap ? clamp(Math.round((pendingAmount / cap) * 10000) / 100, 0, 100 - pct) : 0;
  const pending = pendingAmount > 0 ? formatUsd(pendingAmount) : null;
  const ytd = formatUsd(hasCap ? record.ytd : 0);
  return {
    kind: record.kind,
    label: record.label ?? CAP_LABELS[record.kind].label,
    name: record.name ?? CAP_LABELS[record.kind].name,
    cap: formatUsd(cap),
    ytd,
    pending,
    pct,
    filledWidth: pct,
    pendingWidth,
    anniversary: anniversaryText(anniversary),
    valueText: L.barText(ytd, formatUsd(cap), pct, pending),
  };
}

/** The card's lines, brokerage then royalty; a kind the answer lacks reads as no cap. */
export function capLines(response: CapsResponse): CapLine[] {
  const records = Array.isArray(response?.records) ? response.records : [];
  const anniversaries: Record<CapKind, string | null | undefined> = {
    B: response?.brokerage_cap_anniversary_dt,
    R: response?.royalty_cap_anniversary_dt,
  };
  return CAP_KINDS.map((kind) => capLine(records.find((record) => record.kind === kind) ?? { kind }, anniversaries[kind]));
}
