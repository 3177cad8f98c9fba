// Dates on date-fns and date-fns-tz, one module per wire format. libs/contracts keeps its own pure helpers
// (the front ends import only contracts, and contracts has no runtime dependencies).
export * from './us-date';
export * from './zoned-day';
