/** Whether a publication time is still ahead: the item is scheduled, and visitors do not see it yet. */
export function isAhead(time: string | null, now = Date.now()): boolean {
  return time !== null && Date.parse(time) > now;
}

/** A time as a datetime-local input shows it: the admin's own time zone, to the minute. */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The field's value for a saved time: the time while it is ahead, empty once it has passed. */
export function scheduleField(time: string | null): string {
  return isAhead(time) ? localDateTime(new Date(time!)) : "";
}

/** The contract's value for what the admin typed (read in their time zone); empty means now. */
export function publishAtOf(field: string): string | null {
  return field ? new Date(field).toISOString() : null;
}
