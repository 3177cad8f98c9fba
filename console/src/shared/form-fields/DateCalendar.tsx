import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { UsDateSeparator } from '@app/contracts';
import { FORM_FIELD_LABELS as L } from './messages';
import { DATE_YEAR_RANGE } from './rules';

/** A calendar day: year, month (0-11) and day of the month. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
const pad = (n: number) => String(n).padStart(2, '0');

/** 'MM/DD/YYYY' (or with '-') of a day. */
export const formatCalendarDay = (d: CalendarDay, separator: UsDateSeparator) =>
  `${pad(d.month + 1)}${separator}${pad(d.day)}${separator}${d.year}`;

/** The day a typed 'MM/DD/YYYY' (or 'MM-DD-YYYY') names, when it is a real date; else null. */
export function parseCalendarDay(text: unknown): CalendarDay | null {
  const match = typeof text === 'string' ? /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(text.trim()) : null;
  if (!match) return null;
  const [month, day, year] = [Number(match[1]) - 1, Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day ? { year, month, day } : null;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const clampYear = (year: number) => Math.min(DATE_YEAR_RANGE.max, Math.max(DATE_YEAR_RANGE.min, year));
/** The day `delta` days from `d`, kept inside the year range. */
function shifted(d: CalendarDay, delta: number): CalendarDay {
  const date = new Date(Date.UTC(d.year, d.month, d.day + delta));
  const next = { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
  return next.year < DATE_YEAR_RANGE.min || next.year > DATE_YEAR_RANGE.max ? d : next;
}
const sameDay = (a: CalendarDay | null, b: CalendarDay | null) => !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;

function today(): CalendarDay {
  const now = new Date();
  return { year: clampYear(now.getFullYear()), month: now.getMonth(), day: now.getDate() };
}

export interface DateCalendarProps {
  anchorEl: HTMLElement | null;
  open: boolean;
  /** The field's current text (the calendar opens on its month). */
  value: unknown;
  separator: UsDateSeparator;
  onPick: (text: string) => void;
  onClose: () => void;
}

/**
 * The date inputs' picker (spec 001 section 9: years 2000 to 2030): a month of days with the previous and
 * next month, month and year dropdowns, today marked; arrow keys move a day or a week, Page Up/Down a
 * month, Enter or a click picks, Escape closes.
 */
export const DateCalendar = ({ anchorEl, open, value, separator, onPick, onClose }: DateCalendarProps) => {
  const selected = parseCalendarDay(value);
  const [focus, setFocus] = useState<CalendarDay>(() => selected ?? today());
  const grid = useRef<HTMLDivElement>(null);
  const selectedKey = selected ? formatCalendarDay(selected, '/') : '';
  useEffect(() => {
    if (open) setFocus(parseCalendarDay(selectedKey) ?? today());
  }, [open, selectedKey]);
  useEffect(() => {
    if (!open) return;
    const button = grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focus.day}"]`);
    button?.focus();
  }, [open, focus]);

  const cells = useMemo(() => {
    const first = new Date(Date.UTC(focus.year, focus.month, 1)).getUTCDay();
    return [...Array.from({ length: first }, () => null), ...Array.from({ length: daysIn(focus.year, focus.month) }, (_, i) => i + 1)];
  }, [focus.year, focus.month]);
  const now = today();
  const moveMonth = (delta: number) => {
    const index = focus.year * 12 + focus.month + delta;
    const year = Math.floor(index / 12);
    if (year < DATE_YEAR_RANGE.min || year > DATE_YEAR_RANGE.max) return;
    const month = index % 12;
    setFocus({ year, month, day: Math.min(focus.day, daysIn(year, month)) });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => setFocus(shifted(focus, -1)),
      ArrowRight: () => setFocus(shifted(focus, 1)),
      ArrowUp: () => setFocus(shifted(focus, -7)),
      ArrowDown: () => setFocus(shifted(focus, 7)),
      PageUp: () => moveMonth(-1),
      PageDown: () => moveMonth(1),
      Enter: () => onPick(formatCalendarDay(focus, separator)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const years = Array.from({ length: DATE_YEAR_RANGE.max - DATE_YEAR_RANGE.min + 1 }, (_, i) => DATE_YEAR_RANGE.min + i);

  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: { role: 'dialog', 'aria-label': L.chooseDate, 'data-testid': 'date-calendar', sx: { p: 1.5, width: 300 } } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <IconButton
          size="small"
          aria-label={L.previousMonth}
          onClick={() => moveMonth(-1)}
          disabled={focus.year === DATE_YEAR_RANGE.min && focus.month === 0}
        >
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
        <TextField
          select
          size="small"
          value={focus.month}
          onChange={(event) =>
            setFocus({
              ...focus,
              month: Number(event.target.value),
              day: Math.min(focus.day, daysIn(focus.year, Number(event.target.value))),
            })
          }
          slotProps={{ htmlInput: { 'aria-label': L.month } }}
          sx={{ flex: 1 }}
        >
          {MONTHS.map((name, index) => (
            <MenuItem key={name} value={index}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          value={focus.year}
          onChange={(event) =>
            setFocus({
              ...focus,
              year: Number(event.target.value),
              day: Math.min(focus.day, daysIn(Number(event.target.value), focus.month)),
            })
          }
          slotProps={{ htmlInput: { 'aria-label': L.year } }}
        >
          {years.map((year) => (
            <MenuItem key={year} value={year}>
              {year}
            </MenuItem>
          ))}
        </TextField>
        <IconButton
          size="small"
          aria-label={L.nextMonth}
          onClick={() => moveMonth(1)}
          disabled={focus.year === DATE_YEAR_RANGE.max && focus.month === 11}
        >
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box
        ref={grid}
        role="grid"
        aria-label={`${MONTHS[focus.month]} ${focus.year}`}
        onKeyDown={onKeyDown}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.25, textAlign: 'center' }}
      >
        {WEEKDAYS.map((name) => (
          <Typography key={name} variant="caption" color="text.secondary" role="columnheader">
            {name}
          </Typography>
        ))}
        {cells.map((day, index) => {
          if (day === null) return <span key={`blank-${index}`} />;
          const d = { year: focus.year, month: focus.month, day };
          const isSelected = sameDay(d, selected);
          return (
            <Button
              key={day}
              data-day={day}
              size="small"
              variant={isSelected ? 'contained' : 'text'}
              color={isSelected ? 'primary' : 'inherit'}
              tabIndex={day === focus.day ? 0 : -1}
              aria-label={`${MONTHS[focus.month]} ${day}, ${focus.year}`}
              aria-pressed={isSelected}
              aria-current={sameDay(d, now) ? 'date' : undefined}
              onClick={() => onPick(formatCalendarDay(d, separator))}
              sx={{
                minWidth: 0,
                p: 0.5,
                fontWeight: sameDay(d, now) ? 700 : 400,
                outline: sameDay(d, now) && !isSelected ? '1px solid' : undefined,
              }}
            >
              {day}
            </Button>
          );
        })}
      </Box>
    </Popover>
  );
};
